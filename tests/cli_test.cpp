// The real binary, end to end: golden score cases (JSON) and exact transcripts.
#include <nlohmann/json.hpp>

#include "helpers.hpp"
#include "testdata.hpp"

using namespace qianmj;
using nlohmann::json;

namespace {

std::string payers(const json& j) {
  std::string out;
  for (const auto& p : j["payers"])
    out += (out.empty() ? "" : " ") + p["role"].get<std::string>() + "x" + std::to_string(p["count"].get<int>()) +
           ":" + std::to_string(p["fan"].get<long>()) + ":" + std::to_string(p["points"].get<long>());
  return out;
}

struct Case {
  std::string title, command, input;
  std::vector<std::string> out, err;
  int exit = 0;
  int line = 0;
};

// testdata/cli/*.txt: "$ ARGS" runs qianmj, "< TEXT" feeds stdin, "> " expected stdout,
// "! " expected stderr, "? N" the exit code. "# " comments; a blank line ends a case.
std::vector<Case> transcripts(const std::string& name) {
  std::vector<Case> cases;
  std::istringstream in(test::slurp(test::testdata("cli/" + name)));
  std::string line;
  Case cur;
  int n = 0;
  auto flush = [&] {
    if (!cur.command.empty()) cases.push_back(cur);
    cur = Case{};
  };
  while (std::getline(in, line)) {
    ++n;
    if (line.empty()) {
      flush();
      continue;
    }
    if (line.rfind("# ", 0) == 0 || line == "#") {
      if (cur.command.empty()) cur.title += line.substr(std::min<std::size_t>(2, line.size())) + " ";
      continue;
    }
    std::string body = line.size() > 2 ? line.substr(2) : "";
    switch (line[0]) {
      case '$': cur.command = body, cur.line = n; break;
      case '<': cur.input += body + "\n"; break;
      case '>': cur.out.push_back(body); break;
      case '!': cur.err.push_back(body); break;
      case '?': cur.exit = std::stoi(body); break;
      default: FAIL("testdata/cli/" << name << ":" << n << ": unknown line: " << line);
    }
  }
  flush();
  return cases;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string s;
  for (const auto& l : lines) s += l + "\n";
  return s;
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
    CHECK((j["pattern"].is_null() ? std::string("none") : j["pattern"]["id"].get<std::string>()) == row[4]);
    CHECK(payers(j) == row[5]);
    CHECK(j["total"].get<long>() == std::stol(row[6]));
  }
}

TEST_CASE("CLI transcripts: exact text, JSON, errors and exit codes") {
  for (const char* file : {"score.txt", "waits.txt", "rules.txt", "errors.txt", "settle.txt", "settle_errors.txt", "zunyi.txt"}) {
    auto cases = transcripts(file);
    REQUIRE_FALSE(cases.empty());
    for (const auto& c : cases) {
      INFO("testdata/cli/" << file << ":" << c.line << " $ " << c.command << "  (" << c.title << ")");
      auto r = test::run_qianmj(test::split_args(c.command), c.input);
      CHECK(r.exit == c.exit);
      CHECK(r.out == joined(c.out));
      CHECK(r.err == joined(c.err));
    }
  }
}

TEST_CASE("CLI bad bytes and huge arguments: coded errors, never a crash") {
  auto code = [](const test::Run& r) {
    INFO("stdout: " << r.out << " stderr: " << r.err);
    REQUIRE(r.exit == 2);
    return json::parse(r.out)["error"]["code"].get<std::string>();
  };
  auto r = test::run_qianmj({"score", "12\xff" "m", "--json"});
  CHECK(code(r) == "bad_utf8");
  CHECK(json::parse(r.out)["error"]["column"] == 3);
  // One argv string is capped at 128 KiB by the kernel; longer lines come through stdin.
  CHECK(code(test::run_qianmj({"waits", std::string(120000, '1'), "--json"})) == "too_long");
  CHECK(code(test::run_qianmj({"score", "23445677筒345789条", "--rule", "\xff\xfe=1", "--json"})) == "bad_option");
  CHECK(code(test::run_qianmj({"score", "23445677筒345789条", "--win", "\xe4\xb8", "--json"})) == "bad_utf8");
  CHECK(code(test::run_qianmj({"score", "23445677筒345789条", "--win", "77p", "--json"})) == "bad_tile");
  r = test::run_qianmj({"score", "12\xff" "m"});
  CHECK(r.exit == 2);
  CHECK(r.err.find("[bad_utf8]") != std::string::npos);
  CHECK(r.err.find("12?m") != std::string::npos);  // the bad byte is shown as '?'
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
