// The 捉鸡 family's money beside the win, shared by its rule sets (Zunyi; Guiyang next): 豆
// for kongs (Z5), 鸡 (Z6) and the 报听/杀报 add-ons (Z3). A rule set fills a Prices from its
// own house options when it is made and reads its own table fields into ChickenFields; what
// is its alone (Zunyi's 查叫 at a draw, Z7) stays in its folder.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>

#include "engine/book.hpp"
#include "qianmj/engine/rules.hpp"
#include "qianmj/engine/settle.hpp"

namespace qianmj::chicken_family {

// What the family's items are worth under one rule set's house options.
struct Prices {
  // 豆 (Z5): each kind of kong's item and amount, from the discarder of a direct kong, else
  // from each other seat; a table that outlives the prices (Zunyi's is a constant one).
  std::span<const KongPayment, 3> dou;
  // Only a konger who won or is ready at the end collects (zunyi-dou-needs-ready).
  bool dou_needs_ready = true;
  // 鸡 (Z6): a 幺鸡 or 翻鸡 copy (ji), and the 冲锋鸡 instead of its one (chongfeng-ji), from
  // each other seat.
  std::int64_t ji = 1, chongfeng = 2;
  // 包鸡: a seat neither won nor ready pays back each 幺鸡 it discarded (bao-ji).
  bool bao_ji = false;
  // The 报听 and 杀报 add-ons at their values (Z3); one worth 0 is not added.
  Item baoting, shabao;
};

// A chicken whose unclaimed discards a seat says, the first of them perhaps the 冲锋 one: the
// 幺鸡 (seats[].discarded_yaoji, seats[].chongfeng), Guiyang's 乌骨鸡 (discarded_wuguji,
// chongfeng_wuguji).
struct DiscardedChicken {
  Tile tile;
  int (*discarded)(const SeatState&);
  bool (*chongfeng)(const SeatState&);
  std::string_view discarded_key, chongfeng_key;  // "discarded_yaoji", "chongfeng"
  std::string_view name, chongfeng_name, word;    // "幺鸡", "冲锋鸡", "打幺鸡"
};
// C7, Z6, G11: each seat's discarded copies added to `copies`, and the 冲锋 one checked: one at
// most, among its seat's discarded copies. An error names the field.
std::optional<Error> count_discarded(const Table& t, Counts& copies, const DiscardedChicken& d);

// Z6, G9-G11, C7: the discarded 幺鸡 (count_discarded) and the turned-up tile (result.flipped)
// added to `copies`. An error names the field.
std::optional<Error> count_table_tiles(const Table& t, Counts& copies);

// Per seat: won, or ready at the end (by the rule set's own waits, Z1 included).
using Seats = std::array<bool, kSeats>;
// A declared table's seats: won, or said ready (东听).
Seats standing(const CheckedTable& c, const Ruleset& rules);

// Z5: each kong's 豆 for a konger who won or is ready (Prices::dou_needs_ready); not the kong
// made right before a 杠上炮 discard, not a robbed one. Only when the hand ends in a win.
void book_dou(Book& book, const CheckedTable& c, const Seats& up, const Prices& p);

// What a rule set reads from the table for one seat's 鸡 (Zunyi: seats[].discarded_yaoji,
// seats[].chongfeng, result.flipped).
struct ChickenFields {
  int discarded_yaoji = 0;      // unclaimed 幺鸡 the seat discarded, its 冲锋鸡 included
  bool chongfeng = false;       // one of them is the 冲锋鸡
  std::optional<Tile> flipped;  // the tile turned up after the win
};

// Z6: one seat's 鸡 in hand and melds (幺鸡 1条 and the 翻鸡), plus the 幺鸡 it discarded.
struct Chickens {
  std::int64_t yaoji = 0;       // 1条 in hand and melds
  std::int64_t fanji = 0;       // copies of the 翻鸡 in hand and melds
  std::optional<Tile> flipped;  // the turned-up tile
  std::optional<Tile> fan;      // the 翻鸡: one rank above the turned-up tile
  std::int64_t discarded = 0;   // 幺鸡 discarded, the 冲锋鸡 included
  bool chongfeng = false;       // one discarded 幺鸡 is the 冲锋鸡, worth Prices::chongfeng
  std::int64_t declared = 0;    // 鸡 in hand and melds as a declared seat said them (东鸡2)
  std::int64_t plain() const { return yaoji + fanji + declared + discarded - (chongfeng ? 1 : 0); }
  std::int64_t points(const Prices& p) const {
    return plain() * p.ji + (chongfeng ? p.chongfeng : 0);
  }
  // 包鸡: what the discarded 幺鸡 alone are worth
  std::int64_t discarded_points(const Prices& p) const {
    return (discarded - (chongfeng ? 1 : 0)) * p.ji + (chongfeng ? p.chongfeng : 0);
  }
};

// The hand a seat's 鸡 are counted in: its 13 tiles, with the winning tile for a winner.
Hand held_at_end(const CheckedTable& c, int seat);
// The 鸡 of `held` (held_at_end) with the seat's fields.
Chickens count_chickens(const Hand& held, const ChickenFields& f);

// Z6: each seat's 鸡 (by seat), from each other seat for a seat that won or is ready; with
// Prices::bao_ji, a seat neither won nor ready pays back its discarded 幺鸡.
void book_chickens(Book& book, const std::array<Chickens, kSeats>& seats, const Seats& up,
                   const Prices& p);

// Z3: 报听 on a payment to a winner who declared it (Situation::baoting), 杀报 on one from a
// discarder who did (Situation::payer_baoting), each where its value is not 0.
inline void add_declared(ItemList& items, const Situation& s, const Prices& p) {
  if (s.baoting && p.baoting.value > 0) items.push_back(p.baoting);
  if (s.payer_baoting && p.shabao.value > 0) items.push_back(p.shabao);
}

}  // namespace qianmj::chicken_family
