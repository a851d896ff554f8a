// 向听 (shanten), exactly (ADVICE A2, A3): the fewest tiles a hand lacks to be a winning
// shape of a family, Σ max(0, w - h) minimised over the family's targets, less one. A target
// keeps every kind at four copies or fewer, melds included (C5): a hand whose only completion
// needs a fifth copy is not ready. Knows no rule set: a rule set says which families win.
#pragma once

#include <cstdint>

#include "qianmj/core/hand.hpp"

namespace qianmj {

// No target of the family can be reached (七对 with a meld, 清一色 with melds in two suits).
inline constexpr int kNoShape = 99;
inline constexpr std::uint32_t kAllKinds = (1u << kKinds) - 1;

// A family of winning shapes (ADVICE A5's lines are families, and so are the rule sets'
// winning shapes).
struct Family {
  enum class Form : std::uint8_t {
    Standard,    // 4 sets (melds included) and a pair
    SevenPairs,  // seven pairs, no melds; four alike is two pairs
    Pungs,       // 4 pungs or kongs (melds included) and a pair: 对对胡
    Terminals,   // sets 111, 999, 123, 789 and a pair 11 or 99 (Duyun 清幺九: one suit)
  };
  Form form = Form::Standard;
  std::uint8_t max_suits = 3;       // 1: one suit (清一色), 2: lacking a suit (Zunyi Z1)
  std::uint32_t kinds = kAllKinds;  // Pungs: the kinds its sets and pair may be of (将对: 258)
  // SevenPairs: count them as riichi tools do (seven different kinds), for comparisons with
  // them only (ADVICE O4); no rule set here counts so.
  bool riichi_pairs = false;
  std::uint8_t suit_mask = 7;  // the suits its targets may use (bit = Suit): 花猪's shed suit
};

// Tiles the hand (13 or 14, kong = 3) lacks to be of the family; kNoShape when it cannot be.
int distance(const Hand& hand, const Family& family);

// The least distance() of the standard and seven-pairs families on at most max_suits suits:
// what every rule set's own shapes need (its extra shape aside), in one pass.
int least_distance(const Hand& hand, std::uint8_t max_suits);

// distance - 1: 0 is ready (13 tiles), -1 a winning shape (14), kNoShape when none.
inline int shanten(const Hand& hand, const Family& family) {
  const int d = distance(hand, family);
  return d >= kNoShape ? kNoShape : d - 1;
}

// Tiles the concealed counts lack to hold `pairs` pairs of the kinds in `kinds` (a kind held
// four times is two pairs): C3's seven pairs, and the five of Guiyang's 地龙; kNoShape when
// those kinds cannot hold so many.
int pairs_distance(const Counts& concealed, int pairs, std::uint32_t kinds);

// distance() of one hand (13 or fewer tiles) and of that hand with one more copy of any kind,
// for any family, from facts gathered once a suit: an acceptance asks each family 27 times,
// and each answer here costs a merge or a few counts instead of a search of the whole hand.
// Equal to distance(hand + drawn, family) (the tests hold it to that).
class DrawnDistances {
 public:
  explicit DrawnDistances(const Hand& hand);
  // The hand's distance to the family, or with one more copy of tile index `drawn` (>= 0).
  int distance(const Family& family, int drawn = -1) const;

 private:
  // The caches below are filled when first asked (their `made` bits say which), and left
  // unset until then: a hand that asks two families does not clear a kilobyte.
  struct Pungs {  // 对对胡 for one kinds mask: each suit's kinds by (pair cost, pung cost)
    std::uint32_t kinds = 0;
    bool made = false;
    std::uint8_t classes[8][3][5];  // by suit set: [pair cost 0-2][pung cost + 1: none, 0-3]
    std::uint8_t buckets[8][4];     // by suit set: pung costs 0-3
  };
  std::uint64_t suit(int s, int drawn) const;  // nibble 2k + p: k sets, p pairs (15: none)
  int suit_class(int s, int drawn) const;      // its class in the table, -1 when searched
  const Pungs& pungs_of(std::uint32_t kinds) const;
  int standard(const Family& f, int drawn) const;
  int seven_pairs(const Family& f, int drawn) const;
  int pungs(const Family& f, int drawn) const;
  int pungs_searched(const Family& f, int drawn) const;
  int terminals(const Family& f, int drawn) const;

  Counts counts_{};
  std::uint8_t cap_[kKinds] = {};
  unsigned meld_suits_ = 0;
  int melds_ = 0;
  bool terminal_melds_ = true;
  std::uint32_t meld_kinds_ = 0;
  std::uint64_t base_[kSuits] = {};
  std::int16_t base_class_[kSuits] = {};
  mutable std::uint64_t plus_[kKinds];
  mutable std::int16_t plus_class_[kKinds];
  mutable std::uint32_t plus_made_ = 0;
  mutable std::uint64_t others_[kSuits];  // the two suits but one, merged (three suits)
  mutable unsigned others_made_ = 0;
  int pairs_[kSuits][2] = {};   // seven pairs: pairs free (h / 2), kinds held an odd time
  int riichi_[kSuits][3] = {};  // the same, riichi's way
  mutable Pungs pungs_[2];
  struct DrawnMemo {  // pungs() by the drawn kind's suit, copies (0-2) and cap, for one family
    std::uint32_t kinds = 0;
    unsigned family = 0;  // max_suits and suit_mask
    std::uint64_t made = 0;
    std::int8_t value[45];
  };
  mutable DrawnMemo drawn_memo_;
  mutable int terminal_[kSuits];
  mutable unsigned terminal_made_ = 0;
};

// One suit's distances (ADVICE O1's per-suit step): the tiles its counts v lack to hold k sets
// (0-4) and p pairs (0-1), no kind over cap[r] copies; 15 where it cannot. With cap 4 for
// every rank it is read from a table built once; otherwise searched.
struct SuitDistances {
  std::uint8_t d[5][2];
};
SuitDistances suit_distances(const std::uint8_t (&v)[kRanks], const std::uint8_t (&cap)[kRanks]);

}  // namespace qianmj
