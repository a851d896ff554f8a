// qianmj rules: the pattern table and house options in effect, or rules explained by id.
#include <algorithm>
#include <cctype>
#include <sstream>

#include "answer_parts.hpp"
#include "qianmj/answers/layout.hpp"
#include "qianmj/answers/rule_texts.hpp"
#include "qianmj/engine/registry.hpp"

namespace qianmj {

std::string rule_id_list(std::string_view dash, std::string_view sep, std::string_view last_sep) {
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

namespace {

// One rule, as `qianmj rules D3` prints it: id, title and rule set, the text, its house rules
// with the values in effect.
void rule_text(const RuleText& r, const Ruleset& rules, bool zh, std::ostream& out) {
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
      out << "  --rule " << o.name << '=' << option_value_text(o, v) << "  — " << (zh ? o.zh : o.en)
          << '\n';
    }
}

// The pattern table, the add-ons and the house options in effect.
void rules_table_text(const Ruleset& rules, bool zh, std::ostream& out) {
  const Unit unit = rules.unit();
  out << rules.name().in(zh) << rules.patterns_heading().in(zh) << '\n';
  for (const auto& p : rules.patterns())
    out << "  " << p.id << std::string(16 - std::min<std::size_t>(15, p.id.size()), ' ')
        << item_name(p.item(), zh) << "  " << unit_text(p.value, unit, zh) << "  — "
        << (zh ? p.definition_zh : p.definition_en) << '\n';
  out << (zh ? "加番\n" : "Add-ons\n");
  for (const auto& p : rules.addons())
    out << "  " << p.id << std::string(16 - std::min<std::size_t>(15, p.id.size()), ' ')
        << item_name(p.item(), zh) << "  " << rules.addon_value_text(p.id) << "  — "
        << (zh ? p.definition_zh : p.definition_en) << '\n';
  out << (zh ? "房规选项（--rule NAME=VALUE）\n" : "House options (--rule NAME=VALUE)\n");
  for (const auto& o : find_ruleset(rules.id())->options) {
    std::int64_t v = rules.options().get(o.name);
    std::string shown = option_value_text(o, v);
    out << "  " << o.name << " = " << shown
        << (v != o.default_value ? (zh ? "（已修改）" : " (changed)") : "") << "  — "
        << (zh ? o.zh : o.en) << '\n';
  }
}

}  // namespace

namespace detail {

Answer rules_answer(const Request& r, const Ruleset& rules) {
  Answer a;
  if (r.markdown) {
    a.output = rules_markdown();
    return a;
  }
  std::ostringstream out;
  if (r.rule_ids.empty()) {
    if (r.json)
      out << json_text(rules_json(rules)) << '\n';
    else
      rules_table_text(rules, r.chinese, out);
    a.output = out.str();
    return a;
  }
  std::vector<const RuleText*> found;
  for (const auto& id : r.rule_ids) {
    std::string upper = id;
    for (auto& ch : upper) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    const RuleText* t = find_rule_text(upper);
    if (!t)
      return failed(r,
                    Error{ErrorCode::Usage,
                          "no rule '" + id + "': the ids are " + rule_id_list("-", ", ", " and ") +
                              " (docs/rules.md)",
                          "没有规则“" + id + "”：编号为 " + rule_id_list("–", "、", "、") +
                              "（见 docs/rules.md）"},
                    r.rules_id());
    found.push_back(t);
  }
  for (std::size_t i = 0; i < found.size(); ++i) {
    const RuleText& t = *found[i];
    if (r.json) {
      Json j = {{"schema", kSchema}, {"rules", rules.id()}};
      j["rule"] = {{"id", t.id},          {"title", t.title_en},  {"title_zh", t.title_zh},
                   {"text", t.text_en},   {"text_zh", t.text_zh}, {"rule_set", t.folder},
                   {"options", t.options}};
      out << json_text(j) << '\n';
      continue;
    }
    if (i) out << '\n';
    rule_text(t, rules, r.chinese, out);
  }
  a.output = out.str();
  return a;
}

}  // namespace detail
}  // namespace qianmj
