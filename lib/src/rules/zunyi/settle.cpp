// Zunyi settlement: wins (Z4), 豆 (Z5) and 鸡 (Z6) as the 捉鸡 family books them
// (rules/chicken_family/), 黄庄查叫 (Z7), next dealer (Z8).
#include <algorithm>
#include <bit>

#include "engine/book.hpp"
#include "engine/declared.hpp"
#include "rules/chicken_family/fields.hpp"
#include "rules/zunyi/zunyi.hpp"

namespace qianmj {
namespace {

using chicken_fields::chongfeng_of;
using chicken_fields::discarded_yaoji_of;
using chicken_fields::flipped_of;  // Z6: the 鸡 fields of the table

// Z6: a seat's 鸡, counted from its hand and the table's 鸡 fields.
// A declared seat's: the count it said (东鸡2) with its discarded ones.
chicken_family::Chickens chickens(const CheckedTable& c, int seat) {
  const Table& t = c.table;
  const auto& st = t.seats[static_cast<std::size_t>(seat)];
  const chicken_family::ChickenFields fields{discarded_yaoji_of(st), chongfeng_of(st),
                                             flipped_of(t)};
  if (!c.is_declared())
    return chicken_family::count_chickens(chicken_family::held_at_end(c, seat), fields);
  auto ch = chicken_family::count_chickens(Hand{}, fields);
  ch.declared = declared_of(t, seat).chickens.value_or(0);
  return ch;
}

// A seat's 查叫 as a declared table says it: ready with its pattern (the 叫), and 花猪 (not
// ready, three suits: pays double, Z7).
struct SeatWait {
  bool ready = false, three_suits = false;
  std::optional<Item> dajiao;
};
SeatWait seat_wait(const CheckedTable& c, const Zunyi& rules, int s) {
  const auto i = static_cast<std::size_t>(s);
  if (c.is_declared()) {
    const Declared& d = declared_of(c.table, s);
    SeatWait w{d.ready, d.huazhu, std::nullopt};
    if (c.declared[i]) w.dajiao = c.declared[i]->item;
    return w;
  }
  auto waits = analyze_waits(rules, *c.waiting[i], {});
  return {waits.ready, std::popcount(c.waiting[i]->suits()) == 3, waits.dajiao};
}

SeatCheck check_of(const SeatWait& w) {
  std::vector<Item> items;
  if (w.dajiao) items.push_back(*w.dajiao);
  return SeatCheck{w.ready, std::nullopt, w.dajiao, items};
}

// Z7: 黄庄查叫. Returns the ready flags for Z8.
std::array<bool, kSeats> book_draw(Book& book, const CheckedTable& c, const Zunyi& rules) {
  std::array<bool, kSeats> ready{};
  std::array<SeatWait, kSeats> waits;
  int n_ready = 0;
  for (int s = 0; s < kSeats; ++s) {
    auto i = static_cast<std::size_t>(s);
    waits[i] = seat_wait(c, rules, s);
    ready[i] = waits[i].ready;
    n_ready += ready[i];
    book.ledger.checks[i] = check_of(waits[i]);
  }
  if (n_ready == 0 || n_ready == kSeats) return ready;  // nobody or everybody: no payment
  for (int n = 0; n < kSeats; ++n) {
    auto ni = static_cast<std::size_t>(n);
    if (ready[ni]) continue;
    bool three_suits = waits[ni].three_suits;
    auto& item =
        book.add("chadajiao", {"Paying the 叫 (黄庄查叫)", "黄庄查叫"},
                 {book.seat(n, false) + " is not ready" +
                      (three_suits ? ", holds three suits: pays double" : ""),
                  book.seat(n, true) + "未听牌" + (three_suits ? "且未缺门，加倍赔付" : "")});
    for (int r = 0; r < kSeats; ++r) {
      if (!ready[static_cast<std::size_t>(r)]) continue;
      const Item& best = *waits[static_cast<std::size_t>(r)].dajiao;
      std::int64_t points = book.times(best.value, three_suits ? 2 : 1);
      item.transfers.push_back({n, r, points, points, {best}});
      if (!book.lines()) continue;
      const std::string arrow = book.seat(n, false) + " → " + book.seat(r, false) + "  ";
      const std::string arrow_zh = book.seat(n, true) + " → " + book.seat(r, true) + "  ";
      if (three_suits)
        item.lines.push_back({arrow + std::string(best.en) + " " + std::to_string(best.value) +
                                  " × 2 = " + std::to_string(points),
                              arrow_zh + std::string(best.zh) + " " + std::to_string(best.value) +
                                  " × 2 = " + std::to_string(points)});
      else
        item.lines.push_back({arrow + std::string(best.en) + " " + std::to_string(best.value),
                              arrow_zh + std::string(best.zh) + " " + std::to_string(best.value)});
    }
  }
  return ready;
}

}  // namespace

// Z6: discarded 幺鸡 and the turned-up tile are tiles of the same 108 (C7).
std::optional<Error> Zunyi::count_table_tiles(const Table& t, Counts& copies) const {
  return chicken_family::count_table_tiles(t, copies);
}

Result<Ledger> Zunyi::settle(const CheckedTable& c) const {
  const Table& t = c.table;
  Book book(t, 1, c.arithmetic);
  int next = t.dealer;
  switch (t.outcome) {
    case Table::Outcome::Win: {
      if (auto e = book_wins(book, c, *this, {"Win (和牌分)", "和牌分"}, "和")) return *e;
      const auto up = chicken_family::standing(c, *this);
      for (int s = 0; s < kSeats; ++s) {
        auto i = static_cast<std::size_t>(s);
        if (!c.winner[i]) book.ledger.checks[i] = check_of(seat_wait(c, *this, s));
      }
      chicken_family::book_dou(book, c, up, family_);
      std::array<chicken_family::Chickens, kSeats> ji;
      for (int s = 0; s < kSeats; ++s) ji[static_cast<std::size_t>(s)] = chickens(c, s);
      chicken_family::book_chickens(book, ji, up, family_);
      if (!flipped_of(t) && !c.is_declared())  // declared: the 鸡 are said by count
        book.ledger.notes.push_back({"no flipped tile given: only 幺鸡 (1条) count as 鸡",
                                     "未给出翻牌：只有幺鸡（1条）算鸡"});
      // Z8: one winner deals; 一炮多响: the first winner after the discarder, or with
      // zunyi-yipao-dealer=next-seat the discarder's next seat.
      static const OptionKey kYipaoDealer("zunyi-yipao-dealer");
      next = t.wins.front().seat;
      if (t.wins.size() > 1 && options().get(kYipaoDealer) == 1)
        next = (t.wins.front().from + 1) % kSeats;
      else if (t.wins.size() > 1)
        for (int k = 1; k < kSeats; ++k)
          if (c.winner[static_cast<std::size_t>((t.wins.front().from + k) % kSeats)]) {
            next = (t.wins.front().from + k) % kSeats;
            break;
          }
      break;
    }
    case Table::Outcome::Draw: {
      auto ready = book_draw(book, c, *this);
      int n_ready = static_cast<int>(std::count(ready.begin(), ready.end(), true));
      // Z8: the one seat not ready deals; else the dealer stays if nobody, everybody or
      // the dealer is ready; else the ready seat nearest after the dealer.
      if (n_ready == kSeats - 1) {
        next = static_cast<int>(std::find(ready.begin(), ready.end(), false) - ready.begin());
      } else if (n_ready > 0 && !ready[static_cast<std::size_t>(t.dealer)]) {
        for (int k = 1; k < kSeats; ++k)
          if (ready[static_cast<std::size_t>((t.dealer + k) % kSeats)]) {
            next = (t.dealer + k) % kSeats;
            break;
          }
      }
      break;
    }
    case Table::Outcome::Escape:
      return field_error(ErrorCode::Inconsistent, "result.kind",
                         "the Zunyi rules have no escape settlement", "遵义规则没有逃跑结算");
  }
  book.ledger.next_dealer = next;
  if (book.overflowed()) return out_of_range("an amount", "金额");
  return std::move(book.ledger);
}

}  // namespace qianmj
