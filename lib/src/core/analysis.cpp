#include "qianmj/core/analysis.hpp"

#include <bit>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <stdexcept>
#include <string>

// lib/gen/gen_tables.cpp: one entry per suit count vector (0-4 copies, index = sum v[r] 5^r):
// bit 0 "complete" (sets only, or sets and a pair), bit r "v + r is complete".
#if defined(QIANMJ_SUIT_TABLE_PACKED)
// The web build embeds the table packed (gen_tables --packed: its non-zero entries as index
// gaps and values) and unpacks it here, before any other static initializer could ask. A
// file that is not a whole packed table stops the module at its start (a build gone wrong).
extern "C" const std::uint8_t qianmj_suit_table_packed[];
namespace {
std::uint16_t qianmj_suit_table[1953125];
struct UnpackSuitTable {
  UnpackSuitTable() {
    const std::uint8_t* p = qianmj_suit_table_packed;
    auto u32 = [](const std::uint8_t* q) {
      return std::uint32_t{q[0]} | std::uint32_t{q[1]} << 8 | std::uint32_t{q[2]} << 16 |
             std::uint32_t{q[3]} << 24;
    };
    if (std::memcmp(p, "QMSP", 4) != 0) std::abort();
    const std::uint32_t entries = u32(p + 4), gap_bytes = u32(p + 8);
    const std::uint8_t* gap = p + 12;
    const std::uint8_t* const gaps_end = gap + gap_bytes;
    const std::uint8_t* value = gaps_end;
    std::uint64_t index = 0;
    for (std::uint32_t n = 0; n < entries; ++n, value += 2) {
      std::uint64_t skip = 0;
      for (int shift = 0;; shift += 7) {
        if (gap == gaps_end || shift > 28) std::abort();
        const std::uint8_t b = *gap++;
        skip |= std::uint64_t{b & 0x7fu} << shift;
        if (!(b & 0x80)) break;
      }
      index += skip;
      if (index >= std::size(qianmj_suit_table)) std::abort();
      qianmj_suit_table[index++] = static_cast<std::uint16_t>(value[0] | value[1] << 8);
    }
    if (gap != gaps_end) std::abort();
  }
};
__attribute__((init_priority(101))) const UnpackSuitTable unpack_suit_table;
}  // namespace
#else
extern "C" const std::uint16_t qianmj_suit_table[1953125];
#endif

namespace qianmj {
namespace {

constexpr std::uint16_t kComplete = 1;

// Eight counts (bytes, each 0-4) of a little-endian word as a base-5 number, rank 0 least
// significant: pairs, then quads, then the two halves (SWAR).
std::uint32_t base5(std::uint64_t w) {
  w = (w & 0x00FF00FF00FF00FFull) + ((w >> 8) & 0x00FF00FF00FF00FFull) * 5;
  w = (w & 0x0000FFFF0000FFFFull) + ((w >> 16) & 0x0000FFFF0000FFFFull) * 25;
  return static_cast<std::uint32_t>((w & 0xFFFFFFFFull) + (w >> 32) * 625);
}

std::uint64_t load8(const std::uint8_t* p) {
  std::uint64_t w;
  std::memcpy(&w, p, sizeof w);
  if constexpr (std::endian::native == std::endian::big) w = __builtin_bswap64(w);
  return w;
}

// The table entry of one suit; every count must be at most 4.
// One suit's index into the table: its nine counts as a base-5 number.
std::uint32_t suit_key(const Counts& c, int suit) {
  const std::uint8_t* v = c.data() + suit * kRanks;
  return base5(load8(v)) + v[8] * 390625u;
}

// 5^rank, rank 0-8: what one copy of a rank adds to its suit's key.
constexpr std::uint32_t kPow5[kRanks] = {1, 5, 25, 125, 625, 3125, 15625, 78125, 390625};

// Bit r set when the suit's rank-r count is at least n (any counts), as kinds_at_least.
std::uint32_t suit_at_least(const Counts& c, int suit, std::uint8_t n) {
  const std::uint8_t* v = c.data() + suit * kRanks;
  return bytes_at_least(load8(v), n) | static_cast<std::uint32_t>(v[8] >= n) << 8;
}

std::uint16_t suit_entry(const Counts& c, int suit) {
  return qianmj_suit_table[suit_key(c, suit)];
}

// The standard waits of a 13-tile hand from its suits' table entries: the new tile completes
// its suit while the other two are complete. With 14 tiles in all, exactly one of the three
// then holds the pair (tile counts 2, 0, 0 mod 3). Without a branch: which suit may take the
// tile is random for random hands, and a mispredicted branch there cost as much as the table
// reads.
std::uint32_t waits_of_entries(const std::uint16_t (&e)[kSuits]) {
  std::uint32_t bits = 0;
  for (int s = 0; s < kSuits; ++s) {
    const std::uint32_t others_complete = (e[(s + 1) % 3] & e[(s + 2) % 3] & kComplete) != 0;
    bits |=
        (static_cast<std::uint32_t>(e[s] >> 1 & 0x1FF) << (s * kRanks)) & (0u - others_complete);
  }
  return bits;
}

constexpr std::uint64_t kOnes = 0x0101010101010101ull;

// The 27 counts as four little-endian words (bytes 0-7, 8-15, 16-23, 24-26), to test eight
// at a time.
struct CountWords {
  std::uint64_t w[4];
  explicit CountWords(const Counts& c)
      : w{load8(c.data()), load8(c.data() + 8), load8(c.data() + 16),
          c[24] | static_cast<std::uint64_t>(c[25]) << 8 |
              static_cast<std::uint64_t>(c[26]) << 16} {}
  bool over4() const {  // a count above 4: a byte >= 8, or byte + 3 reaches 8
    // The words' OR has a bit of 0xF8 when any byte has; a byte that carries when 3 is added
    // (0xFD or more) is such a byte, so the carry cannot hide anything.
    const std::uint64_t any = w[0] | w[1] | w[2] | w[3];
    const std::uint64_t plus3 =
        (w[0] + 3 * kOnes) | (w[1] + 3 * kOnes) | (w[2] + 3 * kOnes) | (w[3] + 3 * kOnes);
    return ((any & 0xF8F8F8F8F8F8F8F8ull) | (plus3 & 0x0808080808080808ull)) != 0;
  }
  // The sum of the 27 counts, when none is above 4 (no byte of the words' sum passes 16).
  unsigned small_total() const {
    return static_cast<unsigned>(((w[0] + w[1] + w[2] + w[3]) * kOnes) >> 56);
  }
  bool any_odd() const { return ((w[0] | w[1] | w[2] | w[3]) & kOnes) != 0; }
  // Bit i set when count i is at least n (any counts).
  std::uint32_t at_least(std::uint8_t n) const { return kinds_at_least(w, n); }
  std::uint32_t odd() const {  // bit i set when count i is odd
    return gather([](std::uint64_t x) { return x; });
  }
  // Bit i alone when count i is the only odd one, else 0. The words' low bits are folded
  // into one (word k's byte j at bit 8j + k): one test, no gather.
  std::uint32_t single_odd() const {
    const std::uint64_t x =
        (w[0] & kOnes) | (w[1] & kOnes) << 1 | (w[2] & kOnes) << 2 | (w[3] & kOnes) << 3;
    if (x == 0 || (x & (x - 1)) != 0) return 0;
    const int at = std::countr_zero(x);
    return 1u << ((at & 7) * 8 + (at >> 3));
  }

 private:
  // Bit i = the low bit of f(byte i), for a byte-wise f.
  template <class F>
  std::uint32_t gather(F f) const {
    std::uint32_t bits = 0;
#pragma GCC unroll 4
    for (int k = 0; k < 4; ++k) {
      std::uint64_t y = f(w[k]) & kOnes;                                                 // bit 8j
      bits |= static_cast<std::uint32_t>((y * 0x0102040810204080ull) >> 56) << (8 * k);  // to bit j
    }
    return bits;
  }
};

// Tiles in one suit; with `small` (every count at most 4) eight at a time.
int suit_tiles(const Counts& c, int suit, bool small) {
  const std::uint8_t* v = c.data() + suit * kRanks;
  if (small) return static_cast<int>((load8(v) * kOnes) >> 56) + v[8];
  int n = 0;
  for (int r = 0; r < kRanks; ++r) n += v[r];
  return n;
}

// Kinds that may start a sequence (ranks 1-7 of each suit).
constexpr std::uint32_t kSequenceStarts = 0x7Fu | 0x7Fu << kRanks | 0x7Fu << (2 * kRanks);

// Enumerates every split of `c` into sets, handing each complete reading to `visit`, in the
// order of a plain search: the lowest kind left must start a set, a pung before a sequence.
// `nonzero` has bit i set while c[i] > 0; `c` is used up.
//
// Almost every move is forced, so the search goes on in a loop: the lowest kind, held n
// times, may start a pung (n >= 3) or a sequence (the next two kinds held). A sequence cannot
// last when n == 3 and one of the next two kinds is held fewer than three times (the two
// copies left would need two more sequences), nor where none can start; then the pung is
// forced, and below three copies the sequences are. Only where both might last does the
// pung's branch go on a copy of the counts, before the sequence's goes on here. A hand of 14
// tiles (kong = 3) less its pair has tiles for four sets with its melds, never more.
void split_sets(Counts& c, std::uint32_t nonzero, Reading& cur, ReadingVisitor visit,
                void* context) {
  while (nonzero) {
    const int i = std::countr_zero(nonzero);
    const Tile t = Tile::from_index(i);
    const unsigned n = c[i];
    const bool may_start = kSequenceStarts >> i & 1;
    const unsigned a = may_start ? c[i + 1] : 0, b = may_start ? c[i + 2] : 0;
    if (n >= 3) {
      const std::size_t at = cur.sets.size();
      cur.sets.push_back({Set::Kind::Pung, t, false});
      const std::uint32_t after_pung = n == 3 ? nonzero & (nonzero - 1) : nonzero;
      if (!(n == 3 ? a >= 3 && b >= 3 : a && b)) {  // the pung alone
        c[i] = static_cast<std::uint8_t>(n - 3);
        nonzero = after_pung;
        continue;
      }
      Counts rest = c;
      rest[i] = static_cast<std::uint8_t>(n - 3);
      split_sets(rest, after_pung, cur, visit, context);
      cur.sets.resize(at);
    }
    // One sequence from kind i (a and b are 0 where none starts); then kind i again.
    if (!a || !b) return;
    c[i] = static_cast<std::uint8_t>(n - 1);
    c[i + 1] = static_cast<std::uint8_t>(a - 1);
    c[i + 2] = static_cast<std::uint8_t>(b - 1);
    nonzero &= ~((n == 1 ? 1u : 0u) | (a == 1 ? 2u : 0u) | (b == 1 ? 4u : 0u)) << i;
    cur.sets.push_back({Set::Kind::Sequence, t, false});
  }
  visit(context, cur);
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

// Seven pairs of a hand of 14 tiles (kong = 3), `cw` its counts: no melds, every count even
// (C3).
bool seven_pairs(const Hand& hand, const CountWords& cw) {
  return hand.melds.empty() && !cw.any_odd();
}

}  // namespace

void for_each_reading(const Hand& hand, ReadingVisitor visit, void* context) {
  Counts c = hand.concealed;
  const CountWords cw(c);
  const bool table = !cw.over4();
  if ((table ? cw.small_total() : static_cast<unsigned>(total(c))) + 3 * hand.melds.size() != 14)
    return;
  Reading cur;
  for (const auto& m : hand.melds) cur.sets.push_back({Set::Kind::Pung, m.tile, true});
  const std::size_t melds = cur.sets.size();
  // The pair lies in the suit whose tile count is 2 mod 3; the table says whether that suit
  // can lose the pair to sets, so most candidates never reach the search.
  const std::uint32_t nonzero = cw.at_least(1);  // kinds held (exact for any counts)
  for (int suit = 0; suit < kSuits; ++suit) {
    if (suit_tiles(c, suit, table) % 3 != 2) continue;
    const std::uint32_t key = table ? suit_key(c, suit) : 0;
    for (std::uint32_t left = suit_at_least(c, suit, 2) << (suit * kRanks); left;
         left &= left - 1) {
      const int p = std::countr_zero(left);
      // The suit less the pair: its key less two of the pair's rank.
      if (table && !(qianmj_suit_table[key - 2 * kPow5[p - suit * kRanks]] & kComplete)) continue;
      cur.pair = Tile::from_index(p);
      // On a copy: the search uses its counts up.
      Counts rest = c;
      rest[p] = static_cast<std::uint8_t>(rest[p] - 2);
      cur.sets.resize(melds);
      split_sets(rest, rest[p] ? nonzero : nonzero & ~(1u << p), cur, visit, context);
    }
  }
  if (seven_pairs(hand, cw)) {
    Reading r;
    r.seven_pairs = true;
    visit(context, r);
  }
}

std::vector<Reading> readings(const Hand& hand) {
  std::vector<Reading> out;
  for_each_reading(hand, [&](const Reading& r) { out.push_back(r); });
  return out;
}

bool is_winning_shape(const Hand& hand) {
  const CountWords cw(hand.concealed);
  const bool small = !cw.over4();  // the tile count from the words already read
  if ((small ? cw.small_total() : static_cast<unsigned>(total(hand.concealed))) +
          3 * hand.melds.size() !=
      14)
    return false;
  if (seven_pairs(hand, cw)) return true;
  if (!small) {  // a fifth copy: only formal waits ask; use the recursion
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
    if (!(suit_entry(hand.concealed, s) & kComplete)) return false;
    pairs += suit_tiles(hand.concealed, s, true) % 3 == 2;
  }
  return pairs == 1;
}

Hand with_tile(Hand hand, Tile t) {
  ++hand.concealed[t.index()];
  return hand;
}

// formal_wait_bits of a hand with a count above 4: formal but impossible, so rare; out of
// line, so that the usual path saves no registers for it.
[[gnu::noinline]] std::uint32_t wait_bits_over4(const Hand& hand) {
  if (hand.size() != 13) return 0;
  std::uint32_t bits = 0;
  for (int i = 0; i < kKinds; ++i)  // try each tile
    if (is_winning_shape(with_tile(hand, Tile::from_index(i)))) bits |= 1u << i;
  return bits;
}

std::uint32_t formal_wait_bits(const Hand& hand) {
  // Branch-free, eight counts at a time (random hands would mispredict a branch per odd
  // kind). Counts are 27 bytes: words at 0, 8, 16 and the last three bytes.
  const auto& c = hand.concealed;
  const CountWords cw(c);
  if (cw.over4()) [[unlikely]]
    return wait_bits_over4(hand);
  if (cw.small_total() + 3 * hand.melds.size() != 13) return 0;
  std::uint32_t bits = waits_of_entries({suit_entry(c, 0), suit_entry(c, 1), suit_entry(c, 2)});
  // Seven pairs: no melds, six pairs and one odd kind (C3). The odd count is 1 or 3 (none is
  // above 4 here), so the hand waits on that kind.
  if (hand.melds.empty()) bits |= cw.single_odd();
  return bits;
}

void formal_wait_bits_each(std::span<const Hand> hands, std::span<std::uint32_t> out) {
  if (out.size() < hands.size())
    throw std::invalid_argument("qianmj: formal_wait_bits_each: out holds " +
                                std::to_string(out.size()) + " answers for " +
                                std::to_string(hands.size()) + " hands");
  // Sixteen hands ahead: on a machine whose hardware prefetcher did not run ahead of this
  // loop, a million hands in a vector took 26.7 ns a hand called one by one, 23.8 reading 4
  // ahead, 14.7 reading 16 ahead and 14.0 reading 64 ahead.
  constexpr std::size_t kAhead = 16;
  const std::size_t n = hands.size();
  for (std::size_t i = 0; i < n; ++i) {
    if (i + kAhead < n) {  // a Hand may straddle two cache lines: ask for both
      const char* next = reinterpret_cast<const char*>(&hands[i + kAhead]);
      __builtin_prefetch(next);
      __builtin_prefetch(next + sizeof(Hand) - 1);
    }
    out[i] = formal_wait_bits(hands[i]);
  }
}

WaitBitsWithout::WaitBitsWithout(const Hand& hand) : hand_(hand) {
  const CountWords cw(hand.concealed);
  fast_ = !cw.over4() && cw.small_total() + 3 * hand.melds.size() == 14;
  if (!fast_) return;
  for (int s = 0; s < kSuits; ++s) {
    key_[s] = suit_key(hand.concealed, s);
    entry_[s] = qianmj_suit_table[key_[s]];
  }
  // waits_of_entries with one suit's entry to come: what each other suit adds while the
  // third is complete (if the new entry is complete too), and whether the other two are.
  for (int ts = 0; ts < kSuits; ++ts) {
    const int a = (ts + 1) % kSuits, b = (ts + 2) % kSuits;
    others_[ts] = ((entry_[b] & kComplete) ? (entry_[a] >> 1 & 0x1FFu) << (a * kRanks) : 0u) |
                  ((entry_[a] & kComplete) ? (entry_[b] >> 1 & 0x1FFu) << (b * kRanks) : 0u);
    own_[ts] = (entry_[a] & entry_[b] & kComplete) ? 0x1FFu << (ts * kRanks) : 0u;
  }
  odd_ = cw.odd();
}

// As formal_wait_bits: only the suit of the tile taken (kind i) changes, its key by one
// 5^rank, and the other suits' part is known. Without a branch on the tile (a random hand's
// tiles would mispredict one a suit).
std::uint32_t WaitBitsWithout::table_part(int i) const {
  const int ts = (i >= kRanks) + (i >= 2 * kRanks);
  const std::uint32_t e = qianmj_suit_table[key_[ts] - kPow5[i - ts * kRanks]];
  return (others_[ts] & (0u - (e & kComplete))) | ((e >> 1) << (ts * kRanks) & own_[ts]);
}

// Seven pairs (no melds): the kinds odd after tile i is taken are odd_ with bit i flipped; a
// single one is the wait, unless all four of it are held.
std::uint32_t WaitBitsWithout::pairs_part(int i) const {
  const std::uint32_t odd = odd_ ^ (1u << i);
  if (!single_bit(odd)) return 0;
  const int k = std::countr_zero(odd);
  return hand_.concealed[static_cast<std::size_t>(k)] - (k == i) < 4 ? odd : 0u;
}

std::uint32_t WaitBitsWithout::fast(int i) const {
  return table_part(i) | (hand_.melds.empty() ? pairs_part(i) : 0u);
}

std::uint32_t WaitBitsWithout::operator()(Tile t) const {
  if (!fast_) {  // a fifth copy, or not 14 tiles: the general path
    Hand before = hand_;
    --before.concealed[t.index()];
    return formal_wait_bits(before);
  }
  return fast(t.index());
}

void WaitBitsWithout::each(std::uint32_t kinds, std::span<std::uint32_t, kKinds> out) const {
  if (!fast_) {
    for (; kinds; kinds &= kinds - 1) {
      const int i = std::countr_zero(kinds);
      out[static_cast<std::size_t>(i)] = (*this)(Tile::from_index(i));
    }
    return;
  }
  // fast() for each tile: the table part in one loop, then seven pairs only where it can
  // add a wait.
  for (std::uint32_t left = kinds; left; left &= left - 1) {
    const int i = std::countr_zero(left);
    out[static_cast<std::size_t>(i)] = table_part(i);
  }
  // A single odd kind after a tile is taken needs odd_ to have at most two.
  const std::uint32_t all_but_one = odd_ & (odd_ - 1);  // (no std::popcount: a libgcc call)
  if (!hand_.melds.empty() || (all_but_one & (all_but_one - 1)) != 0) return;
  for (; kinds; kinds &= kinds - 1) {
    const int i = std::countr_zero(kinds);
    out[static_cast<std::size_t>(i)] |= pairs_part(i);
  }
}

std::vector<Wait> formal_waits(const Hand& hand) {
  return waits_of_bits(hand, formal_wait_bits(hand));
}

std::vector<Wait> waits_of_bits(const Hand& hand, std::uint32_t bits) {
  std::vector<Wait> out;
  if (!bits) return out;
  out.reserve(static_cast<std::size_t>(std::popcount(bits)));
  Counts own = hand.all_copies();
  for (int i = 0; i < kKinds; ++i) {
    if (!(bits >> i & 1)) continue;
    int remaining = own[i] >= kCopies ? 0 : kCopies - own[i];
    out.push_back({Tile::from_index(i), remaining, remaining > 0});
  }
  return out;
}

}  // namespace qianmj
