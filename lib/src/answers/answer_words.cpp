// qianmj help words: every word of a table in words, a session's header and each rule set's own,
// in both scripts, each with what it says and a use of it; made from the lexicon's lists.
#include <algorithm>
#include <string>
#include <string_view>

#include "answer_parts.hpp"
#include "core/utf8.hpp"
#include "formats/words/lexicon.hpp"
#include "qianmj/answers/layout.hpp"
#include "qianmj/core/terminal_text.hpp"
#include "qianmj/engine/registry.hpp"
#include "word_listing.hpp"

namespace qianmj::detail {
namespace {

using namespace words;

// Whether a spelling is ASCII (E:win:7p's win:) rather than Chinese.
bool ascii_text(std::string_view s) {
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

WordEntry entry(const WordUse& use) {
  WordEntry e;
  e.says_zh = use.says.zh, e.says_en = use.says.en;
  e.example_zh = use.example.zh, e.example_en = use.example.en;
  return e;
}

void add_spelling(WordEntry& e, std::string_view text, bool ascii) {
  auto& list = ascii ? e.en : e.zh;
  if (std::find(list.begin(), list.end(), text) == list.end()) list.emplace_back(text);
}

// The rows of `list` grouped by kind (`kind_of`), in the order each kind first appears; the
// kinds `skip` says are left out.
template <class List, class KindOf, class Skip, class Ascii>
std::vector<WordEntry> grouped(const List& list, KindOf kind_of, Skip skip, Ascii is_ascii) {
  std::vector<WordEntry> out;
  std::vector<decltype(kind_of(list[0]))> kinds;
  for (const auto& row : list) {
    const auto kind = kind_of(row);
    if (skip(kind)) continue;
    auto at = std::find(kinds.begin(), kinds.end(), kind);
    if (at == kinds.end()) {
      kinds.push_back(kind);
      out.push_back(entry(use_of(kind)));
      at = kinds.end() - 1;
    }
    add_spelling(out[static_cast<std::size_t>(at - kinds.begin())], row.text, is_ascii(row));
  }
  return out;
}

WordSection seats_section() {
  WordSection s{"seats",
                "座位",
                "Seats",
                "东为 0 号，出牌依次为东 → 南 → 西 → 北；也可用玩家的名字",
                "东 is seat 0, and play goes 东 → 南 → 西 → 北; a player's name says a seat too",
                {}};
  const Spelled example[] = {
      {"庄东", "dealer:E"}, {"南放炮", "S:pao"}, {"西逃跑", "W:escape"}, {"北报听", "N:baoting"}};
  for (int seat = 0; seat < 4; ++seat) {
    WordEntry e;
    e.says_zh = std::to_string(seat) + " 号座位";
    e.says_en = "seat " + std::to_string(seat);
    e.example_zh = example[seat].zh, e.example_en = example[seat].en;
    for (const auto& sp : kSeatWords)
      if (sp.seat == seat) add_spelling(e, sp.text, ascii_text(sp.text));
    s.entries.push_back(std::move(e));
  }
  WordEntry hand = entry(use_of(Verb::Hand)), name = entry(use_of(Verb::Name));
  hand.zh = {"东:"}, hand.en = {"E:"};
  name.zh = {"东="}, name.en = {"E="};
  s.entries.push_back(std::move(hand));
  s.entries.push_back(std::move(name));
  return s;
}

// A table field's entry: its words, what it says and a use made from its kind.
WordEntry field_entry(const TableField& f) {
  WordEntry e;
  for (auto w : f.words_zh) e.zh.emplace_back(w);
  for (auto w : f.words_en) e.en.emplace_back(w);
  const std::string zh(f.words_zh.front()), en(f.words_en.front());
  const std::string what_zh(f.what_zh), what_en(f.what_en);
  if (f.place() == TableField::Place::Kong) {  // after the seat, with the kong's tile
    e.says_zh = "一家某个杠是" + what_zh, e.says_en = "a seat's kong is a " + what_en;
    e.example_zh = "东" + zh + "7万", e.example_en = "E:" + en + ":7m";
  } else if (f.place() == TableField::Place::Table) {  // a keyword and two seats
    e.says_zh = what_zh + "：从哪家到哪家", e.says_en = "the " + what_en + ": from whom to whom";
    e.example_zh = zh + "西北", e.example_en = en + ":WN";
  } else if (!f.of_seat()) {  // a result's keyword and its argument (a tile, or a number)
    const bool tile = f.kind == TableField::Kind::Tile;
    e.says_zh = what_zh, e.says_en = "the " + what_en;
    e.example_zh = zh + (tile ? "7筒" : "2"), e.example_en = en + (tile ? ":7p" : ":2");
  } else if (f.kind == TableField::Kind::Int) {
    const std::string range = "1–" + std::to_string(f.max);
    e.says_zh = "一家" + what_zh + "数（" + range + "）";
    e.says_en = "how many " + what_en + " a seat has (" + range + ")";
    e.example_zh = "东" + zh + "2", e.example_en = "E:" + en + ":2";
  } else if (f.kind == TableField::Kind::Tile) {
    e.says_zh = "一家的" + what_zh, e.says_en = "a seat's " + what_en;
    e.example_zh = "东" + zh + "7筒", e.example_en = "E:" + en + ":7p";
  } else if (f.kind == TableField::Kind::Tiles) {
    e.says_zh = "一家的" + what_zh, e.says_en = "a seat's " + what_en;
    e.example_zh = "东" + zh + "2468条5万", e.example_en = "E:" + en + ":2468s5m";
  } else {
    e.says_zh = "一家的" + what_zh, e.says_en = "a seat's " + what_en;
    e.example_zh = "东" + zh, e.example_en = "E:" + en;
  }
  return e;
}

// A house option said as a word, NAME=VALUE: its default as the use.
WordEntry option_entry(const OptionSpec& o) {
  WordEntry e;
  e.en = {std::string(o.name) + "="};
  e.says_zh = std::string(o.zh), e.says_en = std::string(o.en);
  const std::string value = option_value_text(o, o.default_value);
  e.example_en = std::string(o.name) + "=" + value;
  return e;
}

WordSection ruleset_section(const RulesetInfo& r) {
  WordSection s{"rules:" + std::string(r.id),
                std::string(r.zh) + "（" + std::string(r.en) + "）",
                std::string(r.en) + " (" + std::string(r.zh) + ")",
                "只用于" + std::string(r.zh) + "规则的词",
                "words of the " + std::string(r.en) + " rules only",
                {}};
  WordEntry word;
  word.zh = {std::string(r.zh)}, word.en = {std::string(r.id)};
  word.says_zh = "按" + std::string(r.zh) + "规则结算";
  word.says_en = "settle by the " + std::string(r.en) + " rules";
  word.example_zh = std::string(r.zh), word.example_en = std::string(r.id);
  s.entries.push_back(std::move(word));
  for (const auto& f : r.table_fields) s.entries.push_back(field_entry(f));
  for (const auto& o : option_specs())
    if (o.rules == r.id) s.entries.push_back(option_entry(o));
  return s;
}

}  // namespace

std::vector<WordSection> word_listing() {
  std::vector<WordSection> out;
  out.push_back(seats_section());
  auto never = [](auto) { return false; };
  out.push_back({"verbs", "一家做了什么", "What a seat did",
                 "紧跟座位（北胡7筒）；ASCII 写在“座位:”之后（N:win:7p）",
                 "glued to the seat (北胡7筒); in ASCII after SEAT: (N:win:7p)",
                 grouped(
                     kVerbs, [](const VerbSpelling& v) { return v.verb; },
                     [](Verb v) { return v == Verb::Field; },
                     [](const VerbSpelling& v) { return v.ascii; })});
  out.push_back({"alone", "单独的词", "Words alone", "", "",
                 grouped(
                     kFlags, [](const FlagSpelling& f) { return f.flag; }, never,
                     [](const FlagSpelling& f) { return ascii_text(f.text); })});
  auto keys = [](bool header) {
    return grouped(
        kKeys, [](const KeySpelling& k) { return k.key; },
        [header](Key k) { return k == Key::Field || (k == Key::Players) != header; },
        [](const KeySpelling& k) { return ascii_text(k.text); });
  };
  out.push_back({"keys", "带值的词", "Words with a value",
                 "值紧跟其后（庄东），或在 : = 之后（dealer:E）",
                 "the value glued on (庄东), or after : or = (dealer:E)", keys(false)});
  out.push_back({"header", "牌局开头（qianmj session）", "A session's header (qianmj session)",
                 "开头几行还可写规则、庄家、连庄、房规与 东=名字，写法同上",
                 "its first lines may also say the rule set, the dealer, the streak, house rules "
                 "and 东=NAME, as above",
                 keys(true)});
  for (const auto& r : rulesets()) out.push_back(ruleset_section(r));
  WordSection every{"options",
                    "所有规则的房规",
                    "House rules of every rule set",
                    "NAME=VALUE；qianmj rules 列出当前规则的全部房规",
                    "NAME=VALUE; qianmj rules lists those of the rule set in effect",
                    {}};
  for (const auto& o : option_specs())
    if (o.rules.empty()) every.entries.push_back(option_entry(o));
  out.push_back(std::move(every));
  return out;
}

namespace {

// `text` after `indent` spaces, broken into lines of at most `width` columns where it may break:
// at a space, or between two wide (Chinese) characters; a run of narrow characters (a number, a
// word, a tile) is never split.
void wrapped(std::string& out, std::string_view text, int indent, int width) {
  const std::string pad(static_cast<std::size_t>(indent), ' ');
  auto decoded = utf8::decode(text);
  if (!decoded || indent + display_width(text) <= width) {
    (out += pad).append(text) += '\n';
    return;
  }
  // The pieces that may not be split: a run of narrow characters, or one wide character.
  std::vector<std::string> pieces;
  bool apart = true;  // the last character was wide or a space: the next starts a piece
  for (const auto& c : *decoded) {
    // Closing punctuation stays with what it closes, opening with what it opens.
    const bool closing =
        std::u32string_view(U"，。、；：！？）”】》").find(c.cp) != std::u32string_view::npos;
    const bool opening = std::u32string_view(U"（“【《").find(c.cp) != std::u32string_view::npos;
    const bool alone = utf8::is_wide(c.cp) || c.cp == U' ';
    if (pieces.empty() || (!closing && (alone || apart))) pieces.emplace_back();
    pieces.back() += utf8::encode(c.cp);
    apart = alone && !opening;
  }
  std::string line;
  auto flush = [&] {
    while (!line.empty() && line.back() == ' ') line.pop_back();
    if (!line.empty()) (out += pad).append(line) += '\n';
    line.clear();
  };
  for (const auto& p : pieces) {
    if (line.empty() && p == " ") continue;
    if (!line.empty() && indent + display_width(line + p) > width) flush();
    if (!(line.empty() && p == " ")) line += p;
  }
  flush();
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

}  // namespace

std::string word_listing_text(bool zh, int width) {
  std::string out;
  wrapped(out,
          zh ? "牌桌用词（qianmj settle、qianmj session）：顺序不限，中文与 ASCII 写法相同。"
             : "The words of a table (qianmj settle, qianmj session): in any order, Chinese or "
               "ASCII, which read the same.",
          0, width);
  for (const auto& s : word_listing()) {
    out += '\n';
    out += zh ? s.title_zh : s.title_en;
    out += '\n';
    if (!s.note_en.empty()) wrapped(out, zh ? s.note_zh : s.note_en, 2, width);
    for (const auto& e : s.entries) {
      std::string words = joined(e.zh);
      if (!e.zh.empty() && !e.en.empty()) words += " | ";
      wrapped(out, words + joined(e.en), 2, width);
      wrapped(out, zh ? e.says_zh : e.says_en, 6, width);
      const std::string eg = zh ? "例 " : "e.g. ";
      if (!e.example_zh.empty()) wrapped(out, eg + e.example_zh, 6, width);
      if (!e.example_en.empty() && e.example_en != e.example_zh)
        wrapped(
            out,
            (e.example_zh.empty() ? eg
                                  : std::string(static_cast<std::size_t>(display_width(eg)), ' ')) +
                e.example_en,
            6, width);
    }
  }
  out += '\n';
  wrapped(out,
          zh ? "详见中文手册 man -L zh_CN qianmj 的“用文字写牌桌”一节。"
             : "More in man qianmj, TABLES IN WORDS.",
          0, width);
  return out;
}

std::string word_listing_json() {
  Json sections = Json::array();
  for (const auto& s : word_listing()) {
    Json words = Json::array();
    for (const auto& e : s.entries)
      words.push_back({{"zh", e.zh},
                       {"en", e.en},
                       {"says", e.says_en},
                       {"says_zh", e.says_zh},
                       {"example", e.example_en},
                       {"example_zh", e.example_zh}});
    sections.push_back({{"id", s.id},
                        {"title", s.title_en},
                        {"title_zh", s.title_zh},
                        {"note", s.note_en},
                        {"note_zh", s.note_zh},
                        {"words", std::move(words)}});
  }
  return json_text(Json{{"schema", kSchema}, {"words", std::move(sections)}});
}

Answer words_answer(const Request& r) {
  Answer a;
  a.output = r.json ? word_listing_json() + '\n' : word_listing_text(r.chinese, r.narrow ? 40 : 80);
  return a;
}

}  // namespace qianmj::detail
