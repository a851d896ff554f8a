// The rule sets there are: the CLI, the JSON reader and the docs enumerate this list.
#pragma once

#include <memory>
#include <span>
#include <string_view>

#include "qianmj/error.hpp"
#include "qianmj/options.hpp"

namespace qianmj {

class Ruleset;

struct RulesetInfo {
  std::string_view id;  // "duyun"
  std::string_view en;  // "Duyun"
  std::string_view zh;  // "都匀"
  std::unique_ptr<Ruleset> (*make)(Options options);
};

// Every rule set, the default first.
std::span<const RulesetInfo> rulesets();
const RulesetInfo* find_ruleset(std::string_view id);  // nullptr for an unknown id
std::string known_ruleset_ids();                       // "duyun, zunyi"

// The rule set `id` with `options`: an unknown id, or an option of another rule set, is
// bad_option (RULES.md H).
Result<std::unique_ptr<Ruleset>> build_ruleset(std::string_view id, Options options = {});

}  // namespace qianmj
