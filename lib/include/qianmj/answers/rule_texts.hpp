// The rule reference: every rule id (C5, D3, Z2 ...) with its title, text and house options,
// in English and Chinese. `qianmj rules D3` prints one; docs/rules.md is all of them.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace qianmj {

struct RuleText {
  std::string_view id;                    // "D3"
  std::string_view title_en, title_zh;    // one line each
  std::vector<std::string_view> options;  // house rules that change it (RULES.md H names)
  std::string text_en, text_zh;  // the rule as the calculator applies it, lines joined by '\n'
  std::string_view folder;       // "common", or the id of its rule set
};

// The rules of one folder of lib/src/rules ("common" for C1-C7), in id order; empty if none.
std::span<const RuleText> rule_texts(std::string_view folder);
// One rule by id, whichever rule set it belongs to; nullptr for an unknown id.
const RuleText* find_rule_text(std::string_view id);
// The ids there are, a range per folder in the order of rules_markdown(): {"C1", "C7"}, ...
std::vector<std::pair<std::string_view, std::string_view>> rule_id_ranges();
// docs/rules.md: the common rules, then each rule set's rules and house options.
std::string rules_markdown();

}  // namespace qianmj
