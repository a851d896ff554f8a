// At a terminal (a real pseudo-terminal): score -, waits -, settle - and session - answer
// each line as soon as it is typed, before the next one, with a prompt; an interactive
// session refuses a bad hand and keeps its state.
#include <sstream>

#include "helpers.hpp"
#include "pty.hpp"
#include "qianmj/core/terminal_text.hpp"

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

TEST_CASE(
    "At a 40-column terminal session - wraps each hand's first line at its spaces, every line "
    "within 40 columns") {
  Terminal t({"session", "-", "--zh"}, "C.UTF-8", 40);
  REQUIRE(t.wait_for("第1局> "));
  t.type("玩家 阿明 小红 老王 小李\n");
  REQUIRE(t.wait_for("第1局> "));
  t.type("庄阿明\n");
  REQUIRE(t.wait_for("第1局 庄阿明> "));
  t.type("小红胡对对胡 阿明放炮\n");
  REQUIRE(t.wait_for("第2局 庄小红> "));
  // The first line breaks between words, the marker of a declared hand kept whole.
  CHECK(t.screen().find(
            "第 1 局  庄家 阿明 连庄 0  小红\r\n  阿明点炮：对对胡  （报称，未核对牌）\r\n") !=
        std::string::npos);
  CHECK(t.screen().find("  老王       0  累计 0\r\n") != std::string::npos);
  const int status = t.finish();
  INFO(t.screen());
  CHECK(status == 0);
  // Every line the program wrote (the lines typed are the terminal's echo) fits.
  std::istringstream lines(t.screen());
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find("> ") != std::string::npos) continue;  // a prompt and the line typed after it
    if (line.rfind("记录：", 0) == 0) continue;          // the journal's path, one word
    INFO(line);
    CHECK(qianmj::display_width(line) <= 40);
  }
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
    "At a terminal, session - shows the totals on a line of their own and a short prompt, refuses "
    "a bad hand and keeps its state") {
  Terminal t({"session", "-", "--zh"});
  REQUIRE(t.wait_for("第1局> "));
  t.type("玩家 甲 乙 丙 丁\n");
  CHECK(t.wait_for("第1局> "));
  t.type("庄甲 甲:2344567筒345789条 甲自摸7筒\n");
  CHECK(t.wait_for("累计  甲 +18  乙 -6  丙 -6  丁 -6"));
  CHECK(t.wait_for("[甲 +18  乙 -6  丙 -6  丁 -6]\r\n第2局 庄甲 连庄1> "));
  t.type("甲:2344567筒345789条 甲胡1万 乙放炮\n");  // not a win: refused, nothing changes
  CHECK(t.wait_for("错误 [inconsistent]"));
  CHECK(t.wait_for("[甲 +18  乙 -6  丙 -6  丁 -6]\r\n第2局 庄甲 连庄1> "));
  t.type("甲:2344567筒345789条 甲自摸7筒\n");  // retyped
  CHECK(
      t.wait_for("累计  甲 +54  乙 -18  丙 -18  丁 -18"));  // D4: each pays (1 + 1) × 6 at streak 1
  CHECK(t.wait_for("第3局 庄甲 连庄2> "));
  CHECK(t.finish() == 2);  // a line was refused, as score -, waits - and settle - say too
  CHECK(t.screen().find("终局（共 2 局）") != std::string::npos);
  CHECK(t.screen().find("结账（3 笔）") != std::string::npos);
}

TEST_CASE(
    "At a terminal, Ctrl-C in session - ends the evening with its standings so far and exit "
    "status 130") {
  Terminal t({"session", "-", "--en"});
  REQUIRE(t.wait_for("hand 1> "));
  t.type("dealer:E E:2344567p345789s E:zimo:7p\n");
  CHECK(t.wait_for("hand 2 dealer East streak 1> "));
  t.type("\x03");  // the terminal sends SIGINT
  CHECK(t.wait_for("Final standings (1 hand)"));
  CHECK(t.wait_for("1  East        +18"));
  CHECK(t.wait_for("South pays East  6"));  // and who pays whom
  CHECK(t.finish() == 130);
}

TEST_CASE("At a terminal, session - edits the line: Up recalls the line before, Enter plays it") {
  Terminal t({"session", "-", "--en"});
  REQUIRE(t.wait_for("hand 1> "));
  t.type("dealer:E E:2344567p345789s E:zimo:7p\n");
  CHECK(t.wait_for("hand 2 dealer East streak 1> "));
  REQUIRE(t.wait_for_line_editor());
  t.type("\x1b[A");  // Up: the line typed before comes back, to be sent again
  CHECK(t.wait_for("E:zimo:7p"));
  t.type("\r");
  CHECK(t.wait_for("total  East +54  South -18  West -18  North -18"));  // D4: (1 + 1) × 6 each
  CHECK(t.wait_for("hand 3 dealer East streak 2> "));
  REQUIRE(t.wait_for_line_editor());
  // Editing within the line: Ctrl-A, then a word typed at its start.
  t.type(
      "E:zimo:7p\x01"
      "E:2344567p345789s \r");
  CHECK(t.wait_for("total  East +108"));  // (1 + 2) × 6 = 18 from each
  // Ctrl-D once the prompt is back (between lines the terminal is not libedit's: an end typed
  // then would be the line discipline's, and lost when libedit takes the terminal again).
  CHECK(t.wait_for("hand 4 dealer East streak 3> "));
  CHECK(t.finish() == 0);
  CHECK(t.screen().find("^[[A") == std::string::npos);
}

TEST_CASE("At a terminal, session - takes undo (撤销) back to the hand before, and edit N") {
  Terminal t({"session", "-", "--en"});
  REQUIRE(t.wait_for("hand 1> "));
  t.type("dealer:E E:2344567p345789s E:zimo:7p\n");
  CHECK(t.wait_for("hand 2 dealer East streak 1> "));
  t.type("S:111222444m33399p S:win:9p E:pao\n");
  CHECK(t.wait_for("hand 3 dealer South> "));
  t.type("UNDO\n");
  CHECK(t.wait_for("Hand 2 undone"));
  CHECK(t.wait_for("[East +18  South -6  West -6  North -6]\r\nhand 2 dealer East streak 1> "));
  t.type("撤销\n");  // the dealer was said in hand 1's words: none is carried now
  CHECK(t.wait_for("hand 1> "));
  t.type("undo\n");  // nothing left to undo: refused, the evening unchanged
  CHECK(t.wait_for("error [inconsistent]: nothing to undo"));
  CHECK(t.wait_for("hand 1> "));
  t.type("dealer:E E:2344567p345789s E:zimo:7p\n");
  CHECK(t.wait_for("hand 2 dealer East streak 1> "));
  t.type("edit 1 dealer:S S:2344567p345789s S:zimo:7p\n");
  CHECK(t.wait_for("Hand 1 edited"));
  CHECK(t.wait_for("hand 2 dealer South streak 1> "));
  CHECK(t.finish() == 2);  // a line was refused
}

TEST_CASE(
    "At a terminal, SIGTERM ends session - with its standings so far and exit status 143, the "
    "journal kept") {
  const std::string journal = "/tmp/qianmj-pty-journals/sigterm-test.txt";
  std::remove(journal.c_str());
  Terminal t({"session", "--save", journal, "--en"});
  REQUIRE(t.wait_for("hand 1> "));
  t.type("dealer:E E:2344567p345789s E:zimo:7p\n");
  CHECK(t.wait_for("hand 2 dealer East streak 1> "));
  CHECK(t.stop(SIGTERM) == 143);
  CHECK(t.screen().find("Final standings (1 hand)") != std::string::npos);
  CHECK(qianmj::test::slurp(journal) == "dealer:E E:2344567p345789s E:zimo:7p\n");
  std::remove(journal.c_str());
}

TEST_CASE(
    "At a terminal, session - killed with SIGKILL loses nothing typed whole: --resume plays the "
    "journal and goes on with the same totals") {
  const std::string journal = "/tmp/qianmj-pty-journals/kill-test.txt";
  std::remove(journal.c_str());
  {
    Terminal t({"session", "--save", journal, "--en"});
    REQUIRE(t.wait_for("hand 1> "));
    t.type("players A B C D\n");
    CHECK(t.wait_for("hand 1> "));
    t.type("dealer:A A:2344567p345789s A:zimo:7p\n");
    CHECK(t.wait_for("hand 2 dealer A streak 1> "));
    t.type("B:111222444m33399p B:win:9p A:pao\n");
    CHECK(t.wait_for("hand 3 dealer B> "));
    t.type("undo\n");
    CHECK(t.wait_for("hand 2 dealer A streak 1> "));
    t.type("B:111222444m33399p B:win:9p A:pao\n");
    CHECK(t.wait_for("hand 3 dealer B> "));
    t.type("C:2344567p");  // half a line, never entered
    CHECK(t.stop(SIGKILL) == 128 + SIGKILL);
  }
  Terminal t({"session", "--resume", journal, "--en"});
  REQUIRE(t.wait_for("resumed " + journal + ": 2 hands"));
  // The same totals: A +18 - 24 (D4: 对对胡 3 + streak 1 = 4 fan × 6), B -6 + 24.
  CHECK(t.wait_for("[A -6  B +18  C -6  D -6]\r\nhand 3 dealer B> "));
  t.type("dealer:B B:2344567p345789s B:zimo:7p\n");
  CHECK(t.wait_for("hand 4 dealer B streak 1> "));
  CHECK(t.finish() == 0);
  CHECK(t.screen().find("Final standings (3 hands)\r\n  1  B       +36") != std::string::npos);
  // The journal holds every accepted line, the undo too, and the line played after the resume.
  CHECK(qianmj::test::slurp(journal) ==
        "players A B C D\ndealer:A A:2344567p345789s A:zimo:7p\nB:111222444m33399p B:win:9p "
        "A:pao\nundo\nB:111222444m33399p B:win:9p A:pao\ndealer:B B:2344567p345789s B:zimo:7p\n");
  std::remove(journal.c_str());
}
