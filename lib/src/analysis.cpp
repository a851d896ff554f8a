#include "qianmj/analysis.hpp"

extern "C" const std::uint32_t qianmj_suit_table[1953125];  // lib/gen/gen_tables.cpp

namespace qianmj {
namespace {

// Per-suit table entry bits (see gen_tables.cpp).
constexpr std::uint32_t kSetsOnly = 1, kWithPair = 2;
constexpr int kSetsOnlyIf = 2, kWithPairIf = 11;  // shifts of the 9-bit "v + r" masks

std::uint32_t suit_entry(const Counts& c, int suit) {
  std::uint32_t i = 0;
  for (int r = kRanks - 1; r >= 0; --r) i = i * 5 + c[static_cast<std::size_t>(suit * kRanks + r)];
  return qianmj_suit_table[i];
}

bool fits_table(const Counts& c) {
  for (auto v : c)
    if (v > 4) return false;
  return true;
}

// Enumerates every split of `c` into sets, appending each complete reading to `out`.
void split_sets(Counts& c, int from, Reading& cur, std::vector<Reading>& out) {
  int i = from;
  while (i < kKinds && c[i] == 0) ++i;
  if (i == kKinds) {
    out.push_back(cur);
    return;
  }
  if (cur.sets.size() == 4) return;  // more tiles than four sets: no reading
  Tile t = Tile::from_index(i);
  if (c[i] >= 3) {
    c[i] -= 3;
    cur.sets.push_back({Set::Kind::Pung, t, false});
    split_sets(c, i, cur, out);
    cur.sets.pop_back();
    c[i] += 3;
  }
  if (t.rank() <= 7 && c[i + 1] && c[i + 2]) {
    --c[i], --c[i + 1], --c[i + 2];
    cur.sets.push_back({Set::Kind::Sequence, t, false});
    split_sets(c, i, cur, out);
    cur.sets.pop_back();
    ++c[i], ++c[i + 1], ++c[i + 2];
  }
}

// True when `c` splits into sets; the first tile left must start a set.
bool splits(Counts& c, int from) {
  int i = from;
  while (i < kKinds && c[i] == 0) ++i;
  if (i == kKinds) return true;
  bool ok = false;
  if (c[i] >= 3) {
    c[i] -= 3;
    ok = splits(c, i);
    c[i] += 3;
  }
  if (!ok && i % kRanks <= 6 && c[i + 1] && c[i + 2]) {
    --c[i], --c[i + 1], --c[i + 2];
    ok = splits(c, i);
    ++c[i], ++c[i + 1], ++c[i + 2];
  }
  return ok;
}

bool seven_pairs(const Hand& hand) {
  if (!hand.melds.empty() || total(hand.concealed) != 14) return false;
  for (auto v : hand.concealed)
    if (v % 2) return false;
  return true;
}

}  // namespace

std::vector<Reading> readings(const Hand& hand) {
  std::vector<Reading> out;
  if (hand.size() != 14) return out;
  Counts c = hand.concealed;
  Reading cur;
  for (const auto& m : hand.melds) cur.sets.push_back({Set::Kind::Pung, m.tile, true});
  out.reserve(4);
  // The pair lies in the suit whose tile count is 2 mod 3; the table says whether that suit
  // can lose the pair to sets, so most candidates never reach the recursion.
  bool table = fits_table(c);
  for (int p = 0; p < kKinds; ++p) {
    if (c[p] < 2) continue;
    int suit = p / kRanks, n = 0;
    for (int r = 0; r < kRanks; ++r) n += c[static_cast<std::size_t>(suit * kRanks + r)];
    if (n % 3 != 2) continue;
    c[p] -= 2;
    if (!table || (suit_entry(c, suit) & kSetsOnly)) {
      cur.pair = Tile::from_index(p);
      split_sets(c, 0, cur, out);
    }
    c[p] += 2;
  }
  if (seven_pairs(hand)) {
    Reading r;
    r.seven_pairs = true;
    out.push_back(r);
  }
  return out;
}

bool is_winning_shape(const Hand& hand) {
  if (hand.size() != 14) return false;
  if (seven_pairs(hand)) return true;
  if (!fits_table(hand.concealed)) {  // a fifth copy: only formal waits ask; use the recursion
    Counts c = hand.concealed;
    for (int p = 0; p < kKinds; ++p) {
      if (c[p] < 2) continue;
      c[p] -= 2;
      bool ok = splits(c, 0);
      c[p] += 2;
      if (ok) return true;
    }
    return false;
  }
  // C3: one suit holds sets and the pair, the others sets only.
  int pairs = 0;
  for (int s = 0; s < kSuits; ++s) {
    std::uint32_t e = suit_entry(hand.concealed, s);
    if (e & kWithPair) ++pairs;
    else if (!(e & kSetsOnly)) return false;
  }
  return pairs == 1;
}

Hand with_tile(Hand hand, Tile t) {
  ++hand.concealed[t.index()];
  return hand;
}

std::uint32_t formal_wait_bits(const Hand& hand) {
  // One pass: each suit's table index, the tile count, odd kinds (seven pairs), copies > 4.
  const auto& c = hand.concealed;
  std::uint32_t index[kSuits];
  int tiles = 0, odds = 0, odd = -1;
  bool over = false;
  for (int s = 0; s < kSuits; ++s) {
    std::uint32_t i = 0;
    for (int r = kRanks - 1; r >= 0; --r) {
      unsigned v = c[static_cast<std::size_t>(s * kRanks + r)];
      i = i * 5 + v;
      tiles += static_cast<int>(v);
      over |= v > 4;
      if (v & 1) ++odds, odd = s * kRanks + r;
    }
    index[s] = i;
  }
  if (tiles + 3 * static_cast<int>(hand.melds.size()) != 13) return 0;
  std::uint32_t bits = 0;
  if (over) {
    for (int i = 0; i < kKinds; ++i)  // five copies in hand: formal but impossible; recurse
      if (is_winning_shape(with_tile(hand, Tile::from_index(i)))) bits |= 1u << i;
    return bits;
  }
  const std::uint32_t e[kSuits] = {qianmj_suit_table[index[0]], qianmj_suit_table[index[1]],
                                   qianmj_suit_table[index[2]]};
  for (int s = 0; s < kSuits; ++s) {
    std::uint32_t a = e[(s + 1) % 3], b = e[(s + 2) % 3], mask = 0;
    // The new tile completes its suit with the pair while the others are sets; or with
    // sets while exactly one other suit holds the pair.
    if ((a & kSetsOnly) && (b & kSetsOnly)) mask |= (e[s] >> kWithPairIf) & 0x1FF;
    if (((a & kWithPair) && (b & kSetsOnly)) || ((a & kSetsOnly) && (b & kWithPair)))
      mask |= (e[s] >> kSetsOnlyIf) & 0x1FF;
    bits |= mask << (s * kRanks);
  }
  // Seven pairs: no melds, six pairs and one odd kind (C3).
  if (hand.melds.empty() && odds == 1 && c[static_cast<std::size_t>(odd)] < 4) bits |= 1u << odd;
  return bits;
}

std::vector<Wait> formal_waits(const Hand& hand) {
  std::vector<Wait> out;
  std::uint32_t bits = formal_wait_bits(hand);
  if (!bits) return out;
  Counts own = hand.all_copies();
  for (int i = 0; i < kKinds; ++i) {
    if (!(bits >> i & 1)) continue;
    int remaining = own[i] >= kCopies ? 0 : kCopies - own[i];
    out.push_back({Tile::from_index(i), remaining, remaining > 0});
  }
  return out;
}

}  // namespace qianmj
