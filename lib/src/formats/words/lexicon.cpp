#include "formats/words/lexicon.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <string>

#include "qianmj/core/terminal_text.hpp"
#include "qianmj/engine/registry.hpp"
#include "qianmj/engine/ruleset.hpp"

namespace qianmj::words {
namespace {

constexpr bool no_seat_word_starts_another() {
  for (const auto& a : kSeatWords)
    for (const auto& b : kSeatWords)
      if (&a != &b && b.text.substr(0, a.text.size()) == a.text) return false;
  return true;
}
static_assert(no_seat_word_starts_another());

constexpr auto kFlagFirst = first_bytes(kFlags, [](const FlagSpelling& x) { return x.text; });
constexpr auto kKeyFirst = first_bytes(kKeys, [](const KeySpelling& x) { return x.text; });
// The glued verbs (北胡7筒) are matched after the seat, the ASCII ones after "SEAT:". A word
// after "SEAT:" starts with no glued verb, so at most one of the two kinds matches.
constexpr bool glued(const VerbSpelling& v) {
  return !v.ascii;
}
constexpr bool ascii(const VerbSpelling& v) {
  return v.ascii;
}
constexpr auto kGluedVerbFirst = first_bytes(
    kVerbs, [](const VerbSpelling& v) { return v.text; }, glued);
constexpr auto kAsciiVerbFirst = first_bytes(
    kVerbs, [](const VerbSpelling& v) { return v.text; }, ascii);
constexpr bool no_glued_verb_starts_with_a_colon() {
  for (const auto& v : kVerbs)
    if (!v.ascii && (starts(v.text, ":") || starts(v.text, "："))) return false;
  return true;
}
static_assert(no_glued_verb_starts_with_a_colon());

// ---- the fields' words ----

[[noreturn]] void refuse_word(const TableField& f, std::string_view word, const std::string& why) {
  throw std::logic_error("qianmj: table field " + std::string(f.path) + ": its word '" +
                         std::string(word) + "' " + why);
}

// A field's word neither starts nor is started by a common word (so the common lists and the
// fields' may be tried in either order: at most one has a word that starts a given text), and
// no other field has it.
void check_field_word(const FieldWords& so_far, const TableField& f, std::string_view w) {
  if (w.empty() || w.find_first_of(":= ") != std::string_view::npos ||
      w.find("：") != std::string_view::npos || w.find("\u3000") != std::string_view::npos)
    refuse_word(f, w, "is empty or has a separator (: = ：) or a space in it");
  auto apart = [&](std::string_view common) {
    if (starts(w, common) || starts(common, w))
      refuse_word(f, w, "starts, or is started by, the common word '" + std::string(common) + "'");
  };
  for (const auto& v : kVerbs) apart(v.text);
  for (const auto& k : kKeys) apart(k.text);
  for (const auto& x : kFlags) apart(x.text);
  auto other = [&](std::string_view text, const TableField* field) {
    if (field != &f && text == w)
      refuse_word(f, w, "is also a word of table field " + std::string(field->path));
  };
  for (const auto& v : so_far.verbs) other(v.text, v.field);
  for (const auto& k : so_far.keys) other(k.text, k.field);
}

// Longest first, where one spelling starts another (stable: the declarations' order otherwise).
template <class Row>
void longest_first(std::vector<Row>& rows, const char* of) {
  if (rows.size() > 64)  // the bits of FirstBytes
    throw std::logic_error(std::string("qianmj: more than 64 words of the table fields of ") + of);
  std::stable_sort(rows.begin(), rows.end(),
                   [](const Row& a, const Row& b) { return a.text.size() > b.text.size(); });
}

template <class Row, class Keep>
FirstBytes first_bytes_of(const std::vector<Row>& rows, Keep keep) {
  FirstBytes m{};
  for (std::size_t i = 0; i < rows.size(); ++i)
    if (keep(rows[i])) m[static_cast<unsigned char>(rows[i].text.front())] |= std::uint64_t{1} << i;
  return m;
}

// The verb of `v` at the start of `rest` (glued) or of `after` (after "SEAT:"), and its argument.
// An ASCII word of a field with an argument takes it after an optional ':' (E:WORD:2, E:WORD2).
std::optional<VerbWord> verb_at(const VerbSpelling& v, std::string_view rest,
                                std::string_view after) {
  std::string_view from = v.ascii ? after : rest;
  if (!starts_nocase(from, v.text)) return std::nullopt;
  std::string_view arg = from.substr(v.text.size());
  if (!takes_argument(v)) {
    if (!arg.empty()) return std::nullopt;  // "报听x" is not 报听
  } else if (v.field && v.ascii && starts(arg, ":")) {
    arg.remove_prefix(1);
  }
  return VerbWord{v.verb, arg, v.field};
}

// The keyword `k` at the start of `w`, and its argument.
std::optional<KeyWord> key_at(const KeySpelling& k, std::string_view w) {
  if (!starts_nocase(w, k.text)) return std::nullopt;
  std::string_view arg = strip_separator(w.substr(k.text.size()));
  bool ascii_key = k.text.front() >= 'a' && k.text.front() <= 'z';
  if (ascii_key && arg.size() == w.size() - k.text.size())
    return std::nullopt;  // "dealer" needs ':' or '='
  if (arg.empty())
    return std::nullopt;  // "庄" alone is nothing; a seat verb may still match (东庄 is not this)
  return KeyWord{k.key, arg, k.field};
}

}  // namespace

std::optional<int> seat_of(std::string_view s) {
  std::optional<int> seat;
  for (const auto& sp : kSeatWords)
    if (sp.text == s) seat = sp.seat;
  return seat;
}

std::optional<Flag> flag_word(std::string_view w) {
  for (auto c = entries_for_nocase(kFlagFirst, w); c;) {
    const auto& f = kFlags[take_lowest(c)];
    if (ascii_iequal(w, f.text)) return f.flag;
  }
  return std::nullopt;
}

FieldWords make_field_words(std::span<const TableField* const> of_seats,
                            std::span<const TableField* const> of_result,
                            std::span<const TableField* const> of_kongs,
                            std::span<const TableField* const> of_table) {
  FieldWords out;
  out.of_seats = of_seats;
  out.of_result = of_result;
  out.of_kongs = of_kongs;
  out.of_table = of_table;
  std::vector<const TableField*> verbs(of_seats.begin(), of_seats.end());  // said after a seat
  verbs.insert(verbs.end(), of_kongs.begin(), of_kongs.end());
  std::vector<const TableField*> keys(of_result.begin(), of_result.end());  // keywords
  keys.insert(keys.end(), of_table.begin(), of_table.end());
  for (const TableField* f : verbs) {
    for (auto w : f->words_zh) {
      check_field_word(out, *f, w);
      out.verbs.push_back({w, Verb::Field, false, f});
    }
    for (auto w : f->words_en) {
      check_field_word(out, *f, w);
      if (looks_like_hand_text(w)) refuse_word(*f, w, "starts as a hand does (E:…)");
      out.verbs.push_back({w, Verb::Field, true, f});
    }
  }
  for (const TableField* f : keys)
    for (const auto& spellings : {f->words_zh, f->words_en})
      for (auto w : spellings) {
        check_field_word(out, *f, w);
        out.keys.push_back({w, Key::Field, f});
      }
  longest_first(out.verbs, "seats");
  longest_first(out.keys, "the result");
  out.glued_first = first_bytes_of(out.verbs, glued);
  out.ascii_first = first_bytes_of(out.verbs, ascii);
  out.key_first = first_bytes_of(out.keys, [](const KeySpelling&) { return true; });
  return out;
}

const FieldWords& field_words() {
  static const FieldWords words =
      make_field_words(table_fields_of_seats(), table_fields_of_result(), table_fields_of_kongs(),
                       table_fields_of_table());
  return words;
}

// The common keywords, then the fields' (no word of one list starts a word of the other).
std::optional<KeyWord> key_word(std::string_view w, const FieldWords& fields) {
  for (auto c = entries_for_nocase(kKeyFirst, w); c;)
    if (auto k = key_at(kKeys[take_lowest(c)], w)) return k;
  for (auto c = entries_for_nocase(fields.key_first, w); c;)
    if (auto k = key_at(fields.keys[take_lowest(c)], w)) return k;
  return std::nullopt;
}

// The common verbs, then the fields', then a hand.
std::optional<VerbWord> verb_word(std::string_view rest, const FieldWords& fields) {
  const bool colon = starts(rest, ":") || starts(rest, "：");
  std::string_view after = strip_separator(rest);
  for (std::uint64_t c = entries_for(kGluedVerbFirst, rest) |
                         (colon ? entries_for_nocase(kAsciiVerbFirst, after) : 0);
       c;)
    if (auto v = verb_at(kVerbs[take_lowest(c)], rest, after)) return v;
  for (std::uint64_t c = entries_for(fields.glued_first, rest) |
                         (colon ? entries_for_nocase(fields.ascii_first, after) : 0);
       c;)
    if (auto v = verb_at(fields.verbs[take_lowest(c)], rest, after)) return v;
  if (colon) return VerbWord{Verb::Hand, after};
  return std::nullopt;
}

bool is_pattern_word(std::string_view w) {
  static const std::vector<std::string> words = [] {
    std::vector<std::string> out;
    for (const auto& info : rulesets())
      if (auto r = make_ruleset(info.id))
        for (auto& x : r->declared_pattern_words()) out.push_back(std::move(x));
    return out;
  }();
  return std::find(words.begin(), words.end(), w) != words.end();
}

std::optional<Text> bad_name(std::string_view name) {
  bool bad = name.empty() || name.size() > 64 || looks_like_hand_text(name) ||
             separator(name) != std::string_view::npos;
  bad = bad || has_unsafe_characters(name) || has_invisible_characters(name);
  for (const auto& sp : kSeatWords) bad = bad || name == sp.text;
  for (const auto& f : kFlags) bad = bad || name == f.text;
  for (const auto& k : kKeys) bad = bad || starts(name, k.text);
  for (const auto& k : field_words().keys) bad = bad || starts(name, k.text);
  for (const auto& r : rulesets()) bad = bad || name == r.id || name == r.zh;
  if (!bad) return std::nullopt;
  return Text{
      "a name is one word of at most 64 bytes that is not a seat, a tile, a number or a word of "
      "the table: " +
          std::string(name),
      "名字应为不超过 64 字节的一个词，不能是座位、牌、数字或结算用词：" + std::string(name)};
}

std::optional<std::int64_t> number(std::string_view s) {
  std::int64_t v = 0;
  if (s.empty()) return std::nullopt;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

WordUse use_of(Verb verb) {
  switch (verb) {
    case Verb::Hand:
      return {
          {"这一家的手牌（13 张，胡家可写 14 张）", "the seat's hand (13 tiles, or a winner's 14)"},
          {"东:2344567筒345789条", "E:2344567p345789s"}};
    case Verb::Name:
      return {{"玩家的名字，之后可用它代替座位", "a player's name, then said for the seat"},
              {"东=阿明 阿明自摸7筒", "E=Ming Ming:zimo:7p"}};
    case Verb::Win:
      return {{"点炮胡：胡别人打出的牌（再写谁放炮）；报称时写番型",
               "wins off a discard (say who discarded it), or declared: with its pattern"},
              {"北胡7筒 南放炮", "N:win:7p S:pao"}};
    case Verb::SelfDraw:
      return {{"自摸胡牌；报称时写番型（东自摸清一色）",
               "wins by self-draw, or declared: with its pattern (E:zimo:qingyise)"},
              {"东自摸7筒", "E:zimo:7p"}};
    case Verb::Discarder:
      return {{"打出胡牌的那张（放炮）", "discarded the winning tile"},
              {"北胡7筒 南放炮", "N:win:7p S:pao"}};
    case Verb::Robbed:
      return {{"加杠被抢（抢杠胡）", "had an added kong robbed (抢杠)"},
              {"北胡5万 南被抢杠", "N:win:5m S:robbed"}};
    case Verb::Escape:
      return {{"逃跑（中途离桌）", "escaped (left the hand)"}, {"西逃跑", "W:escape"}};
    case Verb::Baoting:
      return {{"报听", "declared ready (报听)"}, {"东报听", "E:baoting"}};
    case Verb::Fed:
      return {{"点杠：打出别人直杠的那张", "fed a direct kong (discarded its tile)"},
              {"西点杠5万", "W:fed:5m"}};
    case Verb::Kongs:
      return {{"未写手牌的一家的杠", "the kongs of a seat whose hand is not given"},
              {"南杠(9999筒)[5555万+]", "S:kong:(9999p)[5555m+]"}};
    case Verb::Dealer:
      return {{"坐庄", "is the dealer"}, {"东坐庄", "E:dealer"}};
    case Verb::Tianhu:
      return {{"天胡（几家胡时写谁）", "天胡 (say whose, with several winners)"},
              {"东天胡", "E:tianhu"}};
    case Verb::Dihu:
      return {{"地胡（几家胡时写谁）", "地胡 (say whose, with several winners)"},
              {"北地胡", "N:dihu"}};
    case Verb::Field:
      return {{"规则自己的字段", "a field of a rule set"}, {"", ""}};
    case Verb::HuaWin:
      return {
          {"报称：杠上花，再写番型（需有这家的杠）",
           "declared: won on a kong's replacement tile, with the pattern (the seat has a kong)"},
          {"西暗杠 西杠上花 对对胡", "W:concealed-kong W:zimo:duiduihu gangshanghua"}};
    case Verb::Ready:
      return {{"报称：流局时听牌，及所听的番型", "declared: ready at a draw, with its pattern"},
              {"流局 东听清一色", "draw E:ready:qingyise"}};
    case Verb::Huazhu:
      return {{"报称：花猪（三门都有）", "declared: a 花猪 (all three suits)"},
              {"流局 南花猪", "draw S:huazhu"}};
    case Verb::Chickens:
      return {{"报称（遵义）：手牌和副露里的鸡数，含翻鸡",
               "declared (Zunyi): 鸡 in hand and melds, 翻鸡 included"},
              {"东鸡2", "E:ji:2"}};
    case Verb::DirectKong:
      return {{"明杠（直杠），不用括号", "a direct kong, without brackets"},
              {"西明杠9条 北点杠9条", "W:direct-kong:9s N:fed:9s"}};
    case Verb::ConcealedKong:
      return {{"暗杠，不用括号（报称时可不写牌）",
               "a concealed kong, without brackets (declared: the tile may be left out)"},
              {"北暗杠9筒", "N:concealed-kong:9p"}};
    case Verb::AddedKong:
      return {{"补杠（加杠），不用括号", "an added kong, without brackets"},
              {"南补杠5万", "S:added-kong:5m"}};
  }
  return {};
}

WordUse use_of(Flag flag) {
  switch (flag) {
    case Flag::Draw:
      return {{"流局（黄庄）：写出每家的手牌，或报称听牌和花猪的几家",
               "a draw (流局): every hand is given, or the ready and 花猪 seats declared"},
              {"流局", "draw"}};
    case Flag::Zimo:
      return {{"胡牌是自摸", "the win was self-drawn"}, {"东胡7筒 自摸", "E:win:7p zimo"}};
    case Flag::Gangshanghua:
      return {{"杠上花：杠后补牌自摸", "won on the tile drawn after a kong"},
              {"东自摸7筒 杠上花", "E:zimo:7p gangshanghua"}};
    case Flag::Gangshangpao:
      return {{"杠上炮：杠后打出的牌点炮", "won off the discard made after a kong"},
              {"东胡7筒 南放炮 杠上炮", "E:win:7p S:pao gangshangpao"}};
    case Flag::Robbing:
      return {{"抢杠胡（放炮的一家即被抢杠）", "won by robbing an added kong"},
              {"东胡5万 南放炮 抢杠", "E:win:5m S:pao qianggang"}};
    case Flag::Tianhu:
      return {{"天胡", "the win is a 天胡"}, {"东自摸7筒 天胡", "E:zimo:7p tianhu"}};
    case Flag::Dihu:
      return {{"地胡", "the win is a 地胡"}, {"南自摸7筒 地胡", "S:zimo:7p dihu"}};
    case Flag::Multi:
      return {{"一炮多响：一张牌几家胡（可不写）", "several winners off one discard (optional)"},
              {"东胡5筒 南胡5筒 北放炮", "E:win:5p S:win:5p N:pao"}};
    case Flag::LastFour:
      return {{"逃跑发生在最后四张", "the escape came in the last four tiles"},
              {"西逃跑 最后四张", "W:escape last-four"}};
  }
  return {};
}

WordUse use_of(Key key) {
  switch (key) {
    case Key::Dealer:
      return {{"庄家", "the dealer"}, {"庄东", "dealer:E"}};
    case Key::Streak:
      return {{"连庄数", "the dealer's streak (连庄)"}, {"连庄2", "streak:2"}};
    case Key::Rules:
      return {{"规则", "the rule set"}, {"规则:遵义", "rules:zunyi"}};
    case Key::LastKong:
      return {{"一家有几个杠时，最后的是哪个", "which kong of a seat was the last"},
              {"最后杠9筒", "last-kong:9p"}};
    case Key::KongOrder:
      return {{"按先后列出每个杠", "every kong, in the order made"},
              {"杠序:北9筒,东5万", "kong-order:N9p,E5m"}};
    case Key::Players:
      return {{"四家的名字，依次为东南西北（牌局开头）",
               "the four names, 东 南 西 北 in turn (a session's header)"},
              {"玩家 阿明 小红 老王 小李", "players Ming Hong Wang Li"}};
    case Key::Field:
      return {{"规则自己的字段", "a field of a rule set"}, {"", ""}};
  }
  return {};
}

}  // namespace qianmj::words
