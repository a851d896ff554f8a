// Strict UTF-8: decoding, encoding, the width of a character.
#include "core/utf8.hpp"

namespace qianmj::utf8 {

Result<std::vector<Char>> decode(std::string_view s) {
  std::vector<Char> out;
  out.reserve(s.size());
  std::size_t i = 0;
  int column = 1;
  while (i < s.size()) {
    auto b = static_cast<unsigned char>(s[i]);
    char32_t cp = 0;
    int len = 0;
    if (b < 0x80) {
      cp = b, len = 1;
    } else if (b >= 0xC2 && b <= 0xDF) {
      cp = b & 0x1F, len = 2;
    } else if (b >= 0xE0 && b <= 0xEF) {
      cp = b & 0x0F, len = 3;
    } else if (b >= 0xF0 && b <= 0xF4) {
      cp = b & 0x07, len = 4;
    }
    bool ok = len > 0 && i + len <= s.size();
    for (int k = 1; ok && k < len; ++k) {
      auto c = static_cast<unsigned char>(s[i + k]);
      if ((c & 0xC0) != 0x80) ok = false;
      cp = (cp << 6) | (c & 0x3F);
    }
    if (ok && ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
               (cp >= 0xD800 && cp <= 0xDFFF)))
      ok = false;
    if (!ok) return bad_utf8(column, std::string(s));
    out.push_back({cp, column});
    i += static_cast<std::size_t>(len);
    ++column;
  }
  return out;
}

Error bad_utf8(int column, std::string input) {
  return Error{ErrorCode::BadUtf8, "invalid UTF-8 at character " + std::to_string(column),
               "第 " + std::to_string(column) + " 个字符处不是有效的 UTF-8 编码", column,
               std::move(input)};
}

std::string encode(char32_t cp) {
  std::string out;
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
  return out;
}

bool is_wide(char32_t c) {
  return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF) ||
         (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
         (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1FAFF) ||
         (c >= 0x20000 && c <= 0x3FFFD);
}

}  // namespace qianmj::utf8
