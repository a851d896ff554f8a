// The search behind the 向听 table (ADVICE O1's per-suit step): one suit's distances to k sets
// (0-4) and p pairs (0-1), rank by rank; and the table of them over every suit of at most 14
// tiles. Shared by the library (src/core/shanten.cpp) and the build-time generator
// (gen/gen_tables.cpp --shanten), so it needs nothing but the standard library.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <vector>

namespace qianmj::suit_search {

inline constexpr int kRanks = 9;
inline constexpr std::uint8_t kInf = 0xFF;
inline constexpr int kMaxSuitTiles = 14;   // a suit of a 13- or 14-tile hand
inline constexpr std::uint8_t kNone = 15;  // no such shape (a rank's cap too low)

// d[2k + p]: the tiles lacked for k sets and p pairs, kNone where there is no such shape.
using Distances = std::array<std::uint8_t, 10>;

// A state is (a, b, k, p): sequences started at the rank before (they need this rank and the
// next), sequences started two ranks before (they need this rank), sets begun so far and
// pairs; its value the fewest tiles lacked so far.
using States = std::array<std::uint8_t, 5 * 5 * 5 * 2>;
constexpr int at(int a, int b, int k, int p) {
  return ((a * 5 + b) * 5 + k) * 2 + p;
}

inline States start() {
  States s;
  s.fill(kInf);
  s[0] = 0;
  return s;
}

// One rank r (0-7) holding h copies, no more than cap in the target: a pung (x), the pair (y)
// and s new sequences may start here.
inline void step(const States& in, States& out, int r, int h, int cap) {
  out.fill(kInf);
  for (int a = 0; a < 5; ++a)
    for (int b = 0; a + b < 5; ++b)
      for (int k = 0; k < 5; ++k)
        for (int p = 0; p < 2; ++p) {
          const std::uint8_t v = in[static_cast<std::size_t>(at(a, b, k, p))];
          if (v == kInf) continue;
          for (int x = 0; x <= 1 && k + x <= 4; ++x)
            for (int y = 0; y <= 1 - p; ++y) {
              const int smax = r <= 6 ? 4 - k - x : 0;
              for (int s = 0; s <= smax; ++s) {
                const int w = a + b + 3 * x + 2 * y + s;
                if (w > cap) break;
                const auto c = static_cast<std::uint8_t>(v + (w > h ? w - h : 0));
                auto& o = out[static_cast<std::size_t>(at(s, a, k + x + s, p + y))];
                o = std::min(o, c);
              }
            }
        }
}

// The last rank, and the distances read off its states: no sequence starts there or is still
// open from the rank before (none starts at rank 7), so only the states (0, b, k, p) go on, to
// (0, 0, k', p'). Two thirds of the table's entries are made here.
inline Distances last_rank(const States& in, int h, int cap) {
  int best[10];
  std::fill(std::begin(best), std::end(best), int{kInf});
  for (int b = 0; b < 5; ++b)
    for (int k = 0; k < 5; ++k)
      for (int p = 0; p < 2; ++p) {
        const std::uint8_t v = in[static_cast<std::size_t>(at(0, b, k, p))];
        if (v == kInf) continue;
        for (int x = 0; x <= 1 && k + x <= 4; ++x)
          for (int y = 0; y <= 1 - p; ++y) {
            const int w = b + 3 * x + 2 * y;
            if (w > cap) continue;
            int& o = best[2 * (k + x) + p + y];
            o = std::min(o, v + (w > h ? w - h : 0));
          }
      }
  Distances d{};
  for (int i = 0; i < 10; ++i)
    d[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(best[i] >= kInf ? kNone : best[i]);
  return d;
}

// One suit's counts v (any) under caps.
inline Distances search(const std::uint8_t* v, const std::uint8_t* cap) {
  States a = start(), b;
  for (int r = 0; r + 1 < kRanks; ++r) {
    step(a, b, r, v[r], cap[r]);
    a = b;
  }
  return last_rank(a, v[kRanks - 1], cap[kRanks - 1]);
}

// The ranking of the suits of at most 14 tiles (0-4 copies a rank) in lexicographic order:
// count[pos][n] vectors of ranks pos..8 hold at most n tiles; offset[r][before][c] are ranked
// before those whose rank r holds c, given `before` tiles in ranks 0..r-1.
struct Ranking {
  std::uint32_t count[kRanks + 1][kMaxSuitTiles + 1] = {};
  std::uint32_t offset[kRanks][kMaxSuitTiles + 1][5] = {};
  constexpr Ranking() {
    for (int n = 0; n <= kMaxSuitTiles; ++n) count[kRanks][n] = 1;
    for (int pos = kRanks - 1; pos >= 0; --pos)
      for (int n = 0; n <= kMaxSuitTiles; ++n)
        for (int c = 0; c <= std::min(4, n); ++c) count[pos][n] += count[pos + 1][n - c];
    for (int r = 0; r < kRanks; ++r)
      for (int before = 0; before <= kMaxSuitTiles; ++before)
        for (int c = 1; c < 5; ++c) {
          const int left = kMaxSuitTiles - before - (c - 1);
          offset[r][before][c] = offset[r][before][c - 1] + (left >= 0 ? count[r + 1][left] : 0);
        }
  }
  constexpr std::uint32_t size() const { return count[0][kMaxSuitTiles]; }
  // v: every count at most 4, at most 14 in all.
  constexpr std::uint32_t index(const std::uint8_t* v) const {
    std::uint32_t i = 0;
    int before = 0;
    for (int r = 0; r < kRanks; ++r) {
      i += offset[r][before][v[r]];
      before += v[r];
    }
    return i;
  }
};
inline constexpr Ranking kRanking;

// The table in rank order, entry nibble 2k + p = d[2k + p]: depth-first over the ranks, so
// that each prefix's states are searched once and the entries come in rank order.
inline std::vector<std::uint64_t> table() {
  std::vector<std::uint64_t> entries(kRanking.size());
  std::array<States, kRanks> states;
  states[0] = start();
  std::uint32_t next = 0;
  auto fill = [&](auto& self, int r, int tiles) -> void {
    const auto& in = states[static_cast<std::size_t>(r)];
    for (int c = 0; c <= 4 && tiles + c <= kMaxSuitTiles; ++c) {
      if (r == kRanks - 1) {
        const Distances d = last_rank(in, c, 4);
        std::uint64_t e = 0;
        for (int i = 0; i < 10; ++i) e |= std::uint64_t{d[static_cast<std::size_t>(i)]} << (4 * i);
        entries[next++] = e;
        continue;
      }
      step(in, states[static_cast<std::size_t>(r + 1)], r, c, 4);
      self(self, r + 1, tiles + c);
    }
  };
  fill(fill, 0, 0);
  return entries;
}

// The table as classes: its entries are few distinct vectors (126), so a suit is stored as
// its class (a byte) and the classes' vectors once. Two suits' classes then merge by a table
// of class pairs (src/core/shanten.cpp). The generator writes this form: kClassSlots vectors
// (the unused zero, the last the number of classes), then one class a suit in rank order.
inline constexpr int kClassSlots = 256;
struct Classed {
  std::vector<std::uint64_t> vectors;  // kClassSlots, in order of first appearance
  std::vector<std::uint8_t> classes;   // one a suit of at most 14 tiles, in rank order
  int count = 0;                       // classes in use
};
inline Classed classed_table() {
  const std::vector<std::uint64_t> entries = table();
  Classed c;
  c.vectors.assign(kClassSlots, 0);
  c.classes.resize(entries.size());
  std::map<std::uint64_t, std::uint8_t> seen;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    auto [at, added] = seen.try_emplace(entries[i], static_cast<std::uint8_t>(c.count));
    if (added) {
      if (c.count == kClassSlots - 1) return {};  // more classes than a byte holds: no table
      c.vectors[static_cast<std::size_t>(c.count++)] = entries[i];
    }
    c.classes[i] = at->second;
  }
  c.vectors[kClassSlots - 1] = static_cast<std::uint64_t>(c.count);
  return c;
}

}  // namespace qianmj::suit_search
