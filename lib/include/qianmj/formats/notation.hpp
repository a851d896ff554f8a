// Hand text <-> Hand (INTERFACE §1).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "qianmj/core/analysis.hpp"
#include "qianmj/core/error.hpp"
#include "qianmj/core/hand.hpp"
#include "qianmj/core/terminal_text.hpp"  // display_width, terminal_safe, caret_lines

namespace qianmj {

inline constexpr std::size_t kMaxHandBytes = 4096;  // far above any real hand; longer is too_long

// Reads a hand as people write it: 23445677筒345789条, 碰5万 (9999筒) 1123p, 一二三万 ...
// Checks C7 (at most 4 copies of a kind in hand + melds); the tile count is the caller's.
Result<Hand> parse_hand(std::string_view text);

// The fast path parse_hand takes first: runs of digits 1-9 each closed by m, s or p, or by
// 万 条 筒 ("55m24888s234888p", "2344567筒345789条"), at most four copies of a tile, read
// without decoding. It returns nothing for any other text, which the full parser then reads
// (to the same hand, or to an error).
std::optional<Hand> parse_plain(std::string_view text);

// Reads a list of tiles in hand notation without melds ("2468s5m", "" or spaces for none),
// at most four copies of a kind: its copies of each kind.
Result<Counts> parse_tile_list(std::string_view text);

// Reads exactly one tile ("7p", "7筒", "七筒", "９m"): the parser's error, or bad_tile.
Result<Tile> parse_tile(std::string_view text);

// Canonical text: concealed tiles sorted, suits in the order m s p, then the melds as
// written ([555m] [5555m] [5555m+] (5555m)). Parses back to the same hand.
std::string to_ascii(const Hand& hand);
void append_ascii(std::string& out, const Hand& hand);  // to_ascii appended to `out`
std::string to_chinese(const Hand& hand);               // the same with 万条筒
// The same as Unicode mahjong tiles (🀇-🀏 万, 🀐-🀘 条, 🀙-🀡 筒), a space between suits and
// melds: "🀒🀓🀔 🀚🀛🀜 [🀋🀋🀋]". Parses back to the same hand.
std::string to_glyphs(const Hand& hand);
// The tile a mahjong glyph shows (U+1F007-U+1F021), if it is one of the 27 suited tiles.
std::optional<Tile> tile_of_glyph(char32_t cp);
char32_t glyph_of(Tile t);

// The groups of a reading as text, pair first, then concealed sets, then melds
// ("11p 123p 789p 789p [999p]"); for seven pairs, the seven pairs.
std::string reading_text(const Reading& reading, const Hand& hand, bool chinese);
void append_reading_text(std::string& out, const Reading& reading, const Hand& hand,
                         bool chinese);  // reading_text appended to `out`

}  // namespace qianmj
