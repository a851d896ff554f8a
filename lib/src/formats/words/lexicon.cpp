#include "formats/words/lexicon.hpp"

#include <charconv>
#include <string>

#include "qianmj/core/terminal_text.hpp"
#include "qianmj/engine/registry.hpp"

namespace qianmj::words {
namespace {

constexpr bool no_seat_word_starts_another() {
  for (const auto& a : kSeatWords)
    for (const auto& b : kSeatWords)
      if (&a != &b && b.text.substr(0, a.text.size()) == a.text) return false;
  return true;
}
static_assert(no_seat_word_starts_another());

// A rule set's word neither starts nor is started by a common one: at most one list has a
// word that starts a given text, so the order the lists are joined in changes nothing.
template <class A, std::size_t N, class B, std::size_t M>
constexpr bool apart(const A (&common)[N], const B (&ruleset)[M]) {
  for (const auto& a : common)
    for (const auto& b : ruleset)
      if (a.text.substr(0, b.text.size()) == b.text || b.text.substr(0, a.text.size()) == a.text)
        return false;
  return true;
}
static_assert(apart(kVerbs, kRulesetVerbs));
static_assert(apart(kKeys, kRulesetKeys));

constexpr auto kFlagFirst = first_bytes(kFlags, [](const FlagSpelling& x) { return x.text; });
constexpr auto kKeyFirst = first_bytes(kAllKeys, [](const KeySpelling& x) { return x.text; });
// The glued verbs (北胡7筒) are matched after the seat, the ASCII ones after "SEAT:". A word
// after "SEAT:" starts with no glued verb, so at most one of the two kinds matches.
constexpr auto kGluedVerbFirst = first_bytes(
    kAllVerbs, [](const VerbSpelling& v) { return v.text; },
    [](const VerbSpelling& v) { return !v.ascii; });
constexpr auto kAsciiVerbFirst = first_bytes(
    kAllVerbs, [](const VerbSpelling& v) { return v.text; },
    [](const VerbSpelling& v) { return v.ascii; });
constexpr bool no_glued_verb_starts_with_a_colon() {
  for (const auto& v : kAllVerbs)
    if (!v.ascii && (starts(v.text, ":") || starts(v.text, "："))) return false;
  return true;
}
static_assert(no_glued_verb_starts_with_a_colon());

}  // namespace

std::optional<int> seat_of(std::string_view s) {
  std::optional<int> seat;
  for (const auto& sp : kSeatWords)
    if (sp.text == s) seat = sp.seat;
  return seat;
}

std::optional<Flag> flag_word(std::string_view w) {
  for (auto c = entries_for(kFlagFirst, w); c;) {
    const auto& f = kFlags[take_lowest(c)];
    if (w == f.text) return f.flag;
  }
  return std::nullopt;
}

std::optional<KeyWord> key_word(std::string_view w) {
  for (auto c = entries_for(kKeyFirst, w); c;) {
    const auto& [text, key, ruleset] = kAllKeys[take_lowest(c)];
    if (!starts(w, text)) continue;
    std::string_view arg = strip_separator(w.substr(text.size()));
    bool ascii_key = text.front() >= 'a' && text.front() <= 'z';
    if (ascii_key && arg.size() == w.size() - text.size()) continue;  // "dealer" needs ':' or '='
    if (arg.empty())
      continue;  // "庄" alone is nothing; a seat verb may still match (东庄 is not this)
    return KeyWord{key, arg};
  }
  return std::nullopt;
}

std::optional<VerbWord> verb_word(std::string_view rest) {
  const bool colon = starts(rest, ":") || starts(rest, "：");
  std::string_view after = strip_separator(rest);
  const std::uint64_t glued = entries_for(kGluedVerbFirst, rest),
                      ascii = colon ? entries_for(kAsciiVerbFirst, after) : 0;
  for (std::uint64_t c = glued | ascii; c;) {
    const auto& v = kAllVerbs[take_lowest(c)];
    std::string_view from = v.ascii ? after : rest;
    if (!starts(from, v.text)) continue;
    std::string_view arg = from.substr(v.text.size());
    if (!takes_argument(v.verb) && !arg.empty()) continue;  // "报听x" is not 报听
    return VerbWord{v.verb, arg};
  }
  if (colon) return VerbWord{Verb::Hand, after};
  return std::nullopt;
}

std::optional<Text> bad_name(std::string_view name) {
  bool bad = name.empty() || name.size() > 64 || looks_like_hand_text(name) ||
             separator(name) != std::string_view::npos;
  bad = bad || has_unsafe_characters(name) || has_invisible_characters(name);
  for (const auto& sp : kSeatWords) bad = bad || name == sp.text;
  for (const auto& f : kFlags) bad = bad || name == f.text;
  for (const auto& k : kAllKeys) bad = bad || starts(name, k.text);
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

const TableFieldKey<int>& yaoji_key() {
  static const TableFieldKey<int> key("seats[].discarded_yaoji");
  return key;
}
const TableFieldKey<bool>& chongfeng_key() {
  static const TableFieldKey<bool> key("seats[].chongfeng");
  return key;
}
const TableFieldKey<std::optional<Tile>>& flipped_key() {
  static const TableFieldKey<std::optional<Tile>> key("result.flipped");
  return key;
}

}  // namespace qianmj::words
