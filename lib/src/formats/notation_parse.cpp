// The hand parser: the notation people write (INTERFACE §1) to a Hand, errors at a column.
#include <algorithm>
#include <optional>
#include <vector>

#include "core/utf8.hpp"
#include "qianmj/formats/notation.hpp"

namespace qianmj {
namespace {

using utf8::Char;
using utf8::decode;
using utf8::encode;

std::optional<int> rank_of(char32_t c) {
  if (c >= U'1' && c <= U'9') return int(c - U'0');
  if (c >= U'１' && c <= U'９') return int(c - U'０');
  switch (c) {
    case U'一':
    case U'幺':
      return 1;
    case U'二':
      return 2;
    case U'三':
      return 3;
    case U'四':
      return 4;
    case U'五':
      return 5;
    case U'六':
      return 6;
    case U'七':
      return 7;
    case U'八':
      return 8;
    case U'九':
      return 9;
    default:
      return std::nullopt;
  }
}

bool is_zero(char32_t c) {
  return c == U'0' || c == U'０' || c == U'〇' || c == U'零';
}

std::optional<Suit> suit_of(char32_t c) {
  switch (c) {
    case U'万':
    case U'萬':
    case U'm':
    case U'M':
    case U'w':
    case U'W':
      return Suit::Man;
    case U'条':
    case U'條':
    case U'索':
    case U's':
    case U'S':
      return Suit::Sou;
    case U'筒':
    case U'饼':
    case U'餅':
    case U'p':
    case U'P':
    case U'b':
    case U'B':
      return Suit::Pin;
    default:
      return std::nullopt;
  }
}

// Spaces, and the Chinese comma and enumeration comma people put between groups (，、).
bool is_space(char32_t c) {
  return c == U' ' || c == U'\t' || c == U'\u3000' || c == U'，' || c == U'、';
}

// A mahjong glyph that is not one of the 27 suited tiles: winds, dragons, flowers, seasons.
bool is_other_glyph(char32_t c) {
  return c >= 0x1F000 && c <= 0x1F02B && !tile_of_glyph(c);
}

// The variation selectors a chat program may put after a glyph (text or emoji style).
bool is_variation_selector(char32_t c) {
  return c == 0xFE0E || c == 0xFE0F;
}

enum class Bracket { None, OpenSquare, CloseSquare, OpenRound, CloseRound };
Bracket bracket_of(char32_t c) {
  switch (c) {
    case U'[':
    case U'【':
    case U'［':
      return Bracket::OpenSquare;
    case U']':
    case U'】':
    case U'］':
      return Bracket::CloseSquare;
    case U'(':
    case U'（':
      return Bracket::OpenRound;
    case U')':
    case U'）':
      return Bracket::CloseRound;
    default:
      return Bracket::None;
  }
}

struct Keyword {
  std::u32string text;
  Meld::Kind kind;
};

// Longest first, so "ankong:" is not read as "kong:".
const std::vector<Keyword>& keywords() {
  static const std::vector<Keyword> k = {
      {U"addkong:", Meld::Kind::AddedKong},
      {U"ankong:", Meld::Kind::ConcealedKong},
      {U"pung:", Meld::Kind::Pung},
      {U"kong:", Meld::Kind::DirectKong},
      {U"面下杠", Meld::Kind::AddedKong},
      {U"转弯杠", Meld::Kind::AddedKong},
      {U"轉彎槓", Meld::Kind::AddedKong},
      {U"面下槓", Meld::Kind::AddedKong},
      {U"明杠", Meld::Kind::DirectKong},
      {U"直杠", Meld::Kind::DirectKong},
      {U"明槓", Meld::Kind::DirectKong},
      {U"直槓", Meld::Kind::DirectKong},
      {U"加杠", Meld::Kind::AddedKong},
      {U"加槓", Meld::Kind::AddedKong},
      {U"暗杠", Meld::Kind::ConcealedKong},
      {U"暗槓", Meld::Kind::ConcealedKong},
      {U"碰", Meld::Kind::Pung},
  };
  return k;
}

char32_t fold(char32_t c) {
  if (c >= U'A' && c <= U'Z') return c - U'A' + U'a';
  if (c == U'：') return U':';
  return c;
}

std::string_view meld_kind_en(Meld::Kind k) {
  switch (k) {
    case Meld::Kind::Pung:
      return "pung";
    case Meld::Kind::DirectKong:
      return "direct kong";
    case Meld::Kind::AddedKong:
      return "added kong";
    case Meld::Kind::ConcealedKong:
      return "concealed kong";
  }
  return "";
}

std::string_view meld_kind_zh(Meld::Kind k) {
  switch (k) {
    case Meld::Kind::Pung:
      return "碰";
    case Meld::Kind::DirectKong:
      return "明杠";
    case Meld::Kind::AddedKong:
      return "加杠";
    case Meld::Kind::ConcealedKong:
      return "暗杠";
  }
  return "";
}

class Parser {
 public:
  Parser(std::vector<Char> chars, std::string_view input) : c_(std::move(chars)), input_(input) {}

  Result<Hand> run() {
    while (true) {
      skip_spaces();
      if (at_end()) break;
      std::optional<Error> err;
      if (auto kw = keyword_here()) {
        err = keyword_meld(*kw);
      } else if (auto b = bracket_of(cur().cp); b != Bracket::None) {
        err = bracket_meld(b);
      } else if (rank_of(cur().cp) || tile_of_glyph(cur().cp)) {
        err = run_of_tiles();
      } else {
        err = stray(cur());
      }
      if (err) return *err;
    }
    if (tiles_seen_ == 0) return error(ErrorCode::Empty, 0, "the hand is empty", "手牌是空的");
    return hand_;
  }

 private:
  bool at_end() const { return pos_ >= c_.size(); }
  const Char& cur() const { return c_[pos_]; }
  int end_column() const { return c_.empty() ? 1 : c_.back().column + 1; }
  void skip_spaces() {
    while (!at_end() && is_space(cur().cp)) ++pos_;
  }

  Error error(ErrorCode code, int column, std::string en, std::string zh) const {
    return Error{code, std::move(en), std::move(zh), column, std::string(input_)};
  }

  std::optional<Error> stray(const Char& ch) const {
    std::string shown =
        ch.cp < 0x20 || ch.cp == 0x7F ? "control character" : "'" + encode(ch.cp) + "'";
    std::string shown_zh = ch.cp < 0x20 || ch.cp == 0x7F ? "控制字符" : "“" + encode(ch.cp) + "”";
    if (is_zero(ch.cp))
      return error(ErrorCode::BadChar, ch.column, "0 is not a tile rank (ranks are 1-9)",
                   "0 不是牌的点数（点数为 1–9）");
    if (suit_of(ch.cp))
      return error(ErrorCode::BadChar, ch.column, "suit " + shown + " has no digits before it",
                   "花色" + shown_zh + "前面没有点数");
    if (fold(ch.cp) == U't')
      return error(ErrorCode::BadSuit, ch.column,
                   "'t' is ambiguous: write s (条, bamboo) or p (筒, dots)",
                   "“t”有歧义：条写 s，筒写 p");
    if (ch.cp == U'+')
      return error(ErrorCode::BadMeld, ch.column, "'+' belongs inside a kong bracket: [5555m+]",
                   "“+”只能写在加杠括号里：[5555m+]");
    if (ch.cp == U'吃')
      return error(ErrorCode::BadMeld, ch.column, "there is no chow (吃) in Guizhou mahjong",
                   "贵州麻将不能吃牌");
    if (is_other_glyph(ch.cp))
      return error(ErrorCode::BadTile, ch.column,
                   shown + " is not a tile of Guizhou mahjong, which has only 万, 条 and 筒",
                   shown_zh + "不是贵州麻将的牌（只有万、条、筒）");
    return error(ErrorCode::BadChar, ch.column, "unexpected " + shown + " in the hand",
                 "手牌中出现了无法识别的" + shown_zh);
  }

  std::optional<const Keyword*> keyword_here() const {
    if (at_end() || rank_of(cur().cp) || is_space(cur().cp) || tile_of_glyph(cur().cp))
      return std::nullopt;  // the common case
    for (const auto& kw : keywords()) {
      if (pos_ + kw.text.size() > c_.size()) continue;
      bool match = true;
      for (std::size_t k = 0; k < kw.text.size() && match; ++k)
        match = fold(c_[pos_ + k].cp) == kw.text[k];
      if (match) return &kw;
    }
    return std::nullopt;
  }

  // Adds one copy of `t`, read at `column`; C7 allows four per kind in hand + melds.
  std::optional<Error> count_copy(Tile t, int column) {
    if (++copies_[t.index()] > kCopies)
      return error(ErrorCode::TooManyCopies, column,
                   "a fifth " + t.ascii() + ": there are only four of each tile",
                   "第五张" + t.chinese() + "：每种牌只有四张");
    ++tiles_seen_;
    return std::nullopt;
  }

  // Digits (spaces may stand between them) up to a suit character; or tile glyphs of one
  // suit, read as their digits (glyph_suit_ is then their suit, and no suit character follows).
  std::optional<Error> read_digits(std::vector<Char>& digits, bool allow_spaces) {
    while (!at_end()) {
      if (auto g = tile_of_glyph(cur().cp)) {
        if (!digits.empty() && !glyph_suit_) break;  // "12🀇": the digits' suit is missing
        if (glyph_suit_ && *glyph_suit_ != g->suit()) break;  // another suit: the next run
        glyph_suit_ = g->suit();
        digits.push_back(Char{static_cast<char32_t>(U'0' + g->rank()), cur().column});
        ++pos_;
        while (!at_end() && is_variation_selector(cur().cp)) ++pos_;
      } else if (rank_of(cur().cp)) {
        if (glyph_suit_) break;  // digits after glyphs: the next run
        digits.push_back(cur());
        ++pos_;
      } else if (allow_spaces && is_space(cur().cp)) {
        ++pos_;
      } else if (is_zero(cur().cp)) {
        return stray(cur());
      } else {
        break;
      }
    }
    return std::nullopt;
  }

  // After digits: the suit, or an error that says what was there instead.
  Result<Suit> read_suit(const std::vector<Char>& digits) {
    if (glyph_suit_) return *glyph_suit_;
    if (at_end())
      return error(ErrorCode::MissingSuit, digits.front().column,
                   "these digits have no suit after them (万/m, 条/s, 筒/p)",
                   "这些数字后面缺少花色（万/m、条/s、筒/p）");
    const Char& ch = cur();
    if (auto s = suit_of(ch.cp)) {
      ++pos_;
      return *s;
    }
    if (fold(ch.cp) == U't')
      return error(ErrorCode::BadSuit, ch.column,
                   "'t' is ambiguous: write s (条, bamboo) or p (筒, dots)",
                   "“t”有歧义：条写 s，筒写 p");
    if (bracket_of(ch.cp) != Bracket::None || keyword_here() || tile_of_glyph(ch.cp))
      return error(ErrorCode::MissingSuit, digits.front().column,
                   "these digits have no suit after them (万/m, 条/s, 筒/p)",
                   "这些数字后面缺少花色（万/m、条/s、筒/p）");
    bool letter =
        (fold(ch.cp) >= U'a' && fold(ch.cp) <= U'z') || (ch.cp >= 0x2E80 && ch.cp != U'吃');
    if (letter)
      return error(ErrorCode::BadSuit, ch.column,
                   "'" + encode(ch.cp) + "' is not a suit (万/m, 条/s, 筒/p)",
                   "“" + encode(ch.cp) + "”不是花色（万/m、条/s、筒/p）");
    return *stray(ch);
  }

  std::optional<Error> run_of_tiles() {
    std::vector<Char>& digits = scratch_digits();
    if (auto e = read_digits(digits, true)) return e;
    auto suit = read_suit(digits);
    if (!suit) return suit.error();
    for (const auto& d : digits) {
      Tile t(*suit, *rank_of(d.cp));
      if (auto e = count_copy(t, d.column)) return e;
      ++hand_.concealed[t.index()];
    }
    return std::nullopt;
  }

  std::optional<Error> add_meld(Meld::Kind kind, const std::vector<Char>& digits, Suit suit,
                                int column, bool keyword_form) {
    int rank = *rank_of(digits.front().cp);
    for (const auto& d : digits)
      if (*rank_of(d.cp) != rank)
        return error(ErrorCode::BadMeld, d.column,
                     "a meld is a pung or kong of one tile; there is no chow (吃) here",
                     "副露只能是同一张牌的碰或杠，不能吃牌");
    Meld m{kind, Tile(suit, rank)};
    int n = static_cast<int>(digits.size());
    bool size_ok = keyword_form ? (n == 1 || n == m.copies()) : n == m.copies();
    if (!size_ok)
      return error(ErrorCode::BadMeld, column,
                   std::string("a ") + std::string(meld_kind_en(kind)) + " has " +
                       std::to_string(m.copies()) + " tiles, not " + std::to_string(n),
                   std::string(meld_kind_zh(kind)) + "应为 " + std::to_string(m.copies()) +
                       " 张牌，而不是 " + std::to_string(n) + " 张");
    for (int k = 0; k < m.copies(); ++k)
      if (auto e = count_copy(m.tile, digits[std::min<std::size_t>(k, digits.size() - 1)].column))
        return e;
    hand_.melds.push_back(m);
    return std::nullopt;
  }

  std::optional<Error> keyword_meld(const Keyword* kw) {
    int column = cur().column;
    pos_ += kw->text.size();
    skip_spaces();
    std::vector<Char>& digits = scratch_digits();
    if (auto e = read_digits(digits, true)) return e;
    if (digits.empty())
      return error(ErrorCode::BadMeld, at_end() ? end_column() : cur().column,
                   "a tile must follow " + encode_all(kw->text) + " (e.g. 碰5万, pung:5m)",
                   encode_all(kw->text) + "后面应跟一张牌（如 碰5万、pung:5m）");
    auto suit = read_suit(digits);
    if (!suit) return suit.error();
    return add_meld(kw->kind, digits, *suit, column, true);
  }

  std::optional<Error> bracket_meld(Bracket open) {
    int column = cur().column;
    if (open != Bracket::OpenSquare && open != Bracket::OpenRound)
      return error(ErrorCode::BadMeld, column, "a closing bracket with no opening one",
                   "右括号没有对应的左括号");
    ++pos_;
    skip_spaces();
    std::vector<Char>& digits = scratch_digits();
    if (auto e = read_digits(digits, true)) return e;
    if (digits.empty())
      return error(ErrorCode::BadMeld, at_end() ? end_column() : cur().column,
                   "a bracket holds a meld: [555m] [5555m] [5555m+] (5555m)",
                   "括号内应为副露：[555万] [5555万] [5555万+] (5555万)");
    auto suit = read_suit(digits);
    if (!suit) return suit.error();
    skip_spaces();
    bool added = false;
    if (!at_end() && (cur().cp == U'+' || cur().cp == U'＋')) {
      added = true;
      ++pos_;
      skip_spaces();
    }
    Bracket want = open == Bracket::OpenSquare ? Bracket::CloseSquare : Bracket::CloseRound;
    if (at_end() || bracket_of(cur().cp) != want)
      return error(ErrorCode::BadMeld, at_end() ? end_column() : cur().column,
                   std::string("expected '") + (want == Bracket::CloseSquare ? "]" : ")") +
                       "' to close the meld opened at column " + std::to_string(column),
                   std::string("第 ") + std::to_string(column) + " 列的副露缺少" +
                       (want == Bracket::CloseSquare ? "“]”" : "“)”"));
    ++pos_;
    Meld::Kind kind;
    if (open == Bracket::OpenRound) {
      if (added)
        return error(ErrorCode::BadMeld, column, "'+' marks an added kong: write [5555m+]",
                     "“+”表示加杠，应写作 [5555万+]");
      kind = Meld::Kind::ConcealedKong;
    } else if (added) {
      kind = Meld::Kind::AddedKong;
    } else {
      kind = digits.size() == 4 ? Meld::Kind::DirectKong : Meld::Kind::Pung;
    }
    return add_meld(kind, digits, *suit, column, false);
  }

  static std::string encode_all(const std::u32string& s) {
    std::string out;
    for (char32_t c : s) out += encode(c);
    return out;
  }

  // One buffer for every run's digits (cleared per run), not a vector per run.
  std::vector<Char>& scratch_digits() {
    digits_.clear();
    glyph_suit_.reset();
    return digits_;
  }

  std::vector<Char> c_;
  std::vector<Char> digits_;
  std::optional<Suit> glyph_suit_;  // the suit of the glyphs read as digits_
  std::string_view input_;
  std::size_t pos_ = 0;
  Hand hand_;
  Counts copies_{};
  int tiles_seen_ = 0;
};

}  // namespace

std::optional<Hand> parse_plain(std::string_view text) {
  if (text.empty() || text.size() > kMaxHandBytes) return std::nullopt;
  Hand hand;
  std::size_t run = 0;  // digits waiting for their suit, ending at run_end
  std::size_t run_end = 0;
  for (std::size_t i = 0; i < text.size();) {
    char ch = text[i];
    if (ch >= '1' && ch <= '9') {
      ++run, ++i;
      run_end = i;
      continue;
    }
    Suit suit;
    std::size_t len = 1;
    if (ch == 'm') {
      suit = Suit::Man;
    } else if (ch == 's') {
      suit = Suit::Sou;
    } else if (ch == 'p') {
      suit = Suit::Pin;
    } else {
      len = 3;
      std::string_view glyph = text.substr(i, 3);
      if (glyph == "万")
        suit = Suit::Man;
      else if (glyph == "条")
        suit = Suit::Sou;
      else if (glyph == "筒")
        suit = Suit::Pin;
      else
        return std::nullopt;
    }
    if (run == 0) return std::nullopt;
    for (std::size_t k = run_end - run; k < run_end; ++k)
      if (++hand.concealed[Tile(suit, text[k] - '0').index()] > kCopies) return std::nullopt;
    run = 0;
    i += len;
  }
  if (run != 0) return std::nullopt;
  return hand;
}

Result<Hand> parse_hand(std::string_view text) {
  if (auto plain = parse_plain(text)) return std::move(*plain);
  if (text.size() > kMaxHandBytes)
    return Error{ErrorCode::TooLong,
                 "the hand is " + std::to_string(text.size()) + " bytes long; at most " +
                     std::to_string(kMaxHandBytes) + " are read",
                 "手牌长达 " + std::to_string(text.size()) + " 字节，最多读取 " +
                     std::to_string(kMaxHandBytes) + " 字节",
                 0, ""};
  auto chars = decode(text);
  if (!chars) return chars.error();
  return Parser(std::move(*chars), text).run();
}

Result<Tile> parse_tile(std::string_view text) {
  auto parsed = parse_hand(text);
  if (!parsed) return parsed.error();
  if (parsed->melds.empty() && total(parsed->concealed) == 1)
    for (int i = 0; i < kKinds; ++i)
      if (parsed->concealed[i]) return Tile::from_index(i);
  return Error{ErrorCode::BadTile,
               "expected one tile such as 7p or 7筒, not '" + std::string(text) + "'",
               "应为一张牌，如 7p 或 7筒，而不是“" + std::string(text) + "”", 0, std::string(text)};
}

Result<Counts> parse_tile_list(std::string_view text) {
  if (text.find_first_not_of(" ") == std::string_view::npos) return Counts{};  // none
  auto parsed = parse_hand(text);
  if (!parsed) return parsed.error();
  if (!parsed->melds.empty())
    return Error{ErrorCode::BadTile,
                 "a list of tiles such as 2468s5m, without melds: not '" + std::string(text) + "'",
                 "应为一串牌，如 2468条5万，不带碰杠：而不是“" + std::string(text) + "”", 0,
                 std::string(text)};
  return parsed->concealed;
}

}  // namespace qianmj
