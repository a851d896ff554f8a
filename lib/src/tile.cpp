#include "qianmj/tile.hpp"

namespace qianmj {

char suit_letter(Suit s) {
  return "msp"[int(s)];
}

std::string_view suit_zh(Suit s) {
  static constexpr std::string_view names[] = {"万", "条", "筒"};
  return names[int(s)];
}

namespace {

// Every kind's two names, back to back: "1m2m...9p" and "1万2万...9筒" (each suit's name
// three bytes of UTF-8).
constexpr std::size_t kZhSuit = 3;
constexpr auto kAsciiNames = [] {
  std::array<char, kKinds * 2> out{};
  for (int i = 0; i < kKinds; ++i) {
    out[2 * i] = static_cast<char>('1' + i % kRanks);
    out[2 * i + 1] = "msp"[i / kRanks];
  }
  return out;
}();
constexpr auto kChineseNames = [] {
  constexpr std::string_view suits = "万条筒";
  static_assert(suits.size() == kSuits * kZhSuit);
  std::array<char, kKinds*(1 + kZhSuit)> out{};
  for (std::size_t i = 0; i < kKinds; ++i) {
    out[(1 + kZhSuit) * i] = static_cast<char>('1' + i % kRanks);
    for (std::size_t b = 0; b < kZhSuit; ++b)
      out[(1 + kZhSuit) * i + 1 + b] = suits[i / kRanks * kZhSuit + b];
  }
  return out;
}();

}  // namespace

std::string_view Tile::ascii_name() const {
  return {kAsciiNames.data() + 2 * index(), 2};
}

std::string_view Tile::chinese_name() const {
  return {kChineseNames.data() + (1 + kZhSuit) * index(), 1 + kZhSuit};
}

std::string Tile::ascii() const {
  return std::string(ascii_name());
}

std::string Tile::chinese() const {
  return std::string(chinese_name());
}

}  // namespace qianmj
