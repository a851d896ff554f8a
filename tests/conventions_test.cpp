// The conventions of a mature command-line tool: help that lists everything (in both
// languages), -V, "did you mean", `qianmj help`, completions made from the option table,
// tile glyphs in and out, and pipeline rows a script can cut.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "generators.hpp"
#include "helpers.hpp"
#include "qianmj/formats/notation.hpp"
#include "qianmj/version.hpp"
#include "testdata.hpp"

using namespace qianmj;

namespace {

// Runs a shell command line; its standard output, and its exit status in `status`.
std::string sh(const std::string& command, int* status = nullptr) {
  std::string out;
  FILE* p = ::popen(command.c_str(), "r");
  REQUIRE(p != nullptr);
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  int st = ::pclose(p);
  if (status) *status = WIFEXITED(st) ? WEXITSTATUS(st) : 128;
  return out;
}

bool has_command(const std::string& name) {
  int status = 0;
  sh("command -v " + name + " >/dev/null 2>&1", &status);
  return status == 0;
}

const std::string kBin = QIANMJ_BIN;
const std::string kCompletions = std::string(QIANMJ_TESTDATA) + "/../completions/";

// Each subcommand's options as the fish script lists them: subcommand -> {"--win": help}.
std::map<std::string, std::map<std::string, std::string>> options_by_subcommand() {
  std::map<std::string, std::map<std::string, std::string>> out;
  std::istringstream in(test::run_qianmj({"completions", "fish"}).out);
  std::string line;
  const std::regex row(
      "complete -c qianmj -n '__fish_seen_subcommand_from ([a-z]+)'(?: -s ([A-Za-z]))?"
      "(?: -l ([a-z-]+))?.* -d '(.*)'");
  std::smatch m;
  while (std::getline(in, line))
    if (std::regex_match(line, m, row))
      out[m[1]][m[3].matched ? "--" + m[3].str() : "-" + m[2].str()] =
          std::regex_replace(m[4].str(), std::regex("'\\\\''"), "'");
  return out;
}

bool has_cjk(const std::string& s) {
  return s.find("\xE4") != std::string::npos || s.find("\xE5") != std::string::npos ||
         s.find("\xE6") != std::string::npos || s.find("\xE7") != std::string::npos ||
         s.find("\xE8") != std::string::npos || s.find("\xE9") != std::string::npos;
}

}  // namespace

TEST_CASE(
    "Completions: completions/ hold exactly what qianmj completions bash|zsh|fish prints "
    "(QIANMJ_UPDATE_DOCS=1 rewrites them: make docs)") {
  const bool update = std::getenv("QIANMJ_UPDATE_DOCS") != nullptr;
  for (const auto& [shell, file] : std::map<std::string, std::string>{
           {"bash", "qianmj.bash"}, {"zsh", "_qianmj"}, {"fish", "qianmj.fish"}}) {
    INFO(shell);
    auto r = test::run_qianmj({"completions", shell});
    REQUIRE(r.exit == 0);
    REQUIRE(r.out.size() > 1000);
    if (update) std::ofstream(kCompletions + file, std::ios::binary) << r.out;
    CHECK(test::slurp(kCompletions + file) == r.out);
  }
  CHECK(test::run_qianmj({"completions", "tcsh"}).exit == 2);
}

TEST_CASE(
    "Completions: bash and fish complete subcommands, options, --rules values and --rule names, "
    "zsh's script parses") {
  REQUIRE(has_command("bash"));
  auto bash = [&](const std::string& words, int cword) {
    return sh("bash -c 'source " + kCompletions + "qianmj.bash; COMP_WORDS=(" + words +
              "); COMP_CWORD=" + std::to_string(cword) + "; _qianmj; echo \"${COMPREPLY[*]}\"'");
  };
  CHECK(bash("qianmj se", 1) == "settle session\n");
  CHECK(bash("qianmj score --zi", 2) == "--zimo\n");
  CHECK(bash("qianmj waits --pro", 2) == "--progress\n");
  CHECK(bash("qianmj --rules ''", 2) == "duyun zunyi guiyang\n");
  CHECK(bash("qianmj score --rule zunyi-b", 3) == "zunyi-baoting=\n");
  CHECK(bash("qianmj score --dealer p", 3) == "payer\n");
  CHECK(bash("qianmj rules D1", 2) == "D1 D10 D11\n");
  CHECK(bash("qianmj help w", 2) == "waits words\n");  // a subcommand, or the words (help words)
  CHECK(bash("qianmj score --win ''", 3) == "\n");     // a tile: nothing to offer, not options
  // Every option of every subcommand is offered after its "--".
  for (const auto& [sub, options] : options_by_subcommand()) {
    INFO(sub);
    std::string offered = " " + bash("qianmj " + sub + " --", 2);
    std::replace(offered.begin(), offered.end(), '\n', ' ');
    for (const auto& [name, help] : options)
      if (name.starts_with("--")) CHECK(offered.find(" " + name + " ") != std::string::npos);
  }
  if (has_command("fish")) {
    auto fish = [&](const std::string& line) {
      return sh("fish -c 'source " + kCompletions + "qianmj.fish; complete -C \"" + line +
                "\"' | cut -f1");
    };
    CHECK(fish("qianmj sc") == "score\n");
    CHECK(fish("qianmj score --zi") == "--zimo\n");
    CHECK(fish("qianmj --rules ") == "duyun\nguiyang\nzunyi\n");
    CHECK(fish("qianmj waits --rule dead") == "dead-wait-ready=\n");
  } else {
    WARN("fish not installed: its completions were not run");
  }
  if (has_command("zsh")) {
    int status = -1;
    sh("zsh -n " + kCompletions + "_qianmj", &status);
    CHECK(status == 0);
  } else {
    WARN("zsh not installed: its completion was not parsed");
  }
}

TEST_CASE(
    "Help: every subcommand's --help lists every option it takes, the common ones included, each "
    "with its line, in English and in Chinese") {
  const auto subs = options_by_subcommand();
  REQUIRE(subs.size() == 8);  // score waits advise settle session rules help completions
  REQUIRE(subs.at("score").size() == 23);  // 11 situation, 4 pipeline, 8 common
  for (const auto& [sub, options] : subs) {
    INFO(sub);
    auto en = test::run_qianmj({sub, "--help"});
    auto zh = test::run_qianmj({sub, "--help", "--zh"});
    auto zh_locale = test::run_qianmj({sub, "--help"}, "", "zh_CN.UTF-8");
    CHECK(en.exit == 0);
    CHECK(zh.exit == 0);
    CHECK(zh_locale.out == zh.out);
    CHECK(test::run_qianmj({"help", sub}).out == en.out);
    CHECK(test::run_qianmj({"help", sub, "--zh"}).out == zh.out);
    for (const auto& name : {"--rules", "--rule", "--json", "--zh", "--en", "--help", "--glyphs"})
      CHECK(options.count(name) == 1);
    for (const auto& [name, help] : options) {
      INFO(name);
      // The option's row: its name, then its one-line meaning.
      std::regex row_en("\n  (?:-[a-zA-Z], )?" + name + "[^\n]*\n? +" +
                        std::regex_replace(help, std::regex(R"([.^$|()\[\]{}*+?\\])"), "\\$&") +
                        "\n");
      CHECK(std::regex_search(en.out, row_en));
      // In Chinese, the same option with a Chinese line (on the next line when the name is long).
      std::smatch m;
      REQUIRE(std::regex_search(zh.out, m, std::regex("\n  (?:-[a-zA-Z], )?" + name + "[ \n]")));
      auto at = static_cast<std::size_t>(m.position(0)) + 1;
      auto nl = zh.out.find('\n', at);
      std::string line = zh.out.substr(at, nl - at);
      if (line.find("  ") == std::string::npos)
        line = zh.out.substr(nl + 1, zh.out.find('\n', nl + 1) - nl - 1);
      CHECK(has_cjk(line));
    }
  }
  // The shapes: --progress and --no-progress are two rows (no CLI11 "{1},{0}" syntax).
  auto score = test::run_qianmj({"score", "--help"}).out;
  CHECK(score.find("{1}") == std::string::npos);
  CHECK(score.find("\n  --no-progress  ") != std::string::npos);
  CHECK(score.find("Usage: qianmj score HAND... [OPTIONS]\n") != std::string::npos);
  auto top_zh = test::run_qianmj({"--help", "--zh"}).out;
  CHECK(top_zh.find("用法：qianmj [选项] 子命令") != std::string::npos);
  CHECK(top_zh.find("\n  score                     计算一手胡牌") != std::string::npos);
}

TEST_CASE("Help: -V is --version, qianmj help prints the top help, help of no such subcommand") {
  const std::string version = std::string("qianmj ") + QIANMJ_VERSION + "\n";
  CHECK(test::run_qianmj({"-V"}).out == version);
  CHECK(test::run_qianmj({"--version"}).out == version);
  CHECK(test::run_qianmj({"help"}).out == test::run_qianmj({"--help"}).out);
  auto r = test::run_qianmj({"help", "scroe"});
  CHECK(r.exit == 2);
  CHECK(r.err == "qianmj: error [usage]: no subcommand scroe (did you mean score?)\n");
}

TEST_CASE("Did you mean: a mistyped subcommand or option names the nearest one") {
  auto r = test::run_qianmj({"scor", "1m"});
  CHECK(r.exit == 2);
  CHECK(r.err.find("unknown subcommand scor (one of score, waits, advise, settle, session, rules, "
                   "help, completions) (did you mean score?)") != std::string::npos);
  r = test::run_qianmj({"score", "23445677筒345789条", "--zimoo"});
  CHECK(r.exit == 2);
  CHECK(r.err.find("not expected: --zimoo (did you mean --zimo?)") != std::string::npos);
  r = test::run_qianmj({"waits", "1112345678999m", "--after"});  // not a waits option
  CHECK(r.err.find("did you mean") == std::string::npos);
  r = test::run_qianmj({"score", "1112345678999m", "--after"});
  CHECK(r.err.find("(did you mean --after-kong?)") != std::string::npos);
  r = test::run_qianmj({"--rules", "zunyi", "setle"}, "", "zh_CN.UTF-8");
  CHECK(r.err.find("（是不是 settle？）") != std::string::npos);
  r = test::run_qianmj(
      {"score", "1m", "--josn"});  // --json, though misspelt, still asked for JSON?
  CHECK(r.err.find("(did you mean --json?)") != std::string::npos);
  r = test::run_qianmj({"score", "1m", "--xyzzy"});  // nothing near: no guess
  CHECK(r.err.find("did you mean") == std::string::npos);
  r = test::run_qianmj({"waits", "1m", "--json", "--baotin"});
  CHECK(
      r.out.find(
          R"x("message":"The following argument was not expected: --baotin (did you mean --baoting?)")x") !=
      std::string::npos);
}

TEST_CASE("Glyphs: every golden hand and 3,000 random ones round-trip through the tile pictures") {
  const std::vector<std::string> hands = test::golden_hands();
  REQUIRE(hands.size() > 30);
  for (const auto& text : hands) {
    INFO(text);
    auto h = test::hand(text);
    auto back = parse_hand(to_glyphs(h));
    REQUIRE(back);
    CHECK(*back == h);
  }
  test::Rng rng(20261201);
  for (int i = 0; i < 3000; ++i) {
    Hand h = test::random_hand(rng, test::uniform(rng, 1, 14));
    INFO(to_ascii(h));
    auto back = parse_hand(to_glyphs(h));
    REQUIRE(back);
    CHECK(*back == h);
  }
  CHECK(to_glyphs(test::hand("123m 99p [555s] (7777p) [8888m+]")) == "🀇🀈🀉 🀡🀡 [🀔🀔🀔] (🀟🀟🀟🀟) [🀎🀎🀎🀎+]");
}

TEST_CASE("Glyphs: pasted tiles parse (with emoji variation selectors), others say what they are") {
  CHECK(to_ascii(test::hand("🀚🀛\uFE0F🀜🀜🀝🀞🀟🀟 🀒🀓🀔🀖🀗🀘")) == "345789s23445677p");
  CHECK(to_ascii(test::hand("🀇🀇 234p 【🀐🀐🀐】")) == "11m234p[111s]");
  auto e = parse_hand("123m🀄");
  REQUIRE(!e);
  CHECK(e.error().code == ErrorCode::BadTile);
  CHECK(e.error().column == 5);
  CHECK(e.error().en == "'🀄' is not a tile of Guizhou mahjong, which has only 万, 条 and 筒");
  e = parse_hand("12🀇");
  REQUIRE(!e);
  CHECK(e.error().code == ErrorCode::MissingSuit);
  CHECK(e.error().column == 1);
  e = parse_hand("[🀇🀇🀈]");
  REQUIRE(!e);
  CHECK(e.error().code == ErrorCode::BadMeld);
}

TEST_CASE(
    "Glyphs: --glyphs and QIANMJ_GLYPHS=1 show the tiles beside the digits, JSON keeps text") {
  auto r = test::run_qianmj({"score", "23445677筒345789条", "--zimo", "--zh", "--glyphs"});
  CHECK(r.exit == 0);
  CHECK(r.out.starts_with("手牌    345789条 23445677筒  🀒🀓🀔🀖🀗🀘 🀚🀛🀜🀜🀝🀞🀟🀟\n"));
  CHECK(sh("QIANMJ_GLYPHS=1 " + kBin + " score 23445677筒345789条 --zimo --zh") == r.out);
  CHECK(sh("QIANMJ_GLYPHS=0 " + kBin + " score 23445677筒345789条 --zimo --zh")
            .starts_with("手牌    345789条 23445677筒\n"));
  r = test::run_qianmj({"waits", "[555万] 2344567筒 345条", "--glyphs", "--en"});
  CHECK(r.out.starts_with("Hand      345s 2344567p [555m]  🀒🀓🀔 🀚🀛🀜🀜🀝🀞🀟 [🀋🀋🀋]\n"));
  CHECK(test::run_qianmj({"score", "23445677筒345789条", "--zimo", "--json", "--glyphs"}).out ==
        test::run_qianmj({"score", "23445677筒345789条", "--zimo", "--json"}).out);
}

TEST_CASE(
    "Pipeline rows: an error keeps the columns (code in column 3, message last), the pattern "
    "column is the id in every language") {
  const std::string input = "23445677筒345789条\n23t\n1m\n";
  auto score = test::run_qianmj({"score", "-", "--zimo", "--zh"}, input);
  CHECK(score.exit == 2);
  CHECK(score.out ==
        "345789s23445677p\twin\tpinghu\t1\t18\n"
        "line 2\terror\tbad_suit\t-\t第 3 列：“t”有歧义：条写 s，筒写 p\n"
        "line 3\terror\twrong_tile_count\t-\tscore 需要 14 张牌（杠算 3 张），或 13 张加 "
        "--win；此手牌有 1 张\n");
  auto waits = test::run_qianmj({"waits", "-", "--en"}, "1112345678999m\n{\"hand\": 3}\n");
  CHECK(waits.out ==
        "1112345678999m\tready\t1m 2m 3m 4m 5m 6m 7m 8m 9m\t6\n"
        "line 2\terror\tbad_field\thand: a JSON line needs \"hand\" as a string\n");
  // Every row of either command has the same number of columns, whatever the line.
  std::string mixed;
  for (const char* l : {"1112345678999m", "", "x", "{", "{\"hand\":\"1m\",\"zimo\":1}",
                        "11112345678999m", "23445677p345789s", "\t"})
    mixed += std::string(l) + "\n";
  for (const auto& [cmd, columns] : std::map<std::string, int>{{"score", 5}, {"waits", 4}}) {
    auto r = test::run_qianmj({cmd, "-", "--zh"}, mixed);
    std::istringstream rows(r.out);
    std::string row;
    int n = 0;
    while (std::getline(rows, row)) {
      INFO(cmd << " row " << n + 1 << ": " << row);
      CHECK(std::count(row.begin(), row.end(), '\t') == columns - 1);
      ++n;
    }
    CHECK(n == 6);  // the blank line and the tab alone are skipped
  }
}

TEST_CASE("Pipeline input: a UTF-8 byte order mark is read, and ， and 、 separate groups") {
  auto r = test::run_qianmj({"waits", "-"},
                            "\xEF\xBB\xBF"
                            "1112345678999m\n");
  CHECK(r.exit == 0);
  CHECK(r.out == "1112345678999m\tready\t1m 2m 3m 4m 5m 6m 7m 8m 9m\t6\n");
  r = test::run_qianmj({"score", "-", "--zimo"},
                       "\xEF\xBB\xBF"
                       "23445677p345789s\n");
  CHECK(r.out == "345789s23445677p\twin\tpinghu\t1\t18\n");
  // Only at the start of the input: elsewhere it is a character of the hand.
  r = test::run_qianmj({"waits", "-"},
                       "1112345678999m\n\xEF\xBB\xBF"
                       "1112345678999m\n");
  CHECK(r.out.find("line 2\terror\tbad_char") != std::string::npos);
  CHECK(to_ascii(test::hand("碰5万，2344567筒、345条")) == "345s2344567p[555m]");
  CHECK(to_ascii(test::hand("123万，456万、789万，11条，2233条")) == "123456789m112233s");
}
