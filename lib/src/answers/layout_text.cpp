// Text helpers of the layouts: padding to terminal columns, signed amounts, hands.
#include <algorithm>
#include <charconv>
#include <utility>

#include "qianmj/answers/layout.hpp"
#include "qianmj/core/terminal_text.hpp"
#include "qianmj/formats/notation.hpp"

namespace qianmj {

std::string pad_right(const std::string& s, int width) {
  return s + std::string(static_cast<std::size_t>(std::max(0, width - display_width(s))), ' ');
}
std::string pad_left(const std::string& s, int width) {
  return std::string(static_cast<std::size_t>(std::max(0, width - display_width(s))), ' ') + s;
}
void append_signed_points(std::string& out, std::int64_t v) {
  char digits[24];
  char* end = digits;
  if (v > 0) *end++ = '+';
  end = std::to_chars(end, digits + sizeof digits, v).ptr;
  out.append(digits, end);
}

std::string signed_points(std::int64_t v) {
  std::string out;
  append_signed_points(out, v);
  return out;
}

std::string truncate_to(const std::string& s, int width) {
  if (display_width(s) <= width) return s;
  std::string out;
  std::size_t i = 0;
  while (i < s.size()) {
    std::size_t len = 1;
    auto b = static_cast<unsigned char>(s[i]);
    if (b >= 0xF0)
      len = 4;
    else if (b >= 0xE0)
      len = 3;
    else if (b >= 0xC0)
      len = 2;
    std::string piece = s.substr(i, len);
    if (display_width(out + piece) > width - 1) break;
    out += piece;
    i += len;
  }
  return out + "…";
}

std::string spreadsheet_safe(std::string cell) {
  if (!cell.empty() && std::string_view("=+-@\t\r").find(cell.front()) != std::string_view::npos)
    cell.insert(cell.begin(), '\'');
  return cell;
}

std::string csv_cell(const std::string& text, char sep) {
  const std::string s = spreadsheet_safe(text);
  if (sep == '\t') {  // TSV: a tab or newline in a name would break the row
    std::string out = s;
    std::replace(out.begin(), out.end(), '\t', ' ');
    return out;
  }
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char ch : s) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return out + "\"";
}

std::vector<std::string> wrap_at_spaces(std::string_view text, int width) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t word_at = text.find_first_not_of(' ', i);
    if (word_at == std::string_view::npos) break;
    const std::size_t end = std::min(text.find(' ', word_at), text.size());
    const std::string_view gap = text.substr(i, word_at - i),
                           word = text.substr(word_at, end - word_at);
    if (line.empty() && lines.empty())
      line = std::string(gap) + std::string(word);  // the text's own indent stays
    else if (width <= 0 || display_width(line) + display_width(gap) + display_width(word) <= width)
      (line += gap) += word;
    else
      lines.push_back(std::exchange(line, std::string(word)));
    i = end;
  }
  lines.push_back(line);
  return lines;
}

std::string hand_text(const Hand& hand, bool chinese, bool glyphs) {
  std::string out;
  auto piece = [&](const Hand& h) {
    std::string t = chinese ? to_chinese(h) : to_ascii(h);
    if (!t.empty()) out += (out.empty() ? "" : " ") + t;
  };
  for (int s = 0; s < kSuits; ++s) {
    Hand one;
    for (int r = 1; r <= kRanks; ++r) {
      int i = Tile(Suit(s), r).index();
      one.concealed[i] = hand.concealed[i];
    }
    piece(one);
  }
  for (const auto& m : hand.melds) {
    Hand one;
    one.melds.push_back(m);
    piece(one);
  }
  if (glyphs) out += "  " + to_glyphs(hand);
  return out;
}

std::string json_text(const Json& j) {
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace qianmj
