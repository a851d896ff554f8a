// The CLI transcripts of testdata/cli/*.txt, read for the tests that replay them.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "testdata.hpp"

namespace qianmj::test {

struct Case {
  std::string title, command, input;
  std::vector<std::string> out, err;
  int exit = 0;
  int line = 0;
};

// testdata/cli/*.txt: "$ ARGS" runs qianmj, "< TEXT" feeds stdin, "> " expected stdout,
// "! " expected stderr, "? N" the exit code. "# " comments; a blank line ends a case.
inline std::vector<Case> transcripts(const std::string& name) {
  std::vector<Case> cases;
  std::istringstream in(slurp(testdata("cli/" + name)));
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
      if (cur.command.empty())
        cur.title += line.substr(std::min<std::size_t>(2, line.size())) + " ";
      continue;
    }
    std::string body = line.size() > 2 ? line.substr(2) : "";
    switch (line[0]) {
      case '$':
        cur.command = body, cur.line = n;
        break;
      case '<':
        cur.input += body + "\n";
        break;
      case '>':
        cur.out.push_back(body);
        break;
      case '!':
        cur.err.push_back(body);
        break;
      case '?':
        cur.exit = std::stoi(body);
        break;
      default:
        FAIL("testdata/cli/" << name << ":" << n << ": unknown line: " << line);
    }
  }
  flush();
  return cases;
}

inline std::string joined(const std::vector<std::string>& lines) {
  std::string s;
  for (const auto& l : lines) s += l + "\n";
  return s;
}

}  // namespace qianmj::test
