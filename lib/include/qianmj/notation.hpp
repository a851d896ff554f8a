// Hand text <-> Hand (INTERFACE §1).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "qianmj/analysis.hpp"
#include "qianmj/error.hpp"
#include "qianmj/hand.hpp"

namespace qianmj {

inline constexpr std::size_t kMaxHandBytes = 4096;  // far above any real hand; longer is too_long

// Reads a hand as people write it: 23445677筒345789条, 碰5万 (9999筒) 1123p, 一二三万 ...
// Checks C7 (at most 4 copies of a kind in hand + melds); the tile count is the caller's.
Result<Hand> parse_hand(std::string_view text);

// The fast path parse_hand takes first: plain ASCII runs of digits 1-9 each closed by m, s
// or p ("55m24888s234888p"), at most four copies of a tile. It returns nothing for any other
// text, which the full parser then reads (to the same hand, or to an error).
std::optional<Hand> parse_plain_ascii(std::string_view text);

// Reads exactly one tile ("7p", "7筒", "七筒", "９m"): the parser's error, or bad_tile.
Result<Tile> parse_tile(std::string_view text);

// Canonical text: concealed tiles sorted, suits in the order m s p, then the melds as
// written ([555m] [5555m] [5555m+] (5555m)). Parses back to the same hand.
std::string to_ascii(const Hand& hand);
std::string to_chinese(const Hand& hand);  // the same with 万条筒

// The groups of a reading as text, pair first, then concealed sets, then melds
// ("11p 123p 789p 789p [999p]"); for seven pairs, the seven pairs.
std::string reading_text(const Reading& reading, const Hand& hand, bool chinese);

// Terminal columns the UTF-8 text takes (CJK characters take two).
int display_width(std::string_view text);

// Whether a character would move or hide what a terminal shows (a control, a bidi mark).
bool unsafe_on_terminal(char32_t c);
// Whether text holds such a character, or bytes that are not UTF-8.
bool has_unsafe_characters(std::string_view text);

// `text` for a terminal: controls (C0 but the newline, C1, DEL), bidi embeddings, isolates
// and line separators written as \u202e, bytes that are not UTF-8 as '?'.
std::string terminal_safe(std::string_view text);

// Two lines: the input (control, bidi and invalid bytes shown as '?') and a caret under the
// character at `column` (1-based), aligned for wide CJK characters.
std::string caret_lines(std::string_view input, int column);

}  // namespace qianmj
