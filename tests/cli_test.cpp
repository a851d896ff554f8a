// The real binary, end to end: golden score cases (JSON) and exact transcripts.
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "helpers.hpp"
#include "qianmj/version.hpp"
#include "testdata.hpp"
#include "transcripts.hpp"

using namespace qianmj;
using nlohmann::json;

namespace {

std::string payers(const json& j) {
  std::string out;
  for (const auto& p : j["payers"])
    out += (out.empty() ? "" : " ") + p["role"].get<std::string>() + "x" +
           std::to_string(p["count"].get<int>()) + ":" + std::to_string(p["fan"].get<long>()) +
           ":" + std::to_string(p["points"].get<long>());
  return out;
}

}  // namespace

TEST_CASE("CLI score: golden cases through the binary (D1-D5, C3, C4)") {
  auto rows = test::tsv("score_cases.tsv");
  REQUIRE(rows.size() >= 20);
  for (const auto& row : rows) {
    REQUIRE(row.size() == 7);
    std::vector<std::string> args = {"score", row[1]};
    for (const auto& a : test::split_args(row[2])) args.push_back(a);
    args.push_back("--json");
    INFO(row[0] << ": score " << row[1] << " " << row[2]);
    auto r = test::run_qianmj(args);
    CHECK(r.exit == std::stoi(row[3]));
    CHECK(r.err.empty());
    auto j = json::parse(r.out);
    CHECK(j["schema"] == 1);
    CHECK(j["rules"] == "duyun");
    CHECK((j["pattern"].is_null() ? std::string("none") : j["pattern"]["id"].get<std::string>()) ==
          row[4]);
    CHECK(payers(j) == row[5]);
    CHECK(j["total"].get<long>() == std::stol(row[6]));
  }
}

TEST_CASE("CLI transcripts: exact text, JSON, errors and exit codes") {
  for (const char* file : {"score.txt", "waits.txt", "rules.txt", "errors.txt", "settle.txt",
                           "settle_errors.txt", "zunyi.txt", "revised.txt", "words.txt",
                           "lose_nothing.txt", "evening.txt", "declared.txt", "guiyang.txt"}) {
    auto cases = test::transcripts(file);
    REQUIRE_FALSE(cases.empty());
    for (const auto& c : cases) {
      INFO("testdata/cli/" << file << ":" << c.line << " $ " << c.command << "  (" << c.title
                           << ")");
      auto r = test::run_qianmj(test::split_args(c.command), c.input);
      CHECK(r.exit == c.exit);
      CHECK(r.out == test::joined(c.out));
      CHECK(r.err == test::joined(c.err));
    }
  }
}

TEST_CASE("CLI bad bytes and huge arguments: coded errors, never a crash") {
  auto code = [](const test::Run& r) {
    INFO("stdout: " << r.out << " stderr: " << r.err);
    REQUIRE(r.exit == 2);
    return json::parse(r.out)["error"]["code"].get<std::string>();
  };
  auto r = test::run_qianmj({"score",
                             "12\xff"
                             "m",
                             "--json"});
  CHECK(code(r) == "bad_utf8");
  CHECK(json::parse(r.out)["error"]["column"] == 3);
  // One argv string is capped at 128 KiB by the kernel; longer lines come through stdin.
  CHECK(code(test::run_qianmj({"waits", std::string(120000, '1'), "--json"})) == "too_long");
  CHECK(code(test::run_qianmj({"score", "23445677筒345789条", "--rule", "\xff\xfe=1", "--json"})) ==
        "bad_option");
  CHECK(code(test::run_qianmj({"score", "23445677筒345789条", "--win", "\xe4\xb8", "--json"})) ==
        "bad_utf8");
  CHECK(code(test::run_qianmj({"score", "23445677筒345789条", "--win", "77p", "--json"})) ==
        "bad_tile");
  r = test::run_qianmj({"score",
                        "12\xff"
                        "m"});
  CHECK(r.exit == 2);
  CHECK(r.err.find("[bad_utf8]") != std::string::npos);
  CHECK(r.err.find("12?m") != std::string::npos);  // the bad byte is shown as '?'
}

TEST_CASE("Error catalogue: README and the man page list every error code") {
  const std::string readme = test::slurp(std::string(QIANMJ_TESTDATA) + "/../README.md");
  const std::string man = test::slurp(std::string(QIANMJ_TESTDATA) + "/../man/qianmj.1");
  REQUIRE(readme.size() > 1000);
  REQUIRE(man.size() > 1000);
  std::set<std::string> codes;
  for (int i = 0; i <= static_cast<int>(ErrorCode::Internal); ++i) {
    std::string name(code_name(static_cast<ErrorCode>(i)));
    INFO("code " << name);
    CHECK(readme.find("| `" + name + "` |") != std::string::npos);  // a row of the table
    CHECK(man.find(".B " + name + "\n") != std::string::npos);      // an entry under ERRORS
    codes.insert(name);
  }
  CHECK(codes.size() == static_cast<std::size_t>(ErrorCode::Internal) + 1);  // each its own name
  // And they list nothing else: README's table under "### Error codes" has one row a code,
  // the man page's ERRORS one entry a code.
  std::set<std::string> in_readme, in_man;
  REQUIRE(readme.find("### Error codes") != std::string::npos);
  REQUIRE(man.find(".SH ERRORS") != std::string::npos);
  std::istringstream readme_lines(readme.substr(readme.find("### Error codes")));
  std::string line;
  std::getline(readme_lines, line);
  while (std::getline(readme_lines, line) && line.rfind("#", 0) != 0)
    if (line.rfind("| `", 0) == 0) in_readme.insert(line.substr(3, line.find('`', 3) - 3));
  std::istringstream man_lines(man.substr(man.find(".SH ERRORS")));
  std::getline(man_lines, line);
  for (std::string previous; std::getline(man_lines, line) && line.rfind(".SH", 0) != 0;
       previous = line)
    if (previous == ".TP" && line.rfind(".B ", 0) == 0) in_man.insert(line.substr(3));
  CHECK(in_readme == codes);
  CHECK(in_man == codes);
}

TEST_CASE("CLI --help and --version exit 0") {
  auto r = test::run_qianmj({"--help"});
  CHECK(r.exit == 0);
  CHECK(r.out.find("score") != std::string::npos);
  CHECK(r.out.find("waits") != std::string::npos);
  r = test::run_qianmj({"score", "--help"});
  CHECK(r.exit == 0);
  CHECK(r.out.find("--streak") != std::string::npos);
  r = test::run_qianmj({"--version"});
  CHECK(r.exit == 0);
  CHECK(r.out == std::string("qianmj ") + QIANMJ_VERSION + "\n");
}

TEST_CASE("CLI language: --zh/--en, else the locale") {
  auto r = test::run_qianmj({"waits", "2344567筒345789条"});
  CHECK(r.out.rfind("Hand", 0) == 0);  // LANG=C
  r = test::run_qianmj({"waits", "2344567筒345789条", "--zh"});
  CHECK(r.out.rfind("手牌", 0) == 0);
  r = test::run_qianmj({"--zh", "waits", "2344567筒345789条"});  // before the subcommand too
  CHECK(r.out.rfind("手牌", 0) == 0);
  CHECK(test::run_qianmj({"waits", "2344567筒345789条", "--zh", "--en"}).exit == 2);
  r = test::run_qianmj({"waits", "2344567筒345789条"}, "", "zh_CN.UTF-8");
  CHECK(r.out.rfind("手牌", 0) == 0);
  r = test::run_qianmj({"waits", "2344567筒345789条", "--en"}, "", "zh_CN.UTF-8");
  CHECK(r.out.rfind("Hand", 0) == 0);
}

TEST_CASE(
    "Pipelines: one answer a line, in order — a bad line costs no other line (INTERFACE §2)") {
  std::string input =
      "2344567筒345789条\n"               // 1 ready
      "23t\n"                             // 2 bad suit
      "\n"                                // 3 blank: skipped, no answer
      "1111m234p567p789s\r\n"             // 4 not ready (CRLF)
      "{\"hand\": \"1112345678999m\"}\n"  // 5 JSON line
      "{\"hand\": 5}\n"                   // 6 bad field
      "12\xff"
      "m\n"  // 7 invalid UTF-8
      + std::string(2u << 20, '1') +
      "\n"                // 8 a 2 MiB line
      "2344567p345789s";  // 9 no final newline
  auto r = test::run_qianmj({"waits", "-", "--json"}, input);
  CHECK(r.exit == 2);
  std::vector<json> answers;
  std::istringstream lines(r.out);
  std::string line;
  while (std::getline(lines, line)) answers.push_back(json::parse(line));
  REQUIRE(answers.size() == 8);
  const char* want[] = {"ready",     "bad_suit", "not-ready", "ready",
                        "bad_field", "bad_utf8", "too_long",  "ready"};
  for (std::size_t i = 0; i < 8; ++i) {
    INFO("answer " << i + 1 << ": " << answers[i].dump().substr(0, 200));
    CHECK((answers[i].contains("error") ? answers[i]["error"]["line"] : answers[i]["line"]) ==
          (i < 2 ? i + 1 : i + 2));  // line numbers count the skipped blank line
    if (answers[i].contains("error"))
      CHECK(answers[i]["error"]["code"] == want[i]);
    else
      CHECK((answers[i]["ready"].get<bool>() ? "ready" : "not-ready") == std::string(want[i]));
  }
  // All good lines: exit 0; text answers are one tab-separated line each.
  r = test::run_qianmj({"waits", "-"}, "2344567筒345789条\n1111m234p567p789s\n");
  CHECK(r.exit == 0);
  CHECK(r.out == "345789s2344567p\tready\t1p 4p 7p\t1\n1111m789s234567p\tnot-ready\t-\t-\n");
  r = test::run_qianmj({"score", "-", "--zimo", "--line-buffered"},
                       "23445677p345789s\n{\"hand\": \"111222444m33399p\", \"zimo\": false}\n");
  CHECK(r.exit == 0);
  CHECK(r.out == "345789s23445677p\twin\tpinghu\t1\t18\n111222444m33399p\twin\tduiduihu\t3\t18\n");
  r = test::run_qianmj(
      {"score", "-", "--json"},
      "{\"hand\": \"23445677p345789s\", \"streak\": -1}\n{\"hand\": \"x\", \"bogus\": 1}\n");
  CHECK(r.exit == 2);
  CHECK(r.out.find("\"code\":\"out_of_range\"") != std::string::npos);
  CHECK(r.out.find("\"field\":\"bogus\"") != std::string::npos);
}

TEST_CASE("Pipelines: settle reads JSON Lines, one ledger a line, bad tables answered in place") {
  std::string good =
      R"({"dealer": 0, "seats": [{"hand": "2344567筒345789条"}, {}, {}, {}], "result": {"kind": "win", "wins": [{"seat": 0, "tile": "7p"}]}})";
  auto r =
      test::run_qianmj({"settle", "-", "--json"}, good + "\n{\"dealer\": 9}\n\n" + good + "\n");
  CHECK(r.exit == 2);
  std::vector<json> answers;
  std::istringstream lines(r.out);
  std::string line;
  while (std::getline(lines, line)) answers.push_back(json::parse(line));
  REQUIRE(answers.size() == 3);  // the blank line is no table
  CHECK(answers[0]["line"] == 1);
  CHECK(answers[0]["seats"][0]["total"] == 18);
  CHECK(answers[1]["error"]["line"] == 2);
  CHECK(answers[1]["error"]["field"] == "dealer");
  CHECK(answers[2]["line"] == 4);
  // A long first line that is no JSON is a table in words, one a line: answered too_long in
  // place (over 1 MiB), not skipped in favour of what follows it, which is priced.
  r = test::run_qianmj({"settle", "--json"}, std::string(2u << 20, ' ') + "x\n" + good + "\n");
  CHECK(r.exit == 2);
  answers.clear();
  std::istringstream two(r.out);
  while (std::getline(two, line)) answers.push_back(json::parse(line));
  REQUIRE(answers.size() == 2);
  CHECK(answers[0]["error"]["code"] == "too_long");
  CHECK(answers[0]["error"]["line"] == 1);
  CHECK(answers[1]["line"] == 2);
  // A broken first table followed by a table: each line a table, the broken one answered in
  // place (a 2 MiB line: too_long), the next one priced.
  r = test::run_qianmj({"settle", "--json"}, std::string(2u << 20, ' ') + "{\n" + good + "\n");
  CHECK(r.exit == 2);
  answers.clear();
  std::istringstream broken(r.out);
  while (std::getline(broken, line)) answers.push_back(json::parse(line));
  REQUIRE(answers.size() == 2);
  CHECK(answers[0]["error"]["code"] == "too_long");
  CHECK(answers[1]["seats"][0]["total"] == 18);
  // A document that spans lines is still one document, its syntax error one error.
  r = test::run_qianmj({"settle", "--json"}, "{\"dealer\": 0,\n\n  \"seats\": [}\n");
  CHECK(r.exit == 2);
  CHECK(json::parse(r.out)["error"]["code"] == "bad_json");
  // So is one saved by Notepad, a byte order mark before it: one table, priced.
  r = test::run_qianmj({"settle", "--json"},
                       "\xEF\xBB\xBF{\n  \"dealer\": 0,\n  \"seats\": [{\"hand\": "
                       "\"2344567p345789s\"}, {}, {}, {}],\n  \"result\": {\"kind\": \"win\", "
                       "\"wins\": [{\"seat\": 0, \"tile\": \"7p\"}]}\n}\n");
  CHECK(r.exit == 0);
  CHECK(json::parse(r.out)["seats"][0]["total"] == 18);
  // A first line over 16 MiB is answered too_long in place, like any other line, and the
  // table after it priced ([0/5]: it was the whole input's error).
  r = test::run_qianmj({"settle", "--json"}, std::string(17u << 20, ' ') + "x\n" + good + "\n");
  CHECK(r.exit == 2);
  answers.clear();
  std::istringstream over(r.out);
  while (std::getline(over, line)) answers.push_back(json::parse(line));
  REQUIRE(answers.size() == 2);
  CHECK(answers[0]["error"]["line"] == 1);
  CHECK(answers[1]["line"] == 2);
  // In JSON Lines, a line over 1 MiB is answered too_long in place.
  r = test::run_qianmj({"settle", "-", "--json"},
                       good + "\n" + std::string(2u << 20, ' ') + good + "\n" + good + "\n");
  CHECK(r.exit == 2);
  answers.clear();
  std::istringstream lines2(r.out);
  while (std::getline(lines2, line)) answers.push_back(json::parse(line));
  REQUIRE(answers.size() == 3);
  CHECK(answers[1]["error"]["code"] == "too_long");
  CHECK(answers[1]["error"]["line"] == 2);
  CHECK(answers[2]["line"] == 3);
  // A pretty-printed table over several lines is still one document.
  r = test::run_qianmj(
      {"settle", "--json"},
      "{\"dealer\": 0,\n \"seats\": [{\"hand\": \"2344567筒345789条\"}, {}, {}, {}],\n"
      " \"result\": {\"kind\": \"win\", \"wins\": [{\"seat\": 0, \"tile\": \"7p\"}]}}\n");
  CHECK(r.exit == 0);
  CHECK(json::parse(r.out)["seats"][0]["total"] == 18);
}

TEST_CASE(
    "Pipelines: settle - prices each line by its own rules and house rules (a rule set made for "
    "one table is used again only for the same ones)") {
  const std::string table =
      R"({"dealer": 1, "seats": [{"hand": "123456m345s11p46p"}, {"hand": "5566778899m11s5p"}, {}, {}], "kongs": [{"seat": 2, "kind": "direct", "tile": "9s", "from": 3}], "result": {"kind": "win", "wins": [{"seat": 0, "tile": "5p", "from": 2, "after_kong": true}, {"seat": 1, "tile": "5p", "from": 2, "after_kong": true}]})";
  const std::string plain = table + "}\n", base5 = table + R"(, "options": {"base": 5}})" + "\n",
                    split = table + R"(, "options": {"gangshangpao-split": true}})" + "\n",
                    zunyi = table + R"(, "rules": "zunyi"})" + "\n";
  for (const char* jobs : {"1", "2"}) {
    auto r = test::run_qianmj({"settle", "-", "--json", "-j", jobs},
                              plain + base5 + plain + split + split + zunyi + plain);
    INFO(r.err);
    std::vector<json> a;
    std::istringstream lines(r.out);
    std::string line;
    while (std::getline(lines, line)) a.push_back(json::parse(line));
    REQUIRE(a.size() == 7);
    auto totals = [&](std::size_t k) {
      std::vector<std::int64_t> t;
      for (const auto& seat : a[k]["seats"]) t.push_back(seat["total"].get<std::int64_t>());
      return t;
    };
    const std::vector<std::int64_t> six = {18, 48, -60, -6}, five = {15, 40, -50, -5},
                                    halves = {15, 45, -54, -6};  // H: gangshangpao-split
    CHECK(totals(0) == six);
    CHECK(totals(1) == five);
    CHECK(totals(2) == six);
    CHECK(totals(3) == halves);
    CHECK(totals(4) == halves);
    CHECK(a[5]["rules"] == "zunyi");
    CHECK(totals(6) == six);
  }
}

TEST_CASE(
    "CLI settle: every golden table in words goes through --to-json and back to the same ledger "
    "(settle reads its own --to-json output)") {
  std::string words;
  int lines = 0;
  for (const auto& row : test::tsv("settle_words.txt"))
    if (row.at(1) != "-") words += row[1] + "\n", ++lines;
  REQUIRE(lines > 50);
  auto direct = test::run_qianmj({"settle", "-", "--json"}, words);
  auto as_json = test::run_qianmj({"settle", "-", "--to-json", "--json"}, words);
  auto again = test::run_qianmj({"settle", "-", "--json"}, as_json.out);
  std::istringstream a(direct.out), b(as_json.out), c(again.out);
  std::string la, lb, lc;
  int compared = 0;
  for (int n = 1; std::getline(a, la) && std::getline(b, lb) && std::getline(c, lc); ++n) {
    INFO("line " << n << ": " << lb);
    auto ja = json::parse(la), jb = json::parse(lb), jc = json::parse(lc);
    CHECK_FALSE(jb.contains("line"));  // a table, not an answer: settle reads it back
    if (jb.contains("error")) {
      CHECK(ja.contains("error"));
      continue;
    }
    if (ja.contains("error")) {  // refused alike (words point at a word, JSON at a field)
      CHECK(jc["error"]["code"] == ja["error"]["code"]);
      CHECK(jc["error"]["message"] == ja["error"]["message"]);
      continue;
    }
    ja.erase("line"), jc.erase("line");
    CHECK(ja == jc);
    ++compared;
  }
  CHECK(compared > 40);  // 48 priced, the rest refused alike
  CHECK(std::getline(a, la).eof());
}

TEST_CASE(
    "CLI pipelines: a last line without its newline is answered, marked \"unterminated\" in JSON, "
    "with a warning on stderr") {
  const std::string hand = "2344567p345789s";
  auto w = test::run_qianmj({"waits", "-", "--json"}, hand + "\n" + hand);
  CHECK(w.exit == 0);
  std::istringstream lines(w.out);
  std::string first, last;
  REQUIRE(std::getline(lines, first));
  REQUIRE(std::getline(lines, last));
  CHECK_FALSE(json::parse(first).contains("unterminated"));
  CHECK(json::parse(last)["unterminated"] == true);
  CHECK(json::parse(last)["line"] == 2);
  CHECK(w.err ==
        "qianmj: warning: line 2 has no newline at its end: answered as it was (was the "
        "input cut short?)\n");
  // Every line whole: no note, no warning.
  auto whole = test::run_qianmj({"waits", "-", "--json"}, hand + "\n" + hand + "\n");
  CHECK(whole.out.find("unterminated") == std::string::npos);
  CHECK(whole.err.empty());
  // settle JSON Lines and session, in Chinese too.
  const std::string words = "庄东 东:2344567筒345789条 东自摸7筒";
  auto s = test::run_qianmj({"settle", "-", "--json", "--zh"}, words + "\n" + words);
  CHECK(s.exit == 0);
  CHECK(s.out.find("\"unterminated\":true") != std::string::npos);
  CHECK(s.err.find("第 2 行末尾没有换行") != std::string::npos);
  auto e = test::run_qianmj({"session", "-", "--json"}, words + "\n" + words);
  CHECK(e.exit == 0);
  CHECK(std::count(e.out.begin(), e.out.end(), '\n') == 3);  // two hands and the summary
  CHECK(e.out.find("\"unterminated\":true") != std::string::npos);
  CHECK(e.err.find("line 2 has no newline") != std::string::npos);
}
