// Text for a terminal: display width, text made safe to echo, carets.
#include "qianmj/core/terminal_text.hpp"

#include <algorithm>
#include <cstdio>

#include "core/utf8.hpp"

namespace qianmj {

using utf8::decode;
using utf8::is_wide;

// C0 and C1 controls, DEL, bidi embeddings and isolates, line and paragraph separators.
bool unsafe_on_terminal(char32_t c) {
  return c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F) || c == 0x061C || c == 0x200E ||
         c == 0x200F || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) ||
         c == 0x2028 || c == 0x2029;
}

bool has_unsafe_characters(std::string_view text) {
  auto chars = decode(text);
  if (!chars) return true;
  for (const auto& c : *chars)
    if (unsafe_on_terminal(c.cp)) return true;
  return false;
}

bool has_invisible_characters(std::string_view text) {
  auto chars = decode(text);
  if (!chars) return false;  // not UTF-8: has_unsafe_characters says so
  auto zero_width = [](char32_t c) {
    return c == 0x00AD || c == 0x034F || c == 0x180E || (c >= 0x200B && c <= 0x200D) ||
           (c >= 0x2060 && c <= 0x2064) || c == 0xFEFF || (c >= 0xFE00 && c <= 0xFE0F);
  };
  auto space = [](char32_t c) {
    return c == 0x20 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x202F ||
           c == 0x205F || c == 0x3000 || c == 0x3164 || c == 0x115F || c == 0x1160 || c == 0xFFA0;
  };
  bool all_space = !chars->empty();
  for (const auto& c : *chars) {
    if (zero_width(c.cp)) return true;
    all_space = all_space && space(c.cp);
  }
  return all_space;
}

int display_width(std::string_view text) {
  auto chars = decode(text);
  if (!chars) return static_cast<int>(text.size());
  int w = 0;
  for (const auto& c : *chars) w += is_wide(c.cp) ? 2 : 1;
  return w;
}

std::string terminal_safe(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    auto b = static_cast<unsigned char>(text[i]);
    if (b >= 0x20 && b < 0x7F) {  // plain ASCII, the common case
      out += text[i++];
      continue;
    }
    std::size_t len = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
    auto piece = decode(text.substr(i, std::min(len, text.size() - i)));
    if (!piece || piece->size() != 1) {  // not UTF-8
      out += '?';
      ++i;
      continue;
    }
    char32_t cp = (*piece)[0].cp;
    if (unsafe_on_terminal(cp) && cp != U'\n') {
      char buf[16];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(cp));
      out += buf;
    } else {
      out.append(text.substr(i, len));
    }
    i += len;
  }
  return out;
}

std::string caret_lines(std::string_view input, int column) {
  // Show a window of the input around the column, decoded leniently.
  std::string shown, caret;
  std::size_t i = 0;
  int col = 1, width_before = 0;
  constexpr int kWindow = 60;
  int first = std::max(1, column - kWindow / 2);
  bool cut_left = first > 1;
  if (cut_left) shown = "…", width_before = 1;
  int width = width_before;
  while (i < input.size() && col < first + kWindow) {
    auto b = static_cast<unsigned char>(input[i]);
    int len = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
    auto piece = decode(input.substr(i, std::min<std::size_t>(len, input.size() - i)));
    std::string glyph = "?";
    int w = 1;
    if (piece && piece->size() == 1 && !unsafe_on_terminal((*piece)[0].cp)) {
      glyph = std::string(input.substr(i, static_cast<std::size_t>(len)));
      w = is_wide((*piece)[0].cp) ? 2 : 1;
    } else {
      len = piece ? len : 1;
    }
    if (col >= first) {
      if (col == column) width_before = width;
      shown += glyph;
      width += w;
    }
    i += static_cast<std::size_t>(len);
    ++col;
  }
  if (i < input.size()) shown += "…";
  if (column >= col) width_before = width;  // the column is just past the end
  caret.assign(static_cast<std::size_t>(width_before), ' ');
  caret += '^';
  return shown + "\n" + caret;
}

}  // namespace qianmj
