// Readings (decompositions) of a hand, seven pairs, winning shapes and waits (C3-C6).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

#include "qianmj/core/hand.hpp"

namespace qianmj {

struct Set {
  enum class Kind : std::uint8_t { Pung, Sequence };
  Kind kind = Kind::Pung;
  Tile first;           // the pung's tile, or the lowest tile of the sequence
  bool melded = false;  // a 碰/杠 meld rather than concealed tiles
  bool contains_terminal() const {
    return first.terminal() || (kind == Kind::Sequence && first.rank() == 7);
  }
};

// The sets of a reading: at most four, kept inline (no allocation on the scoring path).
class SetList {
 public:
  void push_back(const Set& s) { sets_[size_++] = s; }
  void pop_back() { --size_; }
  void resize(std::size_t n) { size_ = n; }  // n at most size(): drops the sets after n
  std::size_t size() const { return size_; }
  const Set* begin() const { return sets_.data(); }
  const Set* end() const { return sets_.data() + size_; }
  const Set& operator[](std::size_t i) const { return sets_[i]; }

 private:
  std::array<Set, 4> sets_{};
  std::size_t size_ = 0;
};

// One way to read a winning hand (C3): 4 sets + pair, or seven pairs.
struct Reading {
  bool seven_pairs = false;
  Tile pair;     // standard readings only
  SetList sets;  // standard readings: 4 sets, melds included
};

// Every reading of a 14-tile hand (kong = 3), standard and seven pairs; empty when the
// hand is not a winning shape. Copies beyond four are allowed here (formal waits, C5).
std::vector<Reading> readings(const Hand& hand);

// The same readings, in the same order, handed one at a time to `visit` (no allocation).
using ReadingVisitor = void (*)(void* context, const Reading& reading);
void for_each_reading(const Hand& hand, ReadingVisitor visit, void* context);
template <class F>
void for_each_reading(const Hand& hand, F&& f) {
  for_each_reading(
      hand, [](void* c, const Reading& r) { (*static_cast<std::remove_reference_t<F>*>(c))(r); },
      &f);
}

// True when the hand (14 tiles, kong = 3) has at least one reading.
bool is_winning_shape(const Hand& hand);

struct Wait {
  Tile tile;
  int remaining = 0;  // C6: 4 - copies in own hand and melds
  bool live = false;  // C5: remaining > 0
};

// Formal waits of a 13-tile hand (kong = 3), in tile order (C5, C6).
std::vector<Wait> formal_waits(const Hand& hand);

// The waits `bits` names (bit i = tile index i) of a 13-tile hand, in tile order, each with
// its copies left (C6): formal_waits is waits_of_bits(hand, formal_wait_bits(hand)).
std::vector<Wait> waits_of_bits(const Hand& hand, std::uint32_t bits);

// The same as a bit set (bit i = tile index i), without allocating: the fast path.
std::uint32_t formal_wait_bits(const Hand& hand);

// formal_wait_bits of each hand, into out[i] (out must hold at least hands.size(), else
// std::invalid_argument). For hands streamed from memory: it asks for the hands a few places
// ahead before it needs them, so that their loads overlap instead of each waiting in turn.
void formal_wait_bits_each(std::span<const Hand> hands, std::span<std::uint32_t> out);

// formal_wait_bits of a 14-tile hand less one concealed tile, for each tile in turn: the
// suits' table keys are found once, so a tile costs one table read (the live waits before
// each candidate winning tile, Zunyi Z2).
class WaitBitsWithout {
 public:
  explicit WaitBitsWithout(const Hand& hand);
  // formal_wait_bits of `hand` less one copy of t; t must be among its concealed tiles.
  std::uint32_t operator()(Tile t) const;
  // The same for every kind in `kinds` (bit i: kind i, each among the concealed tiles), into
  // out[i]; the other entries are left as they are. One call for a search over many tiles.
  void each(std::uint32_t kinds, std::span<std::uint32_t, kKinds> out) const;

 private:
  std::uint32_t fast(int i) const;        // operator() on the table path
  std::uint32_t table_part(int i) const;  // fast(i) but seven pairs
  std::uint32_t pairs_part(int i) const;  // fast(i)'s seven pairs, when there are no melds
  const Hand& hand_;
  bool fast_ = false;             // every count at most 4, and 14 tiles: the table path
  std::uint32_t key_[3] = {};     // each suit's base-5 key
  std::uint16_t entry_[3] = {};   // and its table entry
  std::uint32_t others_[3] = {};  // by the suit of the tile taken: the other suits' waits
  std::uint32_t own_[3] = {};     // and the mask of its own waits (0: the others incomplete)
  std::uint32_t odd_ = 0;         // kinds held an odd number of times
};

// The hand with one more concealed copy of `t`.
Hand with_tile(Hand hand, Tile t);

}  // namespace qianmj
