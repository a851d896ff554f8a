// Zunyi (遵义) rules: RULES.md Z1-Z9 as a table and a few predicates. Amounts are points.
#pragma once

#include "qianmj/engine/rules.hpp"
#include "rules/chicken_family/chicken_family.hpp"
#include "rules/common/pattern_rows.hpp"

namespace qianmj {

class Zunyi final : public Ruleset {
 public:
  explicit Zunyi(Options options = {});
  std::string_view id() const override { return "zunyi"; }
  Text name() const override { return {"Zunyi", "遵义"}; }
  Unit unit() const override { return {"points", "points", "分"}; }
  Text patterns_heading() const override {
    return {" patterns (the highest one counts; 清一色 adds)",
            " 牌型（只计最高的一种，清一色另加）"};
  }
  const std::vector<ItemSpec>& patterns() const override;
  const std::vector<ItemSpec>& addons() const override;
  // The structural pattern plus 清一色 as one item (id "qingyise+duiduihu", value 14);
  // without `win`, the winning tile that scores most. nullopt: no win, or Z1 fails.
  std::optional<Item> best_pattern(const Hand& hand, std::optional<Tile> win,
                                   const Situation& s) const override;
  bool legal_on_discard(const Item&, const Hand&, const Situation&) const override { return true; }
  std::optional<Error> evaluate(const Hand& hand, const Situation& s, Score& sc) const override;
  std::span<const IgnoredField> ignored_fields() const override;
  Result<Ledger> settle(const CheckedTable& table) const override;  // settle.cpp
  bool needs_all_hands() const override { return true; }
  std::optional<Error> count_table_tiles(const Table& t, Counts& copies) const override;  // Z6
  std::optional<Text> no_win_reason(const Hand& hand) const override;
  std::vector<AdviceLine> advice_lines() const override;
  std::uint8_t max_suits() const override { return 2; }  // Z1
  std::optional<DeclaredPattern> declared_pattern(std::string_view word) const override;
  std::vector<std::string> declared_pattern_words() const override;
  std::optional<Error> evaluate_declared(const DeclaredPattern& p, const Situation& s,
                                         Score& sc) const override;
  bool declared_chickens() const override { return true; }

  // The parts of the best pattern: structural item (absent for a 清一色 平胡) and 清一色.
  using Parts = pattern_rows::Parts;
  std::optional<Parts> pattern_parts(const Hand& hand, Tile win) const;
  // The parts for `win`, or without it for the winning tile that scores most (first in
  // tile order among equals), with that tile; `robbing` (抢杠) allows only a tile the hand
  // holds one copy of.
  std::optional<std::pair<Tile, Parts>> best_parts(const Hand& hand, std::optional<Tile> win,
                                                   bool robbing = false) const;
  Item addon(std::string_view id) const override;

 private:
  // Z3 from the pattern's parts on: 杠上花 against the hand's value, the add-ons, the payer;
  // the same for a hand and for a declared pattern.
  void price_parts(const Parts& parts, const Situation& s, Score& sc) const;
  // The rows of the winning tile that scores most (see best_parts).
  std::optional<pattern_rows::Found<7>> best_found(const Hand& hand, std::optional<Tile> win,
                                                   bool robbing) const;
  // The same for a hand known to lack a suit (Z1).
  std::optional<pattern_rows::Found<7>> search(const Hand& hand, std::optional<Tile> win,
                                               bool robbing) const;
  std::array<std::int64_t, 7> row_values_;  // each pattern row's value, under options_
  std::array<std::int64_t, 1 << 7> worth_;  // by the rows held (bit i: row i), their worth
  // What every scored hand reads, kept from when the rule set is made: the add-ons with
  // their values under options_, zunyi-qianggang-bao and zunyi-tiandi-add.
  struct Addons {
    Item zimo, tianhu, dihu, gangshangpao, qianggang, gangshanghua;
  };
  Addons addons_;
  bool qianggang_bao_;
  bool tiandi_add_;
  // 豆, 鸡 and 报听/杀报 (Z3, Z5, Z6) under options_, as the 捉鸡 family prices them.
  chicken_family::Prices family_;
};

}  // namespace qianmj
