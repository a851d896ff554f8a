// Hands and readings as text: canonical ASCII, Chinese, the groups of a reading.
#include <string>
#include <vector>

#include "core/utf8.hpp"
#include "qianmj/formats/notation.hpp"

namespace qianmj {
namespace {

void append_tiles_text(std::string& out, const Hand& hand, bool chinese) {
  // The concealed tiles first, on the stack (digits and suit letters or names: at most
  // 27 * 255 digits and three names), then the melds.
  char buf[27 * 255 + 3 * 8];
  std::size_t n = 0;
  for (int s = 0; s < kSuits; ++s) {
    std::size_t before = n;
    for (int r = 1; r <= kRanks; ++r)
      for (int k = hand.concealed[Tile(Suit(s), r).index()]; k > 0; --k) buf[n++] = char('0' + r);
    if (n == before) continue;
    const char letter = suit_letter(Suit(s));
    std::string_view suit = chinese ? suit_zh(Suit(s)) : std::string_view(&letter, 1);
    for (char c : suit) buf[n++] = c;
  }
  out.append(buf, n);
  for (const auto& m : hand.melds) append_meld_text(out, m, chinese);
}

std::string tiles_text(const Hand& hand, bool chinese) {
  std::string out;
  append_tiles_text(out, hand, chinese);
  return out;
}

}  // namespace

std::string reading_text(const Reading& reading, const Hand& hand, bool chinese) {
  std::string out;
  out.reserve(48);
  append_reading_text(out, reading, hand, chinese);
  return out;
}

void append_reading_text(std::string& out, const Reading& reading, const Hand& hand, bool chinese) {
  const std::size_t start = out.size();  // groups appended in place: one string
  auto space = [&] {
    if (out.size() > start) out += ' ';
  };
  auto group = [&](Tile t, int n, int step) {
    space();
    for (int k = 0; k < n; ++k) out += char('0' + t.rank() + k * step);
    if (chinese)
      out += suit_zh(t.suit());
    else
      out += suit_letter(t.suit());
  };
  if (reading.seven_pairs) {
    for (int i = 0; i < kKinds; ++i)
      for (int k = 0; k < hand.concealed[i] / 2; ++k) group(Tile::from_index(i), 2, 0);
  } else {
    group(reading.pair, 2, 0);
    for (const auto& s : reading.sets)
      if (!s.melded) group(s.first, 3, s.kind == Set::Kind::Sequence ? 1 : 0);
    for (const auto& m : hand.melds) {  // the melded sets, as written
      space();
      append_meld_text(out, m, chinese);
    }
  }
}

void append_ascii(std::string& out, const Hand& hand) {
  append_tiles_text(out, hand, false);
}

// U+1F007 is the one of characters (万); each suit is nine code points on.
constexpr char32_t kFirstGlyph = 0x1F007;
constexpr int suit_block(Suit s) {
  return s == Suit::Man ? 0 : s == Suit::Sou ? 1 : 2;
}

std::optional<Tile> tile_of_glyph(char32_t cp) {
  if (cp < kFirstGlyph || cp >= kFirstGlyph + 27) return std::nullopt;
  int n = static_cast<int>(cp - kFirstGlyph);
  constexpr Suit kBlocks[] = {Suit::Man, Suit::Sou, Suit::Pin};
  return Tile(kBlocks[n / 9], n % 9 + 1);
}

char32_t glyph_of(Tile t) {
  return kFirstGlyph + static_cast<char32_t>(suit_block(t.suit()) * 9 + t.rank() - 1);
}

std::string to_glyphs(const Hand& hand) {
  std::string out;
  auto tiles = [&](Tile t, int n) {
    for (int k = 0; k < n; ++k) out += utf8::encode(glyph_of(t));
  };
  for (int s = 0; s < kSuits; ++s) {
    bool any = false;
    for (int r = 1; r <= kRanks; ++r) {
      Tile t(Suit(s), r);
      if (hand.concealed[t.index()] && !any && !out.empty()) out += ' ';
      any = any || hand.concealed[t.index()];
      tiles(t, hand.concealed[t.index()]);
    }
  }
  for (const auto& m : hand.melds) {
    if (!out.empty()) out += ' ';
    out += m.kind == Meld::Kind::ConcealedKong ? "(" : "[";
    tiles(m.tile, m.copies());
    out += m.kind == Meld::Kind::AddedKong ? "+]" : m.kind == Meld::Kind::ConcealedKong ? ")" : "]";
  }
  return out;
}

std::string to_ascii(const Hand& hand) {
  return tiles_text(hand, false);
}
std::string to_chinese(const Hand& hand) {
  return tiles_text(hand, true);
}

}  // namespace qianmj
