// The public face of the table in words: the words joined into one line (their columns
// counted once), a session's header, and where an error points. The lexicon, the reader and the
// writer are in formats/words/.
#include "qianmj/formats/table_words.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>

#include "formats/words/lexicon.hpp"
#include "formats/words/reader.hpp"
#include "qianmj/engine/registry.hpp"

namespace qianmj {
namespace {

using namespace words;

constexpr std::size_t kMaxWordsBytes = std::size_t{1} << 20;  // the words joined, at most

Error words_too_long() {
  return Error{ErrorCode::TooLong, "the words are longer than 1 MiB", "文字超过 1 MiB"};
}

// The bytes of the space at line[k] (ASCII space, tab, or the full-width U+3000), or 0.
inline std::size_t space_at(std::string_view line, std::size_t k) {
  const char c = line[k];
  if (c == ' ' || c == '\t') return 1;
  if (c == '\xE3' && line.substr(k, 3) == "\u3000") return 3;
  return 0;
}

// A word whose commas are its own: 杠序's list (杠序:北9筒，东5万).
bool keeps_commas(std::string_view word) {
  return starts(word, "杠序") ||
         (word.size() >= 10 && ascii_iequal(word.substr(0, 10), "kong-order"));
}

// The marks a ： may stand before and still end its word (玩家：，): never a loop over ：s.
constexpr std::string_view kStops = "\u3001\u3002\uFF1B\uFF0C\uFF1A";

// The bytes of the separator at line[k], or 0: a space, the punctuation people type between
// words (，、；。), or a '：' that ends a word (玩家：). `word` is the word so far: in 杠序's
// list the commas are the list's.
std::size_t separator_at(std::string_view line, std::size_t k, std::string_view word) {
  if (std::size_t n = space_at(line, k)) return n;
  const char c = line[k];
  if (c != '\xE3' && c != '\xEF') return 0;
  const std::string_view s = line.substr(k, 3);
  if (s == "\u3001" || s == "\u3002" || s == "\uFF1B") return 3;  // 、 。 ；
  if (s == "\uFF0C")  // ，: in 杠序's list, before the next kong's seat, the list's own
    return keeps_commas(word) && seat_word_prefix(line.substr(k + 3), false) ? 0 : 3;
  if (s == "\uFF1A" &&  // ： with nothing after it (玩家：)
      (k + 3 == line.size() || space_at(line, k + 3) > 0 ||
       (line.size() - k >= 6 && kStops.find(line.substr(k + 3, 3)) != std::string_view::npos)))
    return 3;
  return 0;
}

// What a byte of a line may be: the first byte of a character (not 10xxxxxx), of a separator
// (' ', '\t', U+3000's and 、。's 0xE3, ，；：'s 0xEF).
constexpr std::uint8_t kStartsChar = 1, kMaySpace = 2;
constexpr std::array<std::uint8_t, 256> kByteClass = [] {
  std::array<std::uint8_t, 256> c{};
  for (int b = 0; b < 256; ++b)
    c[static_cast<std::size_t>(b)] = (b & 0xC0) != 0x80 ? kStartsChar : 0;
  for (int b : {0x20, 0x09, 0xE3, 0xEF}) c[static_cast<std::size_t>(b)] |= kMaySpace;
  return c;
}();

// The words of one line split at separators, each with its column in the line: f(word, column).
template <class F>
void for_each_word(std::string_view line, F&& f) {
  std::size_t i = 0;
  int column = 1;
  while (i < line.size()) {
    if (std::size_t n = separator_at(line, i, {})) {
      i += n, ++column;
      continue;
    }
    const std::size_t start = i;
    const int first = column;
    while (i < line.size()) {  // a byte that starts no separator is not looked at again
      const std::uint8_t k = kByteClass[static_cast<unsigned char>(line[i])];
      if (k & kMaySpace && separator_at(line, i, line.substr(start, i - start))) break;
      if (k & kStartsChar) ++column;
      ++i;
    }
    f(line.substr(start, i - start), first);
  }
}

// One line split at spaces (ASCII and the full-width U+3000), with the columns of the words.
std::vector<Token> split(std::string_view line) {
  std::vector<Token> out;
  for_each_word(line, [&](std::string_view w, int column) { out.push_back({w, column}); });
  return out;
}

}  // namespace

int WordsTable::column_of(const std::string& field) const {
  int best = 0;
  std::size_t best_len = 0;
  for (const auto& [f, column] : fields)
    if (field.compare(0, f.size(), f) == 0 &&
        (field.size() == f.size() || field[f.size()] == '.' || field[f.size()] == '[') &&
        f.size() >= best_len)
      best = column, best_len = f.size();
  return best;
}

Error WordsTable::at_word(Error e) const {
  if (e.column > 0 && !e.input.empty()) return e;  // already about a character of the line
  if (int c = column_of(e.field); c > 0) {
    e.column = c;
    e.input = text;
    e.field.clear();  // the caret shows the word; a JSON path means nothing here
    return e;
  }
  // No word to point at (a hand that was not given): name the field as words would.
  const std::string& f = e.field;
  if (f.rfind("seats[", 0) == 0 && f.size() > 8 && f[6] >= '0' && f[6] <= '3') {
    std::string seat(kSeatZh[static_cast<std::size_t>(f[6] - '0')]);
    std::string leaf = f.substr(8);
    e.field = leaf == ".baoting" ? seat + "报听" : seat;
  } else if (f.rfind("options.", 0) == 0) {
    e.field = f.substr(8) + "=";
  } else if (f == "dealer") {
    e.field = "庄";
  } else if (f == "streak") {
    e.field = "连庄";
  } else if (f.rfind("result", 0) == 0 || f.rfind("kongs", 0) == 0 || f == "seats") {
    e.field.clear();
  }
  return e;
}

std::vector<std::string> split_words(std::string_view line) {
  std::vector<std::string> words;
  for_each_word(line, [&](std::string_view w, int) { words.emplace_back(w); });
  return words;
}

void each_word(std::string_view line, void (*each)(void*, std::string_view), void* context) {
  for_each_word(line, [&](std::string_view w, int) { each(context, w); });
}

namespace {

// The word after 玩家 / players (any case), with or without ':' or '：' (玩家：阿明 has 阿明), when
// `w` starts with the label; nullopt otherwise.
std::optional<std::string_view> players_label(std::string_view w) {
  for (std::string_view label : {std::string_view("玩家"), std::string_view("players")}) {
    if (!starts_nocase(w, label)) continue;
    std::string_view rest = w.substr(label.size());
    if (rest.empty()) return rest;
    if (std::string_view after = strip_separator(rest); after.size() < rest.size()) return after;
  }
  return std::nullopt;
}

// The players' names after the label: four names in seat order, or four seats each followed
// by its name (东 阿明 南 阿红 西 小李 北 老王, in any order).
std::optional<Result<WordsDefaults>> read_player_names(std::string_view line,
                                                       const std::vector<Token>& words,
                                                       const Token& label, WordsDefaults d) {
  auto err = [&](ErrorCode code, const Token& t, std::string en,
                 std::string zh) -> std::optional<Result<WordsDefaults>> {
    return Result<WordsDefaults>(
        Error{code, std::move(en), std::move(zh), t.column, std::string(line)});
  };
  const bool by_seat = words.size() == 2 * kSeats && seat_of(words.front().text);
  if (words.size() != kSeats && !by_seat)
    return err(ErrorCode::BadWord, label,
               "players names four players, 东 南 西 北 in turn order (or 东 A 南 B 西 C 北 D)",
               "玩家后面应写四个名字，依次为东、南、西、北（或 东 甲 南 乙 西 丙 北 丁）");
  std::array<bool, kSeats> named{};
  for (std::size_t i = 0; i < kSeats; ++i) {
    std::size_t seat = i;
    if (by_seat) {
      const Token& s = words[2 * i];
      auto which = seat_of(s.text);
      if (!which)
        return err(ErrorCode::BadWord, s,
                   "a seat (东 南 西 北) before each name, not " + std::string(s.text),
                   "每个名字前应写座位（东南西北），而不是" + std::string(s.text));
      seat = static_cast<std::size_t>(*which);
      if (named[seat])
        return err(ErrorCode::Inconsistent, s,
                   "seat " + std::string(kSeatEn[seat]) + " is named twice",
                   std::string(kSeatZh[seat]) + "的名字写了两次");
    }
    const Token& t = words[by_seat ? 2 * i + 1 : i];
    if (auto why = bad_name(t.text)) return err(ErrorCode::BadWord, t, why->en, why->zh);
    for (std::size_t k = 0; k < kSeats; ++k)
      if (named[k] && d.names[k] == t.text)
        return err(ErrorCode::Inconsistent, t, "two seats are called " + std::string(t.text),
                   "两家都叫" + std::string(t.text));
    d.names[seat] = t.text;
    named[seat] = true;
  }
  return Result<WordsDefaults>(std::move(d));
}

}  // namespace

std::optional<Result<WordsDefaults>> read_header_words(std::string_view line, WordsDefaults d) {
  auto tokens = split(line);
  if (tokens.empty()) return std::nullopt;
  // 玩家 甲 乙 丙 丁: the names of 东 南 西 北; or seat by seat (玩家：东 阿明，南 阿红 …).
  if (auto players = players_label(tokens.front().text)) {
    std::vector<Token> names(tokens.begin() + 1, tokens.end());
    const Token& label = tokens.front();
    if (!players->empty())  // 玩家：阿明: the name's column, after the label's characters
      names.insert(names.begin(),
                   Token{*players, label.column + chars(label.text) - chars(*players)});
    return read_player_names(line, names, label, std::move(d));
  }
  for (const auto& tok : tokens) {
    std::string_view w = tok.text;
    std::string_view key = w.substr(0, separator(w));
    bool header = false;
    for (const auto& k : kKeys)
      header = header || (starts_nocase(w, k.text) &&
                          (k.key == Key::Dealer || k.key == Key::Streak || k.key == Key::Rules));
    for (const auto& r : rulesets()) header = header || w == r.id || w == r.zh;
    for (const auto& o : option_specs())
      header = header || (key == o.name && key.size() < w.size());
    for (const auto& sp : kSeatWords)
      header = header || (key == sp.text && key.size() < w.size() && w[key.size()] == '=');
    if (!header) return std::nullopt;
  }
  // The words of a table read them: a throwaway table ends the line so that it parses.
  WordsDefaults probe = d;
  probe.have_dealer = true;
  auto words = split_words(line);
  words.push_back("流局");
  auto t = table_from_words(words, &probe);
  if (!t) {
    Error e = t.error();
    if (e.input.size() > line.size()) e.input = std::string(line);
    return Result<WordsDefaults>(e);
  }
  if (!t->table.rules.empty()) d.rules = t->table.rules;
  d.options = t->table.options;
  for (std::size_t i = 0; i < kSeats; ++i) d.names[i] = t->table.seats[i].name;
  if (t->dealer_given) d.dealer = t->table.dealer, d.have_dealer = true;
  if (t->streak_given) d.streak = t->table.streak;
  return Result<WordsDefaults>(std::move(d));
}

Result<WordsTable> table_from_words(std::string_view line, const WordsDefaults* defaults) {
  // The words joined with one space are never longer than the line: a line over 1 MiB is
  // measured first, and too long before any word is copied.
  if (line.size() > kMaxWordsBytes) {
    std::size_t size = 0, words = 0;
    for_each_word(line, [&](std::string_view w, int) { size += w.size(), ++words; });
    if (size + (words > 0 ? words - 1 : 0) > kMaxWordsBytes) return words_too_long();
  }
  // Then joined in one pass; the reserve holds them, so the views into it stay valid.
  Words p;
  p.defaults = defaults;
  p.line.reserve(std::min(line.size(), kMaxWordsBytes));
  const char* text = line.data();
  const std::size_t n = line.size();
  int line_chars = 0;  // characters of p.line so far
  for (std::size_t i = 0; i < n;) {
    if (std::size_t space = separator_at(line, i, {})) {
      i += space;
      continue;
    }
    const std::size_t start = i;
    int word_chars = 0;
    for (; i < n; ++i) {
      const std::uint8_t k = kByteClass[static_cast<unsigned char>(text[i])];
      if (k & kMaySpace && separator_at(line, i, line.substr(start, i - start))) break;
      word_chars += k & kStartsChar;
    }
    const std::size_t size = i - start;
    if (p.line.size() + (p.line.empty() ? 0 : 1) + size > p.line.capacity())
      return words_too_long();  // never: measured above
    if (!p.line.empty()) p.line += ' ', ++line_chars;
    p.tokens.push_back({std::string_view(p.line.data() + p.line.size(), size), line_chars + 1});
    p.line.append(text + start, size);
    line_chars += word_chars;
  }
  return read_words(p);
}

namespace {

// The arguments as words: an argument with separators in it is split as a line is (a whole
// table in one quoted argument), but a piece that starts as a hand does stays with the piece
// before it (a quoted hand: "东:2344567筒 345789条").
std::vector<std::string> argument_words(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  out.reserve(args.size());
  for (const auto& a : args) {
    const std::size_t first = out.size();
    for_each_word(a, [&](std::string_view w, int) {
      if (out.size() > first && looks_like_hand_text(w))
        (out.back() += ' ') += w;
      else
        out.emplace_back(w);
    });
  }
  return out;
}

}  // namespace

Result<WordsTable> table_from_words(const std::vector<std::string>& args,
                                    const WordsDefaults* defaults) {
  std::size_t args_size = 0;
  for (const auto& a : args) args_size += a.size() + 1;
  if (args_size > kMaxWordsBytes + 1) return words_too_long();
  const std::vector<std::string> words = argument_words(args);
  // The words joined with one space (none before the first nonempty word): its size is
  // checked before any of them is copied, and each word's column counted once.
  std::size_t line_size = 0;
  for (const auto& w : words) line_size += (line_size > 0 ? 1 : 0) + w.size();
  if (line_size > kMaxWordsBytes) return words_too_long();
  Words p;
  p.defaults = defaults;
  p.line.reserve(line_size);
  p.tokens.reserve(words.size());
  int line_chars = 0;  // characters of p.line so far
  for (const auto& w : words) {
    if (!p.line.empty()) p.line += ' ', ++line_chars;
    p.tokens.push_back({std::string_view(p.line.data() + p.line.size(), w.size()), line_chars + 1});
    p.line += w;  // reserved: the views stay valid
    line_chars += chars(w);
  }
  return read_words(p);
}

}  // namespace qianmj
