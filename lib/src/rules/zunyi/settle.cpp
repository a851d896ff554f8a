// Zunyi settlement: wins (Z4), 豆 (Z5), 鸡 (Z6), 黄庄查叫 (Z7), next dealer (Z8).
#include <algorithm>
#include <bit>

#include "engine/book.hpp"
#include "rules/zunyi/fields.hpp"
#include "rules/zunyi/zunyi.hpp"

namespace qianmj {
namespace {

// Z6: the 鸡 fields of the table (rules/zunyi/fields.hpp).
int discarded_yaoji_of(const SeatState& seat) {
  static const TableFieldKey<int> key(zunyi_fields::kDiscardedYaoji);
  return key.get(seat.fields);
}
bool chongfeng_of(const SeatState& seat) {
  static const TableFieldKey<bool> key(zunyi_fields::kChongfeng);
  return key.get(seat.fields);
}
std::optional<Tile> flipped_of(const Table& t) {
  static const TableFieldKey<std::optional<Tile>> key(zunyi_fields::kFlipped);
  return key.get(t.result_fields);
}

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
void book_dou(Book& book, const CheckedTable& c, const std::array<bool, kSeats>& up,
              const Options& o) {
  const Table& t = c.table;
  const auto& first = t.wins.front();
  for (std::size_t i = 0; i < t.kongs.size(); ++i) {
    const auto& k = t.kongs[i];
    bool before_pao = first.after_kong && !first.self_drawn() && i + 1 == t.kongs.size();
    if (c.kong_void[i] || before_pao) continue;
    if (o.on("zunyi-dou-needs-ready") && !up[static_cast<std::size_t>(k.seat)]) continue;
    book_kong(book, k, kong_payment(kDou, k.kind));
  }
}

// Z6: 鸡 in hand and melds (幺鸡 1条 and the 翻鸡), plus the 幺鸡 the seat discarded.
struct Chickens {
  std::int64_t yaoji = 0;      // 1条 in hand and melds
  std::int64_t fanji = 0;      // copies of the 翻鸡 in hand and melds
  std::optional<Tile> fan;     // the 翻鸡: one rank above the turned-up tile
  std::int64_t discarded = 0;  // 幺鸡 discarded, the 冲锋鸡 included
  bool chongfeng = false;      // one discarded 幺鸡 is the 冲锋鸡, worth `chongfeng-ji`
  std::int64_t plain() const { return yaoji + fanji + discarded - (chongfeng ? 1 : 0); }
  std::int64_t points(const Options& o) const {
    return plain() * o.get("ji") + (chongfeng ? o.get("chongfeng-ji") : 0);
  }
  // bao-ji: what the discarded 幺鸡 alone are worth
  std::int64_t discarded_points(const Options& o) const {
    return (discarded - (chongfeng ? 1 : 0)) * o.get("ji") +
           (chongfeng ? o.get("chongfeng-ji") : 0);
  }
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
  ch.yaoji = all[yaoji.index()];
  if (const auto flipped = flipped_of(t)) {
    ch.fan = Tile(flipped->suit(), flipped->rank() % 9 + 1);  // one rank above; 9 wraps to 1
    ch.fanji = all[ch.fan->index()];                          // a 1条 that is both counts twice
  }
  ch.chongfeng = chongfeng_of(st) && discarded_yaoji_of(st) > 0;
  ch.discarded = discarded_yaoji_of(st);
  return ch;
}

// "1条 ×2 (幺鸡) + 5条 ×1 (翻鸡, 4条 turned up) + 1 discarded 幺鸡 + the 冲锋鸡"
Text chicken_words(const Chickens& ch, const Table& t) {
  std::vector<Text> parts;
  if (ch.yaoji)
    parts.push_back({"1s ×" + std::to_string(ch.yaoji) + " (幺鸡)",
                     "1条 ×" + std::to_string(ch.yaoji) + "（幺鸡）"});
  if (ch.fanji)
    parts.push_back(
        {ch.fan->ascii() + " ×" + std::to_string(ch.fanji) + " (翻鸡: " + flipped_of(t)->ascii() +
             " turned up" +
             (ch.fan->index() == Tile(Suit::Sou, 1).index() ? "; a 1s counts as both" : "") + ")",
         ch.fan->chinese() + " ×" + std::to_string(ch.fanji) + "（翻鸡：翻出 " +
             flipped_of(t)->chinese() +
             (ch.fan->index() == Tile(Suit::Sou, 1).index() ? "，1条既是幺鸡又是翻鸡，算两次"
                                                            : "") +
             "）"});
  std::int64_t thrown = ch.discarded - (ch.chongfeng ? 1 : 0);
  if (thrown)
    parts.push_back({std::to_string(thrown) + " discarded 幺鸡",
                     "打出的幺鸡 " + std::to_string(thrown) + " 只"});
  if (ch.chongfeng) parts.push_back({"the 冲锋鸡", "冲锋鸡"});
  Text out;
  for (const auto& p : parts) {
    out.en += (out.en.empty() ? "" : " + ") + p.en;
    out.zh += (out.zh.empty() ? "" : " + ") + p.zh;
  }
  return out;
}

void book_chickens(Book& book, const CheckedTable& c, const std::array<bool, kSeats>& up,
                   const Options& o) {
  const Table& t = c.table;
  for (int s = 0; s < kSeats; ++s) {
    auto ch = chickens(c, s);
    const bool earns = up[static_cast<std::size_t>(s)];
    // A seat that won or is ready earns for its 鸡 from each other seat; one that neither won
    // nor is ready earns nothing, and with bao-ji pays back each 幺鸡 it discarded.
    const bool bao = !earns && o.on("bao-ji") && ch.discarded > 0;
    const std::int64_t each = bao ? ch.discarded_points(o) : earns ? ch.points(o) : 0;
    if (each == 0) continue;
    std::vector<int> others;
    std::vector<Transfer> transfers;
    for (int p = 0; p < kSeats; ++p) {
      if (p == s || (bao && !up[static_cast<std::size_t>(p)])) continue;
      transfers.push_back(bao ? Transfer{s, p, each, 0, {}} : Transfer{p, s, each, 0, {}});
      others.push_back(p);
    }
    if (transfers.empty()) continue;
    Chickens shown = ch;
    if (bao) shown.yaoji = shown.fanji = 0;  // only the discarded 幺鸡 are paid back
    const Text words = chicken_words(shown, t);
    const std::int64_t plain = shown.plain();
    Text count{plain ? std::to_string(plain) + " 鸡" : "",
               plain ? std::to_string(plain) + " 只鸡" : ""};
    if (shown.chongfeng) {
      count.en += std::string(plain ? " and " : "") + "the 冲锋鸡";
      count.zh += std::string(plain ? "和" : "") + "冲锋鸡";
    }
    auto& item = book.add(
        "ji", {"Chickens (鸡)", "鸡"},
        earns ? Text{book.seat(s, false) + ": " + count.en, book.seat(s, true) + "：" + count.zh}
              : Text{book.seat(s, false) + " neither won nor is ready and pays back " + count.en +
                         " (bao-ji)",
                     book.seat(s, true) + "未胡未听，按打出的" + count.zh + "赔付（包鸡）"});
    item.transfers = std::move(transfers);
    const std::int64_t sum = book.times(each, static_cast<std::int64_t>(item.transfers.size()));
    if (!book.lines()) continue;
    std::string value =
        (plain ? std::to_string(plain) + " × " + std::to_string(o.get("ji")) : std::string()) +
        (shown.chongfeng ? std::string(plain ? " + " : "") + std::to_string(o.get("chongfeng-ji"))
                         : "");
    const std::string total = std::to_string(sum);
    const std::string worth =
        value == std::to_string(each) ? value : value + " = " + std::to_string(each);
    item.lines.push_back({words.en + ": " + worth + (bao ? " to each of " : " from each of ") +
                              book.seats(others, false) + " = " + total,
                          words.zh + "：" + worth + (bao ? "，赔" : "，") +
                              book.seats(others, true) + "每家" + (bao ? "" : "付") + "，共 " +
                              total});
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
    book.ledger.checks[i] =
        SeatCheck{ready[i], std::nullopt, waits[i].dajiao, waits[i].dajiao_items};
  }
  if (n_ready == 0 || n_ready == kSeats) return ready;  // nobody or everybody: no payment
  for (int n = 0; n < kSeats; ++n) {
    auto ni = static_cast<std::size_t>(n);
    if (ready[ni]) continue;
    bool three_suits = std::popcount(c.waiting[ni]->suits()) == 3;
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
  const Tile yaoji(Suit::Sou, 1);
  int chongfeng = 0;
  for (int s = 0; s < kSeats; ++s) {
    const auto& seat = t.seats[static_cast<std::size_t>(s)];
    const std::string field = "seats[" + std::to_string(s) + "].chongfeng";
    copies[yaoji.index()] =
        static_cast<std::uint8_t>(copies[yaoji.index()] + discarded_yaoji_of(seat));
    if (chongfeng_of(seat) && discarded_yaoji_of(seat) == 0)
      return field_error(ErrorCode::Inconsistent, field,
                         "the 冲锋鸡 is a discarded 幺鸡: discarded_yaoji must count it",
                         "冲锋鸡是打出的幺鸡：discarded_yaoji 应包含它");
    if (chongfeng_of(seat) && ++chongfeng > 1)
      return field_error(ErrorCode::Inconsistent, field,
                         "there is one 冲锋鸡, the first 幺鸡 discarded",
                         "冲锋鸡只有一只：第一张打出的幺鸡");
  }
  if (copies[yaoji.index()] > kCopies)
    return field_error(ErrorCode::TooManyCopies, "seats",
                       "more than four 1s (幺鸡) in hands and discards",
                       "手牌与打出的幺鸡（1条）超过四张");
  const auto flipped = flipped_of(t);
  if (flipped && ++copies[flipped->index()] > kCopies)
    return field_error(ErrorCode::TooManyCopies, "result.flipped",
                       "the turned-up " + flipped->ascii() + " would be a fifth copy",
                       "翻开的 " + flipped->chinese() + " 将是第五张");
  return std::nullopt;
}

Result<Ledger> Zunyi::settle(const CheckedTable& c) const {
  const Table& t = c.table;
  Book book(t, 1, c.arithmetic);
  int next = t.dealer;
  switch (t.outcome) {
    case Table::Outcome::Win: {
      if (auto e = book_wins(book, c, *this, {"Win (和牌分)", "和牌分"}, "和")) return *e;
      auto up = standing(c, *this);
      for (int s = 0; s < kSeats; ++s) {
        auto i = static_cast<std::size_t>(s);
        if (!c.winner[i]) {
          auto w = analyze_waits(*this, *c.waiting[i], {});
          book.ledger.checks[i] = SeatCheck{w.ready, std::nullopt, w.dajiao, w.dajiao_items};
        }
      }
      book_dou(book, c, up, options_);
      book_chickens(book, c, up, options_);
      if (!flipped_of(t))
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
