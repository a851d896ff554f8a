// Duyun settlement: 豆 (D6), wins (D2-D5), 杠上炮 transfer (D7), draw (D8), escape (D9),
// next dealer (D10).
#include <algorithm>
#include <bit>

#include "engine/book.hpp"
#include "engine/declared.hpp"
#include "qianmj/engine/settle.hpp"
#include "rules/duyun/duyun.hpp"

namespace qianmj {
namespace {

// D6 (amounts times the base)
const KongPayment kKongPayments[] = {
    {Meld::Kind::DirectKong, "yindou", {"Direct kong 豆 (银豆)", "银豆（直杠）"}, 1},
    {Meld::Kind::AddedKong, "sijidou", {"Added kong 豆 (四季豆)", "四季豆（面下杠）"}, 1},
    {Meld::Kind::ConcealedKong, "jindou", {"Concealed kong 豆 (金豆)", "金豆（暗杠）"}, 2},
};

bool is_dealer_pair(int dealer, int a, int b) {
  return a == dealer || b == dealer;
}

std::string kong_words(Meld::Kind kind, bool zh) {
  switch (kind) {
    case Meld::Kind::DirectKong:
      return zh ? "直杠" : "direct kong";
    case Meld::Kind::AddedKong:
      return zh ? "面下杠" : "added kong";
    default:
      return zh ? "暗杠" : "concealed kong";
  }
}

// D6: each kong's 豆, paid at once; returns the ledger index of each kong's item (-1: void).
std::vector<int> book_kongs(Book& book, const CheckedTable& c) {
  const Table& t = c.table;
  std::vector<int> index(t.kongs.size(), -1);
  for (std::size_t i = 0; i < t.kongs.size(); ++i) {
    if (c.kong_void[i]) continue;  // a robbed added kong pays nothing
    book_kong(book, t.kongs[i], kong_payment(kKongPayments, t.kongs[i].kind));
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
  // A declared kong said without its tile is named by its seat alone.
  const std::string tile_en = kong.tile_known ? kong.tile.ascii() + " " : "";
  const std::string tile_zh = kong.tile_known ? " " + kong.tile.chinese() : "";
  auto& item = book.add("gangshangpao", {"Kong income handed over (杠上炮)", "杠上炮转豆"},
                        {book.seat(first.from, false) + "'s " + tile_en + "kong",
                         book.seat(first.from, true) + "的" + tile_zh + " 杠"});
  // Winners in turn order after the discarder; a split's remainder goes to the first ones.
  std::vector<int> winners;
  for (int k = 1; k < kSeats; ++k)
    if (c.winner[static_cast<std::size_t>((first.from + k) % kSeats)])
      winners.push_back((first.from + k) % kSeats);
  auto n = static_cast<std::int64_t>(winners.size());
  bool split = o.on("gangshangpao-split");
  for (std::size_t k = 0; k < winners.size(); ++k) {
    std::int64_t amount =
        split ? income / n + (static_cast<std::int64_t>(k) < income % n ? 1 : 0) : income;
    item.transfers.push_back({first.from, winners[k], amount, 0, {}});
  }
  if (!book.lines()) return;
  const std::string sum = std::to_string(income);
  item.lines.push_back({book.seat(first.from, false) + "'s " + tile_en +
                            kong_words(kong.kind, false) + " earned " + sum + " (D7)",
                        book.seat(first.from, true) + "的" + kong_words(kong.kind, true) + tile_zh +
                            " 共收 " + sum + "（D7）"});
  if (n == 1)
    item.lines.push_back(
        {"all of it to " + book.seat(winners[0], false), "全部转给" + book.seat(winners[0], true)});
  else if (!split)
    item.lines.push_back(
        {"a full copy to each winner: " + sum + " each to " + book.seats(winners, false),
         "每家胡家各得一份：" + book.seats(winners, true) + "各得 " + sum});
  else if (income % n == 0)
    item.lines.push_back({"split (gangshangpao-split): " + sum + " ÷ " + std::to_string(n) + " = " +
                              std::to_string(income / n) + " each",
                          "平分（gangshangpao-split）：" + sum + " ÷ " + std::to_string(n) +
                              " = 每家 " + std::to_string(income / n)});
  else
    item.lines.push_back({"split (gangshangpao-split): " + sum + " ÷ " + std::to_string(n) + " = " +
                              std::to_string(income / n) + " each, the remainder " +
                              std::to_string(income % n) +
                              " one each to the first winners after the discarder",
                          "平分（gangshangpao-split）：" + sum + " ÷ " + std::to_string(n) +
                              " = 每家 " + std::to_string(income / n) + "，余 " +
                              std::to_string(income % n) + " 从点炮者下家起依次各加 1"});
}

struct DrawState {
  std::array<WaitsAnswer, kSeats> waits;
  std::array<bool, kSeats> ready{}, huazhu{};
};

// 大叫 of `ready_seat` against `payer` (D8.3, D9): best live wait + 报听 + 连庄 (D4
// streak-on-dajiao), × base.
Transfer dajiao_transfer(Book& book, const Table& t, const WaitsAnswer& w, int ready_seat,
                         int payer, const Duyun& rules) {
  static const OptionKey kStreakOnDajiao("streak-on-dajiao");
  Transfer tr{payer, ready_seat, 0, 0, w.dajiao_items};
  if (t.streak > 0 && is_dealer_pair(t.dealer, ready_seat, payer) &&
      rules.options().on(kStreakOnDajiao))
    tr.items.push_back(rules.addon("lianzhuang", t.streak));
  for (const auto& it : tr.items) tr.value = book.plus(tr.value, it.value);
  tr.points = book.times(tr.value, book.base());
  return tr;
}

// A declared seat's 查叫 (D8): ready and 花猪 as said, its 大叫 the declared pattern and the
// add-ons a 查大叫 adds (报听), as the waits of a hand of it would give.
void declared_seat(DrawState& d, const CheckedTable& c, const Duyun& rules, const Options& o,
                   int s) {
  const auto i = static_cast<std::size_t>(s);
  const Declared& said = declared_of(c.table, s);
  d.ready[i] = said.ready;
  d.huazhu[i] = c.table.outcome == Table::Outcome::Draw && o.on("huazhu") && said.huazhu;
  WaitsAnswer& w = d.waits[i];
  w.ready = said.ready;
  if (!said.ready) return;
  w.dajiao = c.declared[i]->item;
  w.dajiao_items = {*w.dajiao};
  Situation seat;
  seat.baoting = c.table.seats[i].baoting;
  for (const auto& it : rules.dajiao_addons(seat)) w.dajiao_items.push_back(it);
  for (const auto& it : w.dajiao_items) w.dajiao_total += it.value;
}

DrawState draw_state(Book& book, const CheckedTable& c, const Duyun& rules, const Options& o) {
  DrawState d;
  for (int s = 0; s < kSeats; ++s) {
    if (c.is_declared() && s != c.table.escaper) {
      declared_seat(d, c, rules, o, s);
      const auto i = static_cast<std::size_t>(s);
      book.ledger.checks[i] =
          SeatCheck{d.ready[i], d.huazhu[i], d.waits[i].dajiao, d.waits[i].dajiao_items};
      continue;
    }
    const auto& hand = c.waiting[static_cast<std::size_t>(s)];
    if (!hand || s == c.table.escaper) continue;
    auto i = static_cast<std::size_t>(s);
    Situation seat;
    seat.baoting = c.table.seats[i].baoting;  // D8.3: + 6 for a declared 报听
    d.waits[i] = analyze_waits(rules, *hand, seat);
    d.ready[i] = d.waits[i].ready;
    d.huazhu[i] = c.table.outcome == Table::Outcome::Draw && o.on("huazhu") && !d.ready[i] &&
                  std::popcount(hand->suits()) == 3;  // D8.1: a draw's 查花猪 only
    book.ledger.checks[i] =
        SeatCheck{d.ready[i], d.huazhu[i], d.waits[i].dajiao, d.waits[i].dajiao_items};
  }
  return d;
}

// A flat penalty against a ready seat's 查大叫: the larger is paid (D8.1, D9), and a line says
// which it was.
void at_least_dajiao(Book& book, const Table& t, const DrawState& d, const Duyun& rules,
                     std::int64_t times, Transfer& tr, LedgerItem& item) {
  const std::string flat = book.times_base(times) + " = " + std::to_string(tr.points);
  Transfer dj =
      dajiao_transfer(book, t, d.waits[static_cast<std::size_t>(tr.to)], tr.to, tr.from, rules);
  const bool more = dj.points > tr.points;
  if (more) tr = dj;
  if (!book.lines()) return;
  Text line = transfer_line(book, dj, rules);
  if (more) {
    item.lines.push_back(
        {line.en + ": 查大叫, more than " + flat, line.zh + "：按查大叫，高于 " + flat});
  } else {
    item.lines.push_back(
        {line.en + ": 查大叫, not more than " + flat + ", which is paid",
         line.zh + "：查大叫不高于 " + flat + "，按 " + std::to_string(tr.points) + " 付"});
  }
}

// D8: 查花猪, 黄豆, 查大叫, in that order.
void book_draw(Book& book, const CheckedTable& c, const std::vector<int>& kong_items,
               const Duyun& rules, const Options& o) {
  const Table& t = c.table;
  DrawState d = draw_state(book, c, rules, o);
  const std::int64_t times = o.get("huazhu-penalty");
  const std::int64_t penalty = book.times(times, book.base());
  for (int h = 0; h < kSeats; ++h) {
    if (!d.huazhu[static_cast<std::size_t>(h)]) continue;
    auto& item = book.add("huazhu", {"Flower pig (查花猪)", "查花猪"},
                          {book.seat(h, false) + " is not ready and holds all three suits",
                           book.seat(h, true) + "未听牌且三门俱全"});
    std::vector<int> paid;
    for (int s = 0; s < kSeats; ++s)
      if (!d.huazhu[static_cast<std::size_t>(s)]) paid.push_back(s);
    if (book.lines())
      item.lines.push_back({book.times_base(times) + " = " + std::to_string(penalty) +
                                " to each seat that is not a 花猪 (" + book.seats(paid, false) +
                                ")",
                            "赔每家非花猪（" + book.seats(paid, true) + "）" +
                                book.times_base(times) + " = " + std::to_string(penalty)});
    for (int s : paid) {
      Transfer tr{h, s, penalty, 0, {}};
      if (o.on("huazhu-at-least-dajiao") && d.ready[static_cast<std::size_t>(s)])
        at_least_dajiao(book, t, d, rules, times, tr, item);  // D8.1: at least that seat's 查大叫
      item.transfers.push_back(std::move(tr));
    }
  }
  for (std::size_t i = 0; i < t.kongs.size(); ++i) {
    int owner = t.kongs[i].seat;
    if (kong_items[i] < 0 || d.ready[static_cast<std::size_t>(owner)]) continue;
    const auto paid =
        book.ledger.items[static_cast<std::size_t>(kong_items[i])];  // a copy: add() may move it
    auto& item = book.add("huangdou", {"豆 refunded (黄豆)", "黄豆（退豆）"},
                          {book.seat(owner, false) + " is not ready: returns " + paid.name.en +
                               (t.kongs[i].tile_known ? " " + t.kongs[i].tile.ascii() : ""),
                           book.seat(owner, true) + "未听牌，退还" + paid.name.zh +
                               (t.kongs[i].tile_known ? " " + t.kongs[i].tile.chinese() : "")});
    std::vector<int> payers;
    std::int64_t sum = 0;
    for (const auto& tr : paid.transfers) {
      item.transfers.push_back({tr.to, tr.from, tr.points, 0, {}});
      payers.push_back(tr.from);
      sum = book.plus(sum, tr.points);
    }
    if (book.lines())
      item.lines.push_back({"returns " + std::to_string(paid.transfers.front().points) +
                                " to each of " + book.seats(payers, false) + " = " +
                                std::to_string(sum) + " (D8.2)",
                            "退还" + book.seats(payers, true) + "每家 " +
                                std::to_string(paid.transfers.front().points) + "，共 " +
                                std::to_string(sum) + "（D8.2）"});
  }
  for (int n = 0; n < kSeats; ++n) {
    auto ni = static_cast<std::size_t>(n);
    if (d.ready[ni] || d.huazhu[ni]) continue;
    std::vector<Transfer> transfers;
    for (int r = 0; r < kSeats; ++r)
      if (d.ready[static_cast<std::size_t>(r)])
        transfers.push_back(
            dajiao_transfer(book, t, d.waits[static_cast<std::size_t>(r)], r, n, rules));
    if (transfers.empty()) continue;
    auto& item = book.add("chadajiao", {"Paying the 大叫 (查大叫)", "查大叫"},
                          {book.seat(n, false) + " is not ready", book.seat(n, true) + "未听牌"});
    item.transfers = std::move(transfers);
    if (book.lines())
      for (const auto& tr : item.transfers) item.lines.push_back(transfer_line(book, tr, rules));
  }
}

// D9: 16 × base to each other seat; in the last four tiles, at least each 大叫.
void book_escape(Book& book, const CheckedTable& c, const Duyun& rules, const Options& o) {
  const Table& t = c.table;
  int e = t.escaper;
  const std::int64_t times = o.get("escape-penalty");
  const std::int64_t penalty = book.times(times, book.base());
  DrawState d;
  if (t.last_four) d = draw_state(book, c, rules, o);
  auto& item = book.add(
      "escape", {"Escape (逃跑)", "逃跑"},
      {book.seat(e, false) + " left the table" + (t.last_four ? " in the last four tiles" : ""),
       book.seat(e, true) + (t.last_four ? "在最后四张时逃跑" : "逃跑")});
  if (book.lines())
    item.lines.push_back(
        {book.times_base(times) + " = " + std::to_string(penalty) + " to each other seat (D9)",
         "赔其他每家 " + book.times_base(times) + " = " + std::to_string(penalty) + "（D9）"});
  for (int s = 0; s < kSeats; ++s) {
    if (s == e) continue;
    Transfer tr{e, s, penalty, 0, {}};
    if (t.last_four && d.ready[static_cast<std::size_t>(s)])
      at_least_dajiao(book, t, d, rules, times, tr, item);
    item.transfers.push_back(std::move(tr));
  }
  if (t.last_four && book.lines()) {
    std::vector<int> not_ready;
    for (int s = 0; s < kSeats; ++s)
      if (s != e && !d.ready[static_cast<std::size_t>(s)]) not_ready.push_back(s);
    if (!not_ready.empty())
      item.lines.push_back({book.seats(not_ready, false) + ": not ready, the penalty only",
                            book.seats(not_ready, true) + "未听牌，只得罚分"});
  }
}

}  // namespace

Result<Ledger> Duyun::settle(const CheckedTable& c) const {
  const Table& t = c.table;
  Book book(t, price()->value, c.arithmetic);
  auto kong_items = book_kongs(book, c);
  switch (t.outcome) {
    case Table::Outcome::Win:
      if (auto e = book_wins(book, c, *this, {"Win", "胡牌"}, "胡")) return *e;
      book_gangshangpao(book, c, kong_items, options_);
      break;
    case Table::Outcome::Draw:
      book_draw(book, c, kong_items, *this, options_);
      break;
    case Table::Outcome::Escape:
      book_escape(book, c, *this, options_);
      break;
  }
  // D10
  int next = t.dealer;
  if (t.outcome == Table::Outcome::Win)
    next = t.wins.size() == 1 ? t.wins.front().seat : t.wins.front().from;
  book.ledger.next_dealer = next;
  if (book.overflowed()) return out_of_range("an amount", "金额");
  return std::move(book.ledger);
}

}  // namespace qianmj
