// qianmj rules: the pattern table and the house options in effect.
#include <iostream>

#include "commands.hpp"
#include "help.hpp"
#include "qianmj/answers/rule_texts.hpp"
#include "qianmj/formats/json.hpp"

namespace qianmj::cli {

namespace {

// "C1-C7, D1-D11, Z1-Z8" with `dash` and the separators given.
std::string id_ranges(std::string_view dash, std::string_view sep, std::string_view last_sep) {
  std::string out;
  const auto ranges = rule_id_ranges();
  for (std::size_t i = 0; i < ranges.size(); ++i)
    out.append(i == 0                   ? ""
               : i + 1 == ranges.size() ? last_sep
                                        : sep)
        .append(ranges[i].first)
        .append(dash)
        .append(ranges[i].second);
  return out;
}

}  // namespace

CLI::App* RulesCommand::add(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "rules",
      "Print the pattern table and the house options in effect, or explain rules by id (rules D3)");
  doc(*cmd, "显示番型表和当前房规，或按编号解释规则（rules D3）");
  // Every rule id, for completion: "C1" ... "C7", "D1" ...
  std::vector<std::string> ids;
  for (const auto& [first, last] : rule_id_ranges()) {
    auto digits = first.find_first_of("0123456789");
    if (digits == std::string_view::npos || last.substr(0, digits) != first.substr(0, digits)) {
      ids.emplace_back(first);
      continue;
    }
    int from = std::stoi(std::string(first.substr(digits)));
    int to = std::stoi(std::string(last.substr(digits)));
    for (int n = from; n <= to; ++n)
      ids.push_back(std::string(first.substr(0, digits)) + std::to_string(n));
  }
  doc(*cmd,
      cmd->add_option("id", ids_, "rule ids to explain: " + id_ranges("-", ", ", ", "))
          ->type_name("ID"),
      "要解释的规则编号：" + id_ranges("–", "、", "、"), ids);
  doc(*cmd,
      cmd->add_flag("--markdown", markdown_,
                    "print the whole rule reference as Markdown (docs/rules.md)"),
      "以 Markdown 输出全部规则（docs/rules.md）");
  return cmd;
}

namespace {

// One rule, as `qianmj rules D3` prints it: id, title and rule set, the text, its house rules
// with the values in effect.
void print_rule(const RuleText& r, const Ruleset& rules, bool zh, std::ostream& out) {
  const RulesetInfo* owner = find_ruleset(r.folder);
  out << r.id << "  " << (zh ? r.title_zh : r.title_en);
  if (owner) out << (zh ? "（" : " (") << (zh ? owner->zh : owner->en) << (zh ? "）" : ")");
  out << '\n' << (zh ? r.text_zh : r.text_en) << '\n';
  if (r.options.empty()) return;
  out << (zh ? "房规：\n" : "House rules:\n");
  for (auto name : r.options)
    for (const auto& o : option_specs()) {
      if (o.name != name) continue;
      bool here = option_applies(o, rules.id());
      std::int64_t v = here ? rules.options().get(o.name) : o.default_value;
      out << "  --rule " << o.name << '=' << (o.boolean ? (v ? "on" : "off") : std::to_string(v))
          << "  — " << (zh ? o.zh : o.en) << '\n';
    }
}

}  // namespace

int RulesCommand::run(const Common& c, std::ostream& out, std::ostream& err) const {
  auto rules = make_rules(c, out, err);
  if (!rules) return kBad;
  if (markdown_) {
    out << rules_markdown();
    return kOk;
  }
  if (!ids_.empty()) {
    std::vector<const RuleText*> found;
    for (const auto& id : ids_) {
      std::string upper = id;
      for (auto& ch : upper) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
      const RuleText* r = find_rule_text(upper);
      if (!r) {
        print_error(Error{ErrorCode::Usage,
                          "no rule '" + id + "': the ids are " + id_ranges("-", ", ", " and ") +
                              " (docs/rules.md)",
                          "没有规则“" + id + "”：编号为 " + id_ranges("–", "、", "、") +
                              "（见 docs/rules.md）"},
                    c, out, err);
        return kBad;
      }
      found.push_back(r);
    }
    for (std::size_t i = 0; i < found.size(); ++i) {
      const RuleText& r = *found[i];
      if (c.json) {
        Json j = {{"schema", kSchema}, {"rules", rules->id()}};
        j["rule"] = {{"id", r.id},          {"title", r.title_en},  {"title_zh", r.title_zh},
                     {"text", r.text_en},   {"text_zh", r.text_zh}, {"rule_set", r.folder},
                     {"options", r.options}};
        print_json(j, out);
        continue;
      }
      if (i) out << '\n';
      print_rule(r, *rules, c.chinese, out);
    }
    return kOk;
  }
  if (c.json) {
    print_json(rules_json(*rules), out);
    return kOk;
  }
  bool zh = c.chinese;
  const Unit unit = rules->unit();
  out << rules->name().in(zh) << rules->patterns_heading().in(zh) << '\n';
  for (const auto& p : rules->patterns())
    out << "  " << p.id << std::string(16 - std::min<std::size_t>(15, p.id.size()), ' ')
        << item_name(p.item(), zh) << "  " << unit_text(p.value, unit, zh) << "  — "
        << (zh ? p.definition_zh : p.definition_en) << '\n';
  out << (zh ? "加番\n" : "Add-ons\n");
  for (const auto& p : rules->addons())
    out << "  " << p.id << std::string(16 - std::min<std::size_t>(15, p.id.size()), ' ')
        << item_name(p.item(), zh) << "  " << rules->addon_value_text(p.id) << "  — "
        << (zh ? p.definition_zh : p.definition_en) << '\n';
  out << (zh ? "房规选项（--rule NAME=VALUE）\n" : "House options (--rule NAME=VALUE)\n");
  for (const auto& o : find_ruleset(rules->id())->options) {
    std::int64_t v = rules->options().get(o.name);
    std::string shown = o.boolean ? (v ? "on" : "off") : std::to_string(v);
    out << "  " << o.name << " = " << shown
        << (v != o.default_value ? (zh ? "（已修改）" : " (changed)") : "") << "  — "
        << (zh ? o.zh : o.en) << '\n';
  }
  return kOk;
}

}  // namespace qianmj::cli
