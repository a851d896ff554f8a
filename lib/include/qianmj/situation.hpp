// What happened around a win (INTERFACE §2), and the checks every rule set shares.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>
#include "qianmj/error.hpp"
#include "qianmj/hand.hpp"
#include "qianmj/item.hpp"
#include "qianmj/tile.hpp"

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

// Whether situation field `field` (as named above) says anything: a flag set, a streak over
// 0, a winning tile, a dealer.
bool field_given(const Situation& s, std::string_view field);

// A situation field a rule set does not read, said in a note when given; `aside` follows the
// field's name (" (不按庄闲算分)").
struct IgnoredField {
  std::string_view field;
  std::string_view aside;
};

// Checks the situation options against each other and the hand, and settles what they
// imply (天胡 is a self-draw by the dealer); notes say what was assumed.
std::optional<Error> normalize_situation(const Hand& hand, Situation& s, NoteList& notes);

}  // namespace qianmj
