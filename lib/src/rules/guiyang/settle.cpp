// Guiyang settlement: the wins (G4-G7), 豆 (G8), 鸡 (G9-G11), 全烧 (G12), 查叫 at a draw
// (G13) and the next dealer (G14). Three ledgers added together: the win, 豆 and 鸡.
#include <algorithm>
#include <string>

#include "engine/book.hpp"
#include "engine/declared.hpp"
#include "rules/chicken_family/chicken_family.hpp"
#include "rules/chicken_family/fields.hpp"
#include "rules/guiyang/fields.hpp"
#include "rules/guiyang/guiyang.hpp"

namespace qianmj {
namespace {

using chicken_fields::chongfeng_of;
using chicken_fields::discarded_yaoji_of;
using chicken_fields::flipped_of;  // G9-G11: the family's 鸡 fields, and 乌骨鸡's below

int discarded_wuguji_of(const SeatState& seat) {
  static const TableFieldKey<int> key(guiyang_fields::kDiscardedWuguji);
  return key.get(seat.fields);
}
bool chongfeng_wuguji_of(const SeatState& seat) {
  static const TableFieldKey<bool> key(guiyang_fields::kChongfengWuguji);
  return key.get(seat.fields);
}

SeatPair zeren_of(const Table& t, bool wugu) {
  static const TableFieldKey<SeatPair> yaoji(guiyang_fields::kZeren),
      wuguji(guiyang_fields::kZerenWuguji);
  return (wugu ? wuguji : yaoji).get(t.fields);
}
TileList discards_of(const SeatState& seat) {
  static const TableFieldKey<TileList> key(guiyang_fields::kDiscards);
  return key.get(seat.fields);
}
bool hanbao_of(const KongEvent& k) {
  static const TableFieldKey<bool> key(guiyang_fields::kHanbao);
  return key.get(k.fields);
}

constexpr Tile kYaoji(Suit::Sou, 1);
constexpr Tile kWuguji(Suit::Pin, 8);

std::string str(std::int64_t v) {
  return std::to_string(v);
}

// G9: what one copy of each kind is worth as a chicken this hand (0: no chicken).
struct ChickenValues {
  std::array<std::int64_t, kKinds> copy{};
  // The kinds that are chickens (copy[k] > 0), in tile order: at most 1条, two 翻鸡, 8筒 and
  // the 本鸡.
  std::array<int, 8> kinds{};
  int count = 0;
  std::int64_t chongfeng = 0, chongfeng_wugu = 0;  // the 冲锋 幺鸡 / 乌骨鸡
  std::int64_t wugu_value = 0;                     // W, guiyang-wuguji-value
  std::optional<Tile> flipped;
  bool gold = false;               // 金鸡
  std::array<bool, kKinds> fan{};  // the 翻鸡 kinds (满堂鸡 counts them discarded)
};

ChickenValues chicken_values(const Guiyang::Settings& o, std::optional<Tile> flipped) {
  ChickenValues v;
  v.flipped = flipped;
  const bool wugu = o.wuguji;
  const std::int64_t w = o.wuguji_value;
  std::array<bool, kKinds> fan{};  // 翻鸡 kinds
  if (flipped) {
    fan[static_cast<std::size_t>(Tile(flipped->suit(), flipped->rank() % 9 + 1).index())] = true;
    if (o.shangxia_ji)
      fan[static_cast<std::size_t>(Tile(flipped->suit(), (flipped->rank() + 7) % 9 + 1).index())] =
          true;
  }
  v.fan = fan;
  const bool jin = o.jinji;
  v.gold = jin && fan[static_cast<std::size_t>(kYaoji.index())];
  const bool wugu_gold = jin && wugu && fan[static_cast<std::size_t>(kWuguji.index())];
  for (int i = 0; i < kKinds; ++i) {
    const Tile t = Tile::from_index(i);
    auto& c = v.copy[static_cast<std::size_t>(i)];
    if (t == kYaoji)
      c = v.gold ? 2 : 1;
    else if (wugu && t == kWuguji)
      c = wugu_gold ? 2 * w : w;
    else if (fan[static_cast<std::size_t>(i)])
      c = o.yin_ji && t.rank() == 1 && t.suit() != Suit::Sou ? 2 : 1;
    else if (flipped && t == *flipped && o.ben_ji)
      c = 1;  // 本鸡: not a 翻鸡 (G17)
  }
  for (int i = 0; i < kKinds; ++i)
    if (v.copy[static_cast<std::size_t>(i)] > 0) v.kinds[static_cast<std::size_t>(v.count++)] = i;
  v.chongfeng = o.chongfeng_ji * (v.gold ? 2 : 1);
  v.chongfeng_wugu = 2 * w * (wugu_gold ? 2 : 1);
  v.wugu_value = w;
  return v;
}

// " + " between the parts of a chicken count.
void join(Text& out, const std::string& en, const std::string& zh) {
  out.en += (out.en.empty() ? "" : " + ") + en;
  out.zh += (out.zh.empty() ? "" : " + ") + zh;
}

// One seat's chickens: in hand and melds, and discarded unclaimed (G10).
struct SeatChickens {
  std::int64_t held = 0;       // value of the copies in hand and melds
  std::int64_t melded_1s = 0;  // value of melded 幺鸡 (and 乌骨鸡), for guiyang-bao-ji-melds
  std::int64_t discarded = 0;  // value of discarded 幺鸡 (and 乌骨鸡), the 冲锋 ones included
  std::int64_t chongfeng = 0;  // the 冲锋 part of `discarded`
};
// What they are, in words, for a row that books them.
struct ChickenWords {
  Text held, melded, discarded;
  Text all() const {  // all a seat collects for
    Text out = held;
    if (!discarded.en.empty()) join(out, discarded.en, discarded.zh);
    return out;
  }
};

// `mantang`: a seat that collects under 满堂鸡 also counts its discarded 翻鸡 (G9); its
// discarded 幺鸡 and 乌骨鸡 come from their own fields (G17).
SeatChickens seat_chickens(const Hand& held, const SeatState& seat, const ChickenValues& v,
                           bool wugu, bool mantang, ChickenWords* words) {
  SeatChickens out;
  const Counts all = held.all_copies();
  auto times = [](std::int64_t each) { return each > 1 ? " × " + str(each) : std::string(); };
  for (int k = 0; k < v.count; ++k) {
    const int i = v.kinds[static_cast<std::size_t>(k)];
    const auto n = all[static_cast<std::size_t>(i)];
    const std::int64_t each = v.copy[static_cast<std::size_t>(i)];
    if (n == 0) continue;
    out.held += n * each;
    const Tile t = Tile::from_index(i);
    if (words)
      join(words->held, t.ascii() + " ×" + str(n) + times(each),
           t.chinese() + " ×" + str(n) + times(each));
  }
  for (const Meld& m : held.melds)
    if (m.tile == kYaoji || (wugu && m.tile == kWuguji)) {
      // A melded 1条 at its value (金鸡: 2); a melded 8筒 at W (G17), gold or not.
      const std::int64_t each =
          m.tile == kYaoji ? v.copy[static_cast<std::size_t>(m.tile.index())] : v.wugu_value;
      out.melded_1s += m.copies() * each;
      if (words)
        join(words->melded, "melded " + m.tile.ascii() + " ×" + str(m.copies()) + times(each),
             "碰杠中的" + m.tile.chinese() + " ×" + str(m.copies()) + times(each));
    }
  auto thrown = [&](int n, bool first, Tile t, std::int64_t first_value, const std::string& name,
                    const std::string& first_name) {
    if (n == 0) return;
    const std::int64_t each = v.copy[static_cast<std::size_t>(t.index())];
    const std::int64_t plain = first ? n - 1 : n;
    out.discarded += plain * each + (first ? first_value : 0);
    if (first) out.chongfeng += first_value;
    if (plain && words)
      join(words->discarded, str(plain) + " discarded " + name + times(each),
           "打出" + name + " " + str(plain) + times(each));
    if (first && words)
      join(words->discarded, "the " + first_name + " " + str(first_value),
           first_name + " " + str(first_value));
  };
  thrown(discarded_yaoji_of(seat), chongfeng_of(seat), kYaoji, v.chongfeng, "幺鸡", "冲锋鸡");
  if (const TileList discards = mantang ? discards_of(seat) : std::nullopt)
    for (int k = 0; k < v.count; ++k) {
      const int i = v.kinds[static_cast<std::size_t>(k)];
      const Tile t = Tile::from_index(i);
      const auto n = (*discards)[static_cast<std::size_t>(i)];
      if (n == 0 || !v.fan[static_cast<std::size_t>(i)] || t == kYaoji || (wugu && t == kWuguji))
        continue;
      const std::int64_t each = v.copy[static_cast<std::size_t>(i)];
      out.discarded += n * each;
      if (words)
        join(words->discarded, str(n) + " discarded " + t.ascii() + times(each) + " (满堂鸡)",
             "打出" + t.chinese() + " " + str(n) + times(each) + "（满堂鸡）");
    }
  if (wugu)
    thrown(discarded_wuguji_of(seat), chongfeng_wuguji_of(seat), kWuguji, v.chongfeng_wugu,
           "乌骨鸡", "冲锋乌骨鸡");
  return out;
}

Hand held_at_end(const CheckedTable& c, int seat) {
  Hand h = *c.waiting[static_cast<std::size_t>(seat)];
  for (const auto& w : c.table.wins)
    if (w.seat == seat) return with_tile(h, w.tile);
  return h;
}

// One payment of `amount` from each seat in `from` to `to`, as one ledger row.
void book_each(Book& book, std::string id, Text name, Text detail, const std::vector<int>& from,
               int to, std::int64_t amount, bool to_each = false) {
  if (from.empty() || amount == 0) return;
  auto& item = book.add(std::move(id), std::move(name), std::move(detail));
  for (int p : from)
    item.transfers.push_back(to_each ? Transfer{to, p, amount, 0, {}}
                                     : Transfer{p, to, amount, 0, {}});
  const std::int64_t sum = book.times(amount, static_cast<std::int64_t>(from.size()));
  if (!book.lines()) return;
  if (from.size() == 1) {  // one payment: who pays whom
    const int payer = to_each ? to : from.front(), payee = to_each ? from.front() : to;
    item.lines.push_back(
        {book.seat(payer, false) + " pays " + book.seat(payee, false) + " " + str(amount),
         book.seat(payer, true) + "付" + book.seat(payee, true) + " " + str(amount)});
    return;
  }
  item.lines.push_back({str(amount) + (to_each ? " to each of " : " from each of ") +
                            book.seats(from, false) + " = " + str(sum),
                        std::string(to_each ? "付" : "") + book.seats(from, true) + "每家 " +
                            str(amount) + "，共 " + str(sum)});
}

}  // namespace

// G9-G11, C7: discarded 幺鸡 and 乌骨鸡 and the turned-up tile are tiles of the 108.
std::optional<Error> Guiyang::count_table_tiles(const Table& t, Counts& copies) const {
  const bool wugu = settings().wuguji;
  for (int s = 0; s < kSeats; ++s) {
    const auto& seat = t.seats[static_cast<std::size_t>(s)];
    if (!wugu && (discarded_wuguji_of(seat) > 0 || chongfeng_wuguji_of(seat)))
      return field_error(
          ErrorCode::Inconsistent,
          "seats[" + std::to_string(s) + "]." +
              (discarded_wuguji_of(seat) > 0 ? "discarded_wuguji" : "chongfeng_wuguji"),
          "乌骨鸡 fields need the house rule guiyang-wuguji on",
          "乌骨鸡的字段须打开房规 guiyang-wuguji");
  }
  static constexpr chicken_family::DiscardedChicken kWugu{
      kWuguji,  discarded_wuguji_of, chongfeng_wuguji_of, "discarded_wuguji", "chongfeng_wuguji",
      "乌骨鸡", "冲锋乌骨鸡",        "打乌骨鸡"};
  if (auto e = chicken_family::count_discarded(t, copies, kWugu)) return e;
  // G9, G16: a seat's discards, for 满堂鸡 only; the 1条 (8筒) in them are its discarded 幺鸡
  // (乌骨鸡) said again, so they must agree and count once (G17).
  bool any_discards = false;
  for (int s = 0; s < kSeats; ++s) {
    const auto& seat = t.seats[static_cast<std::size_t>(s)];
    const TileList discards = discards_of(seat);
    if (!discards) continue;
    any_discards = true;
    const std::string field = "seats[" + std::to_string(s) + "].discards";
    if (!settings().mantang_ji)
      return field_error(ErrorCode::Inconsistent, field,
                         "discards are read for 满堂鸡 only: turn on guiyang-mantang-ji",
                         "弃牌只在满堂鸡时用：须打开房规 guiyang-mantang-ji");
    for (int i = 0; i < kKinds; ++i) {
      const Tile tile = Tile::from_index(i);
      const int n = (*discards)[static_cast<std::size_t>(i)];
      const bool own = tile == kYaoji || (wugu && tile == kWuguji);
      if (!own) {
        copies[static_cast<std::size_t>(i)] =
            static_cast<std::uint8_t>(copies[static_cast<std::size_t>(i)] + n);
        continue;
      }
      const int said = tile == kYaoji ? discarded_yaoji_of(seat) : discarded_wuguji_of(seat);
      if (n > 0 && n != said)
        return field_error(ErrorCode::Inconsistent, field,
                           "the discards hold " + std::to_string(n) + " " + tile.ascii() + " but " +
                               (tile == kYaoji ? "discarded_yaoji" : "discarded_wuguji") +
                               " says " + std::to_string(said) +
                               ": the same unclaimed tiles, counted once",
                           "弃牌里有 " + std::to_string(n) + " 张" + tile.chinese() + "，但" +
                               (tile == kYaoji ? "打幺鸡" : "打乌骨鸡") + "是 " +
                               std::to_string(said) + "：是同样的牌，只算一次");
    }
  }
  // A fifth copy that discards made is named here; without discards the table's own C7 check
  // (settle's, with the hand that brought a kind over four) says it.
  for (int i = 0; any_discards && i < kKinds; ++i)
    if (copies[static_cast<std::size_t>(i)] > kCopies)
      return field_error(
          ErrorCode::TooManyCopies, "seats",
          "more than four " + Tile::from_index(i).ascii() + " in hands, melds and discards",
          "手牌、碰杠与弃牌中的" + Tile::from_index(i).chinese() + "超过四张");
  // G8: 憨包 is an added kong's.
  for (std::size_t i = 0; i < t.kongs.size(); ++i)
    if (hanbao_of(t.kongs[i]) && t.kongs[i].kind != Meld::Kind::AddedKong)
      return field_error(ErrorCode::Inconsistent, "kongs[" + std::to_string(i) + "].hanbao",
                         "憨包 is an added kong's (补杠); this kong is not added",
                         "憨包只用于补杠；这个杠不是补杠");
  // G11: 责任鸡 — its claimer shows a meld of the tile, and there is no 冲锋 one beside it.
  for (const bool wugu_field : {false, true}) {
    const auto zeren = zeren_of(t, wugu_field);
    if (!zeren) continue;
    const std::string field = wugu_field ? "zeren_wuguji" : "zeren";
    const Tile tile = wugu_field ? kWuguji : kYaoji;
    if (wugu_field && !wugu)
      return field_error(ErrorCode::Inconsistent, field,
                         "乌骨鸡 fields need the house rule guiyang-wuguji on",
                         "乌骨鸡的字段须打开房规 guiyang-wuguji");
    for (int s = 0; s < kSeats; ++s)
      if (wugu_field ? chongfeng_wuguji_of(t.seats[static_cast<std::size_t>(s)])
                     : chongfeng_of(t.seats[static_cast<std::size_t>(s)]))
        return field_error(ErrorCode::Inconsistent, field,
                           "the first " + tile.ascii() +
                               " discarded was either claimed (责任) or not (冲锋), not both",
                           "第一张打出的" + tile.chinese() +
                               "要么被碰杠（责任），要么无人要（冲锋），"
                               "不能两样都是");
    const auto& hand = t.seats[static_cast<std::size_t>(zeren->second)].hand;
    if (t.declared()) continue;  // no melds are said: the claimer's cannot be checked
    const bool shows = hand && std::any_of(hand->melds.begin(), hand->melds.end(),
                                           [&](const Meld& m) { return m.tile == tile; });
    if (!shows)
      return field_error(
          ErrorCode::Inconsistent, field + ".to",
          "the claimer of the first " + tile.ascii() + " shows a pung or kong of it",
          "碰杠第一张" + tile.chinese() + "的一家须有" + tile.chinese() + "的碰或杠");
  }
  return chicken_family::count_table_tiles(t, copies);  // 幺鸡, 冲锋鸡, the turned tile
}

Result<Ledger> Guiyang::settle(const CheckedTable& c) const {
  const Table& t = c.table;
  const bool declared = c.is_declared();
  for (int s = 0; declared && s < kSeats; ++s)
    if (declared_of(t, s).huazhu)
      return field_error(ErrorCode::BadField, "seats[" + std::to_string(s) + "].declared.huazhu",
                         "the Guiyang rules have no 花猪: a seat not ready pays 查叫 alone, "
                         "three suits or not (G13)",
                         "贵阳规则没有花猪：未听牌者只付查叫，不论是否三门俱全（G13）");
  const Settings& o = settings();
  Book book(t, 1, c.arithmetic);
  std::array<bool, kSeats> up{};
  std::array<std::optional<Item>, kSeats> dajiao;  // a ready seat's best value (G13)
  for (int s = 0; s < kSeats; ++s) {
    const auto i = static_cast<std::size_t>(s);
    if (c.winner[i]) {  // a winner counts as ready (G2): no waits to find
      up[i] = true;
      continue;
    }
    if (declared) {  // ready as said (东听), with the pattern said (东听清大对)
      up[i] = declared_of(t, s).ready;
      if (c.declared[i]) dajiao[i] = c.declared[i]->item;
    } else {
      const WaitsAnswer waits = analyze_waits(*this, *c.waiting[i], {});
      up[i] = waits.ready;
      dajiao[i] = waits.dajiao;
    }
    std::vector<Item> items;
    if (dajiao[i]) items.push_back(*dajiao[i]);
    book.ledger.checks[i] = SeatCheck{up[i], std::nullopt, dajiao[i], items};
  }
  int next = t.dealer;
  if (t.outcome == Table::Outcome::Escape)
    return field_error(ErrorCode::Inconsistent, "result.kind",
                       "the Guiyang rules have no escape settlement", "贵阳规则没有逃跑结算");
  if (t.outcome == Table::Outcome::Draw) {
    // G13 查叫: each seat not ready pays each ready seat its best value over its live waits.
    const int n_ready = static_cast<int>(std::count(up.begin(), up.end(), true));
    if (n_ready > 0 && n_ready < kSeats) {
      const bool with_baoting = o.chajiao_baoting;
      const bool with_dealer = o.dealer_chajiao;
      for (int n = 0; n < kSeats; ++n) {
        if (up[static_cast<std::size_t>(n)]) continue;
        auto& item =
            book.add("chajiao", {"Paying the 叫 (查叫)", "查叫"},
                     {book.seat(n, false) + " is not ready", book.seat(n, true) + "未听牌"});
        for (int r = 0; r < kSeats; ++r) {
          const auto ri = static_cast<std::size_t>(r);
          if (!up[ri]) continue;
          const Item& best = *dajiao[ri];
          std::vector<Item> items;
          const bool baoting = with_baoting && t.seats[ri].baoting;
          const bool plain = best.id == "pinghu";
          items.push_back(baoting && plain && o.pinghu_absorbed ? Item{best.id, best.zh, best.en, 0}
                                                                : best);
          if (baoting) items.push_back(addons_.baoting);
          if (with_dealer && dealer_bonus(r == t.dealer, n == t.dealer)) {
            items.push_back(addons_.zuozhuang);
            if (t.streak > 0) items.push_back(lianzhuang(t.streak));
          }
          std::int64_t v = 0;
          for (const auto& x : items) v = book.plus(v, x.value);
          if (v == 0) continue;  // a 大叫 worth nothing (a pattern set to 0) moves nothing
          item.transfers.push_back({n, r, v, v, items});
          if (book.lines()) item.lines.push_back(transfer_line(book, item.transfers.back(), *this));
        }
        if (item.transfers.empty()) book.ledger.items.pop_back();  // nothing moved
      }
    }
    // G14: nobody or everybody ready → the dealer stays; one seat not ready → it deals; else
    // the dealer if ready, else the ready seat nearest after him (guiyang-draw-dealer=qq).
    if (!o.draw_dealer_stay) {
      if (n_ready == kSeats - 1) {
        next = static_cast<int>(std::find(up.begin(), up.end(), false) - up.begin());
      } else if (n_ready > 0 && n_ready < kSeats && !up[static_cast<std::size_t>(t.dealer)]) {
        for (int k = 1; k < kSeats; ++k)
          if (up[static_cast<std::size_t>((t.dealer + k) % kSeats)]) {
            next = (t.dealer + k) % kSeats;
            break;
          }
      }
    }
    book.ledger.next_dealer = next;
    if (book.overflowed()) return out_of_range("an amount", "金额");
    return std::move(book.ledger);
  }

  // The wins (G4-G7).
  const WinEvent& first = t.wins.front();
  for (std::size_t wi = 0; wi < t.wins.size(); ++wi) {
    const WinEvent& w = t.wins[wi];
    const std::string field = "result.wins[" + std::to_string(wi) + "]";
    const auto& said = c.declared[static_cast<std::size_t>(w.seat)];  // a declared pattern
    const Hand hand =
        said ? Hand{} : with_tile(*c.waiting[static_cast<std::size_t>(w.seat)], w.tile);
    const Situation s = win_situation(c, w);
    auto sc = said ? score_declared(*said, s) : score(hand, s);
    if (!sc) {
      Error e = sc.error();
      e.field = field;
      return e;
    }
    const std::string who_en = book.seat(w.seat, false), who_zh = book.seat(w.seat, true);
    if (!sc->win)
      return field_error(
          ErrorCode::Inconsistent, field,
          who_en + "'s hand with " + w.tile.ascii() + " is not a win: " + sc->reason->en,
          who_zh + "的手牌加 " + w.tile.chinese() + " 不成胡：" + sc->reason->zh);
    if (!sc->legal)
      return field_error(ErrorCode::Inconsistent,
                         said ? "seats[" + std::to_string(w.seat) + "].declared.pattern" : field,
                         who_en + " cannot win this: " + sc->reason->en,
                         who_zh + "不能胡：" + sc->reason->zh);
    const bool bao = w.robbing_kong && qianggang_bao();
    // Each share as score() priced it (the discarder's; on a self-draw the dealer's and the
    // others'), unless a share differs in what score() cannot say: 抢杠包三家 (the shares of
    // three seats, any of them the dealer) or a self-draw paid by a seat that declared 报听
    // (杀报 on its share). Those are priced here from the hand's parts.
    bool own_shares = bao;
    for (int q = 0; q < kSeats; ++q)
      own_shares = own_shares || (s.zimo && q != w.seat && shabao_on_zimo() &&
                                  t.seats[static_cast<std::size_t>(q)].baoting);
    std::optional<Parts> parts;
    if (own_shares)
      parts = said ? declared_parts(*said) : best_parts(hand, w.tile, w.robbing_kong)->second;
    const Text how =
        s.zimo ? Text{"self-draw", "自摸"}
        : w.robbing_kong
            ? Text{"robbing " + book.seat(w.from, false) + "'s kong" +
                       (bao ? ", paid for all three" : ""),
                   "抢" + book.seat(w.from, true) + "的杠" + (bao ? "，包三家" : "")}
            : Text{"off " + book.seat(w.from, false), book.seat(w.from, true) + "点炮"};
    auto& item = book.add("win", {"Win (胡牌分)", "胡牌分"},
                          {who_en + ", " + how.en + ": " + item_names(sc->items, false),
                           who_zh + " " + how.zh + "：" + item_names(sc->items, true)});
    for (int k = 1; k < kSeats; ++k) {
      const int q = (w.seat + k) % kSeats;  // whose share
      if (!s.zimo && !bao && q != w.from) continue;
      const bool declared =
          t.seats[static_cast<std::size_t>(q)].baoting && (!(s.zimo || bao) || shabao_on_zimo());
      const int payer = bao ? w.from : q;
      if (!parts) {  // score()'s payer of this share: the dealer's, or the others'
        const Payer* p = &sc->payers.front();
        for (const auto& x : sc->payers)
          if (x.dealer == (q == t.dealer)) p = &x;
        item.transfers.push_back({payer, w.seat, p->points, p->value,
                                  std::vector<Item>(p->items.begin(), p->items.end())});
      } else {
        const Share share{dealer_bonus(w.seat == t.dealer, q == t.dealer), declared};
        const ItemList items = price_share(*parts, s, share);
        std::int64_t v = 0;
        for (const auto& x : items) v = book.plus(v, x.value);
        item.transfers.push_back(
            {payer, w.seat, v, v, std::vector<Item>(items.begin(), items.end())});
      }
      if (book.lines()) {
        Text line = transfer_line(book, item.transfers.back(), *this);
        if (bao) {
          line.en += " (" + book.seat(q, false) + "'s share)";
          line.zh += "（" + book.seat(q, true) + "的一份）";
        }
        item.lines.push_back(std::move(line));
      }
    }
  }

  // G12 全烧: the discarder of a 热炮 and a robbed seat collect no 豆 or 鸡.
  const int shao = static_cast<int>(o.shao);
  const bool repao = first.after_kong && !first.self_drawn() && !first.robbing_kong;
  std::array<bool, kSeats> burnt{};
  if (shao == 0) {
    if (repao || first.robbing_kong) burnt[static_cast<std::size_t>(first.from)] = true;
  }
  auto collects = [&](int s) {
    return up[static_cast<std::size_t>(s)] && !burnt[static_cast<std::size_t>(s)];
  };

  // G8 豆.
  const bool bao_dou = o.bao_dou;
  for (std::size_t i = 0; i < t.kongs.size(); ++i) {
    const KongEvent& k = t.kongs[i];
    if (c.kong_void[i]) continue;
    if (shao == 1 && repao && i + 1 == t.kongs.size() && k.seat == first.from) continue;
    const bool direct = k.kind == Meld::Kind::DirectKong;
    const auto [id, name, amount] =
        k.kind == Meld::Kind::ConcealedKong
            ? std::tuple{"mendou", Text{"Concealed kong 豆 (闷豆)", "闷豆"}, o.mendou}
        : direct ? std::tuple{"mingdou", Text{"Direct kong 豆 (明豆)", "明豆"}, o.mingdou}
        : hanbao_of(k)
            ? std::tuple{"hanbaodou", Text{"憨包 kong 豆 (憨包豆)", "憨包豆"}, o.hanbao_dou}
            : std::tuple{"zhuanwandou", Text{"Added kong 豆 (转弯豆)", "转弯豆"}, o.zhuanwandou};
    std::vector<int> payers;
    for (int p = 0; p < kSeats; ++p)
      if (p != k.seat && (!direct || p == k.from)) payers.push_back(p);
    Text detail{k.tile.ascii() + " " + book.seat(k.seat, false) +
                    (direct ? " (from " + book.seat(k.from, false) + ")" : ""),
                k.tile.chinese() + " " + book.seat(k.seat, true) +
                    (direct ? "（" + book.seat(k.from, true) + "点杠）" : "")};
    if (collects(k.seat)) {
      book_each(book, id, name, detail, payers, k.seat, amount);
    } else if (!up[static_cast<std::size_t>(k.seat)] && bao_dou) {
      // 包豆: a konger neither won nor ready pays each amount to each seat that would have
      // paid it, if it won or is ready and is not burnt.
      std::vector<int> to;
      for (int p : payers)
        if (collects(p)) to.push_back(p);
      detail.en += " neither won nor is ready: pays it back (guiyang-bao-dou)";
      detail.zh += "未胡未听，赔出豆分（包豆）";
      book_each(book, "baodou", {"豆 paid back (包豆)", "包豆"}, detail, to, k.seat, amount, true);
    }
  }

  // G9-G11 鸡.
  const bool wugu = o.wuguji;
  const ChickenValues values = chicken_values(o, flipped_of(t));
  // 满堂鸡 counts the discarded 翻鸡 of each seat that collects: its discards must be said, or
  // they would be left out (a seat with none says "discards": "").
  const bool mantang = o.mantang_ji && values.flipped;
  for (int s = 0; mantang && s < kSeats; ++s)
    if (collects(s) && !discards_of(t.seats[static_cast<std::size_t>(s)]))
      return field_error(
          ErrorCode::Inconsistent, "seats[" + std::to_string(s) + "].discards",
          book.seat(s, false) +
              " won or is ready: 满堂鸡 counts its discarded 翻鸡, so say its "
              "discards (\"\" for none)",
          book.seat(s, true) + "胡牌或听牌：满堂鸡要算它打出的翻鸡，须写出它的弃牌（没有就写空）");
  const bool from_ready = o.ji_from_ready;
  const bool bao_ji = o.bao_ji;
  const bool bao_melds = o.bao_ji_melds;
  if (declared && bao_ji && bao_melds && std::count(up.begin(), up.end(), false) > 0)
    return field_error(
        ErrorCode::Inconsistent, "options.guiyang-bao-ji-melds",
        "包鸡 of melded 幺鸡 needs the melds of a seat neither won nor ready, "
        "which a declared table does not say: give the hands",
        "包鸡连碰杠须知道未胡未听者碰杠中的幺鸡，报称牌型的牌局不写碰杠：请写出手牌");
  for (int s = 0; s < kSeats; ++s) {
    const auto i = static_cast<std::size_t>(s);
    const bool books = collects(s) || (!up[i] && bao_ji);  // words only for a row it books
    std::optional<ChickenWords> words;
    if (books) words.emplace();
    SeatChickens ch = seat_chickens(declared ? Hand{} : held_at_end(c, s), t.seats[i], values, wugu,
                                    mantang && collects(s), words ? &*words : nullptr);
    if (declared) {  // 东鸡3: the value of its 鸡 in hand and melds, as the seat said it
      const std::int64_t n = declared_of(t, s).chickens.value_or(0);
      ch.held += n;
      if (words && n > 0)
        words->held = {str(n) + " in hand and melds (declared)",
                       "手牌与碰杠中 " + str(n) + "（报称）"};
    }
    if (collects(s)) {
      const std::int64_t plain = ch.held + ch.discarded - ch.chongfeng;
      std::vector<int> from;
      for (int q = 0; q < kSeats; ++q)
        if (q != s && (from_ready || !up[static_cast<std::size_t>(q)])) from.push_back(q);
      book_each(book, "ji", {"Chickens (鸡)", "鸡"},
                {book.seat(s, false) + ": " + words->all().en,
                 book.seat(s, true) + "：" + words->all().zh},
                from, s, plain);
      book_each(book, "chongfengji", {"冲锋鸡", "冲锋鸡"},
                {book.seat(s, false) + "'s 冲锋鸡", book.seat(s, true) + "的冲锋鸡"}, from, s,
                ch.chongfeng);
    } else if (!up[i] && bao_ji) {
      const std::int64_t owed = ch.discarded + (bao_melds ? ch.melded_1s : 0);
      Text what = words->discarded;
      if (bao_melds && !words->melded.en.empty()) join(what, words->melded.en, words->melded.zh);
      std::vector<int> to;
      for (int q = 0; q < kSeats; ++q)
        if (q != s && collects(q)) to.push_back(q);
      book_each(book, "baoji", {"Chickens paid back (包鸡)", "包鸡"},
                {book.seat(s, false) + " neither won nor is ready and pays for " + what.en,
                 book.seat(s, true) + "未胡未听，赔" + what.zh},
                to, s, owed, true);
    }
  }
  // G11 责任鸡: between the discarder of the first 幺鸡 (乌骨鸡) and its claimer, toward the one
  // that won or is ready (the claimer first), unless that one is burnt.
  for (const bool wugu_field : {false, true}) {
    const auto zeren = zeren_of(t, wugu_field);
    if (!zeren) continue;
    const auto [from, to] = *zeren;
    const int receiver = up[static_cast<std::size_t>(to)]     ? to
                         : up[static_cast<std::size_t>(from)] ? from
                                                              : -1;
    if (receiver < 0 || !collects(receiver)) continue;
    const int payer = receiver == to ? from : to;
    const std::int64_t amount = wugu_field ? o.wuguji_value : o.zeren_ji;
    const std::string what = wugu_field ? "乌骨鸡" : "幺鸡";
    book_each(book, "zerenji", {"责任鸡", "责任鸡"},
              {book.seat(to, false) + " claimed " + book.seat(from, false) + "'s first " + what +
                   (receiver == to ? "" : " and is not ready"),
               book.seat(to, true) + "碰杠了" + book.seat(from, true) + "的第一张" + what +
                   (receiver == to ? "" : "，且未听牌")},
              {payer}, receiver, amount);
  }
  if (!values.flipped && !declared)  // declared: the 鸡 in hand are said by value
    book.ledger.notes.push_back({"no turned-up tile: only 幺鸡 (1条) count as 鸡 (G9)",
                                 "没有翻牌：只有幺鸡（1条）算鸡（G9）"});

  // G14: one winner deals; two: the first winner from the dealer on; three: the discarder.
  next = first.seat;
  if (t.wins.size() == 2) {
    for (int k = 0; k < kSeats; ++k)
      if (c.winner[static_cast<std::size_t>((t.dealer + k) % kSeats)]) {
        next = (t.dealer + k) % kSeats;
        break;
      }
  } else if (t.wins.size() >= 3) {
    next = first.from;
  }
  book.ledger.next_dealer = next;
  if (book.overflowed()) return out_of_range("an amount", "金额");
  return std::move(book.ledger);
}

}  // namespace qianmj
