// A hand: concealed tile counts plus exposed or concealed melds (碰/杠).
#pragma once

#include <string>
#include <vector>

#include "qianmj/core/tile.hpp"

namespace qianmj {

struct Meld {
  enum class Kind : std::uint8_t {
    Pung,           // 碰
    DirectKong,     // 明杠/直杠 (3 in hand + another's discard)
    AddedKong,      // 加杠/面下杠/转弯杠 (own pung + self-drawn 4th)
    ConcealedKong,  // 暗杠
  };
  Kind kind = Kind::Pung;
  Tile tile;

  bool is_kong() const { return kind != Kind::Pung; }
  int copies() const { return is_kong() ? 4 : 3; }
  friend bool operator==(const Meld&, const Meld&) = default;
};

// A meld as written, appended to `out`: [555m], [5555m], [5555m+], (5555m); with 万条筒 for
// the suit letter when `chinese`.
void append_meld_text(std::string& out, const Meld& meld, bool chinese);

struct Hand {
  Counts concealed{};
  std::vector<Meld> melds;

  // Tiles as the rules count them: a kong counts as 3 (C3).
  int size() const { return total(concealed) + 3 * static_cast<int>(melds.size()); }
  // Copies of each kind in hand and melds together (C5, C7).
  Counts all_copies() const;
  bool has_kong() const;
  // Suits present in hand or melds, as a bit mask (bit = Suit value).
  unsigned suits() const;
  friend bool operator==(const Hand&, const Hand&) = default;
};

}  // namespace qianmj
