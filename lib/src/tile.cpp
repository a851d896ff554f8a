#include "qianmj/tile.hpp"

namespace qianmj {

char suit_letter(Suit s) {
  return "msp"[int(s)];
}

std::string_view suit_zh(Suit s) {
  static constexpr std::string_view names[] = {"万", "条", "筒"};
  return names[int(s)];
}

std::string Tile::ascii() const {
  std::string out(2, '0');
  out[0] = char('0' + rank());
  out[1] = suit_letter(suit());
  return out;
}

std::string Tile::chinese() const {
  std::string out(1, char('0' + rank()));
  out.append(suit_zh(suit()));
  return out;
}

}  // namespace qianmj
