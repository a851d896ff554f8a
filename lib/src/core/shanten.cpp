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

// Standard shapes over the suits a provider gives (suit(s): that suit's Dist).
template <class Suit>
int standard_from(const Family& f, unsigned meld_suits, int melds, Suit&& suit) {
  const int need = 4 - melds;
  if (need < 0) return kNoShape;
  const int best = over_suit_sets(f, meld_suits, [&](unsigned set) {
    int in[kSuits], n = 0;
    for (int s = 0; s < kSuits; ++s)
      if (set >> s & 1) in[n++] = s;
    if (n == 1) return suit(in[0]).d[need][1];
    if (n == 2) return finish_with(suit(in[0]), suit(in[1]), need);
    return finish_with(merge(suit(in[0]), suit(in[1]), need), suit(in[2]), need);
  });
  return best >= kNoShape ? kNoShape : best;
}

int standard(const Hand& hand, const Family& f, const Caps& caps) {
  Dist d[kSuits];
  bool have[kSuits] = {};
  return standard_from(f, caps.meld_suits, caps.melds, [&](int s) -> const Dist& {
    if (!have[s]) {
      d[s] = widen(suit_of(hand, caps, s));
      have[s] = true;
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

namespace {

constexpr int kFirstPair[5] = {2, 1, 0, 0, 0}, kSecondPair[5] = {2, 2, 2, 1, 0};
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
    const Dist d = widen(suit_of(hand, caps, s));
    std::copy(&d.d[0][0], &d.d[0][0] + 10, &base_[s][0][0]);
  }
  for (int i = 0; i < kKinds; ++i) {
    const int h = std::min<int>(counts_[static_cast<std::size_t>(i)], 4), s = i / kRanks;
    ++pairs_[s][kFirstPair[h]];
    ++pairs_[s][kSecondPair[h]];
    ++riichi_[s][riichi_pair(h)];
  }
}

const int (&DrawnDistances::suit(int s, int drawn) const)[5][2] {
  if (drawn < 0 || drawn / kRanks != s) return base_[s];
  if (!(plus_made_ >> drawn & 1)) {
    std::uint8_t v[kRanks], cap[kRanks];
    for (int r = 0; r < kRanks; ++r) {
      v[r] = counts_[static_cast<std::size_t>(s * kRanks + r)];
      cap[r] = cap_[s * kRanks + r];
    }
    ++v[drawn % kRanks];
    const Dist d = widen(suit_distances(v, cap));
    std::copy(&d.d[0][0], &d.d[0][0] + 10, &plus_[drawn][0][0]);
    plus_made_ |= 1u << drawn;
  }
  return plus_[drawn];
}

int DrawnDistances::standard(const Family& f, int drawn) const {
  // Three suits and a drawn tile (every acceptance of the common shapes): the other two suits'
  // merge is the same for every tile drawn in this one.
  if (drawn >= 0 && f.max_suits >= 3 && (f.suit_mask & 7u) == 7u && melds_ <= 4) {
    const int s = drawn / kRanks, need = 4 - melds_;
    auto dist = [](const int(&x)[5][2]) {
      Dist d;
      std::copy(&x[0][0], &x[0][0] + 10, &d.d[0][0]);
      return d;
    };
    if (!(others_made_ >> s & 1)) {
      const Dist m = merge(dist(base_[(s + 1) % 3]), dist(base_[(s + 2) % 3]), need);
      std::copy(&m.d[0][0], &m.d[0][0] + 10, &others_[s][0][0]);
      others_made_ |= 1u << s;
    }
    const int v = finish_with(dist(others_[s]), dist(suit(s, drawn)), need);
    return v >= kNoShape ? kNoShape : v;
  }
  return standard_from(f, meld_suits_, melds_, [&](int s) {
    Dist d;
    std::copy(&suit(s, drawn)[0][0], &suit(s, drawn)[0][0] + 10, &d.d[0][0]);
    return d;
  });
}

int DrawnDistances::seven_pairs(const Family& f, int drawn) const {
  if (melds_) return kNoShape;
  const auto& per_suit = f.riichi_pairs ? riichi_ : pairs_;
  return over_suit_sets(f, 0, [&](unsigned set) {
    int cost[3] = {};
    for (int s = 0; s < kSuits; ++s)
      if (set >> s & 1)
        for (int c = 0; c < 3; ++c) cost[c] += per_suit[s][c];
    if (drawn >= 0 && (set >> (drawn / kRanks) & 1)) {
      const int h = std::min<int>(counts_[static_cast<std::size_t>(drawn)], 4);
      const int g = std::min(h + 1, 4);
      if (f.riichi_pairs) {
        --cost[riichi_pair(h)];
        ++cost[riichi_pair(g)];
      } else {
        --cost[kFirstPair[h]], --cost[kSecondPair[h]];
        ++cost[kFirstPair[g]], ++cost[kSecondPair[g]];
      }
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
