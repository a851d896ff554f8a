// Duyun (都匀) rules: RULES.md D1-D5 as a table and a few predicates.
#pragma once

#include "qianmj/engine/rules.hpp"

namespace qianmj {

class Duyun final : public Ruleset {
 public:
  explicit Duyun(Options options = {});
  std::string_view id() const override { return "duyun"; }
  Text name() const override { return {"Duyun", "都匀"}; }
  Unit unit() const override { return {"fan", "fan", "番"}; }
  std::optional<Price> price() const override { return Price{"base", "base", "底分", base_}; }
  Text patterns_heading() const override {
    return {" patterns (only the highest counts)", " 番型（只计最大番）"};
  }
  std::string addon_value_text(std::string_view id) const override;
  Text self_draw_only() const override {
    return {"self-draw only (平胡 without 豆, D3)", "只能自摸（平胡无豆不能点炮胡，D3）"};
  }
  const std::vector<ItemSpec>& patterns() const override;
  const std::vector<ItemSpec>& addons() const override;
  std::optional<Item> best_pattern(const Hand& hand, std::optional<Tile> win,
                                   const Situation& s) const override;
  bool legal_on_discard(const Item& pattern, const Hand& hand, const Situation& s) const override;
  std::optional<Error> evaluate(const Hand& hand, const Situation& s, Score& sc) const override;
  Result<Ledger> settle(const CheckedTable& table) const override;  // settle.cpp
  std::optional<DeclaredPattern> declared_pattern(std::string_view word) const override;
  std::vector<std::string> declared_pattern_words() const override;
  std::optional<Error> evaluate_declared(const DeclaredPattern& p, const Situation& s,
                                         Score& sc) const override;
  std::vector<Item> dajiao_addons(const Situation& s) const override;
  std::vector<AdviceLine> advice_lines() const override;
  bool has_huazhu() const override { return true; }

  // An add-on of the table by id (baoting, lianzhuang ...), with its value or `value`.
  Item addon(std::string_view id) const override;
  Item addon(std::string_view id, std::int64_t value) const;

 private:
  // D2-D4 from the pattern on: add-ons, D3's legality (`has_kong`: the winner's own kong) and
  // the payers; the same for a hand and for a declared pattern.
  void price_pattern(bool has_kong, const Situation& s, Score& sc) const;
  // House options read on every scored hand, kept from when the rule set is made.
  std::int64_t base_;
  std::int64_t qianggang_fan_;
  bool pinghu_gangshangpao_;
};

}  // namespace qianmj
