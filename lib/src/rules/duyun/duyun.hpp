// Duyun (都匀) rules: RULES.md D1-D5 as a table and a few predicates.
#pragma once

#include "qianmj/rules.hpp"

namespace qianmj {

class Duyun final : public Ruleset {
 public:
  explicit Duyun(Options options = {}) : Ruleset("duyun", std::move(options)) {}
  std::string_view id() const override { return "duyun"; }
  Text name() const override { return {"Duyun", "都匀"}; }
  Unit unit() const override { return Unit::Fan; }
  const std::vector<ItemSpec>& patterns() const override;
  const std::vector<ItemSpec>& addons() const override;
  std::optional<Item> best_pattern(const Hand& hand, std::optional<Tile> win,
                                   const Situation& s) const override;
  bool legal_on_discard(const Item& pattern, const Hand& hand, const Situation& s) const override;
  Result<Score> score(const Hand& hand, const Situation& s) const override;
  Result<Ledger> settle(const CheckedTable& table) const override;  // duyun_settle.cpp
  std::vector<Item> dajiao_addons(const Situation& s) const override;

  // An add-on of the table by id (baoting, lianzhuang ...), with its value or `value`.
  Item addon(std::string_view id) const override;
  Item addon(std::string_view id, std::int64_t value) const;
};

}  // namespace qianmj
