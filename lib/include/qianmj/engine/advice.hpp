// Advice between two draws (ADVICE §3): for each discard of a 14-tile hand, or for a 13-tile
// hand itself, its 向听, acceptance, pattern lines, waits when ready, value-weighted
// acceptance and (Duyun) 花猪 exposure; A1-A10 are the definitions' ids.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "qianmj/core/error.hpp"
#include "qianmj/core/hand.hpp"
#include "qianmj/core/item.hpp"
#include "qianmj/engine/waits.hpp"

namespace qianmj {

class Ruleset;

struct AdviceArgs {
  Counts seen{};  // tiles visible elsewhere: rivers, others' melds, a turned tile (A1)
  bool dou = false;
  bool baoting = false;  // the ready rows valued as if 报听 were declared with that discard
};

enum class AdviceSort { Speed, Value };  // A9

struct LineAdvice {  // A5
  Item item;         // the pattern, at its least value
  int shanten = 0;
  Acceptance accept;  // kinds and tiles only (no list)
};

struct HuazhuRisk {  // A8 (Duyun D8)
  int suits = 3;
  bool ready = false;
  int two_suit_shanten = 0;
  Suit shed = Suit::Man;  // the suit to shed, and its concealed tiles
  int shed_tiles = 0;
};

struct AdviceRow {
  std::optional<Tile> discard;  // none for a 13-tile hand (A10)
  int shanten = 0;
  std::vector<Item> forms;  // A2: the shapes that reach it (standard, qidui, the extra one)
  Acceptance accept;
  // A6, ready rows: the waits (remaining as A1), and what they are worth.
  std::optional<WaitsAnswer> waits;
  int win_tiles = 0;
  int discard_win_tiles = 0;
  std::int64_t value_tiles = 0;
  std::int64_t dajiao = 0;
  bool ready_for_settlement = false;
  std::int64_t vwa = 0;  // A7
  std::vector<LineAdvice> lines;
  std::optional<HuazhuRisk> huazhu;
  unsigned suits = 0;  // suits held, hand and melds (bit = Suit)
};

struct Advice {
  Hand hand;
  bool win = false;             // a 14-tile winning hand
  int shanten = 0;              // the best row's
  std::vector<AdviceRow> rows;  // A9 order; one row without a discard for 13 tiles
  bool ready() const { return win || shanten == 0; }
};

// The hand's 向听 under the rule set (A3): its winning families (C3's two on at most
// max_suits() suits, and the extra shape). 13 or 14 tiles.
int shanten(const Ruleset& rules, const Hand& hand);

// Fills a 13-tile waits answer's shanten and, when it is not ready, its acceptance (waits
// --json, and the text's 未听牌 line).
void add_shanten(const Ruleset& rules, WaitsAnswer& waits);

// The advice for a 13- or 14-tile hand (kong = 3). Errors: wrong_tile_count, too_many_copies
// (hand and seen over four), inconsistent (报听 with a meld).
Result<Advice> advise(const Ruleset& rules, const Hand& hand, const AdviceArgs& args,
                      AdviceSort sort = AdviceSort::Speed);

}  // namespace qianmj
