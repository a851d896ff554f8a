// What happened around a win (INTERFACE §2), and the checks every rule set shares.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>
#include "qianmj/core/error.hpp"
#include "qianmj/core/hand.hpp"
#include "qianmj/core/item.hpp"
#include "qianmj/core/tile.hpp"

namespace qianmj {

enum class DealerRole { None, Winner, Payer };

// What happened around a win: the situation options of INTERFACE §2.
struct Situation {
  std::optional<Tile> win_tile;
  bool zimo = false;           // self-drawn
  bool after_kong = false;     // on a kong's replacement (杠上花) or right after it (杠上炮)
  bool robbing_kong = false;   // 抢杠
  bool baoting = false;        // winner declared 报听
  bool payer_baoting = false;  // discarder declared 报听
  bool tianhu = false;
  bool dihu = false;
  bool dou = false;  // winner owns a 豆 not shown as a meld
  DealerRole dealer = DealerRole::None;
  std::int64_t streak = 0;  // 连庄 count N
  // How messages name a field of the situation ("streak", "payer_baoting"): the caller's
  // own spelling (the CLI: --streak), or the field itself when null.
  std::string (*field_name)(std::string_view field) = nullptr;
};

// `field` as messages about situation `s` name it.
std::string field_name(const Situation& s, std::string_view field);
// The same as a view, without a string made when the caller has no spelling of its own:
// `field` itself, or the caller's spelling kept in `spelled`.
inline std::string_view field_name(const Situation& s, std::string_view field,
                                   std::string& spelled) {
  if (!s.field_name) return field;
  spelled = s.field_name(field);
  return spelled;
}

// Whether situation field `field` (as named above) says anything: a flag set, a streak over
// 0, a winning tile, a dealer.
bool field_given(const Situation& s, std::string_view field);

// Each situation field as one bit, by its name (at compile time where the name is a
// constant); 0 for a name that is no situation field.
constexpr std::uint32_t field_bit(std::string_view f) {
  constexpr std::string_view kFields[] = {"win",        "dealer",       "streak",  "zimo",
                                          "after_kong", "robbing_kong", "baoting", "payer_baoting",
                                          "tianhu",     "dihu",         "dou"};
  for (std::uint32_t i = 0; i < std::size(kFields); ++i)
    if (kFields[i] == f) return 1u << i;
  return 0;
}

// The fields situation `s` gives (field_given of each), as field_bit()s: each test without
// a branch, so that a rule set asks for several fields with one mask.
inline std::uint32_t given_fields(const Situation& s) {
  return std::uint32_t{s.win_tile.has_value()} | std::uint32_t{s.dealer != DealerRole::None} << 1 |
         std::uint32_t{s.streak > 0} << 2 | std::uint32_t{s.zimo} << 3 |
         std::uint32_t{s.after_kong} << 4 | std::uint32_t{s.robbing_kong} << 5 |
         std::uint32_t{s.baoting} << 6 | std::uint32_t{s.payer_baoting} << 7 |
         std::uint32_t{s.tianhu} << 8 | std::uint32_t{s.dihu} << 9 | std::uint32_t{s.dou} << 10;
}

// A situation field a rule set does not read, said in a note when given; `aside` follows the
// field's name (" (不按庄闲算分)"). `bit` is its field_bit(), found once from the name (every
// score asks for these fields).
struct IgnoredField {
  std::string_view field;
  std::string_view aside;
  std::uint32_t bit = field_bit(field);
};

// Checks the situation options against each other and the hand, and settles what they
// imply (天胡 is a self-draw by the dealer); notes say what was assumed.
std::optional<Error> normalize_situation(const Hand& hand, Situation& s, NoteList& notes);

}  // namespace qianmj
