#include "qianmj/core/shanten.hpp"

#include "core/suit_search.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <unordered_map>
#include <vector>

// The table (suit_search::classed_table: 256 class vectors, then a class a suit), written at
// build time and embedded (gen_tables --shanten, 0.4 MB, lib/gen/shanten_table.S.in).
extern "C" const std::uint64_t qianmj_shanten_table[];

namespace qianmj {
namespace {

namespace ss = suit_search;

// The class vectors (the last slot: how many classes there are) and the suits' classes.
const std::uint64_t* class_vectors() {
  return qianmj_shanten_table;
}
const std::uint8_t* suit_classes() {
  return reinterpret_cast<const std::uint8_t*>(qianmj_shanten_table + ss::kClassSlots);
}

// A suit's (or a merge of suits') distances packed: nibble 2k + p (bits 8k + 4p) the tiles
// lacked for k sets and p pairs, 15 where there is no such shape. A whole hand lacks at most
// 14, so a sum of 15 or more is no shape too, and a merge keeps its values at 15 or below.
using Packed = std::uint64_t;
constexpr Packed kNonePacked = 0xFFFFFFFFFFull;

int nib(Packed e, int k, int p) {
  return static_cast<int>(e >> (8 * k + 4 * p) & 15);
}

// The table's index of a suit in two reads instead of nine (suit_search::Ranking::index):
// ranks 0-4 and ranks 5-8, each as a base-5 number.
struct SplitRanking {
  std::uint32_t low[3125] = {};      // ranks 0-4: their part of the index << 4 | their tiles
  std::uint32_t high[15][625] = {};  // ranks 5-8, after `before` tiles in ranks 0-4
  constexpr SplitRanking() {
    const auto& rk = ss::kRanking;
    for (int key = 0; key < 3125; ++key) {
      std::uint32_t part = 0;
      int before = 0, k = key;
      for (int r = 0; r < 5; ++r, k /= 5) {
        const int c = k % 5;
        if (before <= ss::kMaxSuitTiles) part += rk.offset[r][before][c];
        before += c;
      }
      low[key] = part << 4 | static_cast<std::uint32_t>(std::min(before, 15));
    }
    for (int start = 0; start < 15; ++start)
      for (int key = 0; key < 625; ++key) {
        std::uint32_t part = 0;
        int before = start, k = key;
        for (int r = 5; r < kRanks; ++r, k /= 5) {
          const int c = k % 5;
          if (before <= ss::kMaxSuitTiles) part += rk.offset[r][before][c];
          before += c;
        }
        high[start][key] = part;
      }
  }
};

constexpr SplitRanking split;

// The table's class of one suit: every count at most 4, at most 14 tiles in all.
[[gnu::always_inline]] inline int table_class(const std::uint8_t* v) {
  const unsigned low = v[0] + 5u * (v[1] + 5u * (v[2] + 5u * (v[3] + 5u * v[4])));
  const unsigned high = v[5] + 5u * (v[6] + 5u * (v[7] + 5u * v[8]));
  const std::uint32_t l = split.low[low];
  return suit_classes()[(l >> 4) + split.high[l & 15][high]];
}

struct Caps {
  std::uint8_t cap[kKinds];
  unsigned meld_suits = 0;  // suits with a meld
  int melds = 0;
};

Caps caps_of(const Hand& hand) {
  Caps c{};
  std::fill(std::begin(c.cap), std::end(c.cap), std::uint8_t{4});
  for (const auto& m : hand.melds) {
    const int i = m.tile.index();
    c.cap[i] = static_cast<std::uint8_t>(c.cap[i] >= m.copies() ? c.cap[i] - m.copies() : 0);
    c.meld_suits |= 1u << static_cast<unsigned>(m.tile.suit());
    ++c.melds;
  }
  return c;
}

// One suit's packed distances: from the table when it can answer (no rank capped by a meld,
// no count over four, at most 14 tiles; `cls` its class then, else -1), else searched.
Packed suit_packed(const std::uint8_t* v, const std::uint8_t* cap, int* cls = nullptr) {
  int tiles = 0;
  bool table = true;
  for (int r = 0; r < kRanks; ++r) {
    tiles += v[r];
    table = table && v[r] <= 4 && cap[r] == 4;
  }
  if (cls) *cls = -1;
  if (table && tiles <= ss::kMaxSuitTiles) {
    const int c = table_class(v);
    if (cls) *cls = c;
    return class_vectors()[c];
  }
  const ss::Distances found = ss::search(v, cap);
  Packed e = 0;
  for (int i = 0; i < 10; ++i) e |= Packed{found[static_cast<std::size_t>(i)]} << (4 * i);
  return e;
}

Packed suit_of(const Hand& hand, const Caps& caps, int s) {
  return suit_packed(hand.concealed.data() + s * kRanks, caps.cap + s * kRanks);
}

// The suit sets a target may use: all three, each two, or each one; none may leave out a
// suit that holds a meld.
template <class F>
int over_suit_sets(const Family& family, unsigned meld_suits, F&& f) {
  int best = kNoShape;
  const unsigned mask = family.suit_mask & 7u;
  static constexpr unsigned kBits[8] = {0, 1, 1, 2, 1, 2, 2, 3};  // popcount, without a call
  const unsigned most = std::min<unsigned>(family.max_suits, kBits[mask]);
  for (unsigned set = 1; set < 8; ++set) {
    if ((set & ~mask) != 0 || kBits[set] != most) continue;
    if ((meld_suits & ~set) != 0) continue;
    best = std::min(best, f(set));
  }
  return best;
}

// Two suits together: the least for k sets (k <= need) and p pairs, 15 and above as 15.
template <int need>
Packed merge_n(Packed a, Packed b) {
  Packed e = kNonePacked;
  for (int k = 0; k <= need; ++k) {
    int none = 15, one = 15;
    for (int j = 0; j <= k; ++j) {
      none = std::min(none, nib(a, j, 0) + nib(b, k - j, 0));
      one = std::min({one, nib(a, j, 1) + nib(b, k - j, 0), nib(a, j, 0) + nib(b, k - j, 1)});
    }
    e &= ~(Packed{0xFF} << (8 * k));
    e |= static_cast<Packed>(none | one << 4) << (8 * k);
  }
  return e;
}

// The last suit: `need` sets and the pair between the merged ones and it; kNoShape when none.
template <int need>
int finish_n(Packed a, Packed b) {
  int best = 30;
  for (int j = 0; j <= need; ++j)
    best = std::min({best, nib(a, j, 1) + nib(b, need - j, 0), nib(a, j, 0) + nib(b, need - j, 1)});
  return best >= 15 ? kNoShape : best;
}

// Seven pairs (C3) from a hand's free pairs (h / 2 a kind held h times) and odd kinds (h
// odd): one at a tile for each odd kind, the rest at two tiles each (there are always enough).
int pairs_cost(int free_pairs, int odd_kinds) {
  if (free_pairs >= 7) return 0;
  if (free_pairs + odd_kinds >= 7) return 7 - free_pairs;
  return odd_kinds + 2 * (7 - free_pairs - odd_kinds);
}

// The same for a need known at run time (0-4), each unrolled.
template <template <int> class Op, class... Args>
auto by_need(int need, Args... args) {
  switch (need) {
    case 0:
      return Op<0>::run(args...);
    case 1:
      return Op<1>::run(args...);
    case 2:
      return Op<2>::run(args...);
    case 3:
      return Op<3>::run(args...);
    default:
      return Op<4>::run(args...);
  }
}
template <int n>
struct MergeOp {
  static Packed run(Packed a, Packed b) { return merge_n<n>(a, b); }
};
template <int n>
struct FinishOp {
  static int run(Packed a, Packed b) { return finish_n<n>(a, b); }
};
Packed merge(Packed a, Packed b, int need) {
  return by_need<MergeOp>(need, a, b);
}
int finish_with(Packed a, Packed b, int need) {
  return by_need<FinishOp>(need, a, b);
}

// The standard merges of suits read from the table, by class, for a hand without melds (a
// meld caps its suit, which is then searched): two classes' merge for any sets as a class of
// the merged vectors (180), the three-suit distance of a merged class and a class, and the
// two-suit distance of two classes; 15 where none. Made when first asked (half a
// millisecond), thread-safe.
struct Combine {
  int classes = 0;
  std::vector<std::uint16_t> merged;  // [a * classes + b]: the merged class
  std::vector<std::uint8_t> three;    // [m * classes + c]
  std::vector<std::uint8_t> two;      // [a * classes + b]
  Combine() {
    constexpr int need = 4;
    const Packed* v = class_vectors();
    classes = static_cast<int>(v[ss::kClassSlots - 1]);
    const auto n = static_cast<std::size_t>(classes);
    merged.resize(n * n);
    two.resize(n * n);
    std::vector<Packed> kinds;  // the merged classes' vectors
    std::unordered_map<Packed, std::uint16_t> seen;
    for (std::size_t a = 0; a < n; ++a)
      for (std::size_t b = a; b < n; ++b) {  // both are symmetric
        const Packed m = merge(v[a], v[b], need);
        const auto [at, added] = seen.try_emplace(m, static_cast<std::uint16_t>(kinds.size()));
        if (added) kinds.push_back(m);
        merged[a * n + b] = merged[b * n + a] = at->second;
        two[a * n + b] = two[b * n + a] =
            static_cast<std::uint8_t>(std::min(finish_with(v[a], v[b], need), 15));
      }
    three.resize(kinds.size() * n);
    for (std::size_t m = 0; m < kinds.size(); ++m)
      for (std::size_t c = 0; c < n; ++c)
        three[m * n + c] =
            static_cast<std::uint8_t>(std::min(finish_with(kinds[m], v[c], need), 15));
  }
  int distance3(int a, int b, int c) const {
    const auto n = static_cast<std::size_t>(classes);
    const int d = three[merged[static_cast<std::size_t>(a) * n + static_cast<std::size_t>(b)] * n +
                        static_cast<std::size_t>(c)];
    return d >= 15 ? kNoShape : d;
  }
  int distance2(int a, int b) const {
    const int d = two[static_cast<std::size_t>(a) * static_cast<std::size_t>(classes) +
                      static_cast<std::size_t>(b)];
    return d >= 15 ? kNoShape : d;
  }
};
const Combine& combine() {
  static const Combine c;
  return c;
}

// Standard shapes over the suits a provider gives (suit(s): that suit's packed distances).
template <class Suit>
int standard_from(const Family& f, unsigned meld_suits, int melds, Suit&& suit) {
  const int need = 4 - melds;
  if (need < 0) return kNoShape;
  return over_suit_sets(f, meld_suits, [&](unsigned set) {
    int in[kSuits], n = 0;
    for (int s = 0; s < kSuits; ++s)
      if (set >> s & 1) in[n++] = s;
    if (n == 1) {
      const int v = nib(suit(in[0]), need, 1);
      return v >= 15 ? kNoShape : v;
    }
    if (n == 2) return finish_with(suit(in[0]), suit(in[1]), need);
    return finish_with(merge(suit(in[0]), suit(in[1]), need), suit(in[2]), need);
  });
}

int standard(const Hand& hand, const Family& f, const Caps& caps) {
  Packed d[kSuits];
  unsigned have = 0;
  return standard_from(f, caps.meld_suits, caps.melds, [&](int s) {
    if (!(have >> s & 1)) {
      d[s] = suit_of(hand, caps, s);
      have |= 1u << s;
    }
    return d[s];
  });
}

// Pairs a kind held h times gives at 0, 1 or 2 tiles each, in rising order: its w is 0, 2 or 4
// (riichi: 0 or 2). The cheapest `pairs` of them.
int cheapest_pairs(const Counts& c, int pairs, std::uint32_t kinds, bool riichi) {
  int cost[3] = {};  // pairs to be had at 0, 1 and 2 tiles
  for (int i = 0; i < kKinds; ++i) {
    if (!(kinds >> i & 1)) continue;
    const int h = std::min<int>(c[static_cast<std::size_t>(i)], 4);
    if (riichi) {
      ++cost[h >= 2 ? 0 : h == 1 ? 1 : 2];
      continue;
    }
    static constexpr int kFirst[5] = {2, 1, 0, 0, 0}, kSecond[5] = {2, 2, 2, 1, 0};
    ++cost[kFirst[h]];
    ++cost[kSecond[h]];
  }
  int need = pairs, total = 0;
  for (int k = 0; k < 3 && need > 0; ++k) {
    const int n = std::min(need, cost[k]);
    total += n * k;
    need -= n;
  }
  return need > 0 ? kNoShape : total;
}

constexpr std::uint32_t kSuitKinds = (1u << kRanks) - 1;
std::uint32_t kinds_of(unsigned suit_set) {
  std::uint32_t k = 0;
  for (int s = 0; s < kSuits; ++s)
    if (suit_set >> s & 1) k |= kSuitKinds << (s * kRanks);
  return k;
}

// Seven pairs (C3), no melds.
int seven_pairs(const Hand& hand, const Family& f, const Caps& caps) {
  if (caps.melds) return kNoShape;
  return over_suit_sets(f, 0, [&](unsigned set) {
    return cheapest_pairs(hand.concealed, 7, kinds_of(set), f.riichi_pairs);
  });
}

// 对对胡: the pair's kind and the cheapest pungs of the other kinds.
int pungs(const Hand& hand, const Family& f, const Caps& caps) {
  const int need = 4 - caps.melds;
  if (need < 0) return kNoShape;
  for (const auto& m : hand.melds)
    if (!(f.kinds >> m.tile.index() & 1)) return kNoShape;
  // Each kind's cost as a pung and as the pair (-1: not of the family, or capped by a meld).
  int pung_cost[kKinds], pair_cost[kKinds];
  for (int i = 0; i < kKinds; ++i) {
    const bool of = f.kinds >> i & 1;
    const int h = hand.concealed[static_cast<std::size_t>(i)];
    pung_cost[i] = of && caps.cap[i] >= 3 ? std::max(0, 3 - h) : -1;
    pair_cost[i] = of && caps.cap[i] >= 2 ? std::max(0, 2 - h) : -1;
  }
  return over_suit_sets(f, caps.meld_suits, [&](unsigned set) {
    int buckets[4] = {};
    for (int s = 0; s < kSuits; ++s)
      if (set >> s & 1)
        for (int i = s * kRanks; i < (s + 1) * kRanks; ++i)
          if (pung_cost[i] >= 0) ++buckets[pung_cost[i]];
    int best = kNoShape;
    for (int s = 0; s < kSuits; ++s) {
      if (!(set >> s & 1)) continue;
      for (int q = s * kRanks; q < (s + 1) * kRanks; ++q) {
        if (pair_cost[q] < 0) continue;
        if (pung_cost[q] >= 0) --buckets[pung_cost[q]];
        int left = need, total = pair_cost[q];
        for (int c = 0; c < 4 && left > 0; ++c) {
          const int n = std::min(left, buckets[c]);
          total += n * c;
          left -= n;
        }
        if (pung_cost[q] >= 0) ++buckets[pung_cost[q]];
        if (left == 0) best = std::min(best, total);
      }
    }
    return best;
  });
}

// 清幺九 in one suit (h, cap: its nine ranks): sets 111 999 123 789, a pair 11 or 99. Ranks 4-6
// hold nothing in these shapes: the cost is the other six's.
int terminal_suit(const std::uint8_t* h, const std::uint8_t* cap, int need) {
  auto lack = [&](int r, int w) { return w > cap[r] ? kNoShape : std::max(0, w - h[r]); };
  int best = kNoShape;
  for (int lo = 0; lo <= need; ++lo) {
    const int middle_lo = lack(1, lo) + lack(2, lo);  // 2 and 3: the 123 sequences
    for (int hi = 0; lo + hi <= need; ++hi) {
      const int rest = need - lo - hi;  // pungs of 1 and 9: at most one each
      if (rest > 2) continue;
      const int middle = middle_lo + lack(6, hi) + lack(7, hi);
      for (int n1 = 0; n1 <= std::min(rest, 1); ++n1) {
        const int n9 = rest - n1;
        if (n9 > 1) continue;
        const int pair1 = lack(0, 3 * n1 + lo + 2) + lack(8, 3 * n9 + hi);
        const int pair9 = lack(0, 3 * n1 + lo) + lack(8, 3 * n9 + hi + 2);
        best = std::min(best, middle + std::min(pair1, pair9));
      }
    }
  }
  return best;
}

// Whether the melds allow 清幺九 (each a pung or kong of a 1 or a 9), and the suits it may use.
bool terminal_melds(const Hand& hand) {
  for (const auto& m : hand.melds)
    if (!m.tile.terminal()) return false;
  return true;
}

int terminals(const Hand& hand, const Family& f, const Caps& caps) {
  const int need = 4 - caps.melds;
  if (need < 0 || !terminal_melds(hand)) return kNoShape;
  int best = kNoShape;
  for (int s = 0; s < kSuits; ++s) {
    if ((caps.meld_suits & ~(1u << s)) || !(f.suit_mask >> s & 1)) continue;
    best = std::min(best,
                    terminal_suit(hand.concealed.data() + s * kRanks, caps.cap + s * kRanks, need));
  }
  return best >= kNoShape ? kNoShape : best;
}

std::uint64_t load8(const std::uint8_t* p) {
  std::uint64_t w;
  std::memcpy(&w, p, sizeof w);
  if constexpr (std::endian::native == std::endian::big) w = __builtin_bswap64(w);
  return w;
}

// Sum of a word's eight bytes (each small).
int byte_sum(std::uint64_t w) {
  return static_cast<int>((w * 0x0101010101010101ull) >> 56);
}

// distance() of a hand without melds to the standard and seven-pairs families on every suit
// or any two (the common case: every 向听 asks it), no count over four: the suits' classes,
// and the pairs counted a word at a time; false where the general path must answer.
template <bool kStandard, bool kPairs>
bool concealed_distances(const Counts& c, int most, int& standard, int& pairs) {
  constexpr std::uint64_t kBytes = 0x0101010101010101ull;
  int free[kSuits], odd[kSuits];
  for (int s = 0; s < kSuits; ++s) {
    const std::uint8_t* v = c.data() + s * kRanks;
    const std::uint64_t w = load8(v);
    // A byte over 7, or (all at most 7) over 4.
    if (((w & 0xF8 * kBytes) | ((w + 0x7B * kBytes) & 0x80 * kBytes)) != 0 || v[8] > 4)
      return false;
    if (byte_sum(w) + v[8] > ss::kMaxSuitTiles) return false;
    free[s] = byte_sum(w >> 1 & 0x7F * kBytes) + (v[8] >> 1);
    odd[s] = byte_sum(w & kBytes) + (v[8] & 1);
  }
  if constexpr (kPairs) {
    pairs = most >= 3 ? pairs_cost(free[0] + free[1] + free[2], odd[0] + odd[1] + odd[2])
                      : std::min({pairs_cost(free[0] + free[1], odd[0] + odd[1]),
                                  pairs_cost(free[0] + free[2], odd[0] + odd[2]),
                                  pairs_cost(free[1] + free[2], odd[1] + odd[2])});
  }
  if constexpr (kStandard) {
    const int c0 = table_class(c.data()), c1 = table_class(c.data() + kRanks),
              c2 = table_class(c.data() + 2 * kRanks);
    const Combine& by = combine();
    standard = most >= 3
                   ? by.distance3(c0, c1, c2)
                   : std::min({by.distance2(c0, c1), by.distance2(c0, c2), by.distance2(c1, c2)});
  }
  return true;
}

bool concealed_distance(const Counts& c, const Family& f, int& out) {
  if ((f.suit_mask & 7u) != 7u || f.max_suits < 2 || f.riichi_pairs) return false;
  int unused = 0;
  if (f.form == Family::Form::Standard)
    return concealed_distances<true, false>(c, f.max_suits, out, unused);
  if (f.form == Family::Form::SevenPairs)
    return concealed_distances<false, true>(c, f.max_suits, unused, out);
  return false;
}

}  // namespace

int pairs_distance(const Counts& concealed, int pairs, std::uint32_t kinds) {
  return cheapest_pairs(concealed, pairs, kinds, false);
}

SuitDistances suit_distances(const std::uint8_t (&v)[kRanks], const std::uint8_t (&cap)[kRanks]) {
  const Packed e = suit_packed(v, cap);
  SuitDistances d{};
  for (int k = 0; k < 5; ++k)
    for (int p = 0; p < 2; ++p) d.d[k][p] = static_cast<std::uint8_t>(nib(e, k, p));
  return d;
}

namespace {

int riichi_pair(int h) {
  return h >= 2 ? 0 : h == 1 ? 1 : 2;
}
int pung_cost(int h, int cap) {
  return cap >= 3 ? std::max(0, 3 - h) : -1;
}
int pair_cost(int h, int cap) {
  return cap >= 2 ? std::max(0, 2 - h) : -1;
}

// The cheapest `need` of the pairs to be had at 0, 1 and 2 tiles (cost[c]); kNoShape when short.
int cheapest(const int (&cost)[3], int need) {
  int total = 0;
  for (int c = 0; c < 3 && need > 0; ++c) {
    const int n = std::min(need, cost[c]);
    total += n * c;
    need -= n;
  }
  return need > 0 ? kNoShape : total;
}

}  // namespace

DrawnDistances::DrawnDistances(const Hand& hand) : counts_(hand.concealed) {
  const Caps caps = caps_of(hand);
  std::copy(std::begin(caps.cap), std::end(caps.cap), std::begin(cap_));
  meld_suits_ = caps.meld_suits;
  melds_ = caps.melds;
  terminal_melds_ = terminal_melds(hand);
  for (const auto& m : hand.melds) meld_kinds_ |= 1u << m.tile.index();
  for (int s = 0; s < kSuits; ++s) {
    int cls = -1;
    base_[s] = suit_packed(hand.concealed.data() + s * kRanks, caps.cap + s * kRanks, &cls);
    base_class_[s] = static_cast<std::int16_t>(cls);
  }
  for (int i = 0; i < kKinds; ++i) {
    const int h = std::min<int>(counts_[static_cast<std::size_t>(i)], 4), s = i / kRanks;
    pairs_[s][0] += h >> 1;  // free pairs
    pairs_[s][1] += h & 1;   // kinds held an odd number of times
    ++riichi_[s][riichi_pair(h)];
  }
}

std::uint64_t DrawnDistances::suit(int s, int drawn) const {
  if (drawn < 0 || drawn / kRanks != s) return base_[s];
  if (!(plus_made_ >> drawn & 1)) {
    std::uint8_t v[kRanks];
    std::copy(counts_.begin() + s * kRanks, counts_.begin() + (s + 1) * kRanks, v);
    ++v[drawn % kRanks];
    int cls = -1;
    plus_[drawn] = suit_packed(v, cap_ + s * kRanks, &cls);
    plus_class_[drawn] = static_cast<std::int16_t>(cls);
    plus_made_ |= 1u << drawn;
  }
  return plus_[drawn];
}

int DrawnDistances::suit_class(int s, int drawn) const {
  if (drawn < 0 || drawn / kRanks != s) return base_class_[s];
  suit(s, drawn);
  return plus_class_[drawn];
}

int DrawnDistances::standard(const Family& f, int drawn) const {
  // No meld, and every suit read from the table: the classes' merges.
  if ((f.suit_mask & 7u) == 7u && f.max_suits >= 2 && melds_ == 0) {
    const int c0 = suit_class(0, drawn), c1 = suit_class(1, drawn), c2 = suit_class(2, drawn);
    if (c0 >= 0 && c1 >= 0 && c2 >= 0) {
      const Combine& by = combine();
      if (f.max_suits >= 3) return by.distance3(c0, c1, c2);
      return std::min({by.distance2(c0, c1), by.distance2(c0, c2), by.distance2(c1, c2)});
    }
  }
  // Three suits and a drawn tile (every acceptance of the common shapes): the other two suits'
  // merge is the same for every tile drawn in this one.
  if (drawn >= 0 && f.max_suits >= 3 && (f.suit_mask & 7u) == 7u && melds_ <= 4) {
    const int s = drawn / kRanks, need = 4 - melds_;
    if (!(others_made_ >> s & 1)) {
      others_[s] = merge(base_[(s + 1) % 3], base_[(s + 2) % 3], need);
      others_made_ |= 1u << s;
    }
    return finish_with(others_[s], suit(s, drawn), need);
  }
  return standard_from(f, meld_suits_, melds_, [&](int s) { return suit(s, drawn); });
}

int DrawnDistances::seven_pairs(const Family& f, int drawn) const {
  if (melds_) return kNoShape;
  int h = 0, g = 0;  // the drawn kind's copies before and after
  if (drawn >= 0) {
    h = std::min<int>(counts_[static_cast<std::size_t>(drawn)], 4);
    g = std::min(h + 1, 4);
  }
  if (!f.riichi_pairs) {
    int free[kSuits], odd[kSuits];
    for (int s = 0; s < kSuits; ++s) free[s] = pairs_[s][0], odd[s] = pairs_[s][1];
    if (drawn >= 0) {
      free[drawn / kRanks] += (g >> 1) - (h >> 1);
      odd[drawn / kRanks] += (g & 1) - (h & 1);
    }
    return over_suit_sets(f, 0, [&](unsigned set) {
      int free_pairs = 0, odd_kinds = 0;
      for (int s = 0; s < kSuits; ++s)
        if (set >> s & 1) free_pairs += free[s], odd_kinds += odd[s];
      return pairs_cost(free_pairs, odd_kinds);
    });
  }
  return over_suit_sets(f, 0, [&](unsigned set) {
    int cost[3] = {};
    for (int s = 0; s < kSuits; ++s)
      if (set >> s & 1)
        for (int c = 0; c < 3; ++c) cost[c] += riichi_[s][c];
    if (drawn >= 0 && (set >> (drawn / kRanks) & 1)) {
      --cost[riichi_pair(h)];
      ++cost[riichi_pair(g)];
    }
    return cheapest(cost, 7);
  });
}

const DrawnDistances::Pungs& DrawnDistances::pungs_of(std::uint32_t kinds) const {
  Pungs& p = pungs_[kinds == kAllKinds ? 0 : 1];
  if (p.made && p.kinds == kinds) return p;
  p = Pungs{};
  p.kinds = kinds;
  p.made = true;
  for (int i = 0; i < kKinds; ++i) {
    if (!(kinds >> i & 1)) continue;
    const int h = counts_[static_cast<std::size_t>(i)];
    const int pair = pair_cost(h, cap_[i]), pung = pung_cost(h, cap_[i]);
    for (unsigned set = 1; set < 8; ++set) {  // each suit set that holds the kind's suit
      if (!(set >> (i / kRanks) & 1)) continue;
      if (pair >= 0) ++p.classes[set][pair][pung + 1];
      if (pung >= 0) ++p.buckets[set][pung];
    }
  }
  return p;
}

int DrawnDistances::pungs(const Family& f, int drawn) const {
  // A drawn kind of the family (held 0-2 times: distance() answers the others) moves the
  // answer by its suit, copies and cap only: one answer a class, kept while a family asks.
  const int h = drawn >= 0 ? counts_[static_cast<std::size_t>(drawn)] : 3;
  if (h > 2 || cap_[drawn] > 4) return pungs_searched(f, drawn);
  const unsigned family = static_cast<unsigned>(f.max_suits) << 3 | (f.suit_mask & 7u);
  if (drawn_memo_.kinds != f.kinds || drawn_memo_.family != family) {
    drawn_memo_.kinds = f.kinds;
    drawn_memo_.family = family;
    drawn_memo_.made = 0;
  }
  const int key = (drawn / kRanks) * 15 + h * 5 + cap_[drawn];
  if (!(drawn_memo_.made >> key & 1)) {
    drawn_memo_.value[key] = static_cast<std::int8_t>(pungs_searched(f, drawn));
    drawn_memo_.made |= std::uint64_t{1} << key;
  }
  return drawn_memo_.value[key];
}

int DrawnDistances::pungs_searched(const Family& f, int drawn) const {
  const int need = 4 - melds_;
  if (need < 0 || (meld_kinds_ & ~f.kinds)) return kNoShape;
  const Pungs& p = pungs_of(f.kinds);
  return over_suit_sets(f, meld_suits_, [&](unsigned set) {
    int classes[3][5], buckets[4];
    std::copy(&p.classes[set][0][0], &p.classes[set][0][0] + 15, &classes[0][0]);
    std::copy(std::begin(p.buckets[set]), std::end(p.buckets[set]), std::begin(buckets));
    if (drawn >= 0 && (set >> (drawn / kRanks) & 1) && (f.kinds >> drawn & 1)) {
      const int h = counts_[static_cast<std::size_t>(drawn)], c = cap_[drawn];
      for (int step = 0; step < 2; ++step) {  // the kind's old place out, its new one in
        const int held = step ? h + 1 : h, sign = step ? 1 : -1;
        const int pair = pair_cost(held, c), pung = pung_cost(held, c);
        if (pair >= 0) classes[pair][pung + 1] += sign;
        if (pung >= 0) buckets[pung] += sign;
      }
    }
    int best = kNoShape;
    for (int pair = 0; pair < 3; ++pair)
      for (int b = 0; b < 5; ++b) {
        if (classes[pair][b] <= 0) continue;
        if (b > 0) --buckets[b - 1];  // the pair's kind is no pung too
        int left = need, total = pair;
        for (int c = 0; c < 4 && left > 0; ++c) {
          const int n = std::min(left, buckets[c]);
          total += n * c;
          left -= n;
        }
        if (b > 0) ++buckets[b - 1];
        if (left == 0) best = std::min(best, total);
      }
    return best;
  });
}

int DrawnDistances::terminals(const Family& f, int drawn) const {
  const int need = 4 - melds_;
  if (need < 0 || !terminal_melds_) return kNoShape;
  int best = kNoShape;
  for (int s = 0; s < kSuits; ++s) {
    if ((meld_suits_ & ~(1u << s)) || !(f.suit_mask >> s & 1)) continue;
    const std::uint8_t* cap = cap_ + s * kRanks;
    if (drawn >= 0 && drawn / kRanks == s) {
      std::uint8_t v[kRanks];
      std::copy(counts_.begin() + s * kRanks, counts_.begin() + (s + 1) * kRanks, v);
      ++v[drawn % kRanks];
      best = std::min(best, terminal_suit(v, cap, need));
      continue;
    }
    if (!(terminal_made_ >> s & 1)) {
      terminal_[s] = terminal_suit(counts_.data() + s * kRanks, cap, need);
      terminal_made_ |= 1u << s;
    }
    best = std::min(best, terminal_[s]);
  }
  return best >= kNoShape ? kNoShape : best;
}

int DrawnDistances::distance(const Family& f, int drawn) const {
  // Draws that leave the family's distance as it is: a suit it does not use; for 对对胡 a kind
  // it does not use or one held three times already; for 清幺九 a 4, 5 or 6.
  if (drawn >= 0) {
    const int r = drawn % kRanks;
    if (!(f.suit_mask >> (drawn / kRanks) & 1) ||
        (f.form == Family::Form::Pungs &&
         (!(f.kinds >> drawn & 1) || counts_[static_cast<std::size_t>(drawn)] >= 3)) ||
        (f.form == Family::Form::Terminals && r >= 3 && r <= 5))
      drawn = -1;
  }
  switch (f.form) {
    case Family::Form::Standard:
      return standard(f, drawn);
    case Family::Form::SevenPairs:
      return seven_pairs(f, drawn);
    case Family::Form::Pungs:
      return pungs(f, drawn);
    case Family::Form::Terminals:
      return terminals(f, drawn);
  }
  return kNoShape;
}

int least_distance(const Hand& hand, std::uint8_t max_suits) {
  if (int standard = 0, pairs = 0;
      hand.melds.empty() && max_suits >= 2 &&
      concealed_distances<true, true>(hand.concealed, max_suits, standard, pairs))
    return std::min(standard, pairs);
  return std::min(distance(hand, Family{Family::Form::Standard, max_suits}),
                  distance(hand, Family{Family::Form::SevenPairs, max_suits}));
}

int distance(const Hand& hand, const Family& f) {
  if (int d = 0; hand.melds.empty() && concealed_distance(hand.concealed, f, d)) return d;
  const Caps caps = caps_of(hand);
  switch (f.form) {
    case Family::Form::Standard:
      return standard(hand, f, caps);
    case Family::Form::SevenPairs:
      return seven_pairs(hand, f, caps);
    case Family::Form::Pungs:
      return pungs(hand, f, caps);
    case Family::Form::Terminals:
      return terminals(hand, f, caps);
  }
  return kNoShape;
}

}  // namespace qianmj
