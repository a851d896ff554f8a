// At a terminal (a real pseudo-terminal): score -, waits -, settle - and session - answer
// each line as soon as it is typed, before the next one, with a prompt; an interactive
// session refuses a bad hand and keeps its state.
#include "helpers.hpp"
#include "pty.hpp"

using qianmj::test::Terminal;

TEST_CASE("At a terminal, waits - answers each line before the next is typed") {
  Terminal t({"waits", "-"});
  REQUIRE(t.started());
  REQUIRE(t.wait_for("waits> "));
  t.type("2344567p345789s\n");
  CHECK(t.wait_for("ready\t1p 4p 7p\t1"));  // the answer, while the input is still open
  CHECK(t.wait_for("waits> "));
  t.type("1111m234p567p789s\n");
  CHECK(t.wait_for("not-ready"));
  CHECK(t.finish() == 0);
}

TEST_CASE("At a terminal, score - answers at once with the explanation, in Chinese") {
  Terminal t({"score", "-", "--zimo"}, "zh_CN.UTF-8");
  REQUIRE(t.wait_for("计分> "));
  t.type("23445677筒345789条\n");
  CHECK(t.wait_for("番型    平胡  1 番"));  // the text `score HAND` prints, not a row
  CHECK(t.wait_for("胡家共收 18 分"));
  CHECK(t.screen().find("win\tpinghu") == std::string::npos);
  t.type("23t\n");
  CHECK(t.wait_for("line 2: error [bad_suit] 第 3 列: "));
  CHECK(t.finish() == 2);
}

TEST_CASE("At a narrow terminal (TIOCGWINSZ) settle takes the narrow layout, COLUMNS overrides") {
  const std::vector<std::string> table = {"settle", "--en", "庄东", "东:2344567筒345789条",
                                          "东自摸7筒"};
  std::vector<std::string> narrow_args = table;
  narrow_args.push_back("--narrow");
  const auto narrow = qianmj::test::run_qianmj(narrow_args);
  const auto wide = qianmj::test::run_qianmj(table);
  REQUIRE(narrow.out != wide.out);
  auto screen_of = [&](unsigned short columns, const std::string& columns_env = "") {
    Terminal t(table, "C", columns, columns_env);
    REQUIRE(t.started());
    CHECK(t.finish() == 0);
    std::string s = t.screen();  // the terminal writes \r\n
    for (auto i = s.find("\r\n"); i != std::string::npos; i = s.find("\r\n", i)) s.erase(i, 1);
    return s;
  };
  CHECK(screen_of(59) == narrow.out);  // under 60 columns, wide enough not to wrap
  CHECK(screen_of(60) == wide.out);
  CHECK(screen_of(120, "59") == narrow.out);  // COLUMNS, as for ls
  CHECK(screen_of(59, "120") == wide.out);
}

TEST_CASE("At a 30-column terminal a narrow ledger's lines wrap at spaces, numbers whole") {
  Terminal t({"settle", "--en", "庄东", "连庄2", "东:2344567筒345789条", "东自摸7筒"}, "C", 30);
  REQUIRE(t.started());
  CHECK(t.finish() == 0);
  CHECK(t.screen().find("Win  East, self-draw: 平胡\r\n  Plain win\r\n") != std::string::npos);
  CHECK(t.screen().find("    South → East  Plain win\r\n      1 + Dealer streak 2 = 3\r\n"
                        "      fan → 18\r\n") != std::string::npos);
}

TEST_CASE(
    "At a terminal, settle - prices each table (words or JSON) as soon as its line is entered") {
  Terminal t({"settle", "-", "--en"});
  REQUIRE(t.wait_for("settle> "));
  t.type("庄东 东:2344567筒345789条 东自摸7筒\n");
  CHECK(t.wait_for("Total"));
  CHECK(t.wait_for("settle> "));
  t.type(
      "{\"dealer\": 0, \"seats\": [{\"hand\": \"2344567筒345789条\"}, {}, {}, {}], \"result\": "
      "{\"kind\": \"win\", \"wins\": [{\"seat\": 0, \"tile\": \"7p\"}]}}\n");
  CHECK(t.wait_for("Next hand  dealer East, streak 1"));
  CHECK(t.finish() == 0);
}

TEST_CASE(
    "At a terminal, session - shows the dealer, streak and totals in its prompt, refuses a bad "
    "hand and keeps its state") {
  Terminal t({"session", "-", "--zh"});
  REQUIRE(t.wait_for("第 1 局 > "));
  t.type("玩家 甲 乙 丙 丁\n");
  CHECK(t.wait_for("第 1 局 > "));
  t.type("庄甲 甲:2344567筒345789条 甲自摸7筒\n");
  CHECK(t.wait_for("累计  甲 +18  乙 -6  丙 -6  丁 -6"));
  CHECK(t.wait_for("第 2 局  庄甲 连庄1  [甲 +18  乙 -6  丙 -6  丁 -6] > "));
  t.type("甲:2344567筒345789条 甲胡1万 乙放炮\n");  // not a win: refused, nothing changes
  CHECK(t.wait_for("错误 [inconsistent]"));
  CHECK(t.wait_for("第 2 局  庄甲 连庄1  [甲 +18  乙 -6  丙 -6  丁 -6] > "));
  t.type("甲:2344567筒345789条 甲自摸7筒\n");  // retyped
  CHECK(
      t.wait_for("累计  甲 +54  乙 -18  丙 -18  丁 -18"));  // D4: each pays (1 + 1) × 6 at streak 1
  CHECK(t.wait_for("第 3 局  庄甲 连庄2"));
  CHECK(t.finish() == 2);  // a line was refused, as score -, waits - and settle - say too
  CHECK(t.screen().find("终局（共 2 局）") != std::string::npos);
}

TEST_CASE(
    "At a terminal, Ctrl-C in session - ends the evening with its standings so far and exit "
    "status 130") {
  Terminal t({"session", "-", "--en"});
  REQUIRE(t.wait_for("hand 1 > "));
  t.type("dealer:E E:2344567p345789s E:zimo:7p\n");
  CHECK(t.wait_for("hand 2  dealer East streak 1"));
  t.type("\x03");  // the terminal sends SIGINT
  CHECK(t.wait_for("Final standings (1 hand)"));
  CHECK(t.wait_for("1  East        +18"));
  CHECK(t.finish() == 130);
}
