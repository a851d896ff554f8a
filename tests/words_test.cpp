// Tables in words (庄东 东:… 北胡7筒 南放炮): every golden table written in words settles to the
// byte-identical ledger of its JSON, through the binary; random tables survive the round trip
// to words in both spellings; every spelling of every word reads the same.
#include <nlohmann/json.hpp>

#include "answers/word_listing.hpp"
#include "core/nearest.hpp"
#include "formats/words/lexicon.hpp"
#include "generators.hpp"
#include "helpers.hpp"
#include "qianmj/answers/answer.hpp"
#include "qianmj/core/terminal_text.hpp"
#include "qianmj/engine/registry.hpp"
#include "qianmj/engine/table_fields.hpp"
#include "qianmj/formats/json.hpp"
#include "qianmj/formats/table_words.hpp"
#include "testdata.hpp"

using namespace qianmj;
using namespace qianmj::test;
using nlohmann::json;

namespace {

std::vector<json> cases() {
  std::vector<json> out;
  std::istringstream in(slurp(testdata("settle_cases.jsonl")));
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) out.push_back(json::parse(line));
  return out;
}

struct StoredWords {
  std::string words;  // "-": the case cannot be said in words
  std::string note;   // why not, or the error code the words give instead of the JSON's
};

std::vector<StoredWords> stored_words() {
  std::vector<StoredWords> out;
  for (const auto& row : tsv("settle_words.txt"))
    out.push_back({row.at(1), row.size() > 2 ? row[2] : ""});
  return out;
}

std::string code_of(const std::string& out) {
  auto j = json::parse(out);
  return j.contains("error") ? j["error"]["code"].get<std::string>() : "";
}

}  // namespace

TEST_CASE(
    "Words: every golden table written in words settles to the byte-identical ledger of its JSON, "
    "as one line and as arguments") {
  auto all = cases();
  auto words = stored_words();
  REQUIRE(words.size() == all.size());
  int compared = 0, refused = 0;
  for (std::size_t i = 0; i < all.size(); ++i) {
    const auto& c = all[i];
    INFO(c["rule"].get<std::string>()
         << ": " << c["why"].get<std::string>() << "\nwords: " << words[i].words);
    std::string text =
        c.contains("table_text") ? c["table_text"].get<std::string>() : c["table"].dump();
    if (words[i].words == "-") {  // JSON that words cannot say: only ever an error case
      CHECK(c.contains("error"));
      CHECK_FALSE(words[i].note.empty());
      ++refused;
      continue;
    }
    const std::string& w = words[i].words;
    std::vector<std::string> extra;
    if (c.contains("args"))
      for (const auto& a : c["args"]) extra.push_back(a.get<std::string>());
    constexpr const char* kModes[] = {"--json", "--zh", "--en"};
    for (std::size_t m = 0; m < std::size(kModes); ++m) {
#ifdef QIANMJ_SANITIZED
      // Three programs a case and mode took 127 s under the sanitizers: there, each case in
      // one mode, in turn (the unsanitized suite runs every case in all three).
      if (m != i % std::size(kModes)) continue;
#endif
      const char* mode = kModes[m];
      std::vector<std::string> args = {"settle", "-", mode};
      args.insert(args.end(), extra.begin(), extra.end());
      auto from_json = run_qianmj(args, text);
      auto from_line = run_qianmj(args, w + "\n");
      std::vector<std::string> argv = {"settle"};
      for (const auto& word : split_args(w)) argv.push_back(word);
      argv.push_back(mode);
      argv.insert(argv.end(), extra.begin(), extra.end());
      auto from_args = run_qianmj(argv);
      CHECK(from_line.exit == from_json.exit);
      CHECK(from_args.exit == from_json.exit);
      if (from_json.exit == 0) {
        CHECK(from_line.out == from_json.out);
        CHECK(from_args.out == from_json.out);
      } else if (std::string(mode) ==
                 "--json") {  // the same error, pointing at a word instead of a field
        const std::string want = words[i].note.empty() ? code_of(from_json.out) : words[i].note;
        CHECK(code_of(from_line.out) == want);
        CHECK(code_of(from_args.out) == want);
      }
    }
    ++compared;
  }
  CHECK(compared >= 80);
  CHECK(refused <= 22);
}

TEST_CASE(
    "Words: the writer still writes the stored words of every golden table "
    "(tests/tools/make_settle_words.py)") {
  auto all = cases();
  auto words = stored_words();
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (words[i].words == "-" || !all[i].contains("table")) continue;
    auto t = table_from_json(all[i]["table"].dump());
    REQUIRE(t);
    if (t->rules.empty()) t->rules = "duyun";
    INFO(all[i]["why"].get<std::string>());
    CHECK(table_to_words(*t, i % 2 == 0).value_or("?") == words[i].words);
  }
}

TEST_CASE(
    "Words: random Duyun and Zunyi tables go to words and back, in Chinese and ASCII, to the same "
    "ledger") {
  for (bool zunyi : {false, true}) {
    Rng rng(zunyi ? 5 : 4);
    int priced = 0;
    for (int n = 0; n < 1500; ++n) {
      auto g = random_table(rng, zunyi);
      auto t = table_from_json(g.table.dump());
      REQUIRE(t);
      INFO(g.table.dump());
      for (bool zh : {true, false}) {
        auto w = table_to_words(*t, zh);
        REQUIRE(w);
        INFO(*w);
        auto back = table_from_words(*w);
        REQUIRE(back);
        auto a = settle(*t);
        auto b = settle(back->table);
        REQUIRE(static_cast<bool>(a) == static_cast<bool>(b));
        if (!a) {
          CHECK(a.error().code == b.error().code);
          continue;
        }
        priced += zh;
        auto rules = make_ruleset(t->rules.empty() ? "duyun" : t->rules, t->options);
        REQUIRE(rules);
        CHECK(to_json(*a, *t, *rules).dump() == to_json(*b, back->table, *rules).dump());
      }
    }
    CHECK(priced > 1000);
  }
}

TEST_CASE("Words: the Chinese and ASCII spellings of every word read the same table") {
  auto same = [](const std::string& zh, const std::string& en) {
    INFO(zh << "  |  " << en);
    auto a = table_from_words(zh);
    auto b = table_from_words(en);
    REQUIRE(a);
    REQUIRE(b);
    CHECK(table_to_json(a->table).dump() == table_to_json(b->table).dump());
  };
  same("庄东 连庄2 东:2344567筒345789条 东自摸7筒",
       "dealer:E streak:2 E:2344567p345789s E:zimo:7p");
  same("庄家南 北:2344567筒345789条 北胡7筒 西点炮", "dealer=S N:2344567p345789s N:win:7p W:pao");
  same("南坐庄 北:2344567p345789s 北和7p 西放炮", "S:dealer 3:2344567p345789s 3:hu:7p 2:discard");
  same(
      "庄东 东:2344567筒345789条 东报听 南:1357m2468s13579p 西:[1111s+]1469m258m77s9s "
      "北:1112345678999p 黄庄",
      "dealer:E E:2344567p345789s E:baoting S:1357m2468s13579p W:[1111s+]1469m258m77s9s "
      "N:1112345678999p draw");
  same("庄东 南:(5555m)123s456s789p9p 南胡9筒 杠上花 自摸",
       "dealer:E S:(5555m)123s456s789p9p S:zimo:9p gangshanghua");
  same("庄东 东:123456m345s11p56p 南:[777p]111222333m1s 东胡7筒 南被抢杠",
       "dealer:E E:123456m345s11p56p S:[777p]111222333m1s E:win:7p S:robbed");
  same("庄东 东:123456m345s11p56p 南:[777p]111222333m1s 东胡7筒 南被抢 抢杠",
       "dealer:E E:123456m345s11p56p S:[777p]111222333m1s E:win:7p S:pao qianggang");
  same("庄东 南:123456s7899p(5555m) 西逃跑 最后四张",
       "dealer:E S:123456s7899p(5555m) W:escape last-four");
  same("庄东 南:123456s7899p(5555m) 西强退", "dealer:E S:123456s7899p(5555m) W:escape");
  same("庄东 东:2344567筒345789条 西杠[9999条] 北放杠9条 东自摸7筒",
       "dealer:E E:2344567p345789s W:kong:[9999s] N:fed:9s E:zimo:7p");
  same(
      "遵义 庄东 东=张三 张三:2344567筒345789条 张三自摸7筒 南打幺鸡2 南冲锋鸡 翻牌5筒 "
      "南:1357m2468s1359p9s 西:22446688m999s12s 北:5566778899m11p5p",
      "zunyi dealer:E E=张三 E:2344567p345789s E:zimo:7p S:yaoji:2 S:chongfeng flip:5p "
      "S:1357m2468s1359p9s W:22446688m999s12s N:5566778899m11p5p");
  same(
      "规则:遵义 ji=2 庄东 东:2344567筒345789条 东自摸7筒 翻5筒 南:1357m2468s1359p9s "
      "西:22446688m999s12s 北:5566778899m11p5p",
      "rules=zunyi ji=2 dealer:E E:2344567p345789s E:zimo:7p flipped:5p S:1357m2468s1359p9s "
      "W:22446688m999s12s N:5566778899m11p5p");
  same("庄东 东:2344567筒345789条 东自摸7筒 东天胡", "dealer:E E:2344567p345789s E:zimo:7p tianhu");
  same("庄东 北:2344567筒345789条 北胡7筒 南放炮 北地胡 北报听",
       "dealer:E N:2344567p345789s N:win:7p S:pao dihu N:baoting");
  same("庄东 东:234m 567m 234p 99p 789s 东自摸9筒",
       "dealer:E E:234567m234p99p789s E:zimo:9p");  // a hand with spaces
  same("庄东 东:(1111s)(2222s)345s67s99p 东自摸8条 杠上花 最后杠2条",
       "dealer:E E:(1111s)(2222s)345s67s99p E:zimo:8s gangshanghua last-kong:2s");
  same("庄东 东:(1111s)(2222s)345s67s99p 东自摸8条 杠上花 杠序:东1条,东2条",
       "dealer:E E:(1111s)(2222s)345s67s99p E:zimo:8s gangshanghua kong-order:E1s,E2s");
}

// Long words: each answer below comes after the reader went through every word of a line of
// up to 1 MiB (or, past 1 MiB, before it copied one). A reader that counts the line again for
// every word, or a word again for every character, takes minutes over these; this one takes
// milliseconds (bench/words.cpp times it: the same ns a byte at 1x to 8x a size).
namespace {

std::string repeat(const std::string& s, std::size_t times) {
  std::string out;
  out.reserve(s.size() * times);
  for (std::size_t i = 0; i < times; ++i) out += s;
  return out;
}

// Words of "1p" and one last word of 'p', joined with one space: exactly `bytes` long.
std::string short_words(std::size_t bytes) {
  const std::size_t last = 1 + (bytes - 1) % 3;
  return repeat("1p ", (bytes - last) / 3) + std::string(last, 'p');
}

void check_error(const Result<WordsTable>& w, ErrorCode code, const std::string& en, int column) {
  REQUIRE_FALSE(w);
  CHECK(w.error().code == code);
  CHECK(w.error().en == en);
  CHECK(w.error().column == column);
}

}  // namespace

TEST_CASE(
    "Words: a hand word of a megabyte is too_long, pointing at the word, as a line and as "
    "arguments") {
  const std::string hand = "东:" + repeat("2344567p", 131000);  // 1,048,000 bytes of tiles
  const std::string line = "庄东 " + hand + " 东自摸7p";
  REQUIRE(line.size() < (1u << 20));
  const std::string en = "the hand is 1048000 bytes long; at most 4096 are read";
  auto w = table_from_words(line);
  check_error(w, ErrorCode::TooLong, en, 4);
  CHECK(w.error().input == line);
  check_error(table_from_words(std::vector<std::string>{"庄东", hand, "东自摸7p"}),
              ErrorCode::TooLong, en, 4);
  // Chinese tiles, and just over kMaxHandBytes.
  check_error(table_from_words("庄东 东:" + repeat("2344567筒", 32000)), ErrorCode::TooLong,
              "the hand is 320000 bytes long; at most 4096 are read", 4);
  check_error(table_from_words("庄东 东:" + repeat("2344567p", 512) + "1p 东自摸7p"),
              ErrorCode::TooLong, "the hand is 4098 bytes long; at most 4096 are read", 4);
}

TEST_CASE("Words: a hand of 200,000 short words is read to its end and is too_long") {
  // Every "1p" reads as hand notation by itself: each continues the hand of 东.
  const std::string line = "庄东 东:2344567p " + repeat("1p ", 200000) + "东自摸7p";
  check_error(table_from_words(line), ErrorCode::TooLong,
              "the hand is 600008 bytes long; at most 4096 are read", 4);
}

TEST_CASE("Words: a 杠序 of 120,000 kongs is read to its end, and its kong is not shown") {
  const std::string line =
      "庄东 东:2344567筒345789条 东自摸7筒 杠序:" + repeat("东5万,", 119999) + "东5万";
  check_error(table_from_words(line), ErrorCode::Inconsistent,
              "杠序 names a kong no hand shows: E 5m", 28);
}

TEST_CASE("Words: the words may be 1 MiB joined, and a byte more is too_long however many words") {
  // 349,525 words of 1 MiB in all: the first, "1p", is seat 1 and a 'p' that means nothing.
  const std::string limit = short_words(1u << 20);
  REQUIRE(limit.size() == (1u << 20));
  auto at = table_from_words(limit);
  REQUIRE_FALSE(at);
  CHECK(at.error().code == ErrorCode::BadWord);
  CHECK(at.error().column == 1);
  const std::string too_long = "the words are longer than 1 MiB";
  check_error(table_from_words(short_words((1u << 20) + 1)), ErrorCode::TooLong, too_long, 0);
  // Spaces between the words count one each, however they are written.
  check_error(table_from_words(repeat("1p\u3000 \t", 349526)), ErrorCode::TooLong, too_long, 0);
  auto spaced = table_from_words(repeat("1p\u3000 \t", 349525));
  REQUIRE_FALSE(spaced);
  CHECK(spaced.error().code == ErrorCode::BadWord);
  // 3 MB of short words, as a line and as arguments.
  check_error(table_from_words(repeat("东胡7筒 ", 300000)), ErrorCode::TooLong, too_long, 0);
  check_error(table_from_words(std::vector<std::string>(300000, "东胡7筒")), ErrorCode::TooLong,
              too_long, 0);
}

TEST_CASE(
    "Words: bad UTF-8 in a hand names the line's column in its message too, and a house rule said "
    "twice is refused") {
  auto bad = table_from_words("庄东 东:2344567筒345789\xff条 东自摸7筒");
  REQUIRE_FALSE(bad);
  CHECK(bad.error().code == ErrorCode::BadUtf8);
  CHECK(bad.error().column == 20);
  CHECK(bad.error().en == "invalid UTF-8 at character 20");  // was "at character 15"
  CHECK(bad.error().zh == "第 20 个字符处不是有效的 UTF-8 编码");
  auto tile = table_from_words("庄东 东胡7\xff 南放炮");
  REQUIRE_FALSE(tile);
  CHECK(tile.error().column == 7);
  CHECK(tile.error().en == "invalid UTF-8 at character 7");
  auto twice = table_from_words("庄东 base=5 base=6 流局");
  REQUIRE_FALSE(twice);
  CHECK(twice.error().code == ErrorCode::Inconsistent);
  CHECK(twice.error().column == 11);
  CHECK(twice.error().en == "base is said twice");
  CHECK(twice.error().zh == "base说了两次");
  CHECK(table_from_words("庄东 base=5 流局"));
}

// The words of a rule set's table fields are made from its declarations (TableField::words_zh,
// words_en): every one reads back as its field, in a lookup and in a table, whatever the table's
// rule set (settle() says what the rules make of them), and the writer says it again.
TEST_CASE("Words: every word of every registered rule set's table fields reads back to its field") {
  for (const auto& v : words::kVerbs) CHECK(v.field == nullptr);
  for (const auto& k : words::kKeys) CHECK(k.field == nullptr);
  for (const auto& f : table_field_specs()) {
    INFO(f.path);
    using P = TableField::Place;
    const bool kong = f.place() == P::Kong, pair = f.place() == P::Table;
    const bool flag = f.kind == TableField::Kind::Bool && !kong;  // a kong's takes its tile
    std::size_t said = 0;
    for (const auto& spellings : {f.words_zh, f.words_en})
      for (std::string_view w : spellings) {
        const bool en = spellings.data() == f.words_en.data();
        const std::string arg = flag                              ? ""
                                : kong                            ? "1m"
                                : pair                            ? (en ? "WN" : "西北")
                                : f.kind == TableField::Kind::Int ? std::to_string(f.max)
                                                                  : "7p";
        INFO(w);
        std::vector<std::string> texts;      // the ways the word is said with `arg`
        auto is_f = [&](const auto& word) {  // a VerbWord or KeyWord of f, with arg
          REQUIRE(word);
          CHECK(word->field == &f);
          CHECK(word->arg == arg);
        };
        if (f.of_seat() || kong) {
          texts = !en    ? std::vector<std::string>{std::string(w) + arg}
                  : flag ? std::vector<std::string>{":" + std::string(w)}
                         : std::vector<std::string>{":" + std::string(w) + ":" + arg,
                                                    ":" + std::string(w) + arg};
          for (const auto& text : texts) is_f(words::verb_word(text));
          if (flag && en)
            CHECK(words::verb_word(":" + std::string(w) + ":")->verb == words::Verb::Hand);
        } else {
          texts = {std::string(w) + ":" + arg, std::string(w) + "=" + arg};
          if (!en) texts.push_back(std::string(w) + arg);
          for (const auto& text : texts) is_f(words::key_word(text));
          auto alone = words::key_word(w);  // a keyword needs its argument: 翻牌 is 翻 with 牌
          CHECK((!alone || !alone->arg.empty()));
          CHECK(words::bad_name(std::string(w) + "x"));  // a name may not start as it does
        }
        // In a table: the field, where the word is.
        for (const auto& text : texts) {
          const std::string said_as = f.of_seat() || kong ? (en ? "S" : "南") + text : text;
          // A kong's field: seat 南 shows an added kong of 1m.
          const std::string line = std::string("庄东 东:2344567筒345789条 东自摸7筒 ") +
                                   (kong ? "南:[1111万+]2223334445万 " : "") + said_as;
          INFO(line);
          auto t = table_from_words(std::string_view(line));
          REQUIRE(t);
          const TableFieldValues& values = f.of_seat() ? t->table.seats[1].fields
                                           : kong      ? t->table.kongs.at(0).fields
                                           : pair      ? t->table.fields
                                                       : t->table.result_fields;
          if (f.kind == TableField::Kind::Tiles) {  // given (1), the list beside: one 7p
            Counts seven{};
            seven[static_cast<std::size_t>(Tile(Suit::Pin, 7).index())] = 1;
            CHECK(values.raw(table_field_slot(f)) == 1);
            CHECK(*values.tiles(table_field_slot(f)) == seven);
          } else {
            CHECK(values.raw(table_field_slot(f)) ==
                  (flag || kong || f.kind == TableField::Kind::Int
                       ? std::max<std::int64_t>(1, f.max)
                   : pair ? TableFieldType<SeatPair>::encode(std::pair{2, 3})
                          : Tile(Suit::Pin, 7).index() + 1));
          }
          const std::string field = f.of_seat() ? "seats[1]." + std::string(f.key())
                                    : kong      ? "kongs[0]." + std::string(f.key())
                                                : std::string(f.path);
          CHECK(t->column_of(field) == words::chars(line) - words::chars(said_as) + 1);
          // Written with the first spelling, and read again the same.
          for (bool zh : {true, false}) {
            auto again = table_to_words(t->table, zh);
            REQUIRE(again);
            CHECK(again->find(std::string(zh ? f.words_zh.front() : f.words_en.front())) !=
                  std::string::npos);
            auto back = table_from_words(std::string_view(*again));
            REQUIRE(back);
            CHECK(back->table == t->table);
          }
          ++said;
        }
      }
    CHECK(said > 0);
  }
}

namespace {

constexpr std::string_view kBaoZh[] = {"摸宝"}, kBaoEn[] = {"mobao"};
constexpr std::string_view kMaZh[] = {"买马"}, kMaEn[] = {"maima"};
constexpr std::string_view kJiZh[] = {"金鸡"}, kJiEn[] = {"jinji"};
constexpr std::string_view kJiWangZh[] = {"金鸡王"}, kJiWangEn[] = {"jinjiwang"};
// A field of a rule set no registry lists, called by its first Chinese word.
constexpr TableField field(std::string_view path, TableField::Kind kind, std::int64_t max,
                           std::span<const std::string_view> zh,
                           std::span<const std::string_view> en, std::string_view how_many = {},
                           std::string_view after_win = {}) {
  return {path, kind, 0, max, zh, en, zh.front(), zh.front(), how_many, after_win};
}
// A tile a seat said (摸宝7筒), a count of the win's (买马3), and a seat's count 金鸡 and on/off
// 金鸡王, the word of one starting the other's (not 鸡: that is a common word, 东鸡2).
constexpr TableField kBao = field("seats[].bao", TableField::Kind::Tile, 0, kBaoZh, kBaoEn);
constexpr TableField kMa = field("result.ma", TableField::Kind::Int, 6, kMaZh, kMaEn, "how many 马",
                                 "is bought after a win");
constexpr TableField kJi =
    field("seats[].ji", TableField::Kind::Int, 9, kJiZh, kJiEn, "how many 鸡 {} has");
constexpr TableField kJiWang =
    field("seats[].jiwang", TableField::Kind::Bool, 1, kJiWangZh, kJiWangEn);

// The logic_error make_field_words throws for `seat`'s and `result`'s words, or "".
std::string clash(std::vector<const TableField*> seat, std::vector<const TableField*> result) {
  try {
    words::make_field_words(seat, result);
  } catch (const std::logic_error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE(
    "Words: a new rule set's fields are read from their declarations alone, longest word first, "
    "and a word the lexicon could not read back is a logic_error naming it") {
  const std::vector<const TableField*> seats = {&kJi, &kBao, &kJiWang}, result = {&kMa};
  for (const TableField* f : {&kJi, &kBao, &kJiWang, &kMa}) CHECK_NOTHROW(check_table_field(*f));
  const auto made = words::make_field_words(seats, result);
  auto verb = [&](std::string_view rest) { return words::verb_word(rest, made); };
  auto key = [&](std::string_view w) { return words::key_word(w, made); };
  REQUIRE(verb("摸宝7筒"));
  CHECK(verb("摸宝7筒")->field == &kBao);
  CHECK(verb("摸宝7筒")->arg == "7筒");
  CHECK(verb(":mobao:7p")->arg == "7p");
  CHECK(verb(":mobao7p")->arg == "7p");
  CHECK(verb("金鸡王")->field == &kJiWang);  // 金鸡王 before 金鸡, though 金鸡 is declared first
  CHECK(verb("金鸡3")->field == &kJi);
  CHECK(verb("金鸡王3")->field == &kJi);  // an on/off word takes no argument: 金鸡 with 王3
  CHECK(verb("金鸡王3")->arg == "王3");
  CHECK(verb(":jinjiwang")->field == &kJiWang);
  CHECK(verb(":jinjiwang:")->field == &kJi);  // jinji with wang:, as 金鸡王3 is 金鸡 with 王3
  CHECK(verb(":jinji")->field == &kJi);
  CHECK(verb(":jinji")->arg.empty());
  CHECK(verb("胡7筒")->verb == words::Verb::Win);  // the common words as before
  CHECK(key("买马3")->field == &kMa);
  CHECK(key("maima:3")->arg == "3");
  CHECK_FALSE(key("maima3"));  // an ASCII keyword needs ':' or '='
  CHECK_FALSE(key("买马"));
  CHECK(key("庄东")->key == words::Key::Dealer);
  // The registered rule sets' words build, and are those field_words() made.
  CHECK(clash({table_fields_of_seats().begin(), table_fields_of_seats().end()},
              {table_fields_of_result().begin(), table_fields_of_result().end()})
            .empty());
  // Clashes: with a common verb, keyword or flag (either starting the other), between fields,
  // a separator, a hand's start.
  constexpr std::string_view kHuZh[] = {"胡牌"}, kDealerEn[] = {"dealerx"}, kZhuangZh[] = {"庄"},
                             kDrawZh[] = {"流局牌"}, kSep[] = {"a:b"}, kHandEn[] = {"9p"};
  TableField f = kJiWang;
  f.words_zh = kHuZh;
  CHECK(clash({&f}, {}) ==
        "qianmj: table field seats[].jiwang: its word '胡牌' starts, or is started by, the "
        "common word '胡'");
  f = kMa;
  f.words_en = kDealerEn;
  CHECK(clash({}, {&f}) ==
        "qianmj: table field result.ma: its word 'dealerx' starts, or is started by, the common "
        "word 'dealer'");
  f.words_en = kMaEn;
  f.words_zh = kZhuangZh;
  CHECK(clash({}, {&f}) ==
        "qianmj: table field result.ma: its word '庄' starts, or is started by, the common word "
        "'庄家'");
  f.words_zh = kDrawZh;
  CHECK(clash({}, {&f}).find("'流局牌' starts, or is started by, the common word '流局'") !=
        std::string::npos);
  f = kBao;
  f.words_zh = kJiZh;
  CHECK(clash({&kJi, &f}, {}) ==
        "qianmj: table field seats[].bao: its word '金鸡' is also a word of table field "
        "seats[].ji");
  f = kMa;
  f.words_en = kJiEn;
  CHECK(clash({&kJi}, {&f}) ==
        "qianmj: table field result.ma: its word 'jinji' is also a word of table field "
        "seats[].ji");
  f.words_en = kSep;
  CHECK(clash({}, {&f}).find("'a:b' is empty or has a separator") != std::string::npos);
  f = kBao;
  f.words_en = kHandEn;
  CHECK(clash({&f}, {}) ==
        "qianmj: table field seats[].bao: its word '9p' starts as a hand does "
        "(E:…)");
}

// Z6: Zunyi's 鸡 fields (zunyi/fields.hpp) in words, exactly as the lexicon read and wrote them
// when it listed them itself: 打幺鸡 alone is one 幺鸡, ':' before the count is optional in
// ASCII only, 冲锋鸡 takes nothing after it, 翻牌 is tried before 翻, and each message.
TEST_CASE("Words (Z6): Zunyi's 鸡 words read and are written as before, to the byte") {
  const char* zh = "遵义 庄东 东:2344567筒345789条 东自摸7筒 南打幺鸡 西幺鸡3 北冲锋鸡 翻牌5筒";
  const char* en =
      "zunyi dealer:E E:2344567p345789s E:zimo:7p S:yaoji W:yaoji: N:yaoji3 E:chongfeng "
      "flipped:5p";
  auto a = table_from_words(std::string_view(zh));
  REQUIRE(a);
  const TableFieldKey<int> yaoji("seats[].discarded_yaoji");
  const TableFieldKey<bool> chongfeng("seats[].chongfeng");
  const TableFieldKey<std::optional<Tile>> flipped("result.flipped");
  CHECK(yaoji.get(a->table.seats[1].fields) == 1);
  CHECK(yaoji.get(a->table.seats[2].fields) == 3);
  CHECK(chongfeng.get(a->table.seats[3].fields));
  CHECK(flipped.get(a->table.result_fields) == Tile(Suit::Pin, 5));
  CHECK(a->column_of("seats[1].discarded_yaoji") == 31);
  CHECK(a->column_of("seats[3].chongfeng") == 41);
  CHECK(a->column_of("result.flipped") == 46);
  CHECK(*table_to_words(a->table, true) ==
        "遵义 庄东 东:345789条2344567筒 南打幺鸡1 西打幺鸡3 北冲锋鸡 东自摸7筒 翻5筒");
  CHECK(*table_to_words(a->table, false) ==
        "zunyi dealer:E E:345789s2344567p S:yaoji:1 W:yaoji:3 N:chongfeng E:zimo:7p flip:5p");
  auto b = table_from_words(std::string_view(en));
  REQUIRE(b);
  CHECK(yaoji.get(b->table.seats[1].fields) == 1);
  CHECK(yaoji.get(b->table.seats[2].fields) == 1);
  CHECK(yaoji.get(b->table.seats[3].fields) == 3);
  CHECK(chongfeng.get(b->table.seats[0].fields));
  CHECK(*table_to_words(b->table, false) ==
        "zunyi dealer:E E:345789s2344567p E:chongfeng S:yaoji:1 W:yaoji:1 N:yaoji:3 E:zimo:7p "
        "flip:5p");
  struct Bad {
    const char* words;
    ErrorCode code;
    int column;
    const char *en, *zh;
  };
  const std::string win = "遵义 庄东 东:2344567筒345789条 东自摸7筒 ";
  // A count out of 1 to 4: a glued word's ':' is part of it, and so is an ASCII word's second.
  for (auto [said, count] : {std::pair{"南打幺鸡5", "5"},
                             {"南打幺鸡:2", ":2"},
                             {"S:yaoji::2", ":2"},
                             {"南幺鸡0", "0"},
                             {"S:yaoji-1", "-1"}}) {
    auto t = table_from_words(std::string_view(win + said));
    REQUIRE_FALSE(t);
    CHECK(t.error().code == ErrorCode::BadWord);
    CHECK(t.error().column == 31);
    CHECK(t.error().en == "how many 幺鸡 S discarded: 1 to 4, not " + std::string(count));
    CHECK(t.error().zh == "南打出的幺鸡数应为 1 到 4，而不是" + std::string(count));
  }
  for (const Bad& x : {
           Bad{"南打幺鸡2 S:yaoji", ErrorCode::Inconsistent, 37, "S's discarded 幺鸡 is said twice",
               "南打出的幺鸡说了两次"},
           Bad{"南冲锋鸡 S:chongfeng", ErrorCode::Inconsistent, 36, "S's 冲锋鸡 is said twice",
               "南冲锋鸡说了两次"},
           Bad{"翻7筒 flip:8p", ErrorCode::Inconsistent, 35, "the turned-up tile is said twice",
               "翻牌说了两次"},
           Bad{"东=翻x", ErrorCode::BadWord, 31,
               "a name is one word of at most 64 bytes that is not a seat, a tile, a number or a "
               "word of the table: 翻x",
               "名字应为不超过 64 字节的一个词，不能是座位、牌、数字或结算用词：翻x"},
           Bad{"翻", ErrorCode::BadWord, 31, "unknown word '翻' (the words: qianmj help words)",
               "无法识别的词“翻”（用词见 qianmj help 文字）"},
       }) {
    const std::string line = win + x.words;
    INFO(line);
    auto t = table_from_words(std::string_view(line));
    REQUIRE_FALSE(t);
    CHECK(t.error().code == x.code);
    CHECK(t.error().column == x.column);
    CHECK(t.error().en == x.en);
    CHECK(t.error().zh == x.zh);
  }
  auto draw = table_from_words(std::string_view("遵义 庄东 东:2344567筒345789条 流局 翻7筒"));
  REQUIRE_FALSE(draw);
  CHECK(draw.error().code == ErrorCode::Inconsistent);
  CHECK(draw.error().column == 28);
  CHECK(draw.error().en == "the turned-up tile (翻) is turned after a win");
  CHECK(draw.error().zh == "翻牌只在胡牌后");
}

// ---- findable: the listing of the words, and "did you mean" ----------------------------------

namespace {

// The entry of the listing that spells `text` (in either script), or nullptr.
const detail::WordEntry* listed(const std::vector<detail::WordSection>& listing,
                                std::string_view text) {
  for (const auto& s : listing)
    for (const auto& e : s.entries)
      for (const auto* spellings : {&e.zh, &e.en})
        if (std::find(spellings->begin(), spellings->end(), text) != spellings->end()) return &e;
  return nullptr;
}

}  // namespace

TEST_CASE(
    "Words: qianmj help words lists every word of the lexicon, the table fields, the rule sets "
    "and the house rules, each with what it says in both languages and a use") {
  const auto listing = detail::word_listing();
  std::vector<std::string> words;
  for (const auto& v : words::kVerbs) words.emplace_back(v.text);
  for (const auto& f : words::kFlags) words.emplace_back(f.text);
  for (const auto& k : words::kKeys) words.emplace_back(k.text);
  for (const auto& sp : words::kSeatWords) words.emplace_back(sp.text);
  for (const auto& v : words::field_words().verbs) words.emplace_back(v.text);
  for (const auto& k : words::field_words().keys) words.emplace_back(k.text);
  for (const auto& r : rulesets()) words.emplace_back(r.id), words.emplace_back(r.zh);
  for (const auto& o : option_specs()) words.push_back(std::string(o.name) + "=");
  CHECK(words.size() > 90);
  for (const auto& w : words) {
    INFO("a lexicon row without its listing entry: " << w);
    const detail::WordEntry* e = listed(listing, w);
    REQUIRE(e != nullptr);
    CHECK_FALSE(e->says_en.empty());
    CHECK_FALSE(e->says_zh.empty());
    CHECK_FALSE(e->example_en.empty());
  }
  // The Zunyi words are in Zunyi's section.
  for (const auto& s : listing)
    if (s.id == "rules:duyun") CHECK(listed({s}, "冲锋鸡") == nullptr);
  const auto zunyi = std::find_if(listing.begin(), listing.end(), [](const detail::WordSection& s) {
    return s.id == "rules:zunyi";
  });
  REQUIRE(zunyi != listing.end());
  for (const char* w : {"翻", "打幺鸡", "冲锋鸡", "flip", "yaoji", "chongfeng", "ji="})
    CHECK(listed({*zunyi}, w) != nullptr);
}

TEST_CASE(
    "Words: the listing answers through the front door in both languages and as JSON, and narrow "
    "it keeps within 40 columns") {
  auto answer_of = [](const std::string& request) { return json::parse(answer_json(request)); };
  auto en = answer_of(R"({"command": "words"})");
  CHECK(en["status"] == 0);
  const std::string text_en = en["output"];
  CHECK(text_en.find("E:zimo:7p") != std::string::npos);
  CHECK(text_en.find("wins by self-draw") != std::string::npos);
  auto zh = answer_of(R"({"command": "words", "lang": "zh", "narrow": true})");
  const std::string text_zh = zh["output"];
  CHECK(text_zh.find("自摸胡牌") != std::string::npos);
  CHECK(text_zh.find("例 东自摸7筒") != std::string::npos);
  for (const std::string& text :
       {text_zh,
        answer_of(R"({"command": "words", "narrow": true})")["output"].get<std::string>()}) {
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
      INFO(line);
      CHECK(display_width(line) <= 40);
    }
  }
  auto j = answer_of(R"({"command": "words", "format": "json"})");
  auto listing = json::parse(j["output"].get<std::string>());
  CHECK(listing["schema"] == 1);
  REQUIRE(listing["words"].is_array());
  CHECK(listing["words"][0]["id"] == "seats");
  CHECK(listing["words"][0]["words"][0]["zh"] == json::array({"东", "東"}));
  // The program prints the same: help words, help 文字, help 词.
  for (const char* topic : {"words", "文字", "词"}) {
    auto r = run_qianmj({"help", topic, "--zh", "--narrow"});
    CHECK(r.exit == 0);
    CHECK(r.out == text_zh);
  }
  CHECK(run_qianmj({"help", "words", "--en"}).out == text_en);
}

TEST_CASE(
    "Words: an unknown word names the nearest known one (did you mean) and qianmj help words, the "
    "caret still under the word") {
  struct Near {
    std::string words;
    int column;
    std::string guess;  // "" none
  };
  for (const Near& x : {
           Near{"庄东 东子摸7筒", 4, "东自摸7筒"},
           Near{"庄东 东:2344567筒345789条 E:zmo:7p", 22, "E:zimo:7p"},
           Near{"daelr:E 东:2344567筒345789条 东自摸7筒", 1, "dealer:E"},
           Near{"庄东 东:2344567筒345789条 东自摸7筒 gangshanghau", 28, "gangshanghua"},
           Near{"庄东 东:2344567筒345789条 东自摸7筒 流据", 28, "流局"},
           Near{"庄东 东:2344567筒345789条 东自摸7筒 遵又", 28, "遵义"},
           Near{"庄东 东:2344567筒345789条 东自摸7筒 东报厅", 28, "东报听"},
           Near{"庄东 东:2344567筒345789条 东发财", 22, ""},
           Near{"庄东 东:2344567筒345789条 E:baotin", 22, "E:baoting"},
           Near{"庄东 东:2344567筒345789条 东自摸7筒 xyzzy", 28, ""},
           Near{"庄东 东:2344567筒345789条 东自摸7筒 胡胡胡", 28, ""},
       }) {
    INFO(x.words);
    auto t = table_from_words(std::string_view(x.words));
    REQUIRE_FALSE(t);
    CHECK(t.error().code == ErrorCode::BadWord);
    CHECK(t.error().column == x.column);
    if (x.guess.empty()) {
      CHECK(t.error().en.find("did you mean") == std::string::npos);
      CHECK(t.error().zh.find("是不是") == std::string::npos);
    } else {
      CHECK(t.error().en.find("(did you mean " + x.guess + "? the words: qianmj help words)") !=
            std::string::npos);
      CHECK(t.error().zh.find("（是不是 " + x.guess + "？用词见 qianmj help 文字）") !=
            std::string::npos);
    }
    CHECK(t.error().en.find("qianmj help words") != std::string::npos);
    CHECK(t.error().zh.find("qianmj help 文字") != std::string::npos);
    CHECK(t.error().zh.find("README") == std::string::npos);
  }
  // House rules and rule sets, in words and on the command line.
  auto bse = table_from_words(std::string_view("庄东 东:2344567筒345789条 东自摸7筒 bse=10"));
  REQUIRE_FALSE(bse);
  CHECK(bse.error().en == "unknown house rule 'bse' (did you mean base? qianmj rules lists them)");
  CHECK(bse.error().zh == "未知的规则选项“bse”（是不是 base？qianmj rules 列出全部选项）");
  auto zuny = ruleset_with_options("zuny", {});
  REQUIRE_FALSE(zuny);
  CHECK(zuny.error().en ==
        "unknown rule set 'zuny' (did you mean zunyi? known: duyun, zunyi, guiyang)");
  auto mars = ruleset_with_options("mars", {});
  REQUIRE_FALSE(mars);
  CHECK(mars.error().en == "unknown rule set 'mars' (known: duyun, zunyi, guiyang)");
  auto r = run_qianmj({"score", "23445677筒345789条", "--rule", "bsae=10", "--en"});
  CHECK(r.exit == 2);
  CHECK(r.err.find("unknown house rule 'bsae' (did you mean base? known: ") != std::string::npos);
}

TEST_CASE("Words: the edit distance counts characters, a Chinese one as one, ASCII without case") {
  CHECK(word_distance("子摸", "自摸") == 1);
  CHECK(word_distance("zmo", "ZIMO") == 1);
  CHECK(word_distance("daelr", "dealer") == 2);  // a swap and an insertion
  CHECK(word_distance("流局", "流局") == 0);
  CHECK(nearest_word("zuny", {"duyun", "zunyi"}) == "zunyi");
  CHECK(nearest_word("x", {"E", "S"}).empty());  // one letter is no typo of another
  CHECK(nearest_word("abcdef", {"base", "ji"}).empty());
  CHECK(nearest_start("子摸7筒", {"自摸", "放炮"}) == "自摸7筒");
  CHECK(nearest_start("自摸7筒", {"自摸"}).empty());  // no typo: it starts with the word
}
