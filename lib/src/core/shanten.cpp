#include "qianmj/core/shanten.hpp"

#include "core/suit_search.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <vector>

// The table (suit_search::table): written at build time and embedded (gen_tables --shanten,
// 3.2 MB, lib/gen/shanten_table.S.in); the web build makes it when first asked instead (a
// tenth of a second), to keep the module small.
#if !defined(QIANMJ_SUIT_TABLE_PACKED)
extern "C" const std::uint64_t qianmj_shanten_table[];
#endif

namespace qianmj {
namespace {

namespace ss = suit_search;

const std::uint64_t* table_entries() {
#if defined(QIANMJ_SUIT_TABLE_PACKED)
  static const std::vector<std::uint64_t> entries = ss::table();
  return entries.data();
#else
  return qianmj_shanten_table;
#endif
}

SuitDistances widen_table(std::uint64_t e) {
  SuitDistances d{};
  for (int k = 0; k < 5; ++k)
    for (int p = 0; p < 2; ++p) d.d[k][p] = static_cast<std::uint8_t>(e >> (4 * (2 * k + p)) & 0xF);
  return d;
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

SuitDistances suit_of(const Hand& hand, const Caps& caps, int s) {
  std::uint8_t v[kRanks], cap[kRanks];
  for (int r = 0; r < kRanks; ++r) {
    v[r] = hand.concealed[static_cast<std::size_t>(s * kRanks + r)];
    cap[r] = caps.cap[s * kRanks + r];
  }
  return suit_distances(v, cap);
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

// A suit's distances as ints, 15 (no such shape) as kNoShape, so that sums stay out of reach.
struct Dist {
  int d[5][2];
};
Dist widen(const SuitDistances& x) {
  Dist out;
  for (int k = 0; k < 5; ++k)
    for (int p = 0; p < 2; ++p) out.d[k][p] = x.d[k][p] == 15 ? kNoShape : x.d[k][p];
  return out;
}

// Two suits together: the least for k sets (k <= need) and p pairs.
Dist merge(const Dist& a, const Dist& b, int need) {
  Dist e;
  for (int k = 0; k <= need; ++k) {
    int none = 2 * kNoShape, one = 2 * kNoShape;
    for (int j = 0; j <= k; ++j) {
      none = std::min(none, a.d[j][0] + b.d[k - j][0]);
      one = std::min({one, a.d[j][1] + b.d[k - j][0], a.d[j][0] + b.d[k - j][1]});
    }
    e.d[k][0] = none;
    e.d[k][1] = one;
  }
  return e;
}

// The last suit: `need` sets and the pair between the merged ones and it.
int finish_with(const Dist& a, const Dist& b, int need) {
  int best = 3 * kNoShape;
  for (int j = 0; j <= need; ++j)
    best = std::min({best, a.d[j][1] + b.d[need - j][0], a.d[j][0] + b.d[need - j][1]});
  return best;
}

int standard(const Hand& hand, const Family& f, const Caps& caps) {
  const int need = 4 - caps.melds;
  if (need < 0) return kNoShape;
  Dist d[kSuits];
  bool have[kSuits] = {};
  auto suit = [&](int s) -> const Dist& {
    if (!have[s]) {
      d[s] = widen(suit_of(hand, caps, s));
      have[s] = true;
    }
    return d[s];
  };
  const int best = over_suit_sets(f, caps.meld_suits, [&](unsigned set) {
    int in[kSuits], n = 0;
    for (int s = 0; s < kSuits; ++s)
      if (set >> s & 1) in[n++] = s;
    if (n == 1) return suit(in[0]).d[need][1];
    if (n == 2) return finish_with(suit(in[0]), suit(in[1]), need);
    return finish_with(merge(suit(in[0]), suit(in[1]), need), suit(in[2]), need);
  });
  return best >= kNoShape ? kNoShape : best;
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

// 清幺九: one suit, sets 111 999 123 789 (melds: 111 or 999), a pair 11 or 99.
int terminals(const Hand& hand, const Family& f, const Caps& caps) {
  const int need = 4 - caps.melds;
  if (need < 0) return kNoShape;
  for (const auto& m : hand.melds)
    if (!m.tile.terminal()) return kNoShape;
  int best = kNoShape;
  for (int s = 0; s < kSuits; ++s) {
    if ((caps.meld_suits & ~(1u << s)) || !(f.suit_mask >> s & 1)) continue;
    const std::uint8_t* h = hand.concealed.data() + s * kRanks;
    const std::uint8_t* cap = caps.cap + s * kRanks;
    // Ranks 4-6 hold nothing in these shapes: the cost is the other six's.
    auto lack = [&](int r, int w) { return w > cap[r] ? kNoShape : std::max(0, w - h[r]); };
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
  }
  return best >= kNoShape ? kNoShape : best;
}

}  // namespace

int pairs_distance(const Counts& concealed, int pairs, std::uint32_t kinds) {
  return cheapest_pairs(concealed, pairs, kinds, false);
}

SuitDistances suit_distances(const std::uint8_t (&v)[kRanks], const std::uint8_t (&cap)[kRanks]) {
  int tiles = 0;
  bool table = true;
  for (int r = 0; r < kRanks; ++r) {
    tiles += v[r];
    table = table && v[r] <= 4 && cap[r] == 4;
  }
  if (table && tiles <= ss::kMaxSuitTiles)
    return widen_table(table_entries()[ss::kRanking.index(v)]);
  const ss::Distances found = ss::search(v, cap);
  SuitDistances d{};
  for (int k = 0; k < 5; ++k)
    for (int p = 0; p < 2; ++p) d.d[k][p] = found[static_cast<std::size_t>(2 * k + p)];
  return d;
}

int distance(const Hand& hand, const Family& f) {
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
