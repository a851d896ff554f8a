// Guiyang (贵阳捉鸡) rules: G1-G7 as a table of rows, the 地龙 shape, and the pricing of one
// payment. Amounts are points. Its settlement (G8-G14) is settle.cpp.
#pragma once

#include <array>

#include "qianmj/engine/rules.hpp"
#include "rules/common/pattern_rows.hpp"

namespace qianmj {

// G1: 地龙 — one pung meld (not a kong), the concealed tiles one copy of its tile and five
// pairs; won on that copy (guiyang-dilong=on-win) or on any tile (any).
class Dilong final : public ExtraShape {
 public:
  explicit Dilong(bool any_tile) : any_tile_(any_tile) {}
  bool holds(const Hand& hand, std::optional<Tile> win) const override;
  std::uint32_t wait_bits(const Hand& hand) const override;
  int shanten(const Hand& hand) const override;
  Item form() const override { return {"dilong", "地龙", "Earth dragon", 0}; }
  // How many kinds the five pairs hold four of (双地龙 1, 三地龙 2) of a hand that holds().
  static int fours(const Hand& hand);

 private:
  bool any_tile_;
};

class Guiyang final : public Ruleset {
 public:
  explicit Guiyang(Options options = {});
  std::string_view id() const override { return "guiyang"; }
  Text name() const override { return {"Guiyang", "贵阳"}; }
  Unit unit() const override { return {"points", "points", "分"}; }
  Text patterns_heading() const override {
    return {" patterns (the highest one counts; 清一色 adds)",
            " 牌型（只计最高的一种，清一色另加）"};
  }
  std::string addon_value_text(std::string_view id) const override;
  const std::vector<ItemSpec>& patterns() const override;
  const std::vector<ItemSpec>& addons() const override;
  Item addon(std::string_view id) const override;
  std::optional<Item> best_pattern(const Hand& hand, std::optional<Tile> win,
                                   const Situation& s) const override;
  bool legal_on_discard(const Item& pattern, const Hand& hand, const Situation& s) const override;
  // G5 for a winner who owns a kong or not.
  static bool legal_plain(const Item& pattern, bool has_kong, const Situation& s);
  std::optional<Error> evaluate(const Hand& hand, const Situation& s, Score& sc) const override;
  Result<Ledger> settle(const CheckedTable& table) const override;  // settle.cpp
  bool needs_all_hands() const override { return true; }
  std::optional<Error> count_table_tiles(const Table& t, Counts& copies) const override;
  std::optional<Text> no_win_reason(const Hand& hand) const override;
  std::vector<AdviceLine> advice_lines() const override;
  std::uint8_t max_suits() const override { return queyimen_ ? 2 : 3; }  // G1
  // Quick entry: a declared win or 叫 by its pattern (东自摸清大对), its 鸡 said by value.
  std::optional<DeclaredPattern> declared_pattern(std::string_view word) const override;
  std::vector<std::string> declared_pattern_words() const override;
  std::optional<Error> evaluate_declared(const DeclaredPattern& p, const Situation& s,
                                         Score& sc) const override;
  bool declared_chickens() const override { return true; }

  // The parts of a hand's best pattern: the structural item (absent for a 清一色 平胡) and
  // 清一色, and the item they make together.
  using Parts = pattern_rows::Parts;
  // A plain 平胡: no 清一色 (G4 平胡 absorbed, G5 its 豆).
  static bool plain_pinghu(const Parts& p) {
    return p.structural && p.structural->id == "pinghu" && !p.flush;
  }
  // The parts for `win`, or without it for the winning tile that scores most (first in tile
  // order among equals), with that tile; `robbing` (抢杠) allows only a tile the hand holds
  // one copy of.
  // `reading`, if given, gets the reading that makes the pattern (none for 地龙).
  std::optional<std::pair<Tile, Parts>> best_parts(const Hand& hand, std::optional<Tile> win,
                                                   bool robbing = false,
                                                   std::optional<Reading>* reading = nullptr) const;

  // The parts a declared pattern stands for.
  Parts declared_parts(const DeclaredPattern& p) const;

  // What one payment of a win carries besides its base (G4, G7).
  struct Share {
    bool dealer_bonus = false;  // a payment between the dealer and another (G7)
    bool shabao = false;        // this payer declared 报听 and did not win (G4 杀报)
  };
  // G4: the items of one payment of a win with these parts in situation `s`.
  ItemList price_share(const Parts& parts, const Situation& s, Share share) const;
  // G7: whether a payment carries the dealer bonus, the dealer being the winner or this payer.
  bool dealer_bonus(bool winner_deals, bool payer_deals) const;
  // The house options settle reads (G8-G14), looked up once when the rule set is made.
  struct Settings {
    bool wuguji, shangxia_ji, jinji, yin_ji, ben_ji, mantang_ji, chajiao_baoting, dealer_chajiao,
        pinghu_absorbed, bao_dou, ji_from_ready, bao_ji, bao_ji_melds, draw_dealer_stay;
    std::int64_t wuguji_value, chongfeng_ji, zeren_ji, mendou, mingdou, hanbao_dou, zhuanwandou,
        shao;  // shao: 0 all, 1 last-kong, 2 none
  };
  const Settings& settings() const { return settings_; }
  bool shabao_on_zimo() const { return shabao_zimo_; }
  Item lianzhuang(std::int64_t streak) const;  // G7: +N
  bool qianggang_bao() const { return qianggang_bao_; }

 private:
  bool lacks_needed(const Hand& h) const;  // guiyang-queyimen
  // The structural item of row `row` of patterns() (a 地龙 tier included).
  Item structural_item(std::size_t row) const;
  // G5 and G4-G7 for a win of these parts: legal or not, and the payers with their items.
  void price_win(const Parts& parts, bool has_kong, const Situation& s, Score& sc) const;
  std::optional<std::pair<Tile, Parts>> dilong_parts(const Hand& hand,
                                                     std::optional<Tile> win) const;
  static constexpr std::size_t kRows = 6;
  std::array<std::int64_t, kRows> row_values_;
  std::array<std::int64_t, 1 << kRows> worth_;
  struct Addons {
    Item zimo, gangshanghua, gangshangpao, baoting, shabao, tianhu, dihu, zuozhuang;
  };
  Addons addons_;
  Item dilong_, shuangdilong_, sandilong_;
  bool queyimen_, qianggang_bao_, shabao_zimo_, absorbed_, tiandi_add_, both_ways_;
  std::int64_t dealer_;
  Dilong shape_;
  Settings settings_;
};

}  // namespace qianmj
