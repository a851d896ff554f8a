#include "qianmj/core/tile.hpp"

namespace qianmj {

namespace {

// The suits' names, in Suit order: one letter each, and one three-byte UTF-8 character each.
constexpr std::string_view kSuitLetters = "msp";
constexpr std::string_view kSuitZh = "万条筒";
constexpr std::size_t kZhSuit = 3;
static_assert(kSuitLetters.size() == kSuits && kSuitZh.size() == kSuits * kZhSuit);

// Every kind's two names, back to back: "1m2m...9p" and "1万2万...9筒".
constexpr auto kAsciiNames = [] {
  std::array<char, kKinds * 2> out{};
  for (std::size_t i = 0; i < kKinds; ++i) {
    out[2 * i] = static_cast<char>('1' + i % kRanks);
    out[2 * i + 1] = kSuitLetters[i / kRanks];
  }
  return out;
}();
constexpr auto kChineseNames = [] {
  std::array<char, kKinds*(1 + kZhSuit)> out{};
  for (std::size_t i = 0; i < kKinds; ++i) {
    out[(1 + kZhSuit) * i] = static_cast<char>('1' + i % kRanks);
    for (std::size_t b = 0; b < kZhSuit; ++b)
      out[(1 + kZhSuit) * i + 1 + b] = kSuitZh[i / kRanks * kZhSuit + b];
  }
  return out;
}();

}  // namespace

char suit_letter(Suit s) {
  return kSuitLetters[static_cast<std::size_t>(s)];
}

std::string_view suit_zh(Suit s) {
  return kSuitZh.substr(static_cast<std::size_t>(s) * kZhSuit, kZhSuit);
}

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
