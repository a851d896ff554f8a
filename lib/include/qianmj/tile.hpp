// Tiles, suits and per-kind counts (C1).
#pragma once

#include <array>
#include <cstdint>
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

 private:
  std::uint8_t index_ = 0;
};

char suit_letter(Suit s);          // 'm' 's' 'p'
std::string_view suit_zh(Suit s);  // "万" "条" "筒"

// Copies per tile kind.
using Counts = std::array<std::uint8_t, kKinds>;

// Exactly one bit set (std::has_single_bit is a popcount call on a baseline x86-64 build).
constexpr bool single_bit(std::uint32_t x) {
  return x != 0 && (x & (x - 1)) == 0;
}

inline int total(const Counts& c) {
  int n = 0;
  for (auto v : c) n += v;
  return n;
}

}  // namespace qianmj
