// Names of things in two languages, and the patterns and add-ons answers are made of.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace qianmj {

struct Text {
  std::string en;
  std::string zh;
  const std::string& in(bool chinese) const { return chinese ? zh : en; }
};

// A pattern or add-on as it appears in answers: RULES.md id, names, value. The names
// point into the rule sets' static tables, so Items copy without allocating.
struct Item {
  std::string_view id;
  std::string_view zh;
  std::string_view en;
  std::int64_t value = 0;  // in the rule set's unit (Ruleset::unit())
  friend bool operator==(const Item&, const Item&) = default;
};

// One row of a rule set's table, for `qianmj rules` and for building Items.
struct ItemSpec {
  std::string_view id;
  std::string_view zh;
  std::string_view en;
  std::int64_t value;
  std::string_view definition_en;
  std::string_view definition_zh;
  Item item() const { return {id, zh, en, value}; }
  Item item(std::int64_t v) const { return {id, zh, en, v}; }
};

}  // namespace qianmj
