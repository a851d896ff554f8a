// Duyun settlement: 豆 (D6), wins (D2-D5), 杠上炮 transfer (D7), draw (D8), escape (D9),
// next dealer (D10).
#include <algorithm>
#include <bit>

#include "qianmj/duyun.hpp"
#include "qianmj/settle.hpp"
#include "book.hpp"

namespace qianmj {
namespace {

// D6 (amounts times the base)
const KongPayment kKongPayments[] = {
    {Meld::Kind::DirectKong, "yindou", {"Direct kong 豆 (银豆)", "银豆（直杠）"}, 1},
    {Meld::Kind::AddedKong, "sijidou", {"Added kong 豆 (四季豆)", "四季豆（面下杠）"}, 1},
    {Meld::Kind::ConcealedKong, "jindou", {"Concealed kong 豆 (金豆)", "金豆（暗杠）"}, 2},
};

bool is_dealer_pair(int dealer, int a, int b) { return a == dealer || b == dealer; }

// D6: each kong's 豆, paid at once; returns the ledger index of each kong's item (-1: void).
std::vector<int> book_kongs(Book& book, const CheckedTable& c) {
  const Table& t = c.table;
  std::vector<int> index(t.kongs.size(), -1);
  for (std::size_t i = 0; i < t.kongs.size(); ++i) {
    if (c.kong_void[i]) continue;  // a robbed added kong pays nothing
    const auto& k = t.kongs[i];
    const auto& row = kong_payment(kKongPayments, k.kind);
    book_kong(book, k, row.id, row.name, book.times(row.amount, book.base()));
    index[i] = static_cast<int>(book.ledger.items.size()) - 1;
  }
  return index;
}

// D7: the discarder hands each 杠上炮 winner the income of the kong he just made.
void book_gangshangpao(Book& book, const CheckedTable& c, const std::vector<int>& kong_items,
                       const Options& o) {
  const Table& t = c.table;
  const auto& first = t.wins.front();
  if (!first.after_kong || first.self_drawn()) return;
  int item_index = kong_items.back();  // checked: the last kong is the discarder's
  std::int64_t income = 0;
  for (const auto& tr : book.ledger.items[static_cast<std::size_t>(item_index)].transfers)
    income = book.plus(income, tr.points);
  const auto& kong = t.kongs.back();
  auto& item = book.add("gangshangpao", {"Kong income handed over (杠上炮)", "杠上炮转豆"},
                        {book.seat(first.from, false) + "'s " + kong.tile.ascii() + " kong",
                         book.seat(first.from, true) + "的 " + kong.tile.chinese() + " 杠"});
  // Winners in turn order after the discarder; a split's remainder goes to the first ones.
  std::vector<int> winners;
  for (int k = 1; k < kSeats; ++k)
    if (c.winner[static_cast<std::size_t>((first.from + k) % kSeats)]) winners.push_back((first.from + k) % kSeats);
  auto n = static_cast<std::int64_t>(winners.size());
  bool split = o.on("gangshangpao-split");
  for (std::size_t k = 0; k < winners.size(); ++k) {
    std::int64_t amount = split ? income / n + (static_cast<std::int64_t>(k) < income % n ? 1 : 0) : income;
    item.transfers.push_back({first.from, winners[k], amount, 0, {}});
  }
  if (split && income % n)
    book.ledger.notes.push_back({"gangshangpao-split: " + std::to_string(income) + " does not divide by " +
                                     std::to_string(n) + "; the first winners after the discarder get 1 more",
                                 "杠上炮平分：" + std::to_string(income) + " 不能被 " + std::to_string(n) +
                                     " 整除，点炮者下家起依次多得 1"});
}

struct DrawState {
  std::array<WaitsAnswer, kSeats> waits;
  std::array<bool, kSeats> ready{}, huazhu{};
};

// 大叫 of `ready_seat` against `payer` (D8.3, D9): best live wait + 报听 + 连庄, × base.
Transfer dajiao_transfer(Book& book, const Table& t, const WaitsAnswer& w, int ready_seat, int payer,
                         const Duyun& rules) {
  Transfer tr{payer, ready_seat, 0, 0, {*w.dajiao}};
  if (t.seats[static_cast<std::size_t>(ready_seat)].baoting) tr.items.push_back(rules.addon("baoting"));
  if (t.streak > 0 && is_dealer_pair(t.dealer, ready_seat, payer))
    tr.items.push_back(rules.addon("lianzhuang", t.streak));
  for (const auto& it : tr.items) tr.value = book.plus(tr.value, it.value);
  tr.points = book.times(tr.value, book.base());
  return tr;
}

DrawState draw_state(Book& book, const CheckedTable& c, const Duyun& rules, const Options& o) {
  DrawState d;
  for (int s = 0; s < kSeats; ++s) {
    const auto& hand = c.waiting[static_cast<std::size_t>(s)];
    if (!hand || s == c.table.escaper) continue;
    auto i = static_cast<std::size_t>(s);
    d.waits[i] = analyze_waits(rules, *hand, {});
    d.ready[i] = d.waits[i].ready;
    d.huazhu[i] = c.table.outcome == Table::Outcome::Draw && o.on("huazhu") && !d.ready[i] &&
                  std::popcount(hand->suits()) == 3;  // D8.1: a draw's 查花猪 only
    book.ledger.checks[i] = SeatCheck{d.ready[i], d.huazhu[i], d.waits[i].dajiao};
  }
  return d;
}

// D8: 查花猪, 黄豆, 查大叫, in that order.
void book_draw(Book& book, const CheckedTable& c, const std::vector<int>& kong_items,
               const Duyun& rules, const Options& o) {
  const Table& t = c.table;
  DrawState d = draw_state(book, c, rules, o);
  std::int64_t penalty = book.times(o.get("huazhu-penalty"), book.base());
  for (int h = 0; h < kSeats; ++h) {
    if (!d.huazhu[static_cast<std::size_t>(h)]) continue;
    auto& item = book.add("huazhu", {"Flower pig (查花猪)", "查花猪"},
                          {book.seat(h, false) + " is not ready and holds all three suits",
                           book.seat(h, true) + "未听牌且三门俱全"});
    for (int s = 0; s < kSeats; ++s)
      if (!d.huazhu[static_cast<std::size_t>(s)]) item.transfers.push_back({h, s, penalty, 0, {}});
  }
  for (std::size_t i = 0; i < t.kongs.size(); ++i) {
    int owner = t.kongs[i].seat;
    if (kong_items[i] < 0 || d.ready[static_cast<std::size_t>(owner)]) continue;
    const auto paid = book.ledger.items[static_cast<std::size_t>(kong_items[i])];  // a copy: add() may move it
    auto& item = book.add("huangdou", {"豆 refunded (黄豆)", "黄豆（退豆）"},
                          {book.seat(owner, false) + " is not ready: returns " + paid.name.en + " " + t.kongs[i].tile.ascii(),
                           book.seat(owner, true) + "未听牌，退还" + paid.name.zh + " " + t.kongs[i].tile.chinese()});
    for (const auto& tr : paid.transfers) item.transfers.push_back({tr.to, tr.from, tr.points, 0, {}});
  }
  for (int n = 0; n < kSeats; ++n) {
    auto ni = static_cast<std::size_t>(n);
    if (d.ready[ni] || d.huazhu[ni]) continue;
    std::vector<Transfer> transfers;
    for (int r = 0; r < kSeats; ++r)
      if (d.ready[static_cast<std::size_t>(r)])
        transfers.push_back(dajiao_transfer(book, t, d.waits[static_cast<std::size_t>(r)], r, n, rules));
    if (transfers.empty()) continue;
    auto& item = book.add("chadajiao", {"Paying the 大叫 (查大叫)", "查大叫"},
                          {book.seat(n, false) + " is not ready", book.seat(n, true) + "未听牌"});
    item.transfers = std::move(transfers);
  }
}

// D9: 16 × base to each other seat; in the last four tiles, at least each 大叫.
void book_escape(Book& book, const CheckedTable& c, const Duyun& rules, const Options& o) {
  const Table& t = c.table;
  int e = t.escaper;
  std::int64_t penalty = book.times(o.get("escape-penalty"), book.base());
  DrawState d;
  if (t.last_four) d = draw_state(book, c, rules, o);
  auto& item = book.add("escape", {"Escape (逃跑)", "逃跑"},
                        {book.seat(e, false) + " left the table" + (t.last_four ? " in the last four tiles" : ""),
                         book.seat(e, true) + (t.last_four ? "在最后四张时逃跑" : "逃跑")});
  for (int s = 0; s < kSeats; ++s) {
    if (s == e) continue;
    Transfer tr{e, s, penalty, 0, {}};
    if (t.last_four && d.ready[static_cast<std::size_t>(s)]) {
      Transfer dj = dajiao_transfer(book, t, d.waits[static_cast<std::size_t>(s)], s, e, rules);
      if (dj.points > tr.points) tr = dj;
    }
    item.transfers.push_back(std::move(tr));
  }
}

}  // namespace

Result<Ledger> Duyun::settle(const CheckedTable& c) const {
  const Table& t = c.table;
  for (int s = 0; s < kSeats; ++s) {  // a declared 报听 is a ready hand (D2)
    const auto& seat = t.seats[static_cast<std::size_t>(s)];
    const auto& hand = c.waiting[static_cast<std::size_t>(s)];
    if (seat.baoting && hand && !analyze_waits(*this, *hand, {}).ready)
      return field_error(ErrorCode::Inconsistent, "seats[" + std::to_string(s) + "].baoting",
                         "a seat that declared 报听 is ready, but this hand is not",
                         "报听的一家必然听牌，但此手牌未听牌");
  }
  Book book(t, options_.get("base"));
  bool zunyi_fields = t.flipped.has_value();
  for (const auto& seat : t.seats) zunyi_fields = zunyi_fields || seat.discarded_yaoji > 0 || seat.chongfeng;
  if (zunyi_fields)
    book.ledger.notes.push_back({"flipped, discarded_yaoji and chongfeng (鸡) have no effect under the Duyun rules",
                                 "flipped、discarded_yaoji、chongfeng（鸡）在都匀规则下不计"});
  auto kong_items = book_kongs(book, c);
  switch (t.outcome) {
    case Table::Outcome::Win:
      if (auto e = book_wins(book, c, *this, {"Win", "胡牌"}, "胡")) return *e;
      book_gangshangpao(book, c, kong_items, options_);
      break;
    case Table::Outcome::Draw: book_draw(book, c, kong_items, *this, options_); break;
    case Table::Outcome::Escape: book_escape(book, c, *this, options_); break;
  }
  // D10
  int next = t.dealer;
  if (t.outcome == Table::Outcome::Win) next = t.wins.size() == 1 ? t.wins.front().seat : t.wins.front().from;
  book.ledger.next_dealer = next;
  if (book.overflowed()) return out_of_range("an amount", "金额");
  return std::move(book.ledger);
}

}  // namespace qianmj
