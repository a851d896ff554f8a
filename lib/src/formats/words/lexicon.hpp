// The lexicon of the table in words: every word in both scripts, as data, and the lookups that
// say what kind of word a piece of text is. The reader (reader.cpp) and the writer (writer.cpp)
// spell the words from here. The words of the rule sets' table fields are not listed here: they
// are made on first use from the fields' declarations (TableField::words_zh, words_en).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "qianmj/core/item.hpp"
#include "qianmj/core/tile.hpp"
#include "qianmj/engine/table_fields.hpp"

namespace qianmj::words {

// ---- seats ----------------------------------------------------------------------------------

struct SeatSpelling {
  std::string_view text;
  int seat;
};

// C2: 东 is seat 0, and turn order is 东 → 南 → 西 → 北.
inline constexpr SeatSpelling kSeatWords[] = {
    {"东", 0}, {"東", 0}, {"E", 0}, {"e", 0}, {"0", 0},  {"南", 1}, {"S", 1}, {"s", 1}, {"1", 1},
    {"西", 2}, {"W", 2},  {"w", 2}, {"2", 2}, {"北", 3}, {"N", 3},  {"n", 3}, {"3", 3},
};

inline constexpr std::string_view kSeatZh[] = {"东", "南", "西", "北"};
inline constexpr std::string_view kSeatEn[] = {"E", "S", "W", "N"};

// ---- what a seat did (东胡7筒, E:win:7p) ------------------------------------------------------

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
  Tianhu,
  Dihu,
  Field,  // a seat's table field of a rule set: VerbSpelling::field says which
  // A declared hand (said by result and pattern, no tiles):
  HuaWin,         // 西杠上花: a self-draw on a kong's replacement tile
  Ready,          // 东听, 东听清一色: ready at the end, with its pattern
  Huazhu,         // 南花猪: not ready, all three suits
  Chickens,       // 东鸡2: 鸡 in hand and melds (Zunyi)
  DirectKong,     // 西明杠9条: a kong said by its kind, with or without its tile
  ConcealedKong,  // 北暗杠, 北暗杠9筒
  AddedKong,      // 南补杠5万
};

struct VerbSpelling {
  std::string_view text;
  Verb verb;
  bool ascii;  // spelled after "SEAT:" (E:win:7p), not glued to the seat (北胡7筒)
  const TableField* field = nullptr;  // Verb::Field's
};

// After a seat. Longest first where one spelling starts another (自摸 before 自), the glued
// before the ASCII.
inline constexpr VerbSpelling kVerbs[] = {
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
    {"天胡", Verb::Tianhu, false},
    {"天和", Verb::Tianhu, false},
    {"地胡", Verb::Dihu, false},
    {"地和", Verb::Dihu, false},
    {"胡", Verb::Win, false},
    {"和", Verb::Win, false},
    {"杠上开花", Verb::HuaWin, false},
    {"杠上花", Verb::HuaWin, false},
    {"杠", Verb::Kongs, false},
    {"听", Verb::Ready, false},
    {"花猪", Verb::Huazhu, false},
    {"鸡", Verb::Chickens, false},
    {"明杠", Verb::DirectKong, false},
    {"直杠", Verb::DirectKong, false},
    {"暗杠", Verb::ConcealedKong, false},
    {"补杠", Verb::AddedKong, false},
    {"加杠", Verb::AddedKong, false},
    {"面下杠", Verb::AddedKong, false},
    {"win:", Verb::Win, true},
    {"hu:", Verb::Win, true},
    {"zimo:", Verb::SelfDraw, true},
    {"win", Verb::Win, true},
    {"zimo", Verb::SelfDraw, true},
    {"ready", Verb::Ready, true},
    {"huazhu", Verb::Huazhu, true},
    {"ji:", Verb::Chickens, true},
    {"direct-kong", Verb::DirectKong, true},
    {"concealed-kong", Verb::ConcealedKong, true},
    {"added-kong", Verb::AddedKong, true},
    {"pao", Verb::Discarder, true},
    {"discard", Verb::Discarder, true},
    {"robbed", Verb::Robbed, true},
    {"escape", Verb::Escape, true},
    {"baoting", Verb::Baoting, true},
    {"fed:", Verb::Fed, true},
    {"kong:", Verb::Kongs, true},
    {"dealer", Verb::Dealer, true},
    {"tianhu", Verb::Tianhu, true},
    {"dihu", Verb::Dihu, true},
};

// The verbs whose argument follows them (胡7筒, 杠(9999筒)), a field's but a Bool's; the others
// stand alone.
constexpr bool takes_argument(const VerbSpelling& v) {
  if (v.field)  // a kong's field: the kong's tile (南憨包7万)
    return v.field->kind != TableField::Kind::Bool || v.field->place() == TableField::Place::Kong;
  return v.verb == Verb::Win || v.verb == Verb::SelfDraw || v.verb == Verb::Fed ||
         v.verb == Verb::Kongs || v.verb == Verb::HuaWin || v.verb == Verb::Ready ||
         v.verb == Verb::Chickens || v.verb == Verb::DirectKong || v.verb == Verb::ConcealedKong ||
         v.verb == Verb::AddedKong;
}

// A declared pattern word of some registered rule set (清一色, qingyise, 清大对 …): the words
// come from the rule sets' own pattern rows (Ruleset::declared_pattern_words).
bool is_pattern_word(std::string_view w);

// ---- flags: a word alone (流局, 自摸, 杠上花) ------------------------------------------------

enum class Flag { Draw, Zimo, Gangshanghua, Gangshangpao, Robbing, Tianhu, Dihu, Multi, LastFour };

struct FlagSpelling {
  std::string_view text;
  Flag flag;
};

inline constexpr FlagSpelling kFlags[] = {
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

// ---- keywords with an argument: glued (庄东, 连庄2) or after ':' / '=' (dealer:E) -------------

// Key::Field: a win's table field of a rule set, KeySpelling::field says which.
enum class Key { Dealer, Streak, Rules, LastKong, KongOrder, Players, Field };

struct KeySpelling {
  std::string_view text;
  Key key;
  const TableField* field = nullptr;  // Key::Field's
};

// Longest first where one spelling starts another (庄家 before 庄).
inline constexpr KeySpelling kKeys[] = {
    {"庄家", Key::Dealer},          {"庄", Key::Dealer},
    {"dealer", Key::Dealer},        {"连庄", Key::Streak},
    {"streak", Key::Streak},        {"规则", Key::Rules},
    {"rules", Key::Rules},          {"最后杠", Key::LastKong},
    {"last-kong", Key::LastKong},   {"杠序", Key::KongOrder},
    {"kong-order", Key::KongOrder}, {"玩家", Key::Players},
    {"players", Key::Players},
};

// ---- the spellings the writer uses ---------------------------------------------------------

struct Spelled {
  std::string_view zh, en;
  std::string_view in(bool chinese) const { return chinese ? zh : en; }
};

namespace say {
inline constexpr Spelled kDealer{"庄", "dealer:"}, kStreak{"连庄", "streak:"}, kHand{":", ":"},
    kBaoting{"报听", ":baoting"}, kKongs{"杠", ":kong:"}, kFed{"点杠", ":fed:"},
    kKongOrder{"杠序:", "kong-order:"}, kDraw{"流局", "draw"}, kEscape{"逃跑", ":escape"},
    kLastFour{"最后四张", "last-four"}, kSelfDraw{"自摸", ":zimo:"}, kWin{"胡", ":win:"},
    kTianhu{"天胡", ":tianhu"}, kDihu{"地胡", ":dihu"}, kRobbed{"被抢杠", ":robbed"},
    kDiscarder{"放炮", ":pao"}, kGangshanghua{"杠上花", "gangshanghua"},
    kGangshangpao{"杠上炮", "gangshangpao"}, kReady{"听", ":ready"}, kHuazhu{"花猪", ":huazhu"},
    kChickens{"鸡", ":ji:"};
}  // namespace say

// ---- what each word says, for the listing (qianmj help words) ----------------------------------
// Every kind of word has a line saying what it says and a use of it, in both scripts: the
// listing is made from the lists above, so a spelling added to one appears there by itself, and
// a new kind of word without its line fails to compile (each switch names every kind).

struct WordUse {
  Spelled says;     // what the word says: {zh, en}
  Spelled example;  // a use of it: {zh, en}
};

WordUse use_of(Verb verb);  // Verb::Field: the field's own (see the listing)
WordUse use_of(Flag flag);
WordUse use_of(Key key);

// ---- lookups --------------------------------------------------------------------------------

// s.starts_with(p), inline: the keywords are a few bytes, most of them off at the first.
constexpr bool starts(std::string_view s, std::string_view p) {
  if (s.size() < p.size()) return false;
  for (std::size_t i = 0; i < p.size(); ++i)
    if (s[i] != p[i]) return false;
  return true;
}

constexpr char ascii_lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// a == b, ASCII letters in either case (Dealer:E is dealer:E).
constexpr bool ascii_iequal(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  return true;
}

// starts(s, p), ASCII letters in either case: the ASCII words are read so (ZIMO, Dealer:E).
constexpr bool starts_nocase(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && ascii_iequal(s.substr(0, p.size()), p);
}

// The entries of a list (at most 64) by the first byte of their text: a word is compared only
// with the entries that start as it does, in the list's order (the lowest bit first).
using FirstBytes = std::array<std::uint64_t, 256>;

template <class List, class Text, class Keep>
constexpr FirstBytes first_bytes(const List& list, Text text, Keep keep) {
  static_assert(sizeof(List) / sizeof(list[0]) <= 64);
  FirstBytes m{};
  for (std::size_t i = 0; i < std::size(list); ++i)
    if (keep(list[i]))
      m[static_cast<unsigned char>(text(list[i]).front())] |= std::uint64_t{1} << i;
  return m;
}

template <class List, class Text>
constexpr FirstBytes first_bytes(const List& list, Text text) {
  return first_bytes(list, text, [](const auto&) { return true; });
}

inline std::uint64_t entries_for(const FirstBytes& m, std::string_view s) {
  return s.empty() ? 0 : m[static_cast<unsigned char>(s.front())];
}

// The entries for `s` whose first byte is s's in either ASCII case.
inline std::uint64_t entries_for_nocase(const FirstBytes& m, std::string_view s) {
  if (s.empty()) return 0;
  return m[static_cast<unsigned char>(s.front())] |
         m[static_cast<unsigned char>(ascii_lower(s.front()))];
}

inline std::size_t take_lowest(std::uint64_t& c) {  // the lowest candidate, taken off
  const auto i = static_cast<std::size_t>(std::countr_zero(c));
  c &= c - 1;
  return i;
}

inline constexpr auto kSeatWordFirst =
    first_bytes(kSeatWords, [](const SeatSpelling& x) { return x.text; });

// A seat word (东, E, 0) at the start of `s` (all of it when `whole`), and its bytes.
inline std::optional<std::pair<int, std::size_t>> seat_word_prefix(std::string_view s, bool whole) {
  // No seat word starts another: the one that starts s is the longest.
  for (auto c = entries_for(kSeatWordFirst, s); c;) {
    const auto& sp = kSeatWords[take_lowest(c)];
    if (starts(s, sp.text) && (!whole || sp.text.size() == s.size()))
      return std::pair<int, std::size_t>(sp.seat, sp.text.size());
  }
  return std::nullopt;
}

// A seat word that is all of `s`.
std::optional<int> seat_of(std::string_view s);

// The flag that is all of `w`.
std::optional<Flag> flag_word(std::string_view w);

// ---- the words of the rule sets' table fields -------------------------------------------------
// Made from the declarations (TableField): no rule set's word is listed here. A seat's field is
// said as a verb after the seat: glued, a spelling of words_zh and its argument (东WORD2);
// after "SEAT:", one of words_en and its argument after an optional ':' (E:WORD:2, E:WORD2).
// A result's field is a keyword with its argument, as the common ones are (WORD7筒, WORD:7p).
// An argument is a whole number for an Int (none: 1), a tile for a Tile; a Bool has none.

struct FieldWords {
  // The fields, each at its slot in TableFieldValues (kept, not copied: they outlive these).
  std::span<const TableField*const> of_seats, of_result, of_kongs, of_table;
  std::vector<VerbSpelling> verbs;  // of the seats' fields, Verb::Field
  std::vector<KeySpelling> keys;    // of the result's fields, Key::Field
  FirstBytes glued_first{}, ascii_first{}, key_first{};

  // The slot of `f`, one of these fields (the reader only meets words made from them).
  std::size_t slot(const TableField& f) const {
    for (const auto place : {of_seats, of_result, of_kongs, of_table})
      for (std::size_t i = 0; i < place.size(); ++i)
        if (place[i] == &f) return i;
    throw std::logic_error("a table field not among the words' fields: " + std::string(f.path));
  }
};

// The words of the fields `of_seats` and `of_result`, longest first where one spelling starts
// another (so the longer is tried first). std::logic_error, naming the word, for a word that
// starts or is started by a common verb, keyword or flag, one that two fields share, one with a
// separator (: = ：) or a space in it, a seat's ASCII word that starts as a hand does (E:9p…),
// or more than 64 of either kind: a rule set's declaration the words could not read back.
FieldWords make_field_words(std::span<const TableField* const> of_seats,
                            std::span<const TableField* const> of_result,
                            std::span<const TableField* const> of_kongs = {},
                            std::span<const TableField* const> of_table = {});

// The words of every registered rule set's fields (table_fields_of_seats(),
// table_fields_of_result()), made on first use: never at static initialization, before the
// registry is complete.
const FieldWords& field_words();

// A keyword at the start of `w` with its argument (after ':' or '=' if any; an ASCII keyword
// needs one): 庄东 → Dealer "东". A keyword with nothing after it is none (东庄 is a verb).
struct KeyWord {
  Key key;
  std::string_view arg;
  const TableField* field = nullptr;  // Key::Field's
};
std::optional<KeyWord> key_word(std::string_view w, const FieldWords& fields = field_words());

// What a seat did, from the rest of its word after the seat (胡7筒, :win:7p, :234m…): the verb
// and its argument; a hand after ':' when no verb matches.
struct VerbWord {
  Verb verb;
  std::string_view arg;
  const TableField* field = nullptr;  // Verb::Field's
};
std::optional<VerbWord> verb_word(std::string_view rest, const FieldWords& fields = field_words());

inline constexpr std::string_view kHandStarts[] = {
    "１", "２", "３",   "４",   "５",   "６",     "７",     "８",  "９", "一",
    "二", "三", "四",   "五",   "六",   "七",     "八",     "九",  "幺", "【",
    "（", "碰", "明杠", "直杠", "加杠", "面下杠", "转弯杠", "暗杠"};
inline constexpr auto kHandStartFirst =
    first_bytes(kHandStarts, [](std::string_view x) { return x; });

// A word that starts as a hand does (a digit, 一-九, a meld's bracket, 碰 …).
inline bool looks_like_hand_text(std::string_view s) {
  if (s.empty()) return false;
  auto b = static_cast<unsigned char>(s[0]);
  if ((b >= '1' && b <= '9') || b == '[' || b == '(') return true;
  for (auto c = entries_for(kHandStartFirst, s); c;)
    if (starts(s, kHandStarts[take_lowest(c)])) return true;
  return false;
}

// Why `name` cannot be a player's name (a seat, a tile, a word of the table …), or nullopt.
std::optional<Text> bad_name(std::string_view name);

// ---- text -----------------------------------------------------------------------------------

// Where the first ':' '=' or '：' is (a word's key ends there), or npos.
inline std::size_t separator(std::string_view s) {
  return std::min({s.find(':'), s.find('='), s.find("：")});
}

// The word after a leading ':', '=' or '：'.
inline std::string_view strip_separator(std::string_view s) {
  if (starts(s, ":") || starts(s, "=")) return s.substr(1);
  if (starts(s, "：")) return s.substr(std::string_view("：").size());
  return s;
}

// The characters of UTF-8 text.
inline int chars(std::string_view s) {
  int n = 0;
  for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

// Where the first ',' or '，' is, or npos: one pass (two finds would each scan to the end).
inline std::size_t first_comma(std::string_view s) {
  constexpr std::string_view wide = "，";
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s[i] == ',' || s.substr(i, wide.size()) == wide) return i;
  return std::string_view::npos;
}

// A whole number, all of `s`.
std::optional<std::int64_t> number(std::string_view s);

// A digit and m s p or 万 条 筒 (7p, 7筒): the tile parse_tile reads, without its reader.
inline std::optional<Tile> plain_tile(std::string_view s) {
  if (s.size() < 2 || s[0] < '1' || s[0] > '9') return std::nullopt;
  std::string_view suit = s.substr(1);
  const int rank = s[0] - '0';
  if (suit == "m" || suit == "万") return Tile(Suit::Man, rank);
  if (suit == "s" || suit == "条") return Tile(Suit::Sou, rank);
  if (suit == "p" || suit == "筒") return Tile(Suit::Pin, rank);
  return std::nullopt;
}

}  // namespace qianmj::words
