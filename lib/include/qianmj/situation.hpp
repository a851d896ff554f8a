// What happened around a win (INTERFACE §2), and the checks every rule set shares.
#pragma once

#include <cstdint>
#include <optional>
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
  bool zimo = false;          // self-drawn
  bool after_kong = false;    // on a kong's replacement (杠上花) or right after it (杠上炮)
  bool robbing_kong = false;  // 抢杠
  bool baoting = false;       // winner declared 报听
  bool payer_baoting = false; // discarder declared 报听
  bool tianhu = false;
  bool dihu = false;
  bool dou = false;           // winner owns a 豆 not shown as a meld
  DealerRole dealer = DealerRole::None;
  std::int64_t streak = 0;    // 连庄 count N
};

// Checks the situation options against each other and the hand, and settles what they
// imply (天胡 is a self-draw by the dealer); notes say what was assumed.
std::optional<Error> normalize_situation(const Hand& hand, Situation& s, std::vector<Text>& notes);

}  // namespace qianmj
