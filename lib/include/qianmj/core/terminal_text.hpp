// Text for a terminal: its width in columns, and input made safe to echo back.
#pragma once

#include <string>
#include <string_view>

namespace qianmj {

// Terminal columns the UTF-8 text takes (CJK characters take two).
int display_width(std::string_view text);

// Whether a character would move or hide what a terminal shows (a control, a bidi mark).
bool unsafe_on_terminal(char32_t c);
// Whether text holds such a character, or bytes that are not UTF-8.
bool has_unsafe_characters(std::string_view text);
// Whether a name would print blank or as another name: a zero-width or invisible format
// character anywhere (U+200B, U+FEFF, a soft hyphen ...), or nothing but spaces of any kind
// (a lone NBSP, U+3000).
bool has_invisible_characters(std::string_view text);

// `text` for a terminal: controls (C0 but the newline, C1, DEL), bidi embeddings, isolates
// and line separators written as \u202e, bytes that are not UTF-8 as '?'.
std::string terminal_safe(std::string_view text);

// Two lines: the input (control, bidi and invalid bytes shown as '?') and a caret under the
// character at `column` (1-based), aligned for wide CJK characters.
std::string caret_lines(std::string_view input, int column);

// `text` after the UTF-8 byte order mark at its start (a file saved by Notepad), if it has one.
inline std::string_view skip_bom(std::string_view text) {
  return text.substr(0, 3) == "\xEF\xBB\xBF" ? text.substr(3) : text;
}

}  // namespace qianmj
