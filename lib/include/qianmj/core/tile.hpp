// Tiles, suits and per-kind counts (C1).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace qianmj {

enum class Suit : std::uint8_t { Man = 0, Sou = 1, Pin = 2 };  // 万 条 筒, ASCII m s p

inline constexpr int kSuits = 3;
inline constexpr int kRanks = 9;
inline constexpr int kKinds = kSuits * kRanks;  // 27 tile kinds
inline constexpr int kCopies = 4;               // C1: four copies of each kind

// A tile kind: suit and rank 1..9, stored as index suit*9 + rank-1.
class Tile {
 public:
  constexpr Tile() = default;
  constexpr Tile(Suit s, int rank)
      : index_(static_cast<std::uint8_t>(int(s) * kRanks + rank - 1)) {}
  static constexpr Tile from_index(int i) {
    Tile t;
    t.index_ = static_cast<std::uint8_t>(i);
    return t;
  }
  constexpr int index() const { return index_; }
  constexpr Suit suit() const { return static_cast<Suit>(index_ / kRanks); }
  constexpr int rank() const { return index_ % kRanks + 1; }
  constexpr bool terminal() const { return rank() == 1 || rank() == 9; }
  friend constexpr bool operator==(Tile, Tile) = default;
  friend constexpr auto operator<=>(Tile, Tile) = default;

  std::string ascii() const;    // "7p"
  std::string chinese() const;  // "7筒"
  // The same names without a std::string: views of static text.
  std::string_view ascii_name() const;
  std::string_view chinese_name() const;

 private:
  std::uint8_t index_ = 0;
};

char suit_letter(Suit s);          // 'm' 's' 'p'
std::string_view suit_zh(Suit s);  // "万" "条" "筒"

// Copies per tile kind.
using Counts = std::array<std::uint8_t, kKinds>;

// Exactly one bit set (std::has_single_bit is a popcount call on a baseline x86-64 build).
// Without a branch: callers test random bits (a hand's waits), which a branch mispredicts.
constexpr bool single_bit(std::uint32_t x) {
  return (x != 0) & ((x & (x - 1)) == 0);
}

// The sum of the counts, eight bytes at a time (exact for any counts: 16-bit lanes).
inline int total(const Counts& c) {
  std::uint64_t w[4] = {};
  std::memcpy(w, c.data(), sizeof c);
  constexpr std::uint64_t kLow = 0x00FF00FF00FF00FFull;
  std::uint64_t lanes = 0;  // four 16-bit sums, each at most 8 x 255
  for (auto x : w) lanes += (x & kLow) + (x >> 8 & kLow);
  return static_cast<int>((lanes * 0x0001000100010001ull) >> 48);
}

// Whether some count is exactly n (1-255), eight at a time.
inline bool any_count_is(const Counts& c, std::uint8_t n) {
  std::uint64_t w[4] = {};  // the five bytes past the counts stay 0, which n is not
  std::memcpy(w, c.data(), sizeof c);
  constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
  std::uint64_t zero = 0;  // a high bit where a byte of x ^ n·kOnes is 0 (exact as a whole)
  for (auto x : w) {
    x ^= n * kOnes;
    zero |= (x - kOnes) & ~x & kHigh;
  }
  return zero != 0;
}

// Bit j set when byte j of the little-endian word w is >= n (0-127). Exact for any bytes: a
// byte with its high bit set is at least 128, and setting that bit first keeps each byte's
// subtraction from borrowing from the next.
inline std::uint32_t bytes_at_least(std::uint64_t w, std::uint8_t n) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
  const std::uint64_t ge = (((w | kHigh) - n * kOnes) | w) & kHigh;              // byte j: bit 8j+7
  return static_cast<std::uint32_t>(((ge >> 7) * 0x0102040810204080ull) >> 56);  // byte j: bit j
}

// Bit i set when count i >= n (0-127), eight counts at a time, from the counts as four
// little-endian words (bytes 0-7, 8-15, 16-23, 24-26 and zeros); exact for any counts.
inline std::uint32_t kinds_at_least(const std::uint64_t (&w)[4], std::uint8_t n) {
  std::uint32_t bits = 0;
  for (int k = 0; k < 4; ++k) bits |= bytes_at_least(w[k], n) << (8 * k);
  return bits & ((1u << kKinds) - 1);  // the padding's bits dropped
}

// The same of the counts themselves.
inline std::uint32_t kinds_at_least(const Counts& c, std::uint8_t n) {
  std::uint64_t w[4] = {};
  std::memcpy(w, c.data(), sizeof c);
  if constexpr (std::endian::native == std::endian::big)
    for (auto& x : w) x = __builtin_bswap64(x);
  return kinds_at_least(w, n);
}

}  // namespace qianmj
