// The 捉鸡 family's 豆 (Z5) and 鸡 (Z6): see chicken_family.hpp.
#include "rules/chicken_family/chicken_family.hpp"

#include "rules/chicken_family/fields.hpp"

#include <string>
#include <vector>

namespace qianmj::chicken_family {

std::optional<Error> count_discarded(const Table& t, Counts& copies, const DiscardedChicken& d) {
  const std::size_t kind = static_cast<std::size_t>(d.tile.index());
  int first = 0;
  for (int s = 0; s < kSeats; ++s) {
    const auto& seat = t.seats[static_cast<std::size_t>(s)];
    const int discarded = d.discarded(seat);
    copies[kind] = static_cast<std::uint8_t>(copies[kind] + discarded);
    if (!d.chongfeng(seat)) continue;
    // The messages are made only for an error (this runs for every table).
    const std::string name(d.name), chongfeng(d.chongfeng_name), key(d.discarded_key);
    const std::string field = "seats[" + std::to_string(s) + "]." + std::string(d.chongfeng_key);
    if (discarded == 0)
      return field_error(ErrorCode::Inconsistent, field,
                         "the " + chongfeng + " is a discarded " + name + ": say the seat's " +
                             "discarded " + name + " too (" + std::string(d.word) + "1, " + key +
                             "), the " + chongfeng + " among them",
                         chongfeng + "是打出的" + name + "：须同时写明该家打出的" + name + "（" +
                             std::string(d.word) + "1，" + key + "），" + chongfeng + "算在其中");
    if (++first > 1)
      return field_error(ErrorCode::Inconsistent, field,
                         "there is one " + chongfeng + ", the first " + name + " discarded",
                         chongfeng + "只有一只：第一张打出的" + name);
  }
  if (copies[kind] > kCopies)
    return field_error(
        ErrorCode::TooManyCopies, "seats",
        "more than four " + d.tile.ascii() + " (" + std::string(d.name) + ") in hands and discards",
        "手牌与打出的" + std::string(d.name) + "（" + d.tile.chinese() + "）超过四张");
  return std::nullopt;
}

std::optional<Error> count_table_tiles(const Table& t, Counts& copies) {
  static constexpr DiscardedChicken kYaoji{Tile(Suit::Sou, 1),
                                           chicken_fields::discarded_yaoji_of,
                                           chicken_fields::chongfeng_of,
                                           "discarded_yaoji",
                                           "chongfeng",
                                           "幺鸡",
                                           "冲锋鸡",
                                           "打幺鸡"};
  if (auto e = count_discarded(t, copies, kYaoji)) return e;
  const auto flipped = chicken_fields::flipped_of(t);
  if (flipped && ++copies[flipped->index()] > kCopies)
    return field_error(ErrorCode::TooManyCopies, "result.flipped",
                       "the turned-up " + flipped->ascii() + " would be a fifth copy",
                       "翻开的 " + flipped->chinese() + " 将是第五张");
  return std::nullopt;
}

Seats standing(const CheckedTable& c, const Ruleset& rules) {
  Seats out{};
  for (int s = 0; s < kSeats; ++s) {
    auto i = static_cast<std::size_t>(s);
    const auto& said = c.table.seats[i].declared;
    out[i] = c.winner[i] || (c.is_declared() ? said && said->ready
                                             : analyze_waits(rules, *c.waiting[i], {}).ready);
  }
  return out;
}

void book_dou(Book& book, const CheckedTable& c, const Seats& up, const Prices& p) {
  const Table& t = c.table;
  const auto& first = t.wins.front();
  for (std::size_t i = 0; i < t.kongs.size(); ++i) {
    const auto& k = t.kongs[i];
    bool before_pao = first.after_kong && !first.self_drawn() && i + 1 == t.kongs.size();
    if (c.kong_void[i] || before_pao) continue;
    if (p.dou_needs_ready && !up[static_cast<std::size_t>(k.seat)]) continue;
    for (const auto& row : p.dou)
      if (row.kind == k.kind) book_kong(book, k, row);  // each kind listed once
  }
}

Hand held_at_end(const CheckedTable& c, int seat) {
  Hand h = *c.waiting[static_cast<std::size_t>(seat)];
  for (const auto& w : c.table.wins)
    if (w.seat == seat) h = with_tile(h, w.tile);
  return h;
}

Chickens count_chickens(const Hand& held, const ChickenFields& f) {
  Counts all = held.all_copies();
  const Tile yaoji(Suit::Sou, 1);
  Chickens ch;
  ch.yaoji = all[yaoji.index()];
  ch.flipped = f.flipped;
  if (f.flipped) {
    ch.fan = Tile(f.flipped->suit(), f.flipped->rank() % 9 + 1);  // one rank above; 9 wraps to 1
    ch.fanji = all[ch.fan->index()];  // a 1条 that is both counts twice
  }
  ch.chongfeng = f.chongfeng && f.discarded_yaoji > 0;
  ch.discarded = f.discarded_yaoji;
  return ch;
}

namespace {

// "1条 ×2 (幺鸡) + 5条 ×1 (翻鸡, 4条 turned up) + 1 discarded 幺鸡 + the 冲锋鸡"
Text chicken_words(const Chickens& ch) {
  std::vector<Text> parts;
  if (ch.yaoji)
    parts.push_back({"1s ×" + std::to_string(ch.yaoji) + " (幺鸡)",
                     "1条 ×" + std::to_string(ch.yaoji) + "（幺鸡）"});
  if (ch.fanji)
    parts.push_back(
        {ch.fan->ascii() + " ×" + std::to_string(ch.fanji) + " (翻鸡: " + ch.flipped->ascii() +
             " turned up" +
             (ch.fan->index() == Tile(Suit::Sou, 1).index() ? "; a 1s counts as both" : "") + ")",
         ch.fan->chinese() + " ×" + std::to_string(ch.fanji) + "（翻鸡：翻出 " +
             ch.flipped->chinese() +
             (ch.fan->index() == Tile(Suit::Sou, 1).index() ? "，1条既是幺鸡又是翻鸡，算两次"
                                                            : "") +
             "）"});
  if (ch.declared)
    parts.push_back({std::to_string(ch.declared) + " in hand and melds (declared)",
                     "手牌与碰杠中 " + std::to_string(ch.declared) + " 只（报称）"});
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

}  // namespace

void book_chickens(Book& book, const std::array<Chickens, kSeats>& seats, const Seats& up,
                   const Prices& p) {
  for (int s = 0; s < kSeats; ++s) {
    const Chickens& ch = seats[static_cast<std::size_t>(s)];
    const bool earns = up[static_cast<std::size_t>(s)];
    // A seat that won or is ready earns for its 鸡 from each other seat; one that neither won
    // nor is ready earns nothing, and with bao-ji pays back each 幺鸡 it discarded.
    const bool bao = !earns && p.bao_ji && ch.discarded > 0;
    const std::int64_t each = bao ? ch.discarded_points(p) : earns ? ch.points(p) : 0;
    if (each == 0) continue;
    std::vector<int> others;
    std::vector<Transfer> transfers;
    for (int q = 0; q < kSeats; ++q) {
      if (q == s || (bao && !up[static_cast<std::size_t>(q)])) continue;
      transfers.push_back(bao ? Transfer{s, q, each, 0, {}} : Transfer{q, s, each, 0, {}});
      others.push_back(q);
    }
    if (transfers.empty()) continue;
    Chickens shown = ch;
    if (bao)
      shown.yaoji = shown.fanji = shown.declared = 0;  // only the discarded 幺鸡 are paid back
    const Text words = chicken_words(shown);
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
        (plain ? std::to_string(plain) + " × " + std::to_string(p.ji) : std::string()) +
        (shown.chongfeng ? std::string(plain ? " + " : "") + std::to_string(p.chongfeng) : "");
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

}  // namespace qianmj::chicken_family
