#include "qianmj/formats/table_words.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstdint>
#include <optional>

#include "qianmj/formats/notation.hpp"
#include "qianmj/engine/registry.hpp"
#include "core/utf8.hpp"

namespace qianmj {
namespace {

// ---- spellings ------------------------------------------------------------------------

struct Spelling {
  std::string_view text;
  int seat;
};

// C2: 东 is seat 0, and turn order is 东 → 南 → 西 → 北.
constexpr Spelling kSeatWords[] = {
    {"东", 0}, {"東", 0}, {"E", 0}, {"e", 0}, {"0", 0},  {"南", 1}, {"S", 1}, {"s", 1}, {"1", 1},
    {"西", 2}, {"W", 2},  {"w", 2}, {"2", 2}, {"北", 3}, {"N", 3},  {"n", 3}, {"3", 3},
};

constexpr std::string_view kSeatZh[] = {"东", "南", "西", "北"};
constexpr std::string_view kSeatEn[] = {"E", "S", "W", "N"};

enum class Verb {
  Hand,
  Name,
  Win,
  SelfDraw,
  Discarder,
  Robbed,
  Escape,
  Baoting,
  Fed,
  Kongs,
  Dealer,
  Yaoji,
  Chongfeng,
  Tianhu,
  Dihu,
};

struct VerbSpelling {
  std::string_view text;
  Verb verb;
  bool ascii;  // spelled after "SEAT:" (E:win:7p), not glued to the seat (北胡7筒)
};

// After a seat. Longest first where one spelling starts another (自摸 before 自).
constexpr VerbSpelling kVerbs[] = {
    {"被抢杠", Verb::Robbed, false},
    {"被抢", Verb::Robbed, false},
    {"自摸", Verb::SelfDraw, false},
    {"放炮", Verb::Discarder, false},
    {"点炮", Verb::Discarder, false},
    {"逃跑", Verb::Escape, false},
    {"强退", Verb::Escape, false},
    {"报听", Verb::Baoting, false},
    {"点杠", Verb::Fed, false},
    {"放杠", Verb::Fed, false},
    {"坐庄", Verb::Dealer, false},
    {"打幺鸡", Verb::Yaoji, false},
    {"幺鸡", Verb::Yaoji, false},
    {"冲锋鸡", Verb::Chongfeng, false},
    {"天胡", Verb::Tianhu, false},
    {"天和", Verb::Tianhu, false},
    {"地胡", Verb::Dihu, false},
    {"地和", Verb::Dihu, false},
    {"胡", Verb::Win, false},
    {"和", Verb::Win, false},
    {"杠", Verb::Kongs, false},
    {"win:", Verb::Win, true},
    {"hu:", Verb::Win, true},
    {"zimo:", Verb::SelfDraw, true},
    {"pao", Verb::Discarder, true},
    {"discard", Verb::Discarder, true},
    {"robbed", Verb::Robbed, true},
    {"escape", Verb::Escape, true},
    {"baoting", Verb::Baoting, true},
    {"fed:", Verb::Fed, true},
    {"kong:", Verb::Kongs, true},
    {"dealer", Verb::Dealer, true},
    {"yaoji:", Verb::Yaoji, true},
    {"yaoji", Verb::Yaoji, true},
    {"chongfeng", Verb::Chongfeng, true},
    {"tianhu", Verb::Tianhu, true},
    {"dihu", Verb::Dihu, true},
};

enum class Flag { Draw, Zimo, Gangshanghua, Gangshangpao, Robbing, Tianhu, Dihu, Multi, LastFour };

constexpr std::pair<std::string_view, Flag> kFlags[] = {
    {"流局", Flag::Draw},
    {"黄庄", Flag::Draw},
    {"荒庄", Flag::Draw},
    {"draw", Flag::Draw},
    {"自摸", Flag::Zimo},
    {"zimo", Flag::Zimo},
    {"杠上花", Flag::Gangshanghua},
    {"杠上开花", Flag::Gangshanghua},
    {"gangshanghua", Flag::Gangshanghua},
    {"杠上炮", Flag::Gangshangpao},
    {"gangshangpao", Flag::Gangshangpao},
    {"抢杠", Flag::Robbing},
    {"qianggang", Flag::Robbing},
    {"robbing", Flag::Robbing},
    {"天胡", Flag::Tianhu},
    {"天和", Flag::Tianhu},
    {"tianhu", Flag::Tianhu},
    {"地胡", Flag::Dihu},
    {"地和", Flag::Dihu},
    {"dihu", Flag::Dihu},
    {"一炮多响", Flag::Multi},
    {"multi", Flag::Multi},
    {"最后四张", Flag::LastFour},
    {"last-four", Flag::LastFour},
};

enum class Key { Dealer, Streak, Rules, Flip, LastKong, KongOrder, Players };

// Keywords with an argument: glued (庄东, 连庄2, 翻7筒) or after ':' / '=' (dealer:E).
constexpr std::pair<std::string_view, Key> kKeys[] = {
    {"庄家", Key::Dealer},        {"庄", Key::Dealer},       {"dealer", Key::Dealer},
    {"连庄", Key::Streak},        {"streak", Key::Streak},   {"规则", Key::Rules},
    {"rules", Key::Rules},        {"翻牌", Key::Flip},       {"翻", Key::Flip},
    {"flip", Key::Flip},          {"flipped", Key::Flip},    {"最后杠", Key::LastKong},
    {"last-kong", Key::LastKong}, {"杠序", Key::KongOrder},  {"kong-order", Key::KongOrder},
    {"玩家", Key::Players},       {"players", Key::Players},
};

// s.starts_with(p), inline: the keywords are a few bytes, most of them off at the first.
inline bool starts(std::string_view s, std::string_view p) {
  if (s.size() < p.size()) return false;
  for (std::size_t i = 0; i < p.size(); ++i)
    if (s[i] != p[i]) return false;
  return true;
}

// The entries of a list (at most 64) by the first byte of their text: a word is compared only
// with the entries that start as it does, in the list's order (the lowest bit first).
using FirstBytes = std::array<std::uint64_t, 256>;

template <class T, std::size_t N, class Text, class Keep>
constexpr FirstBytes first_bytes(const T (&list)[N], Text text, Keep keep) {
  static_assert(N <= 64);
  FirstBytes m{};
  for (std::size_t i = 0; i < N; ++i)
    if (keep(list[i]))
      m[static_cast<unsigned char>(text(list[i]).front())] |= std::uint64_t{1} << i;
  return m;
}

template <class T, std::size_t N, class Text>
constexpr FirstBytes first_bytes(const T (&list)[N], Text text) {
  return first_bytes(list, text, [](const T&) { return true; });
}

std::uint64_t entries_for(const FirstBytes& m, std::string_view s) {
  return s.empty() ? 0 : m[static_cast<unsigned char>(s.front())];
}

std::size_t take_lowest(std::uint64_t& c) {  // the lowest candidate, taken off
  const auto i = static_cast<std::size_t>(std::countr_zero(c));
  c &= c - 1;
  return i;
}

constexpr auto kSeatWordFirst = first_bytes(kSeatWords, [](const Spelling& x) { return x.text; });
constexpr bool no_seat_word_starts_another() {
  for (const auto& a : kSeatWords)
    for (const auto& b : kSeatWords)
      if (&a != &b && b.text.substr(0, a.text.size()) == a.text) return false;
  return true;
}
static_assert(no_seat_word_starts_another());
constexpr auto kFlagFirst = first_bytes(kFlags, [](const auto& x) { return x.first; });
constexpr auto kKeyFirst = first_bytes(kKeys, [](const auto& x) { return x.first; });
// The glued verbs (北胡7筒) are matched after the seat, the ASCII ones after "SEAT:": all the
// glued come first in kVerbs, so taking those candidates before the ASCII ones keeps its order.
constexpr auto kGluedVerbFirst = first_bytes(
    kVerbs, [](const VerbSpelling& v) { return v.text; },
    [](const VerbSpelling& v) { return !v.ascii; });
constexpr auto kAsciiVerbFirst = first_bytes(
    kVerbs, [](const VerbSpelling& v) { return v.text; },
    [](const VerbSpelling& v) { return v.ascii; });
constexpr bool glued_verbs_first() {
  bool ascii = false;
  for (const auto& v : kVerbs) {
    if (!v.ascii && ascii) return false;
    ascii = ascii || v.ascii;
  }
  return true;
}
static_assert(glued_verbs_first());

constexpr std::string_view kHandStarts[] = {
    "１", "２", "３",   "４",   "５",   "６",     "７",     "８",  "９", "一",
    "二", "三", "四",   "五",   "六",   "七",     "八",     "九",  "幺", "【",
    "（", "碰", "明杠", "直杠", "加杠", "面下杠", "转弯杠", "暗杠"};
constexpr auto kHandStartFirst = first_bytes(kHandStarts, [](std::string_view x) { return x; });

// The fields a seat's words fill, spelled once.
constexpr std::string_view kHandField[] = {"seats[0].hand", "seats[1].hand", "seats[2].hand",
                                           "seats[3].hand"};
constexpr std::string_view kBaotingField[] = {"seats[0].baoting", "seats[1].baoting",
                                              "seats[2].baoting", "seats[3].baoting"};
constexpr std::string_view kYaojiField[] = {"seats[0].discarded_yaoji", "seats[1].discarded_yaoji",
                                            "seats[2].discarded_yaoji", "seats[3].discarded_yaoji"};
constexpr std::string_view kChongfengField[] = {"seats[0].chongfeng", "seats[1].chongfeng",
                                                "seats[2].chongfeng", "seats[3].chongfeng"};
const TableFieldKey<int> kYaojiKey("seats[].discarded_yaoji");
const TableFieldKey<bool> kChongfengKey("seats[].chongfeng");
const TableFieldKey<std::optional<Tile>> kFlippedKey("result.flipped");

// Where the first ':' '=' or '：' is (a word's key ends there), or npos.
std::size_t separator(std::string_view s) {
  return std::min({s.find(':'), s.find('='), s.find("：")});
}

int chars(std::string_view s) {
  int n = 0;
  for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

// Where the first ',' or '，' is, or npos: one pass (two finds would each scan to the end).
std::size_t first_comma(std::string_view s) {
  constexpr std::string_view wide = "，";
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s[i] == ',' || s.substr(i, wide.size()) == wide) return i;
  return std::string_view::npos;
}

constexpr std::size_t kMaxWordsBytes = std::size_t{1} << 20;  // the words joined, at most

Error words_too_long() {
  return Error{ErrorCode::TooLong, "the words are longer than 1 MiB", "文字超过 1 MiB"};
}

std::string_view strip_separator(std::string_view s) {
  if (starts(s, ":") || starts(s, "=")) return s.substr(1);
  if (starts(s, "：")) return s.substr(std::string_view("：").size());
  return s;
}

// A digit and m s p or 万 条 筒 (7p, 7筒): the tile parse_tile reads, without its reader.
std::optional<Tile> plain_tile(std::string_view s) {
  if (s.size() < 2 || s[0] < '1' || s[0] > '9') return std::nullopt;
  std::string_view suit = s.substr(1);
  const int rank = s[0] - '0';
  if (suit == "m" || suit == "万") return Tile(Suit::Man, rank);
  if (suit == "s" || suit == "条") return Tile(Suit::Sou, rank);
  if (suit == "p" || suit == "筒") return Tile(Suit::Pin, rank);
  return std::nullopt;
}

// ---- the words ---------------------------------------------------------------------------

struct Token {
  std::string_view text;  // in the line the words were read from
  int column;             // 1-based character column in the line
};

struct Parser {
  const WordsDefaults* defaults = nullptr;
  std::vector<Token> tokens;  // views into line
  WordsTable out;
  std::string& line = out.text;  // the words joined with one space
  std::array<std::string, kSeats> names;
  bool any_name = false;  // some seat has a name (a word may start with it)

  Error word_error(ErrorCode code, const Token& t, std::string en, std::string zh) const {
    return Error{code, std::move(en), std::move(zh), t.column, line};
  }
  Error bad_word(const Token& t, std::string en, std::string zh) const {
    return word_error(ErrorCode::BadWord, t, std::move(en), std::move(zh));
  }
  Error twice(const Token& t, std::string what_en, std::string what_zh) const {
    return word_error(ErrorCode::Inconsistent, t, what_en + " is said twice", what_zh + "说了两次");
  }

  // A seat at the start of `s`: a name first (the longest), then 东南西北, E S W N, 0-3.
  std::optional<std::pair<int, std::size_t>> seat_prefix(std::string_view s, bool whole) const {
    std::optional<std::pair<int, std::size_t>> best;
    auto consider = [&](std::string_view w, int seat) {
      if (w.empty() || !starts(s, w) || (whole && w.size() != s.size())) return;
      if (!best || w.size() > best->second) best.emplace(seat, w.size());
    };
    if (any_name) {
      for (int i = 0; i < kSeats; ++i) consider(names[static_cast<std::size_t>(i)], i);
      if (best) return best;
    }
    // No seat word starts another: the one that starts s is the longest.
    for (auto c = entries_for(kSeatWordFirst, s); c;) {
      const auto& sp = kSeatWords[take_lowest(c)];
      if (starts(s, sp.text) && (!whole || sp.text.size() == s.size()))
        return std::pair<int, std::size_t>(sp.seat, sp.text.size());
    }
    return std::nullopt;
  }

  std::optional<int> seat_word(std::string_view s) const {
    auto p = seat_prefix(s, true);
    if (!p) return std::nullopt;
    return p->first;
  }

  // A notation error about `text`, a piece of word `t` at `byte_offset`, moved to the line:
  // its column, its input, and a message that names a column (bad UTF-8) names the line's.
  Error moved(Error e, const Token& t, std::size_t byte_offset) const {
    e.column = t.column + chars(t.text.substr(0, byte_offset)) + std::max(0, e.column - 1);
    if (e.code == ErrorCode::BadUtf8) return utf8::bad_utf8(e.column, line);
    e.input = line;
    return e;
  }

  // A tile such as 7筒, 7p, 七筒: the notation's own reader, its column moved to the line.
  Result<Tile> tile_at(const Token& t, std::string_view text, std::size_t byte_offset) const {
    if (auto plain = plain_tile(text)) return *plain;  // what parse_tile reads it as
    auto tile = parse_tile(text);
    if (!tile) return moved(tile.error(), t, byte_offset);
    return *tile;
  }

  Result<Hand> hand_at(const Token& t, std::string_view text, std::size_t byte_offset) const {
    auto hand = parse_hand(text);
    if (!hand) return moved(hand.error(), t, byte_offset);
    return *hand;
  }
};

// The bytes of the space at line[k] (ASCII space, tab, or the full-width U+3000), or 0.
inline std::size_t space_at(std::string_view line, std::size_t k) {
  const char c = line[k];
  if (c == ' ' || c == '\t') return 1;
  if (c == '\xE3' && line.substr(k, 3) == "\u3000") return 3;
  return 0;
}

// What a byte of a line may be: the first byte of a character (not 10xxxxxx), of a space
// (' ', '\t', and U+3000's 0xE3).
constexpr std::uint8_t kStartsChar = 1, kMaySpace = 2;
constexpr std::array<std::uint8_t, 256> kByteClass = [] {
  std::array<std::uint8_t, 256> c{};
  for (int b = 0; b < 256; ++b)
    c[static_cast<std::size_t>(b)] = (b & 0xC0) != 0x80 ? kStartsChar : 0;
  for (int b : {0x20, 0x09, 0xE3}) c[static_cast<std::size_t>(b)] |= kMaySpace;
  return c;
}();

// The words of one line split at spaces, each with its column in the line: f(word, column).
template <class F>
void for_each_word(std::string_view line, F&& f) {
  std::size_t i = 0;
  int column = 1;
  while (i < line.size()) {
    if (std::size_t n = space_at(line, i)) {
      i += n, ++column;
      continue;
    }
    const std::size_t start = i;
    const int first = column;
    while (i < line.size() && !space_at(line, i)) {
      if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) ++column;
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

bool looks_like_hand_text(std::string_view s) {
  if (s.empty()) return false;
  auto b = static_cast<unsigned char>(s[0]);
  if ((b >= '1' && b <= '9') || b == '[' || b == '(') return true;
  for (auto c = entries_for(kHandStartFirst, s); c;)
    if (starts(s, kHandStarts[take_lowest(c)])) return true;
  return false;
}

struct Said {
  int column = 0;
  explicit operator bool() const { return column > 0; }
};

struct WinWord {
  int seat;
  Tile tile;
  bool self_drawn;
  int column;
  bool tianhu = false, dihu = false;
};

struct KongWord {  // a kong of a seat, with where it came from
  KongEvent kong;
  int column;        // the word that shows it
  bool fed = false;  // a direct kong's discarder has been said
};

std::optional<std::int64_t> number(std::string_view s) {
  std::int64_t v = 0;
  if (s.empty()) return std::nullopt;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
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

namespace {

// Why `name` cannot be a player's name, or nullopt.
std::optional<Text> bad_name(std::string_view name) {
  bool bad = name.empty() || name.size() > 64 || looks_like_hand_text(name) ||
             separator(name) != std::string_view::npos;
  bad = bad || has_unsafe_characters(name) || has_invisible_characters(name);
  for (const auto& sp : kSeatWords) bad = bad || name == sp.text;
  for (const auto& f : kFlags) bad = bad || name == f.first;
  for (const auto& k : kKeys) bad = bad || starts(name, k.first);
  for (const auto& r : rulesets()) bad = bad || name == r.id || name == r.zh;
  if (!bad) return std::nullopt;
  return Text{
      "a name is one word of at most 64 bytes that is not a seat, a tile, a number or a word of "
      "the table: " +
          std::string(name),
      "名字应为不超过 64 字节的一个词，不能是座位、牌、数字或结算用词：" + std::string(name)};
}

}  // namespace

std::optional<Result<WordsDefaults>> read_header_words(std::string_view line, WordsDefaults d) {
  auto tokens = split(line);
  if (tokens.empty()) return std::nullopt;
  auto err = [&](ErrorCode code, const Token& t, std::string en,
                 std::string zh) -> std::optional<Result<WordsDefaults>> {
    return Result<WordsDefaults>(
        Error{code, std::move(en), std::move(zh), t.column, std::string(line)});
  };
  // 玩家 甲 乙 丙 丁: the names of 东 南 西 北.
  std::string_view first = tokens.front().text;
  if (first == "玩家" || first == "players" || first == "玩家:" || first == "players:" ||
      first == "玩家：") {
    if (tokens.size() != kSeats + 1)
      return err(ErrorCode::BadWord, tokens.front(),
                 "players names four players, 东 南 西 北 in turn order",
                 "玩家后面应写四个名字，依次为东、南、西、北");
    for (std::size_t i = 0; i < kSeats; ++i) {
      const Token& t = tokens[i + 1];
      if (auto why = bad_name(t.text)) return err(ErrorCode::BadWord, t, why->en, why->zh);
      for (std::size_t k = 0; k < i; ++k)
        if (d.names[k] == t.text)
          return err(ErrorCode::Inconsistent, t, "two seats are called " + std::string(t.text),
                     "两家都叫" + std::string(t.text));
      d.names[i] = t.text;
    }
    return Result<WordsDefaults>(std::move(d));
  }
  for (const auto& tok : tokens) {
    std::string_view w = tok.text;
    std::string_view key = w.substr(0, separator(w));
    bool header = false;
    for (const auto& [text, k] : kKeys)
      header =
          header || (starts(w, text) && (k == Key::Dealer || k == Key::Streak || k == Key::Rules));
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

namespace {

Result<WordsTable> read_words(Parser& p);

}  // namespace

Result<WordsTable> table_from_words(std::string_view line, const WordsDefaults* defaults) {
  // The words joined with one space are never longer than the line: a line over 1 MiB is
  // measured first, and too long before any word is copied.
  if (line.size() > kMaxWordsBytes) {
    std::size_t size = 0, words = 0;
    for_each_word(line, [&](std::string_view w, int) { size += w.size(), ++words; });
    if (size + (words > 0 ? words - 1 : 0) > kMaxWordsBytes) return words_too_long();
  }
  // Then joined in one pass; the reserve holds them, so the views into it stay valid.
  Parser p;
  p.defaults = defaults;
  p.line.reserve(std::min(line.size(), kMaxWordsBytes));
  const char* text = line.data();
  const std::size_t n = line.size();
  int line_chars = 0;  // characters of p.line so far
  for (std::size_t i = 0; i < n;) {
    if (std::size_t space = space_at(line, i)) {
      i += space;
      continue;
    }
    const std::size_t start = i;
    int word_chars = 0;
    for (; i < n; ++i) {
      const std::uint8_t k = kByteClass[static_cast<unsigned char>(text[i])];
      if (k & kMaySpace && space_at(line, i)) break;
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

Result<WordsTable> table_from_words(const std::vector<std::string>& words,
                                    const WordsDefaults* defaults) {
  // The words joined with one space (none before the first nonempty word): its size is
  // checked before any of them is copied, and each word's column counted once.
  std::size_t line_size = 0;
  for (const auto& w : words) line_size += (line_size > 0 ? 1 : 0) + w.size();
  if (line_size > kMaxWordsBytes) return words_too_long();
  Parser p;
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

namespace {

Result<WordsTable> read_words(Parser& p) {
  const WordsDefaults* defaults = p.defaults;
  if (defaults) p.names = defaults->names;
  WordsTable& out = p.out;
  out.fields.reserve(std::min<std::size_t>(p.tokens.size() + 4, 32));  // a few a table
  Table& t = out.table;
  t.rules = defaults ? defaults->rules : std::string();
  if (defaults) t.options = defaults->options;

  // Names first, so that later words may call a seat by its name (张三胡7筒).
  Said name_said[kSeats];
  for (const auto& tok : p.tokens) {
    auto eq = tok.text.find('=');
    if (eq == std::string_view::npos) continue;
    std::string_view left = tok.text.substr(0, eq);
    std::string_view name = tok.text.substr(eq + 1);
    std::optional<int> seat;
    for (const auto& sp : kSeatWords)
      if (sp.text == left) seat = sp.seat;
    if (!seat) continue;
    auto i = static_cast<std::size_t>(*seat);
    if (name_said[i])
      return p.twice(tok, "the name of seat " + std::string(kSeatEn[i]),
                     std::string(kSeatZh[i]) + "的名字");
    if (auto why = bad_name(name)) return p.bad_word(tok, why->en, why->zh);
    for (std::size_t k = 0; k < kSeats; ++k)
      if (k != i && p.names[k] == name)
        return p.word_error(ErrorCode::Inconsistent, tok,
                            "two seats are called " + std::string(name),
                            "两家都叫" + std::string(name));
    p.names[i] = std::string(name);
    name_said[i].column = tok.column;
  }
  for (std::size_t i = 0; i < kSeats; ++i) t.seats[i].name = p.names[i];
  p.any_name =
      std::any_of(p.names.begin(), p.names.end(), [](const std::string& n) { return !n.empty(); });

  Said dealer_said, streak_said, rules_said, draw_said, zimo_said, hua_said, pao_said, rob_said,
      tianhu_said, dihu_said, multi_said, last_four_said, flip_said, last_kong_said, order_said;
  std::array<Said, kSeats> hand_said{}, baoting_said{}, yaoji_said{}, chongfeng_said{},
      kongs_said{};
  std::optional<Tile> last_kong;
  std::vector<std::pair<int, Tile>> kong_order;  // 杠序
  std::vector<WinWord> wins;
  std::optional<std::pair<int, int>> discarder;  // seat, column
  bool robbed_word = false;
  std::optional<std::pair<int, int>> escaper;
  std::vector<std::pair<Token, std::pair<int, Tile>>> feeds;  // who fed which direct kong
  std::array<std::vector<Meld>, kSeats> loose_kongs;      // kongs of seats whose hand is not given
  std::vector<std::pair<std::string, int>> option_words;  // NAME=VALUE, column
  int last_hand = -1;                                     // a hand that a spaced word may continue
  // Each hand's text: a piece of the line (its words are one space apart there), and the
  // line's column of its first character (the others follow it).
  std::array<std::string_view, kSeats> hand_text;
  std::array<int, kSeats> hand_column{};

  const auto all_rulesets = rulesets();
  for (std::size_t ti = 0; ti < p.tokens.size(); ++ti) {
    const Token& tok = p.tokens[ti];
    std::string_view w = tok.text;
    auto set_once = [&](Said& said, const char* en, const char* zh) -> std::optional<Error> {
      if (said) return p.twice(tok, en, zh);
      said.column = tok.column;
      return std::nullopt;
    };
    // A hand written with spaces (东:234m 567m ...) goes on in the next words that read as
    // hand notation by themselves.
    if (last_hand >= 0 && looks_like_hand_text(w) && parse_hand(w)) {
      auto i = static_cast<std::size_t>(last_hand);
      hand_text[i] = std::string_view(
          hand_text[i].data(), static_cast<std::size_t>(w.data() + w.size() - hand_text[i].data()));
      continue;
    }
    last_hand = -1;
    const auto seat = p.seat_prefix(w, false);
    // A word that starts with a player's name is about that seat (张三胡7筒), whatever follows.
    const bool named = p.any_name && seat &&
                       !p.names[static_cast<std::size_t>(seat->first)].empty() &&
                       starts(w, p.names[static_cast<std::size_t>(seat->first)]) &&
                       w.find('=') == std::string_view::npos;
    // Flags.
    bool flag_done = false;
    for (auto c = named ? 0 : entries_for(kFlagFirst, w); c;) {
      const auto& [text, flag] = kFlags[take_lowest(c)];
      if (w != text) continue;
      flag_done = true;
      std::optional<Error> e;
      switch (flag) {
        case Flag::Draw:
          e = set_once(draw_said, "流局 (draw)", "流局");
          break;
        case Flag::Zimo:
          e = set_once(zimo_said, "自摸 (zimo)", "自摸");
          break;
        case Flag::Gangshanghua:
          e = set_once(hua_said, "杠上花", "杠上花");
          break;
        case Flag::Gangshangpao:
          e = set_once(pao_said, "杠上炮", "杠上炮");
          break;
        case Flag::Robbing:
          e = set_once(rob_said, "抢杠", "抢杠");
          break;
        case Flag::Tianhu:
          e = set_once(tianhu_said, "天胡", "天胡");
          break;
        case Flag::Dihu:
          e = set_once(dihu_said, "地胡", "地胡");
          break;
        case Flag::Multi:
          e = set_once(multi_said, "一炮多响", "一炮多响");
          break;
        case Flag::LastFour:
          e = set_once(last_four_said, "最后四张 (last-four)", "最后四张");
          break;
      }
      if (e) return *e;
      break;
    }
    if (flag_done) continue;
    // A rule set by name.
    bool ruleset_done = false;
    for (const auto& r : all_rulesets)
      if (!named && (w == r.id || w == r.zh)) {
        if (auto e = set_once(rules_said, "the rule set", "规则")) return *e;
        t.rules = std::string(r.id);
        out.fields.emplace_back("rules", tok.column);
        ruleset_done = true;
      }
    if (ruleset_done) continue;
    // Keywords with an argument.
    bool key_done = false;
    for (auto c = named ? 0 : entries_for(kKeyFirst, w); c;) {
      const auto& [text, key] = kKeys[take_lowest(c)];
      if (!starts(w, text)) continue;
      std::string_view arg = strip_separator(w.substr(text.size()));
      bool ascii_key = text.front() >= 'a' && text.front() <= 'z';
      if (ascii_key && arg.size() == w.size() - text.size()) continue;  // "dealer" needs ':' or '='
      if (arg.empty())
        continue;  // "庄" alone is nothing; a seat verb may still match (东庄 is not this)
      key_done = true;
      const std::size_t offset = w.size() - arg.size();
      switch (key) {
        case Key::Dealer: {
          auto seat = p.seat_word(arg);
          if (!seat)
            return p.bad_word(
                tok, "the dealer is a seat: 东 南 西 北, E S W N or 0-3, not " + std::string(arg),
                "庄家应为座位：东南西北、E S W N 或 0–3，而不是" + std::string(arg));
          if (auto e = set_once(dealer_said, "the dealer", "庄家")) return *e;
          t.dealer = *seat;
          out.fields.emplace_back("dealer", tok.column);
          break;
        }
        case Key::Streak: {
          auto n = number(arg);
          if (!n || *n < 0)
            return p.word_error(n ? ErrorCode::OutOfRange : ErrorCode::BadWord, tok,
                                "the streak is a whole number from 0, not " + std::string(arg),
                                "连庄数应为不小于 0 的整数，而不是" + std::string(arg));
          if (auto e = set_once(streak_said, "the streak", "连庄")) return *e;
          t.streak = *n;
          out.fields.emplace_back("streak", tok.column);
          break;
        }
        case Key::Rules: {
          const RulesetInfo* r = nullptr;
          for (const auto& info : rulesets())
            if (arg == info.id || arg == info.zh) r = &info;
          if (!r)
            return p.word_error(
                ErrorCode::BadOption, tok,
                "unknown rule set '" + std::string(arg) + "' (known: " + known_ruleset_ids() + ")",
                "未知的规则“" + std::string(arg) + "”（可用：" + known_ruleset_ids() + "）");
          if (auto e = set_once(rules_said, "the rule set", "规则")) return *e;
          t.rules = std::string(r->id);
          out.fields.emplace_back("rules", tok.column);
          break;
        }
        case Key::Flip: {
          auto tile = p.tile_at(tok, arg, offset);
          if (!tile) return tile.error();
          if (auto e = set_once(flip_said, "the turned-up tile", "翻牌")) return *e;
          kFlippedKey.set(t.result_fields, *tile);
          out.fields.emplace_back("result.flipped", tok.column);
          break;
        }
        case Key::LastKong: {
          auto tile = p.tile_at(tok, arg, offset);
          if (!tile) return tile.error();
          if (auto e = set_once(last_kong_said, "the last kong", "最后杠")) return *e;
          last_kong = *tile;
          break;
        }
        case Key::KongOrder: {
          if (auto e = set_once(order_said, "the kong order", "杠序")) return *e;
          std::string_view rest = arg;
          std::size_t at = offset;
          while (!rest.empty()) {
            auto comma = first_comma(rest);
            std::string_view item = rest.substr(0, comma);
            auto kong_seat = p.seat_prefix(item, false);
            if (!kong_seat)
              return p.bad_word(
                  tok,
                  "杠序 lists kongs as a seat and a tile (北9筒,东5万), not " + std::string(item),
                  "杠序按“座位+牌”逐个列出（北9筒,东5万），而不是" + std::string(item));
            auto tile = p.tile_at(tok, item.substr(kong_seat->second), at + kong_seat->second);
            if (!tile) return tile.error();
            kong_order.emplace_back(kong_seat->first, *tile);
            if (comma == std::string_view::npos) break;
            std::size_t skip = rest.substr(comma, 1) == "," ? 1 : std::string_view("，").size();
            at += comma + skip;
            rest = rest.substr(comma + skip);
          }
          break;
        }
        case Key::Players: {
          return p.bad_word(tok,
                            "the players are named in a session's header (players A B C D), or one "
                            "by one: 东=张三",
                            "玩家名字写在牌局开头（玩家 甲 乙 丙 丁），或逐个写：东=张三");
        }
      }
      break;
    }
    if (key_done) continue;
    // NAME=VALUE: a house rule (a seat's name was read above).
    if (auto eq = w.find('='); eq != std::string_view::npos) {
      std::string_view left = w.substr(0, eq);
      if (auto named_seat = p.seat_word(left);
          named_seat && name_said[*named_seat].column == tok.column)
        continue;
      bool known = false;
      for (const auto& o : option_specs()) known = known || o.name == left;
      if (!known)
        return p.word_error(
            ErrorCode::BadOption, tok,
            "unknown house rule '" + std::string(left) + "' (qianmj rules lists them)",
            "未知的规则选项“" + std::string(left) + "”（qianmj rules 列出全部选项）");
      option_words.emplace_back(std::string(w), tok.column);
      continue;
    }
    // A seat and what it did.
    if (!seat && separator(w) != std::string_view::npos && separator(w) > 0)
      return p.bad_word(
          tok,
          "there is no seat '" + std::string(w.substr(0, separator(w))) +
              "': the seats are 东 南 西 北, E S W N or 0-3 (东 is seat 0), or a player's name",
          "没有座位“" + std::string(w.substr(0, separator(w))) +
              "”：座位为东南西北、E S W N 或 0–3（东为 0 号），或玩家的名字");
    if (!seat)
      return p.bad_word(
          tok, "unknown word '" + std::string(w) + "' (the words are in README, Settling in words)",
          "无法识别的词“" + std::string(w) + "”（用词见 README“用文字结算”）");
    const int s = seat->first;
    const auto si = static_cast<std::size_t>(s);
    std::string_view rest = w.substr(seat->second);
    const bool colon = starts(rest, ":") || starts(rest, "：");
    std::string_view after = strip_separator(rest);
    std::optional<Verb> verb;
    std::string_view arg;
    const std::uint64_t glued = entries_for(kGluedVerbFirst, rest),
                        ascii = colon ? entries_for(kAsciiVerbFirst, after) : 0;
    for (std::uint64_t c = glued | ascii; c;) {  // the glued (lower) bits first, as listed
      const auto& v = kVerbs[take_lowest(c)];
      std::string_view from = v.ascii ? after : rest;
      if (!starts(from, v.text)) continue;
      std::string_view a = from.substr(v.text.size());
      bool takes_arg = v.verb == Verb::Win || v.verb == Verb::SelfDraw || v.verb == Verb::Fed ||
                       v.verb == Verb::Kongs || v.verb == Verb::Yaoji;
      if (!takes_arg && !a.empty()) continue;  // "报听x" is not 报听
      verb = v.verb;
      arg = a;
      break;
    }
    if (!verb && colon) verb = Verb::Hand, arg = after;
    if (!verb)
      return p.bad_word(tok,
                        "unknown word '" + std::string(w) +
                            "': after a seat comes its hand (东:…), a name (东=…) or what it did "
                            "(胡7筒, 自摸7筒, 放炮, 报听 …)",
                        "无法识别的词“" + std::string(w) +
                            "”：座位后面应是手牌（东:…）、名字（东="
                            "…）或它做了什么（胡7筒、自摸7筒、放炮、报听……）");
    const std::size_t offset = w.size() - arg.size();
    // The seat's names, for a message.
    const auto seat_en = [si] { return std::string(kSeatEn[si]); };
    const auto seat_zh = [si] { return std::string(kSeatZh[si]); };
    switch (*verb) {
      case Verb::Name:
        break;
      case Verb::Hand: {
        if (hand_said[si]) return p.twice(tok, "the hand of " + seat_en(), seat_zh() + "的手牌");
        if (arg.empty())
          return p.bad_word(tok, "a hand must follow " + std::string(w),
                            std::string(w) + "后面应是手牌");
        hand_said[si].column = tok.column;
        hand_text[si] = arg;
        hand_column[si] = tok.column + chars(w.substr(0, offset));
        out.fields.emplace_back(kHandField[si], tok.column);
        last_hand = s;
        break;
      }
      case Verb::Win:
      case Verb::SelfDraw: {
        if (arg.empty())
          return p.bad_word(tok, "which tile won? say " + std::string(w) + "7筒",
                            "胡的是哪张牌？写作 " + std::string(w) + "7筒");
        auto tile = p.tile_at(tok, arg, offset);
        if (!tile) return tile.error();
        for (const auto& x : wins)
          if (x.seat == s) return p.twice(tok, seat_en() + "'s win", seat_zh() + "胡牌");
        wins.push_back({s, *tile, *verb == Verb::SelfDraw, tok.column});
        break;
      }
      case Verb::Discarder:
      case Verb::Robbed:
        if (discarder) return p.twice(tok, "the discarder", "点炮者");
        discarder.emplace(s, tok.column);
        robbed_word = *verb == Verb::Robbed;
        break;
      case Verb::Escape:
        if (escaper) return p.twice(tok, "the escape", "逃跑");
        escaper.emplace(s, tok.column);
        out.fields.emplace_back("result.seat", tok.column);
        break;
      case Verb::Baoting:
        if (baoting_said[si]) return p.twice(tok, seat_en() + "'s 报听", seat_zh() + "报听");
        baoting_said[si].column = tok.column;
        t.seats[si].baoting = true;
        out.fields.emplace_back(kBaotingField[si], tok.column);
        break;
      case Verb::Fed: {
        auto tile = p.tile_at(tok, arg, offset);
        if (!tile) return tile.error();
        feeds.push_back({tok, {s, *tile}});
        break;
      }
      case Verb::Kongs: {
        if (kongs_said[si]) return p.twice(tok, seat_en() + "'s kongs", seat_zh() + "的杠");
        kongs_said[si].column = tok.column;
        auto h = p.hand_at(tok, arg, offset);
        if (!h) return h.error();
        if (total(h->concealed) != 0 || h->melds.empty() ||
            std::any_of(h->melds.begin(), h->melds.end(),
                        [](const Meld& m) { return !m.is_kong(); }))
          return p.bad_word(
              tok,
              std::string(w) +
                  ": only kongs, such as (9999筒) or [5555万], for a seat whose hand is not given",
              std::string(w) + "：只写杠，如 (9999筒) 或 [5555万]，用于未给出手牌的一家");
        loose_kongs[si] = h->melds;
        break;
      }
      case Verb::Dealer:
        if (auto e = set_once(dealer_said, "the dealer", "庄家")) return *e;
        t.dealer = s;
        out.fields.emplace_back("dealer", tok.column);
        break;
      case Verb::Yaoji: {
        std::optional<std::int64_t> n = arg.empty() ? std::optional<std::int64_t>(1) : number(arg);
        if (!n || *n < 1 || *n > 4)
          return p.bad_word(
              tok, "how many 幺鸡 " + seat_en() + " discarded: 1 to 4, not " + std::string(arg),
              seat_zh() + "打出的幺鸡数应为 1 到 4，而不是" + std::string(arg));
        if (yaoji_said[si])
          return p.twice(tok, seat_en() + "'s discarded 幺鸡", seat_zh() + "打出的幺鸡");
        yaoji_said[si].column = tok.column;
        kYaojiKey.set(t.seats[si].fields, static_cast<int>(*n));
        out.fields.emplace_back(kYaojiField[si], tok.column);
        break;
      }
      case Verb::Chongfeng:
        if (chongfeng_said[si]) return p.twice(tok, seat_en() + "'s 冲锋鸡", seat_zh() + "冲锋鸡");
        chongfeng_said[si].column = tok.column;
        kChongfengKey.set(t.seats[si].fields, true);
        out.fields.emplace_back(kChongfengField[si], tok.column);
        break;
      case Verb::Tianhu:
      case Verb::Dihu: {
        bool found = false;
        for (auto& x : wins)
          if (x.seat == s) (*verb == Verb::Tianhu ? x.tianhu : x.dihu) = found = true;
        if (!found)
          return p.word_error(
              ErrorCode::Inconsistent, tok,
              std::string(w) + " comes after " + seat_en() + "'s win (北胡7筒 北地胡)",
              std::string(w) + "应写在" + seat_zh() + "胡牌之后（北胡7筒 北地胡）");
        break;
      }
    }
  }

  // ---- the table from what was said --------------------------------------------------------
  auto token_at = [&](int column) -> const Token& {
    for (const auto& tok : p.tokens)
      if (tok.column == column) return tok;
    return p.tokens.front();
  };
  if (p.tokens.empty())
    return Error{ErrorCode::Empty,
                 "no words: say the hands and what happened (东:… 北胡7筒 南放炮)",
                 "没有内容：请写出手牌和结果（东:… 北胡7筒 南放炮）"};
  // Hands, parsed with their continuation words.
  for (std::size_t i = 0; i < kSeats; ++i) {
    if (!hand_said[i]) continue;
    const Token& tok = token_at(hand_said[i].column);
    auto h = parse_hand(hand_text[i]);
    if (!h) {
      Error e = h.error();
      // The hand's characters are the line's, from hand_column on; a column past its end is
      // the one just after it.
      e.column =
          e.column > 0 ? hand_column[i] + std::min(e.column - 1, chars(hand_text[i])) : tok.column;
      if (e.code == ErrorCode::BadUtf8) return utf8::bad_utf8(e.column, p.line);
      e.input = p.line;
      return e;
    }
    t.seats[i].hand = *h;
    if (kongs_said[i])
      return p.word_error(ErrorCode::Inconsistent, token_at(kongs_said[i].column),
                          "this seat's hand is given: its kongs are the kong melds in it",
                          "此家已写出手牌：杠就是手牌中的杠");
  }
  if (!dealer_said) {
    if (!defaults || !defaults->have_dealer)
      return Error{ErrorCode::BadWord, "who is the dealer? say 庄东 (or dealer:E)",
                   "谁坐庄？写作 庄东（或 dealer:E）"};
    t.dealer = defaults->dealer;
  }
  out.dealer_given = static_cast<bool>(dealer_said);
  out.streak_given = static_cast<bool>(streak_said);
  if (!streak_said && defaults) t.streak = defaults->streak;
  // House rules: the session's, then these words' (bound to the rule set when it is known).
  if (!option_words.empty()) {
    if (!defaults && find_ruleset(t.rules)) t.options = Options(t.rules);
    for (std::size_t i = 0; i < option_words.size(); ++i) {
      const auto& [word, column] = option_words[i];
      const std::string_view name = std::string_view(word).substr(0, word.find('='));
      for (std::size_t k = 0; k < i; ++k)  // base=5 base=6: said twice, as every other word
        if (std::string_view(option_words[k].first).substr(0, option_words[k].first.find('=')) ==
            name)
          return Error{ErrorCode::Inconsistent, std::string(name) + " is said twice",
                       std::string(name) + "说了两次", column, p.line};
      if (auto e = t.options.set_assignment(word)) {
        Error err = *e;
        err.column = column;
        err.input = p.line;
        return err;
      }
      out.fields.emplace_back("options." + word.substr(0, word.find('=')), column);
    }
  }

  // Kongs: each kong meld of a given hand, and the kongs said for a hand-less seat, in seat
  // order; a direct kong needs the seat that fed it.
  std::vector<KongWord> kongs;
  for (int s = 0; s < kSeats; ++s) {
    auto si = static_cast<std::size_t>(s);
    const std::vector<Meld>* melds = t.seats[si].hand ? &t.seats[si].hand->melds : &loose_kongs[si];
    int column = t.seats[si].hand ? hand_said[si].column : kongs_said[si].column;
    for (const auto& m : *melds)
      if (m.is_kong()) kongs.push_back({{s, m.kind, m.tile, -1}, column});
  }
  for (const auto& [tok, feed] : feeds) {
    KongWord* k = nullptr;
    for (auto& x : kongs)
      if (x.kong.kind == Meld::Kind::DirectKong && x.kong.tile == feed.second) k = &x;
    if (!k)
      return p.word_error(
          ErrorCode::Inconsistent, tok,
          "no hand shows a direct kong of " + feed.second.ascii() +
              " (write it [5555m] in the hand)",
          "没有哪家手牌中有 " + feed.second.chinese() + " 的直杠（在手牌中写作 [5555万]）");
    if (k->fed)
      return p.twice(tok, "who fed the kong of " + feed.second.ascii(),
                     "谁点的 " + feed.second.chinese() + " 杠");
    if (feed.first == k->kong.seat)
      return p.word_error(ErrorCode::Inconsistent, tok, "a direct kong is fed by another seat",
                          "直杠是别家点的，不能是自己");
    k->kong.from = feed.first;
    k->fed = true;
  }
  for (const auto& k : kongs)
    if (k.kong.kind == Meld::Kind::DirectKong && !k.fed) {
      std::string who = kSeatZh[static_cast<std::size_t>(k.kong.seat)].data();
      return p.bad_word(token_at(k.column),
                        "who fed the direct kong of " + k.kong.tile.ascii() +
                            "? say the seat and 点杠" + k.kong.tile.chinese() + " (西点杠" +
                            k.kong.tile.chinese() + ", or W:fed:" + k.kong.tile.ascii() + ")",
                        "谁点的 " + k.kong.tile.chinese() + " 直杠？写作“座位点杠" +
                            k.kong.tile.chinese() + "”（如 西点杠" + k.kong.tile.chinese() + "）");
    }

  // The result.
  int results =
      (!wins.empty()) + static_cast<int>(static_cast<bool>(draw_said)) + (escaper ? 1 : 0);
  if (results == 0)
    return Error{ErrorCode::BadWord, "what happened? say 北胡7筒 南放炮, 东自摸7筒, 流局 or 南逃跑",
                 "结果是什么？写作 北胡7筒 南放炮、东自摸7筒、流局 或 南逃跑"};
  if (results > 1) {
    int column = draw_said ? draw_said.column : escaper ? escaper->second : wins.front().column;
    return p.word_error(ErrorCode::Inconsistent, token_at(column),
                        "a hand ends one way: a win, a draw (流局) or an escape (逃跑)",
                        "一局只有一种结果：胡牌、流局或逃跑");
  }
  auto only_with = [&](const Said& said, bool ok, const char* en,
                       const char* zh) -> std::optional<Error> {
    if (said && !ok) return p.word_error(ErrorCode::Inconsistent, token_at(said.column), en, zh);
    return std::nullopt;
  };
  bool win = !wins.empty();
  if (auto e = only_with(last_four_said, escaper.has_value(),
                         "最后四张 belongs to an escape (南逃跑 最后四张)",
                         "最后四张只用于逃跑（南逃跑 最后四张）"))
    return *e;
  if (auto e = only_with(flip_said, win, "the turned-up tile (翻) is turned after a win",
                         "翻牌只在胡牌后"))
    return *e;
  for (const Said* s :
       {&zimo_said, &hua_said, &pao_said, &rob_said, &tianhu_said, &dihu_said, &multi_said})
    if (auto e = only_with(*s, win, "this word belongs to a win (北胡7筒 …)",
                           "此词只用于胡牌（北胡7筒 ……）"))
      return *e;
  if (discarder && !win)
    return p.word_error(ErrorCode::Inconsistent, token_at(discarder->second),
                        "a discarder (放炮) needs a win", "放炮需要有人胡牌");
  if (draw_said) {
    t.outcome = Table::Outcome::Draw;
    out.fields.emplace_back("result", draw_said.column);
  } else if (escaper) {
    t.outcome = Table::Outcome::Escape;
    t.escaper = escaper->first;
    t.last_four = static_cast<bool>(last_four_said);
    out.fields.emplace_back("result", escaper->second);
  } else {
    t.outcome = Table::Outcome::Win;
    bool any_self =
        std::any_of(wins.begin(), wins.end(), [](const WinWord& x) { return x.self_drawn; });
    bool self = any_self || zimo_said || hua_said || tianhu_said;
    if (self && discarder)
      return p.word_error(ErrorCode::Inconsistent, token_at(discarder->second),
                          "a self-draw (自摸) has no discarder (放炮)", "自摸没有点炮者");
    if (!self && !discarder)
      return p.word_error(
          ErrorCode::BadWord, token_at(wins.front().column),
          "self-drawn or off a discard? add 自摸, or who discarded (南放炮), or write 北自摸7筒",
          "自摸还是点炮？加上“自摸”或点炮者（南放炮），或写作 北自摸7筒");
    if (self && wins.size() > 1)
      return p.word_error(ErrorCode::Inconsistent, token_at(wins[1].column),
                          "several winners are 一炮多响: all off one discard, none self-drawn",
                          "多家胡牌即一炮多响：须同胡一张打出的牌，不能自摸");
    if (multi_said && wins.size() < 2)
      return p.word_error(ErrorCode::Inconsistent, token_at(multi_said.column),
                          "一炮多响 needs two or three winners", "一炮多响需要两家或三家胡牌");
    if (hua_said && pao_said)
      return p.word_error(ErrorCode::Inconsistent, token_at(pao_said.column),
                          "杠上花 is a self-draw, 杠上炮 off a discard: not both",
                          "杠上花是自摸，杠上炮是点炮，不能同时成立");
    bool robbing = robbed_word || rob_said;
    if (robbing && !discarder)
      return p.word_error(ErrorCode::BadWord, token_at(rob_said.column),
                          "抢杠: whose kong was robbed? say 南被抢杠",
                          "抢杠：抢的是谁的杠？写作 南被抢杠");
    if (discarder)
      for (const auto& x : wins)
        if (x.seat == discarder->first)
          return p.word_error(ErrorCode::Inconsistent, token_at(discarder->second),
                              "a winner cannot be the discarder: nobody wins off their own discard",
                              "胡牌者不能同时是点炮者：不能胡自己打出的牌");
    if (tianhu_said && wins.size() == 1) wins.front().tianhu = true;
    if (dihu_said) {
      if (wins.size() != 1)
        return p.word_error(ErrorCode::Inconsistent, token_at(dihu_said.column),
                            "with several winners, say whose 地胡 (北地胡)",
                            "多家胡牌时写明谁地胡（北地胡）");
      wins.front().dihu = true;
    }
    for (std::size_t i = 0; i < wins.size(); ++i) {
      const auto& x = wins[i];
      WinEvent e;
      e.seat = x.seat;
      e.tile = x.tile;
      e.from = self ? -1 : discarder->first;
      e.after_kong = hua_said || pao_said;
      e.robbing_kong = robbing;
      e.tianhu = x.tianhu;
      e.dihu = x.dihu;
      t.wins.push_back(e);
      std::string field = "result.wins[" + std::to_string(i) + "]";
      out.fields.emplace_back(field, x.column);
      if (discarder) out.fields.emplace_back(field + ".from", discarder->second);
      if (hua_said || pao_said)
        out.fields.emplace_back(field + ".after_kong",
                                hua_said ? hua_said.column : pao_said.column);
      if (tianhu_said) out.fields.emplace_back(field + ".tianhu", tianhu_said.column);
      if (dihu_said) out.fields.emplace_back(field + ".dihu", dihu_said.column);
    }
  }
  // 杠上花 and 杠上炮 come right after a kong of the winner / the discarder.
  if (t.outcome == Table::Outcome::Win && t.wins.front().after_kong) {
    int konger = t.wins.front().self_drawn() ? t.wins.front().seat : t.wins.front().from;
    if (std::none_of(kongs.begin(), kongs.end(),
                     [&](const KongWord& k) { return k.kong.seat == konger; })) {
      const auto ki = static_cast<std::size_t>(konger);
      const bool hua = t.wins.front().self_drawn();
      return p.word_error(
          ErrorCode::Inconsistent, token_at(hua ? hua_said.column : pao_said.column),
          std::string(hua ? "杠上花 is a self-draw right after the winner's kong"
                          : "杠上炮 is a discard right after the discarder's kong") +
              ", but " + std::string(kSeatEn[ki]) + " made none (write it in the hand, or " +
              std::string(kSeatZh[ki]) + "杠(9999筒))",
          std::string(hua ? "杠上花是胡家杠后自摸" : "杠上炮是点炮者杠后打出") + "，但" +
              std::string(kSeatZh[ki]) + "没有杠（写在手牌中，或写作 " + std::string(kSeatZh[ki]) +
              "杠(9999筒)）");
    }
  }
  // The order the kongs were made: seat order, then 杠序 in full, or 最后杠 (or, for 杠上花 and
  // 杠上炮, the konger's only kong) moved to the end.
  if (!kong_order.empty()) {
    std::vector<KongWord> ordered;
    for (const auto& said :
         kong_order) {  // not a structured binding: clang 14 lambdas cannot capture one
      const int seat = said.first;
      const Tile tile = said.second;
      auto it = std::find_if(kongs.begin(), kongs.end(), [&](const KongWord& k) {
        return k.kong.seat == seat && k.kong.tile == tile;
      });
      if (it == kongs.end())
        return p.word_error(
            ErrorCode::Inconsistent, token_at(order_said.column),
            "杠序 names a kong no hand shows: " +
                std::string(kSeatEn[static_cast<std::size_t>(seat)]) + " " + tile.ascii(),
            "杠序中的杠不在手牌中：" + std::string(kSeatZh[static_cast<std::size_t>(seat)]) +
                tile.chinese());
      ordered.push_back(*it);
      kongs.erase(it);
    }
    if (!kongs.empty())
      return p.word_error(ErrorCode::Inconsistent, token_at(order_said.column),
                          "杠序 must list every kong of the table", "杠序须列出全桌所有的杠");
    kongs = std::move(ordered);
  } else {
    std::optional<int> konger;
    if (t.outcome == Table::Outcome::Win && t.wins.front().after_kong)
      konger = t.wins.front().self_drawn() ? t.wins.front().seat : t.wins.front().from;
    std::vector<std::size_t> candidates;
    for (std::size_t i = 0; i < kongs.size(); ++i)
      if (last_kong ? kongs[i].kong.tile == *last_kong : (konger && kongs[i].kong.seat == *konger))
        candidates.push_back(i);
    if (last_kong && candidates.empty())
      return p.word_error(ErrorCode::Inconsistent, token_at(last_kong_said.column),
                          "最后杠 names a kong no hand shows", "最后杠所写的杠不在手牌中");
    if (konger && !last_kong && candidates.size() > 1)
      return p.word_error(ErrorCode::BadWord,
                          token_at(hua_said ? hua_said.column : pao_said.column),
                          "which of the konger's kongs was the last? say 最后杠 and its tile "
                          "(最后杠9筒, last-kong:9p)",
                          "杠者有几个杠：最后开的是哪个？写作 最后杠9筒（last-kong:9p）");
    if (candidates.size() == 1) {
      KongWord k = kongs[candidates.front()];
      kongs.erase(kongs.begin() + static_cast<long>(candidates.front()));
      kongs.push_back(k);
    }
  }
  for (std::size_t i = 0; i < kongs.size(); ++i) {
    t.kongs.push_back(kongs[i].kong);
    out.fields.emplace_back("kongs[" + std::to_string(i) + "]", kongs[i].column);
  }
  for (int s = 0; s < kSeats; ++s)
    if (name_said[s])
      out.fields.emplace_back("seats[" + std::to_string(s) + "].name", name_said[s].column);
  return std::move(out);
}

}  // namespace

// ---- a table back into words -------------------------------------------------------------

std::optional<std::string> table_to_words(const Table& t, bool zh) {
  std::vector<std::string> w;
  auto seat = [&](int s) {
    return std::string(zh ? kSeatZh[static_cast<std::size_t>(s)]
                          : kSeatEn[static_cast<std::size_t>(s)]);
  };
  auto tile = [&](Tile x) { return zh ? x.chinese() : x.ascii(); };
  if (!t.rules.empty()) {
    const RulesetInfo* r = find_ruleset(t.rules);
    if (!r) return std::nullopt;
    w.push_back(std::string(zh ? r->zh : r->id));
  }
  for (auto name : t.options.set_names()) {
    const OptionSpec* spec = nullptr;
    for (const auto& o : option_specs())
      if (o.name == name) spec = &o;
    std::int64_t v = t.options.get(name);
    w.push_back(std::string(name) + "=" +
                (spec && spec->boolean ? (v ? "on" : "off") : std::to_string(v)));
  }
  for (int s = 0; s < kSeats; ++s) {
    const std::string& name = t.seats[static_cast<std::size_t>(s)].name;
    if (name.empty()) continue;
    bool ok = name.size() <= 64 && !looks_like_hand_text(name) &&
              separator(name) == std::string_view::npos &&
              name.find_first_of(" \t") == std::string::npos &&
              name.find("\u3000") == std::string::npos;
    ok = ok && !has_unsafe_characters(name);
    for (const auto& sp : kSeatWords) ok = ok && name != sp.text;
    if (!ok) return std::nullopt;
    w.push_back(seat(s) + "=" + name);
  }
  w.push_back((zh ? "庄" : "dealer:") + seat(t.dealer));
  if (t.streak > 0) w.push_back((zh ? "连庄" : "streak:") + std::to_string(t.streak));
  for (int s = 0; s < kSeats; ++s) {
    const auto& st = t.seats[static_cast<std::size_t>(s)];
    if (st.hand) w.push_back(seat(s) + ":" + (zh ? to_chinese(*st.hand) : to_ascii(*st.hand)));
    if (st.baoting) w.push_back(seat(s) + (zh ? "报听" : ":baoting"));
    if (kYaojiKey.get(st.fields) > 0)
      w.push_back(seat(s) + (zh ? "打幺鸡" : ":yaoji:") + std::to_string(kYaojiKey.get(st.fields)));
    if (kChongfengKey.get(st.fields)) w.push_back(seat(s) + (zh ? "冲锋鸡" : ":chongfeng"));
  }
  // Kongs the hands show, and those of hand-less seats; the void robbed kong is left out.
  std::vector<KongEvent> shown;
  for (std::size_t i = 0; i < t.kongs.size(); ++i) {
    const auto& k = t.kongs[i];
    bool robbed = t.outcome == Table::Outcome::Win && t.wins.front().robbing_kong &&
                  k.kind == Meld::Kind::AddedKong && k.seat == t.wins.front().from &&
                  k.tile == t.wins.front().tile && i + 1 == t.kongs.size();
    if (!robbed) shown.push_back(k);
  }
  for (int s = 0; s < kSeats; ++s) {
    if (t.seats[static_cast<std::size_t>(s)].hand) continue;
    Hand melds;
    for (const auto& k : shown)
      if (k.seat == s) melds.melds.push_back({k.kind, k.tile});
    if (!melds.melds.empty())
      w.push_back(seat(s) + (zh ? "杠" : ":kong:") + (zh ? to_chinese(melds) : to_ascii(melds)));
  }
  for (const auto& k : shown)
    if (k.kind == Meld::Kind::DirectKong && k.from >= 0)
      w.push_back(seat(k.from) + (zh ? "点杠" : ":fed:") + tile(k.tile));
  // The order words would give (seat order, the after-kong konger's only kong last); 杠序 when
  // the table's differs.
  std::vector<KongEvent> derived;
  for (int s = 0; s < kSeats; ++s) {
    const auto& st = t.seats[static_cast<std::size_t>(s)];
    if (st.hand) {
      for (const auto& m : st.hand->melds)
        if (m.is_kong())
          for (const auto& k : shown)
            if (k.seat == s && k.tile == m.tile) derived.push_back(k);
    } else {
      for (const auto& k : shown)
        if (k.seat == s) derived.push_back(k);
    }
  }
  if (t.outcome == Table::Outcome::Win && t.wins.front().after_kong) {
    int konger = t.wins.front().self_drawn() ? t.wins.front().seat : t.wins.front().from;
    std::vector<std::size_t> c;
    for (std::size_t i = 0; i < derived.size(); ++i)
      if (derived[i].seat == konger) c.push_back(i);
    if (c.size() == 1) {
      KongEvent k = derived[c.front()];
      derived.erase(derived.begin() + static_cast<long>(c.front()));
      derived.push_back(k);
    } else if (c.size() > 1) {
      derived.clear();  // several: 杠序 below says which was last
    }
  }
  auto same = [](const std::vector<KongEvent>& a, const std::vector<KongEvent>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (a[i].seat != b[i].seat || a[i].tile != b[i].tile) return false;
    return true;
  };
  if (!same(derived, shown)) {
    std::string order = zh ? "杠序:" : "kong-order:";
    for (std::size_t i = 0; i < shown.size(); ++i)
      order += (i ? "," : "") + seat(shown[i].seat) + tile(shown[i].tile);
    w.push_back(order);
  }
  switch (t.outcome) {
    case Table::Outcome::Draw:
      w.push_back(zh ? "流局" : "draw");
      break;
    case Table::Outcome::Escape:
      w.push_back(seat(t.escaper) + (zh ? "逃跑" : ":escape"));
      if (t.last_four) w.push_back(zh ? "最后四张" : "last-four");
      break;
    case Table::Outcome::Win: {
      const auto& first = t.wins.front();
      for (const auto& x : t.wins) {
        w.push_back(seat(x.seat) +
                    (x.self_drawn() ? (zh ? "自摸" : ":zimo:") : (zh ? "胡" : ":win:")) +
                    tile(x.tile));
        if (x.tianhu) w.push_back(seat(x.seat) + (zh ? "天胡" : ":tianhu"));
        if (x.dihu) w.push_back(seat(x.seat) + (zh ? "地胡" : ":dihu"));
      }
      if (!first.self_drawn()) {
        if (first.robbing_kong)
          w.push_back(seat(first.from) + (zh ? "被抢杠" : ":robbed"));
        else
          w.push_back(seat(first.from) + (zh ? "放炮" : ":pao"));
      }
      if (first.after_kong)
        w.push_back(first.self_drawn() ? (zh ? "杠上花" : "gangshanghua")
                                       : (zh ? "杠上炮" : "gangshangpao"));
      if (auto flipped = kFlippedKey.get(t.result_fields))
        w.push_back((zh ? "翻" : "flip:") + tile(*flipped));
      break;
    }
  }
  std::string out;
  for (const auto& x : w) out += (out.empty() ? "" : " ") + x;
  return out;
}

}  // namespace qianmj
