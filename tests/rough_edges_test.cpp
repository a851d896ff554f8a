// Scripters' rough edges (#38 item 8): comments in pipelines, settle's totals, rows and BOM,
// the hint for a JSON table spread over lines.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include "qianmj/answers/layout.hpp"
#include "qianmj/formats/table_words.hpp"
#include "testdata.hpp"

using json = nlohmann::json;

namespace {
const std::string kEastZimo = "庄东 东:2344567筒345789条 东自摸7筒";
const std::string kSouthZimo = "庄南 南:2344567筒345789条 南自摸7筒";

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}
}  // namespace

TEST_CASE("Pipelines skip blank lines and # comments, and later errors keep their line numbers") {
  auto r =
      qianmj::test::run_qianmj({"waits", "-"}, "# my hands\n\n2344567筒345789条\n  # more\n23t\n");
  CHECK(r.exit == 2);
  CHECK(r.out ==
        "345789s2344567p\tready\t1p 4p 7p\t1\n"
        "line 5\terror\tbad_suit\tcolumn 3: 't' is ambiguous: write s (条, bamboo) or p (筒, "
        "dots)\n");
  r = qianmj::test::run_qianmj({"settle", "-", "--json"},
                               "# tonight\n" + kEastZimo + "\n#\n\nxx\n");
  auto lines = split_lines(r.out);
  REQUIRE(lines.size() == 2);
  CHECK(json::parse(lines[0])["line"] == 2);
  CHECK(json::parse(lines[1])["error"]["line"] == 5);
}

TEST_CASE("Error rows start with line N and error [code] in Chinese too") {
  auto r = qianmj::test::run_qianmj({"settle", "-", "--zh"}, kEastZimo + "\nxx\n");
  CHECK(r.out.find("\nline 2: error [bad_word] 第 1 列: 无法识别的词“xx”") != std::string::npos);
  r = qianmj::test::run_qianmj({"score", "-", "--zh"}, "23t\n");
  CHECK(r.out.rfind("line 1\terror\tbad_suit\t-\t第 3 列：", 0) == 0);
}

TEST_CASE("settle --json carries totals, each seat's as the ledger's total, summing to zero") {
  auto r = qianmj::test::run_qianmj(
      {"settle", "--json", "庄东", "连庄2", "东:2344567筒345789条", "东自摸7筒"});
  REQUIRE(r.exit == 0);
  auto j = json::parse(r.out);
  CHECK(j["totals"] == json::array({54, -18, -18, -18}));  // (1 + 2) × 6 from each
  for (int s = 0; s < 4; ++s) CHECK(j["seats"][s]["total"] == j["totals"][s]);
}

TEST_CASE("settle --csv and --tsv: a row per table and seat, errors on stderr, --bom first") {
  auto r = qianmj::test::run_qianmj(
      {"settle", "--csv", "--zh", "庄东", "东=阿,明", "东:2344567筒345789条", "东自摸7筒"});
  CHECK(r.exit == 0);
  CHECK(r.out ==
        "line,seat,name,points,dealer,streak\n1,0,\"阿,明\",18,1,0\n1,1,南,-6,0,0\n"
        "1,2,西,-6,0,0\n1,3,北,-6,0,0\n");
  r = qianmj::test::run_qianmj({"settle", "-", "--tsv", "--seat", "1", "--en"},
                               kEastZimo + "\nxx\n" + kSouthZimo + "\n");
  CHECK(r.exit == 2);
  CHECK(r.out ==
        "line\tseat\tname\tpoints\tdealer\tstreak\n1\t1\tSouth\t-6\t0\t0\n3\t1\tSouth\t18\t1\t0\n");
  CHECK(r.err.find("qianmj: line 2: error [bad_word]") == 0);
  r = qianmj::test::run_qianmj({"settle", "-", "--csv", "--bom"}, kEastZimo + "\n");
  CHECK(r.out.rfind("\xEF\xBB\xBFline,seat,", 0) == 0);
  r = qianmj::test::run_qianmj({"settle", "-", "--tsv", "--bom"}, kEastZimo + "\n");
  CHECK(r.exit == 2);  // a BOM is for CSV
  CHECK(r.err.find("--bom requires --csv") != std::string::npos);
  r = qianmj::test::run_qianmj({"settle", "--csv", "--to-json", kEastZimo});
  CHECK(r.exit == 2);
}

TEST_CASE("session --csv --bom starts with a UTF-8 byte order mark") {
  auto r = qianmj::test::run_qianmj({"session", "--csv", "--bom"},
                                    "玩家 甲 乙 丙 丁\n庄甲\n甲:2344567筒345789条 甲自摸7筒\n");
  CHECK(r.exit == 0);
  CHECK(r.out.rfind("\xEF\xBB\xBFhand,line,seat,name,points,total,dealer,streak,declared\n"
                    "1,3,0,甲,18,18,1,0,0\n",
                    0) == 0);
}

TEST_CASE("A JSON table pretty-printed over several lines in a stream gets the jq -c hint") {
  const std::string input =
      kEastZimo +
      "\n{\"dealer\": 0,\n \"seats\": [{}, {}, {}, {}],\n \"result\": {\"kind\": \"draw\"}}\n";
  auto r = qianmj::test::run_qianmj({"settle", "-", "--json"}, input);
  CHECK(r.exit == 2);
  auto lines = split_lines(r.out);
  REQUIRE(lines.size() == 4);  // the table, then an error for each of the three lines
  for (std::size_t i = 1; i < 4; ++i) {
    INFO(lines[i]);
    auto e = json::parse(lines[i])["error"];
    CHECK(e["message"].get<std::string>().find("(one table a line: jq -c)") != std::string::npos);
    CHECK(e["message_zh"].get<std::string>().find("（每行一个牌桌：用 jq -c）") !=
          std::string::npos);
  }
  // A bad table in words on a line of its own gets no such hint.
  r = qianmj::test::run_qianmj({"settle", "-", "--json"}, kEastZimo + "\nxx\n");
  CHECK(r.out.find("jq -c") == std::string::npos);
}

// ---- typed the way people type -------------------------------------------------------------

TEST_CASE("Chinese punctuation and the full-width space separate words, a final 。 too") {
  const std::vector<std::string> expect = {"庄东", "东:2344567筒345789条", "东自摸7筒"};
  CHECK(qianmj::split_words("庄东，东:2344567筒345789条、东自摸7筒。") == expect);
  CHECK(qianmj::split_words("庄东；东:2344567筒345789条\u3000东自摸7筒") == expect);
  // 杠序's list keeps its commas; a ：inside a word is its separator, at its end none.
  CHECK(qianmj::split_words("杠序:北9筒，东5万，庄东") ==
        std::vector<std::string>{"杠序:北9筒，东5万", "庄东"});
  CHECK(qianmj::split_words("kong-order:N9p，E5m、流局") ==
        std::vector<std::string>{"kong-order:N9p，E5m", "流局"});
  CHECK(qianmj::split_words("玩家：甲 东：2344567筒") ==
        std::vector<std::string>{"玩家：甲", "东：2344567筒"});
  CHECK(qianmj::split_words("玩家： 甲") == std::vector<std::string>{"玩家", "甲"});
  auto r = qianmj::test::run_qianmj({"settle", "-", "--json"},
                                    "庄东，东:2344567筒345789条、东自摸7筒。\n");
  REQUIRE(r.exit == 0);
  CHECK(json::parse(r.out)["totals"] == json::array({18, -6, -6, -6}));
}

TEST_CASE("ASCII keys and words are read in any case: Dealer:S, STREAK:2, ZIMO") {
  auto r = qianmj::test::run_qianmj(
      {"settle", "--json", "Dealer:S", "STREAK:2", "S:2344567筒345789条", "S:Zimo:7p"});
  REQUIRE(r.exit == 0);
  auto j = json::parse(r.out);
  CHECK(j["dealer"] == 1);
  CHECK(j["streak"] == 2);
  CHECK(j["totals"] == json::array({-18, 54, -18, -18}));  // D4: (1 + 2) × 6 from each
  r = qianmj::test::run_qianmj({"settle", "--json", "DEALER:e", "e:2344567p345789s", "E:ZIMO:7p"});
  REQUIRE(r.exit == 0);
  CHECK(json::parse(r.out)["dealer"] == 0);
  CHECK(json::parse(r.out)["totals"] == json::array({18, -6, -6, -6}));
}

TEST_CASE("A session's players: 玩家：A B C D, glued, or seat by seat with commas") {
  const std::string hand = "\n庄阿明\n阿明:2344567筒345789条 阿明自摸7筒\n";
  const std::string rows =
      "hand,line,seat,name,points,total,dealer,streak,declared\n1,3,0,阿明,18,18,1,0,0\n"
      "1,3,1,阿红,-6,-6,0,0,0\n1,3,2,小李,-6,-6,0,0,0\n1,3,3,老王,-6,-6,0,0,0\n\n"
      "from,from_name,to,to_name,points\n1,阿红,0,阿明,6\n2,小李,0,阿明,6\n3,老王,0,阿明,6\n";
  for (const std::string header :
       {"玩家 阿明 阿红 小李 老王", "玩家：阿明 阿红 小李 老王", "玩家： 阿明，阿红，小李，老王",
        "玩家：东 阿明，南 阿红，西 小李，北 老王", "Players: 阿明 阿红 小李 老王",
        "玩家：北 老王 东 阿明 西 小李 南 阿红"}) {
    INFO(header);
    auto r = qianmj::test::run_qianmj({"session", "--csv"}, header + hand);
    CHECK(r.exit == 0);
    CHECK(r.out == rows);
  }
  auto r = qianmj::test::run_qianmj({"session", "--csv"},
                                    "玩家：东 阿明 东 阿红 西 小李 北 老王" + hand);
  CHECK(r.exit == 2);
  CHECK(r.err.find("[inconsistent]") != std::string::npos);
}

TEST_CASE("A whole table in one quoted argument reads as the same words apart") {
  auto apart =
      qianmj::test::run_qianmj({"settle", "--en", "庄东", "东:2344567筒345789条", "东自摸7筒"});
  REQUIRE(apart.exit == 0);
  auto whole = qianmj::test::run_qianmj({"settle", "--en", "庄东 东:2344567筒345789条 东自摸7筒"});
  CHECK(whole.exit == 0);
  CHECK(whole.out == apart.out);
  // A quoted hand with a space in it is still one hand.
  auto hand =
      qianmj::test::run_qianmj({"settle", "--en", "庄东", "东:2344567筒 345789条", "东自摸7筒"});
  CHECK(hand.exit == 0);
  CHECK(hand.out == apart.out);
  auto both = qianmj::test::run_qianmj({"settle", "--en", "庄东 东:2344567筒 345789条 东自摸7筒"});
  CHECK(both.out == apart.out);
}

TEST_CASE("settle --seat takes 东南西北, E S W N in any case, 0-3 or a player's name") {
  const std::vector<std::string> table = {"庄东", "南=阿红", "东:2344567筒345789条", "东自摸7筒"};
  auto with = [&](const std::string& seat) {
    std::vector<std::string> args = {"settle", "--en", "--seat", seat};
    args.insert(args.end(), table.begin(), table.end());
    return qianmj::test::run_qianmj(args);
  };
  auto by_number = with("1");
  REQUIRE(by_number.exit == 0);
  CHECK(by_number.out.find("-6") != std::string::npos);
  for (const std::string seat : {"南", "S", "s", "阿红"}) {
    INFO(seat);
    auto r = with(seat);
    CHECK(r.exit == 0);
    CHECK(r.out == by_number.out);
  }
  auto bad = with("小李");
  CHECK(bad.exit == 2);
  CHECK(bad.err.find("--seat 小李: no such seat or player here") != std::string::npos);
}

TEST_CASE("score and waits take the situation in words beside the hand, as the flags") {
  auto flags = qianmj::test::run_qianmj({"score", "--json", "2344567筒345789条", "--win", "7p",
                                         "--zimo", "--dealer", "winner", "--streak", "3"});
  REQUIRE(flags.exit == 0);
  auto words = qianmj::test::run_qianmj(
      {"score", "--json", "2344567筒345789条", "胡7筒", "自摸", "庄家", "连庄3"});
  CHECK(words.exit == 0);
  CHECK(words.out == flags.out);
  // In a pipeline line too, and 杠上花 is a self-draw after a kong.
  auto line = qianmj::test::run_qianmj({"score", "-"}, "2344567筒345789条7筒 自摸 庄家 连庄3\n");
  CHECK(line.exit == 0);
  CHECK(line.out == "345789s23445677p\twin\tpinghu\t1\t72\n");  // D4: (1 + 3) × 6 × 3
  auto waits = qianmj::test::run_qianmj({"waits", "--json", "2344567筒345789条", "报听"});
  auto waits_flag = qianmj::test::run_qianmj({"waits", "--json", "2344567筒345789条", "--baoting"});
  CHECK(waits.exit == 0);
  CHECK(waits.out == waits_flag.out);
}

TEST_CASE("Narrow lines wrap at spaces within the width and never split a number") {
  using V = std::vector<std::string>;
  CHECK(qianmj::wrap_at_spaces("South → East  Plain win 1 + Dealer streak 2 = 3 fan → 18", 24) ==
        V{"South → East  Plain win", "1 + Dealer streak 2 = 3", "fan → 18"});
  CHECK(qianmj::wrap_at_spaces("西 → 东  平胡 1 + 连庄 2 = 3 番 → 18", 14) ==
        V{"西 → 东  平胡", "1 + 连庄 2 = 3", "番 → 18"});  // a Chinese character is 2 columns
  CHECK(qianmj::wrap_at_spaces("a 1234567890 b", 5) == V{"a", "1234567890", "b"});
  CHECK(qianmj::wrap_at_spaces("a  b", 0) == V{"a  b"});
  CHECK(qianmj::wrap_at_spaces("", 10) == V{""});
}

TEST_CASE("A long run of ： splits in linear time, each a word of its own or a separator") {
  std::string colons;
  for (int i = 0; i < 200000; ++i) colons += "：";
  auto words = qianmj::split_words("玩家" + colons + "甲");
  REQUIRE(words.size() == 2);  // every ： before another ends a word; the last starts 甲's
  CHECK(words[0] == "玩家");
  CHECK(words[1] == "：甲");
}
