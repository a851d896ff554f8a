// What a hand waits on (C5, C6), with the value of each wait.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>
#include "qianmj/core/analysis.hpp"
#include "qianmj/core/hand.hpp"
#include "qianmj/core/item.hpp"
#include "qianmj/engine/situation.hpp"

namespace qianmj {

struct WaitValue {
  Wait wait;
  Item pattern;
  bool legal_on_discard = true;
};

// A tile that advances a hand, with its copies left (ADVICE A1: 4 - own14 - seen).
struct AcceptTile {
  Tile tile;
  int remaining = 0;
};

// The tiles whose draw lowers a hand's 向听 (ADVICE A4).
struct Acceptance {
  int kinds = 0;
  int tiles = 0;
  std::vector<AcceptTile> list;
};

struct WaitsAnswer {
  Hand hand;
  bool ready = false;
  // 向听 (0 when ready) and, when not ready, the acceptance: given where an answer shows them
  // (add_shanten, advice.hpp), not on the pipeline's text path.
  std::optional<int> shanten;
  std::optional<Acceptance> accept;
  std::optional<Text> reason;  // why formal waits do not count (Zunyi 缺一门)
  std::vector<WaitValue> waits;
  std::optional<Item> dajiao;  // best pattern over the live waits
  // What a 查大叫 at a draw charges for it before any dealer streak: the pattern and the
  // add-ons of the situation (Duyun: 报听 +6, D8), and their sum.
  std::vector<Item> dajiao_items;
  std::int64_t dajiao_total = 0;
};

struct DiscardAnswer {
  Tile discard;
  WaitsAnswer waits;
};

class Ruleset;

// The formal waits of a 13-tile hand (kong = 3) under `rules`, in tile order: C3's shapes'
// (formal_waits(hand)) and those of its extra shape (Ruleset::extra_shape), if it has one.
std::vector<Wait> formal_waits(const Ruleset& rules, const Hand& hand);

// C5/C6 waits of a 13-tile hand with each wait's best pattern; ready = a live wait exists.
WaitsAnswer analyze_waits(const Ruleset& rules, const Hand& hand, const Situation& s);
// For a 14-tile hand: each distinct discard that leaves the hand ready.
std::vector<DiscardAnswer> analyze_discards(const Ruleset& rules, const Hand& hand,
                                            const Situation& s);

}  // namespace qianmj
