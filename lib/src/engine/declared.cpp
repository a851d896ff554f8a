#include "engine/declared.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "qianmj/engine/registry.hpp"

namespace qianmj {
namespace {

std::string seat_path(int seat, const char* leaf) {
  return "seats[" + std::to_string(seat) + "].declared" + (leaf ? std::string(".") + leaf : "");
}

Error bad(int seat, const char* leaf, std::string en, std::string zh) {
  return field_error(ErrorCode::BadField, seat_path(seat, leaf), std::move(en), std::move(zh));
}
Error inconsistent(int seat, const char* leaf, std::string en, std::string zh) {
  return field_error(ErrorCode::Inconsistent, seat_path(seat, leaf), std::move(en), std::move(zh));
}

// "X is not a pattern of the Zunyi rules", naming a rule set that has it.
Error unknown_pattern(int seat, const std::string& word, const Ruleset& rules) {
  std::string other_en, other_zh;
  for (const auto& info : rulesets()) {
    if (info.id == rules.id()) continue;
    auto other = make_ruleset(info.id);
    if (other && other->declared_pattern(word)) {
      other_en = " (it is a pattern of the " + std::string(info.en) + " rules, --rules " +
                 std::string(info.id) + ")";
      other_zh =
          "（这是" + std::string(info.zh) + "规则的牌型，--rules " + std::string(info.id) + "）";
      break;
    }
  }
  return bad(seat, "pattern",
             "'" + word + "' is not a pattern of the " + std::string(rules.name().en) + " rules" +
                 other_en + "; qianmj rules lists them",
             "“" + word + "”不是" + rules.name().zh + "规则的牌型" + other_zh +
                 "；qianmj rules 列出全部牌型");
}

// What a hand of pattern `p` cannot hold: seven pairs have no melds, a flush no kong of
// another suit than the others.
std::optional<Error> check_fits(const Table& t, int seat, const DeclaredPattern& p) {
  const std::string name = std::string(p.item.zh);
  std::uint32_t suits = 0;
  bool kong = false;
  for (const auto& k : t.kongs) {
    if (k.seat != seat) continue;
    kong = true;
    if (k.tile_known) suits |= 1u << static_cast<int>(k.tile.suit());
  }
  const bool robbed = t.outcome == Table::Outcome::Win && t.wins.front().robbing_kong &&
                      t.wins.front().from == seat;
  if (p.seven_pairs && (kong || robbed))
    return inconsistent(seat, "pattern",
                        name + " is seven pairs, which has no melds; this seat made a kong",
                        name + "是七对，不能有碰杠；但此家开过杠");
  if (p.kongless && kong)
    return inconsistent(seat, "pattern",
                        name + " has one pung meld and no kong; this seat made a kong",
                        name + "只有一副碰，没有杠；但此家开过杠");
  if (p.flush && std::popcount(suits) > 1)
    return inconsistent(seat, "pattern",
                        name + " is of one suit, but this seat's kongs are of two suits",
                        name + "只有一门花色，但此家的杠有两门花色");
  return std::nullopt;
}

// One seat's record: what it says fits the result and the rule set.
std::optional<Error> check_seat(CheckedTable& c, const Ruleset& rules, int s) {
  const Table& t = c.table;
  const auto si = static_cast<std::size_t>(s);
  const Declared& d = declared_of(t, s);
  const bool win = t.outcome == Table::Outcome::Win, draw = t.outcome == Table::Outcome::Draw;
  const bool winner = c.winner[si];
  if (d.ready && d.huazhu)
    return inconsistent(s, "huazhu", "a 花猪 is not ready: not both 听 and 花猪",
                        "花猪即未听牌：不能既听牌又是花猪");
  if (d.huazhu && !draw)
    return inconsistent(s, "huazhu", "花猪 is checked at a draw (流局) only", "花猪只在流局时查");
  if (d.chickens && !rules.declared_chickens())
    return bad(s, "chickens",
               "the " + std::string(rules.name().en) + " rules have no 鸡 (chickens)",
               rules.name().zh + "规则没有鸡");
  if (d.chickens && !win)
    return inconsistent(s, "chickens", "鸡 count only when the hand ends in a win",
                        "鸡只在有人胡牌时计算");
  if (d.chickens && (*d.chickens < 0 || *d.chickens > 12))
    return bad(s, "chickens", "鸡 in a hand and its melds: 0 to 12",
               "手牌与碰杠中的鸡数应为 0 到 12");
  if (winner && d.pattern.empty())
    return bad(s, "pattern", "a declared winner says the pattern (东自摸清一色)",
               "报称胡牌须写出牌型（东自摸清一色）");
  if (!winner && !d.pattern.empty() && !d.ready)
    return inconsistent(s, "pattern", "a pattern belongs to a winner or a ready seat (东听清一色)",
                        "牌型只属于胡家或听牌的一家（东听清一色）");
  const bool needs_dajiao = draw || (t.outcome == Table::Outcome::Escape && t.last_four);
  if (!winner && d.ready && d.pattern.empty() && needs_dajiao)
    return bad(s, "pattern",
               "a ready seat at a draw says its best pattern (东听清一色): 查叫 charges it",
               "流局时听牌的一家须写出所听的最大牌型（东听清一色）：查叫按它赔付");
  if (d.pattern.empty()) return std::nullopt;
  auto p = rules.declared_pattern(d.pattern);
  if (!p) return unknown_pattern(s, d.pattern, rules);
  if (auto e = check_fits(t, s, *p)) return e;
  c.declared[si] = *p;
  return std::nullopt;
}

}  // namespace

const Declared& declared_of(const Table& t, int seat) {
  static const Declared none;
  const auto& d = t.seats[static_cast<std::size_t>(seat)].declared;
  return d ? *d : none;
}

std::optional<Error> check_declared(CheckedTable& c, const Ruleset& rules) {
  const Table& t = c.table;
  for (int s = 0; s < kSeats; ++s)
    if (t.seats[static_cast<std::size_t>(s)].hand)
      return field_error(
          ErrorCode::Inconsistent, "seats[" + std::to_string(s) + "].hand",
          "a table is declared or in tiles: this one says patterns, so no hand "
          "is given (a session may mix hands)",
          "一局要么报称牌型，要么写出手牌：此局已报称牌型，不能再给手牌（牌局中各局可以不同）");
  for (int s = 0; s < kSeats; ++s)
    if (auto e = check_seat(c, rules, s)) return e;
  return std::nullopt;
}

}  // namespace qianmj
