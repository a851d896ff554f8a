// The rule sets there are: the CLI, the JSON reader and the docs enumerate this list.
#pragma once

#include <memory>
#include <span>
#include <string_view>

#include "qianmj/core/error.hpp"
#include "qianmj/engine/options.hpp"
#include "qianmj/engine/table_fields.hpp"

namespace qianmj {

class Ruleset;

// What a rule set declares of itself before one is made. Each rule set's folder defines one
// (lib/src/rules/<id>/), listed once in lib/src/rules/rulesets.def.
struct RulesetInfo {
  std::string_view id;  // as in --rules ID and a table's "rules"
  std::string_view en;  // its name in English
  std::string_view zh;  // and in Chinese
  std::unique_ptr<Ruleset> (*make)(Options options);
  std::span<const OptionSpec> options;  // its house options, in the order `qianmj rules` lists them
  // The table fields only this rule set reads (paths with [] for any seat, such as
  // "seats[].chongfeng"), in the order JSON lists them; a table priced under another rule
  // set that gives one is refused.
  std::span<const TableField> table_fields;
};

// Every rule set, the default first: the built-in ones (lib/src/rules/rulesets.def), then any
// registered at run time.
std::span<const RulesetInfo> rulesets();
const RulesetInfo& default_ruleset();
const RulesetInfo* find_ruleset(std::string_view id);  // nullptr for an unknown id
std::string known_ruleset_ids();                       // the ids, comma-separated
// bad_option for a rule set `id` that is none, naming the nearest one when it is near.
Error unknown_ruleset(std::string_view id);

// Adds a rule set made outside the library (a test's, an embedder's) after the built-in ones.
// Only before the registry is first read — by rulesets(), a table, an option, a words reader
// … — since what is built from it (option_specs(), table_field_specs(), the words lexicon) is
// built once: later, with an id already registered, or with a table field that
// check_table_field() refuses, std::logic_error. `info` is copied; what it points to must
// outlive the program. It is known to the library (every request, table and check), not to
// the program's docs or its rule texts. (A rule set built against the installed headers alone
// has no Book or pattern rows: those are lib/src's. tests/toy_ruleset/ builds against lib/src.)
void register_ruleset(const RulesetInfo& info);
// Whether `id` is a built-in rule set: one of lib/src/rules/rulesets.def, which the program,
// its docs and `qianmj rules` know.
bool is_built_in_ruleset(std::string_view id);

// The rule set `id` with `options`: an unknown id, or an option of another rule set, is
// bad_option (RULES.md H).
Result<std::unique_ptr<Ruleset>> build_ruleset(std::string_view id, Options options = {});

}  // namespace qianmj
