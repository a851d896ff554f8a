#include "qianmj/answers/rule_texts.hpp"

#include <map>
#include <optional>
#include <stdexcept>

#include "answers/rule_texts_data.hpp"
#include "qianmj/engine/options.hpp"
#include "qianmj/engine/registry.hpp"
#include "qianmj/engine/ruleset.hpp"

namespace qianmj {
namespace {

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    auto nl = text.find('\n');
    lines.push_back(text.substr(0, nl));
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
  }
  return lines;
}

bool starts(std::string_view line, std::string_view prefix) {
  return line.substr(0, prefix.size()) == prefix;
}

// A pattern's definition said in a rule text as {def:ID} (its row id): the text shows the
// rule set's own definition of that row (ItemSpec::definition_en, definition_zh), the one
// `qianmj rules` lists, so the two cannot drift apart. An unknown id is a build mistake.
void expand_definitions(std::string_view folder, std::vector<RuleText>& texts) {
  if (!find_ruleset(folder)) return;  // common: no patterns of its own
  const auto rules = make_ruleset(folder);
  if (!rules) return;
  for (auto& r : texts)
    for (bool zh : {false, true}) {
      std::string& body = zh ? r.text_zh : r.text_en;
      for (auto at = body.find("{def:"); at != std::string::npos; at = body.find("{def:", at)) {
        const auto end = body.find('}', at);
        const std::string id = body.substr(at + 5, end - at - 5);
        const ItemSpec* spec = nullptr;
        for (const auto& p : rules->patterns())
          if (p.id == id) spec = &p;
        if (!spec || end == std::string::npos)
          throw std::logic_error("lib/src/rules/" + std::string(folder) +
                                 "/rules.md: " + std::string(r.id) + ": no pattern " + id);
        const std::string_view def = zh ? spec->definition_zh : spec->definition_en;
        body.replace(at, end - at + 1, def);
        at += def.size();
      }
    }
}

// One rules.md: sections "## ID", "en: ", "zh: ", "options: ", then "> " English lines and
// "》 " Chinese lines, a pattern's definition as {def:ID}. A malformed file is a build mistake: it
// throws at first use, and the suite reads every file.
std::vector<RuleText> parse(std::string_view folder, std::string_view text) {
  std::vector<RuleText> out;
  for (auto line : split_lines(text)) {
    if (line.empty()) continue;
    auto fail = [&] {
      throw std::logic_error("lib/src/rules/" + std::string(folder) +
                             "/rules.md: " + std::string(line));
    };
    if (starts(line, "## ")) {
      out.push_back({line.substr(3), {}, {}, {}, {}, {}, folder});
      continue;
    }
    if (out.empty()) fail();
    RuleText& r = out.back();
    auto append = [](std::string& body, std::string_view piece) {
      if (!body.empty()) body += '\n';
      body.append(piece);
    };
    if (starts(line, "en: "))
      r.title_en = line.substr(4);
    else if (starts(line, "zh: "))
      r.title_zh = line.substr(4);
    else if (starts(line, "options: ")) {
      for (auto rest = line.substr(9); !rest.empty();) {
        auto sp = rest.find(' ');
        auto name = rest.substr(0, sp);
        if (name != "-") r.options.push_back(name);
        rest = sp == std::string_view::npos ? std::string_view() : rest.substr(sp + 1);
      }
    } else if (starts(line, "> "))
      append(r.text_en, line.substr(2));
    else if (starts(line, "》 "))
      append(r.text_zh, line.substr(std::string_view("》 ").size()));
    else
      fail();
  }
  for (const auto& r : out)
    if (r.title_en.empty() || r.title_zh.empty() || r.text_en.empty() || r.text_zh.empty())
      throw std::logic_error("lib/src/rules/" + std::string(folder) +
                             "/rules.md: " + std::string(r.id) + " is incomplete");
  expand_definitions(folder, out);
  return out;
}

const std::map<std::string_view, std::vector<RuleText>>& all() {
  static const auto texts = [] {
    std::map<std::string_view, std::vector<RuleText>> m;
    for (std::size_t i = 0; i < embedded::kRuleFileCount; ++i)
      m[embedded::kRuleFiles[i].folder] =
          parse(embedded::kRuleFiles[i].folder, embedded::kRuleFiles[i].text);
    return m;
  }();
  return texts;
}

}  // namespace

std::span<const RuleText> rule_texts(std::string_view folder) {
  auto it = all().find(folder);
  if (it == all().end()) return {};
  return it->second;
}

const RuleText* find_rule_text(std::string_view id) {
  for (const auto& [folder, texts] : all())
    for (const auto& r : texts)
      if (r.id == id) return &r;
  return nullptr;
}

namespace {

std::string section(const RuleText& r) {
  std::string out = "### " + std::string(r.id) + " — " + std::string(r.title_en) + " · " +
                    std::string(r.title_zh) + "\n\n";
  // One paragraph a line: Markdown would run consecutive lines together.
  for (const std::string* body : {&r.text_en, &r.text_zh})
    for (auto line : split_lines(*body)) out += std::string(line) + "\n\n";
  if (!r.options.empty()) {
    out += "House rules · 房规:";
    for (auto o : r.options) out += " `" + std::string(o) + "`";
    out += "\n\n";
  }
  return out;
}

std::string option_cell(const OptionSpec& o) {
  return option_value_text(o, o.default_value);
}

}  // namespace

std::vector<std::pair<std::string_view, std::string_view>> rule_id_ranges() {
  // Every invocation's --help text uses this: the "## ID" headings are found in the embedded
  // files without reading the rules themselves (rule_texts() checks the files).
  auto range =
      [](std::string_view folder) -> std::optional<std::pair<std::string_view, std::string_view>> {
    for (std::size_t i = 0; i < embedded::kRuleFileCount; ++i) {
      if (embedded::kRuleFiles[i].folder != folder) continue;
      const std::string_view text = embedded::kRuleFiles[i].text;
      std::string_view first, last;
      for (std::size_t at = text.rfind("## ", 0) == 0 ? 0 : text.find("\n## ");
           at != std::string_view::npos; at = text.find("\n## ", at + 1)) {
        const std::size_t start = at + (text[at] == '\n' ? 4 : 3);
        const std::string_view id = text.substr(start, text.find('\n', start) - start);
        if (first.empty()) first = id;
        last = id;
      }
      if (!first.empty()) return std::pair{first, last};
    }
    return std::nullopt;
  };
  std::vector<std::pair<std::string_view, std::string_view>> out;
  if (auto r = range("common")) out.push_back(*r);
  for (const auto& info : rulesets())
    if (auto r = range(info.id)) out.push_back(*r);
  return out;
}

std::string rules_markdown() {
  std::string out =
      "# qianmj rule reference · 规则说明\n\n"
      "<!-- Generated from lib/src/rules/*/rules.md and the house-rule table by `make docs`; "
      "the test suite checks that this file is up to date. -->\n\n"
      "Every rule the calculator applies, with the id its answers cite (`(D3)`, `(Z2)`), what it "
      "says, and\n"
      "the house rules (`--rule NAME=VALUE`) that change it. `qianmj rules D3` prints one rule at "
      "the\n"
      "terminal; `qianmj rules` prints the patterns and house rules of the rule set in effect. "
      "Where a\n"
      "rule says *reading*, the original text is unclear: the calculator follows the reading "
      "given, and\n"
      "the house rule named beside it switches to the other.\n\n"
      "计算器所用的每一条规则：编号（答案中引用的 `(D3)`、`(Z2)`）、内容，以及可以改变它的房规"
      "（`--rule 名称=值`）。在终端里 `qianmj rules D3` 显示一条规则，`qianmj rules` "
      "显示当前规则的番型和房规。"
      "注明“解读”的地方原文不清楚：计算器按所写的解读计算，旁边注明的房规可以切换到另一种读法。\n"
      "\n";
  out += "- [Common rules · 通用规则 (C)](#common-rules--通用规则)\n";
  for (const auto& info : rulesets())
    out += "- [" + std::string(info.en) + " · " + std::string(info.zh) + "](#" +
           std::string(info.id) + ")\n";
  out += "\n## Common rules · 通用规则\n\n";
  for (const auto& r : rule_texts("common")) out += section(r);
  for (const auto& info : rulesets()) {
    out += "<a id=\"" + std::string(info.id) + "\"></a>\n\n## " + std::string(info.en) + " · " +
           std::string(info.zh) + " (`--rules " + std::string(info.id) + "`)\n\n";
    for (const auto& r : rule_texts(info.id)) out += section(r);
    out += "### House rules · 房规 (" + std::string(info.en) + ")\n\n";
    out += "| `--rule` | default · 默认 | meaning | 说明 | rules · 规则 |\n|---|---|---|---|---|\n";
    for (const auto& o : info.options) {
      std::string ids;
      for (std::string_view folder : {std::string_view("common"), info.id})
        for (const auto& r : rule_texts(folder))
          for (auto name : r.options)
            if (name == o.name) ids += (ids.empty() ? "" : ", ") + std::string(r.id);
      out += "| `" + std::string(o.name) + "` | " + option_cell(o) + " | " + std::string(o.en) +
             " | " + std::string(o.zh) + " | " + ids + " |\n";
    }
    out += "\n";
  }
  return out;
}

}  // namespace qianmj
