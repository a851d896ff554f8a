// Internal: strict UTF-8 decoding and the width of characters, shared by the hand parser
// and the terminal text helpers.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "qianmj/core/error.hpp"

namespace qianmj::utf8 {

struct Char {
  char32_t cp;
  int column;  // 1-based
};

// Strict UTF-8 decoding (no overlongs, no surrogates, nothing above U+10FFFF); an error
// names the column of the first bad byte.
Result<std::vector<Char>> decode(std::string_view s);
// The error for bytes that are not UTF-8 at `column` (1-based) of `input`.
Error bad_utf8(int column, std::string input);
std::string encode(char32_t cp);
bool is_wide(char32_t c);  // takes two terminal columns (CJK, fullwidth, emoji)

}  // namespace qianmj::utf8
