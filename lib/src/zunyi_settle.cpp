// Zunyi settlement: wins (Z4), 豆 (Z5), 鸡 (Z6), 黄庄查叫 (Z7), next dealer (Z8).
#include <algorithm>
#include <bit>

#include "book.hpp"
#include "qianmj/zunyi.hpp"

namespace qianmj {
namespace {

// Z5
const KongPayment kDou[] = {
    {Meld::Kind::DirectKong, "mingdou", {"Direct kong 豆 (明豆)", "明豆"}, 2},
    {Meld::Kind::ConcealedKong, "andou", {"Concealed kong 豆 (暗豆)", "暗豆"}, 2},
    {Meld::Kind::AddedKong, "zhuanwandou", {"Added kong 豆 (转弯豆)", "转弯豆"}, 3},
};

// Seats that won or are ready (Z1 included) at the end.
std::array<bool, kSeats> standing(const CheckedTable& c, const Zunyi& rules) {
  std::array<bool, kSeats> out{};
  for (int s = 0; s < kSeats; ++s) {
    auto i = static_cast<std::size_t>(s);
    out[i] = c.winner[i] || analyze_waits(rules, *c.waiting[i], {}).ready;
  }
  return out;
}

// Z5: 豆 for a konger who won or is ready; not the kong before a 杠上炮, not a robbed one.
void book_dou(Book& book, const CheckedTable& c, const std::array<bool, kSeats>& up, const Options& o) {
  const Table& t = c.table;
  const auto& first = t.wins.front();
  for (std::size_t i = 0; i < t.kongs.size(); ++i) {
    const auto& k = t.kongs[i];
    bool before_pao = first.after_kong && !first.self_drawn() && i + 1 == t.kongs.size();
    if (c.kong_void[i] || before_pao) continue;
    if (o.on("zunyi-dou-needs-ready") && !up[static_cast<std::size_t>(k.seat)]) continue;
    const auto& row = kong_payment(kDou, k.kind);
    book_kong(book, k, row.id, row.name, row.amount);
  }
}

// Z6: 鸡 in hand and melds (幺鸡 1条 and the 翻鸡), plus the 幺鸡 the seat discarded.
struct Chickens {
  std::int64_t plain = 0;  // worth `ji` each
  bool chongfeng = false;  // one discarded 幺鸡 is the 冲锋鸡, worth `chongfeng-ji`
  std::int64_t points(const Options& o) const {
    return plain * o.get("ji") + (chongfeng ? o.get("chongfeng-ji") : 0);
  }
  bool any() const { return plain > 0 || chongfeng; }
};

Chickens chickens(const CheckedTable& c, int seat) {
  const Table& t = c.table;
  const auto& st = t.seats[static_cast<std::size_t>(seat)];
  Hand h = *c.waiting[static_cast<std::size_t>(seat)];
  for (const auto& w : t.wins)
    if (w.seat == seat) h = with_tile(h, w.tile);
  Counts all = h.all_copies();
  const Tile yaoji(Suit::Sou, 1);
  Chickens ch;
  ch.plain = all[yaoji.index()];
  if (t.flipped) {
    Tile fan(t.flipped->suit(), t.flipped->rank() % 9 + 1);  // one rank above; 9 wraps to 1
    ch.plain += all[fan.index()];                            // a 1条 that is both counts twice
  }
  ch.chongfeng = st.chongfeng && st.discarded_yaoji > 0;
  ch.plain += st.discarded_yaoji - (ch.chongfeng ? 1 : 0);
  return ch;
}

void book_chickens(Book& book, const CheckedTable& c, const std::array<bool, kSeats>& up, const Options& o) {
  for (int s = 0; s < kSeats; ++s) {
    auto ch = chickens(c, s);
    if (!ch.any() || ch.points(o) == 0) continue;
    bool earns = up[static_cast<std::size_t>(s)];
    if (!earns && !o.on("bao-ji")) continue;  // a non-ready seat's 鸡 earn nothing
    std::vector<Transfer> transfers;
    for (int p = 0; p < kSeats; ++p) {
      if (p == s) continue;
      if (earns) transfers.push_back({p, s, ch.points(o), 0, {}});
      else if (up[static_cast<std::size_t>(p)]) transfers.push_back({s, p, ch.points(o), 0, {}});  // bao-ji
    }
    if (transfers.empty()) continue;
    Text count{ch.plain ? std::to_string(ch.plain) + " 鸡" : "", ch.plain ? std::to_string(ch.plain) + " 只鸡" : ""};
    if (ch.chongfeng) {
      count.en += std::string(ch.plain ? " and " : "") + "the 冲锋鸡";
      count.zh += std::string(ch.plain ? "和" : "") + "冲锋鸡";
    }
    auto& item = book.add("ji", {"Chickens (鸡)", "鸡"},
                          earns ? Text{book.seat(s, false) + ": " + count.en, book.seat(s, true) + "：" + count.zh}
                                : Text{book.seat(s, false) + " is not ready and pays for " + count.en + " (bao-ji)",
                                       book.seat(s, true) + "未听牌，按" + count.zh + "赔付（包鸡）"});
    item.transfers = std::move(transfers);
  }
}

// Z7: 黄庄查叫. Returns the ready flags for Z8.
std::array<bool, kSeats> book_draw(Book& book, const CheckedTable& c, const Zunyi& rules) {
  std::array<bool, kSeats> ready{};
  std::array<WaitsAnswer, kSeats> waits;
  int n_ready = 0;
  for (int s = 0; s < kSeats; ++s) {
    auto i = static_cast<std::size_t>(s);
    waits[i] = analyze_waits(rules, *c.waiting[i], {});
    ready[i] = waits[i].ready;
    n_ready += ready[i];
    book.ledger.checks[i] = SeatCheck{ready[i], false, waits[i].dajiao};
  }
  if (n_ready == 0 || n_ready == kSeats) return ready;  // nobody or everybody: no payment
  for (int n = 0; n < kSeats; ++n) {
    auto ni = static_cast<std::size_t>(n);
    if (ready[ni]) continue;
    bool three_suits = std::popcount(c.waiting[ni]->suits()) == 3;
    auto& item = book.add("chadajiao", {"Paying the 叫 (黄庄查叫)", "黄庄查叫"},
                          {book.seat(n, false) + " is not ready" + (three_suits ? ", holds three suits: pays double" : ""),
                           book.seat(n, true) + "未听牌" + (three_suits ? "且未缺门，加倍赔付" : "")});
    for (int r = 0; r < kSeats; ++r) {
      if (!ready[static_cast<std::size_t>(r)]) continue;
      const Item& best = *waits[static_cast<std::size_t>(r)].dajiao;
      std::int64_t points = book.times(best.value, three_suits ? 2 : 1);
      item.transfers.push_back({n, r, points, points, {best}});
    }
  }
  return ready;
}

}  // namespace

Result<Ledger> Zunyi::settle(const CheckedTable& c) const {
  const Table& t = c.table;
  Book book(t, 1);
  int next = t.dealer;
  switch (t.outcome) {
    case Table::Outcome::Win: {
      if (auto e = book_wins(book, c, *this, {"Win (和牌分)", "和牌分"}, "和")) return *e;
      auto up = standing(c, *this);
      for (int s = 0; s < kSeats; ++s) {
        auto i = static_cast<std::size_t>(s);
        if (!c.winner[i]) {
          auto w = analyze_waits(*this, *c.waiting[i], {});
          book.ledger.checks[i] = SeatCheck{w.ready, false, w.dajiao};
        }
      }
      book_dou(book, c, up, options_);
      book_chickens(book, c, up, options_);
      if (!t.flipped)
        book.ledger.notes.push_back({"no flipped tile given: only 幺鸡 (1条) count as 鸡",
                                     "未给出翻牌：只有幺鸡（1条）算鸡"});
      // Z8: one winner deals; 一炮多响: the first winner after the discarder.
      next = t.wins.front().seat;
      if (t.wins.size() > 1)
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
