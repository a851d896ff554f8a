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
  for (const char* file : {"score.txt", "waits.txt", "rules.txt", "errors.txt"}) {
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
