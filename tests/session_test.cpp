// D10 Z8 D4 an evening: two scripted sessions (testdata/session/, tests/tools/
// make_session_evenings.py), every carried dealer, streak and running total checked against
// numbers worked out from the rules' arithmetic; errors stop the evening at their line.
#include <nlohmann/json.hpp>

#include "helpers.hpp"
#include "qianmj/answers/session.hpp"
#include "testdata.hpp"

using namespace qianmj;
using nlohmann::json;

namespace {

std::vector<json> json_lines(const std::string& text) {
  std::vector<json> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) out.push_back(json::parse(line));
  return out;
}

void check_evening(const std::string& name, std::size_t want_hands) {
  INFO("testdata/session/" << name);
  auto expected = json_lines(test::slurp(test::testdata("session/" + name + ".expected.jsonl")));
  REQUIRE(expected.size() == want_hands);
  auto r = test::run_qianmj({"session", test::testdata("session/" + name + ".txt"), "--json"});
  CHECK(r.exit == 0);
  CHECK(r.err.empty());
  auto answers = json_lines(r.out);
  REQUIRE(answers.size() == want_hands + 1);  // a hand a line, then the summary
  for (std::size_t i = 0; i < want_hands; ++i) {
    INFO("hand " << i + 1);
    CHECK(answers[i]["hand"] == i + 1);
    CHECK(answers[i]["next"]["dealer"] == expected[i]["dealer"]);
    CHECK(answers[i]["next"]["streak"] == expected[i]["streak"]);
    CHECK(answers[i]["totals"] == expected[i]["totals"]);
    // The hand's own ledger adds up to the change of the running totals.
    for (std::size_t s = 0; s < 4; ++s) {
      std::int64_t before = i ? expected[i - 1]["totals"][s].get<std::int64_t>() : 0;
      CHECK(answers[i]["ledger"]["seats"][s]["total"].get<std::int64_t>() ==
            expected[i]["totals"][s].get<std::int64_t>() - before);
    }
  }
  const auto& summary = answers.back()["summary"];
  CHECK(summary["hands"] == want_hands);
  CHECK(summary["totals"] == expected.back()["totals"]);
  CHECK(summary["next"]["dealer"] == expected.back()["dealer"]);
}

}  // namespace

TEST_CASE(
    "D4 D10 a Duyun evening of 32 hands: streaks of 4, 一炮多响 giving the deal to the discarder, "
    "draws and escapes keeping it, a correction") {
  check_evening("duyun", 32);
  // The correction (hand 18 states 庄小李 连庄0) is noted.
  auto r = test::run_qianmj({"session", test::testdata("session/duyun.txt"), "--json"});
  auto answers = json_lines(r.out);
  REQUIRE(answers.size() > 18);
  REQUIRE(answers[17]["notes"].size() == 2);
  CHECK(answers[17]["notes"][0]["zh"] == "更正：本局小李坐庄（原为小红）");
  CHECK(answers[17]["notes"][1]["zh"] == "更正：连庄 0（原为 3）");
}

TEST_CASE(
    "Z8 a Zunyi evening of 12 hands: 一炮多响 giving the deal to the first winner after the "
    "discarder, a correction") {
  check_evening("zunyi", 12);
}

TEST_CASE(
    "Session text and CSV: each hand's line and running totals, the final standings, one row per "
    "hand and player") {
  auto r = test::run_qianmj({"session", test::testdata("session/duyun.txt"), "--zh"});
  CHECK(r.exit == 0);
  CHECK(r.out.rfind("第 1 局  庄家 阿明 连庄 0  阿明 自摸：平胡\n  本局  阿明 +18  小红 -6  老王 "
                    "-6  小李 -6\n"
                    "  累计  阿明 +18  小红 -6  老王 -6  小李 -6\n",
                    0) == 0);
  CHECK(r.out.find("终局（共 32 局）\n  1  老王      +324\n  2  小李      +132\n  3  阿明      "
                   "-108\n  4  小红      -348\n"
                   "下一局  庄家 小李，连庄 0\n") != std::string::npos);
  r = test::run_qianmj({"session", test::testdata("session/duyun.txt"), "--csv"});
  CHECK(r.exit == 0);
  std::istringstream rows(r.out);
  std::string line;
  std::getline(rows, line);
  CHECK(line == "hand,line,seat,name,points,total,dealer,streak,declared");  // declared last
  int n = 0;
  while (std::getline(rows, line)) ++n;
  CHECK(n == 32 * 4);
  CHECK(r.out.find("\n32,36,3,小李,24,132,0,1,0\n") !=
        std::string::npos);  // the last hand's 小李 row
  r = test::run_qianmj({"session", test::testdata("session/zunyi.txt"), "--tsv", "--en"});
  CHECK(r.out.find("\n1\t5\t0\t阿明\t15\t15\t1\t0\t0\n") != std::string::npos);
}

TEST_CASE(
    "Session: a bad hand stops the evening at its line with exit 2, after every hand before it was "
    "printed") {
  std::string evening =
      "玩家 甲 乙 丙 丁\n庄甲\n甲:2344567筒345789条 甲自摸7筒\n# a comment\n\n甲:2344567筒345789条 "
      "甲胡1万 乙放炮\n甲:2344567筒345789条 甲自摸7筒\n";
  auto r = test::run_qianmj({"session", "-", "--en"}, evening);
  CHECK(r.exit == 2);
  CHECK(r.out.find("Hand 1") != std::string::npos);
  CHECK(r.out.find("Hand 2") == std::string::npos);
  CHECK(r.out.find("Final standings") == std::string::npos);  // no standings after a refused hand
  CHECK(r.err.rfind("qianmj: line 6: error [inconsistent] at column 19: ", 0) == 0);
  r = test::run_qianmj({"session", "-", "--json"}, evening);
  CHECK(r.exit == 2);
  auto answers = json_lines(r.out);
  REQUIRE(answers.size() == 2);
  CHECK(answers[1]["error"]["code"] == "inconsistent");
  CHECK(answers[1]["error"]["line"] == 6);
  // A bad header, an unknown word and the first hand without a dealer.
  CHECK(json_lines(
            test::run_qianmj({"session", "--json"}, "玩家 甲 乙 丙\n").out)[0]["error"]["code"] ==
        "bad_word");
  CHECK(json_lines(
            test::run_qianmj({"session", "--json"}, "遵义 base=6\n").out)[0]["error"]["code"] ==
        "bad_option");
  CHECK(json_lines(test::run_qianmj({"session", "--json"}, "东:2344567筒345789条 东自摸7筒\n")
                       .out)[0]["error"]["code"] == "bad_word");
}

TEST_CASE(
    "D10 Z8 Session: hands read ahead by one reader made after the first hand and played in order "
    "come to what play(line) gives, every carried dealer, streak and total") {
  for (const char* name : {"duyun", "zunyi"}) {
    INFO(name);
    std::vector<std::string> lines;
    {
      std::istringstream in(test::slurp(test::testdata(std::string("session/") + name + ".txt")));
      std::string line;
      while (std::getline(in, line))
        if (!line.empty() && line[0] != '#') lines.push_back(line);
    }
    // A JSON hand that says no dealer or streak (the session's carry them), twice over.
    lines.push_back(R"({"seats":[{"hand":"2344567p345789s"},{"hand":"35m2245588s3689p"},)"
                    R"({"hand":"15m4467s1125899p"},{"hand":"24789m6677s2334p"}],)"
                    R"("result":{"kind":"win","wins":[{"seat":0,"tile":"7p"}]}})");
    lines.push_back(lines.back());
    Session whole, ahead;
    std::size_t i = 0;
    for (; i < lines.size() && whole.hands() == 0; ++i) {  // the header and the first hand
      auto h = whole.header(lines[i]);
      REQUIRE(h);
      if (*h) {
        REQUIRE(ahead.header(lines[i]));
        continue;
      }
      REQUIRE(whole.play(lines[i]));
      REQUIRE(ahead.play(lines[i]));
    }
    const HandReader reader = ahead.reader();
    std::vector<Result<ReadHand>> read;
    for (std::size_t k = i; k < lines.size(); ++k) read.push_back(reader.read(lines[k]));
    std::size_t corrections = 0, dealers_moved = 0;
    for (std::size_t k = i; k < lines.size(); ++k) {
      INFO(lines[k]);
      auto want = whole.play(lines[k]);
      REQUIRE(want);
      auto& r = read[k - i];
      REQUIRE(r);
      auto got = ahead.play(std::move(*r));
      REQUIRE(got);
      CHECK(got->table == want->table);
      CHECK(got->ledger.totals == want->ledger.totals);
      CHECK(got->totals == want->totals);
      CHECK(got->notes.size() == want->notes.size());
      corrections += want->notes.size();
      CHECK(ahead.dealer() == whole.dealer());
      CHECK(ahead.streak() == whole.streak());
      dealers_moved += want->table.dealer != ahead.dealer();
    }
    CHECK(ahead.totals() == whole.totals());
    CHECK(ahead.hands() == whole.hands());
    // The evenings exercise the carry: the deal moves, and the Duyun one corrects it.
    CHECK(dealers_moved >= 3);
    if (std::string(name) == "duyun") CHECK(corrections == 2);
  }
}

TEST_CASE(
    "H Session: a hand's house options are the session's when the same options are set to the "
    "same values, whatever rule set each is bound to (Options::same_settings)") {
  const OptionSpec* spec = nullptr;  // a Duyun option
  for (const auto& s : option_specs())
    if (option_applies(s, "duyun") && s.max > s.min) spec = &s;
  REQUIRE(spec);
  const std::int64_t other = spec->default_value == spec->min ? spec->max : spec->min;
  Options a, b("duyun");
  CHECK(a.same_settings(b));
  REQUIRE_FALSE(a.set(spec->name, other));
  CHECK_FALSE(a.same_settings(b));
  CHECK_FALSE(b.same_settings(a));
  REQUIRE_FALSE(b.set(spec->name, other));
  CHECK(a.same_settings(b));  // bound to Duyun or to none: the same settings
  REQUIRE_FALSE(b.set(spec->name, spec->default_value));
  CHECK_FALSE(a.same_settings(b));
  // Set to its default is not the same as not set: a hand that says it is its own.
  Options c;
  CHECK_FALSE(b.same_settings(c));
  REQUIRE_FALSE(c.set(spec->name, spec->default_value));
  CHECK(b.same_settings(c));
}
