// Reading golden files from testdata/ and running the real binary.
#pragma once

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace qianmj::test {

inline std::string testdata(const std::string& name) {
  return std::string(QIANMJ_TESTDATA) + "/" + name;
}

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Rows of a tab-separated file, skipping blank lines and # comments.
inline std::vector<std::vector<std::string>> tsv(const std::string& name) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(slurp(testdata(name)));
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cells;
    std::size_t start = 0;
    while (true) {
      auto tab = line.find('\t', start);
      cells.push_back(line.substr(start, tab - start));
      if (tab == std::string::npos) break;
      start = tab + 1;
    }
    rows.push_back(cells);
  }
  return rows;
}

// The hands of the golden files (seed examples and score cases), as written there.
inline std::vector<std::string> golden_hands() {
  std::vector<std::string> hands;
  for (const auto& row : tsv("seed_examples.tsv")) hands.push_back(row.at(0));
  for (const auto& row : tsv("score_cases.tsv")) hands.push_back(row.at(1));
  return hands;
}

// Splits on spaces; 'single quotes' group words (no escapes inside).
inline std::vector<std::string> split_args(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  bool quoted = false, any = false;
  for (char c : s) {
    if (c == '\'') {
      quoted = !quoted;
      any = true;
    } else if (c == ' ' && !quoted) {
      if (any || !cur.empty()) out.push_back(cur);
      cur.clear();
      any = false;
    } else {
      cur += c;
    }
  }
  if (any || !cur.empty()) out.push_back(cur);
  return out;
}

struct Run {
  int exit = -1;
  std::string out, err;
};

// In a forked child: becomes the qianmj binary with `args` (exit 127 if it cannot).
[[noreturn]] inline void exec_qianmj(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  std::string bin = QIANMJ_BIN;
  argv.push_back(bin.data());
  std::vector<std::string> copy = args;
  for (auto& a : copy) argv.push_back(a.data());
  argv.push_back(nullptr);
  execv(bin.c_str(), argv.data());
  _exit(127);
}

// Runs the qianmj binary with `args`, `input` on stdin, LANG=`lang` and no LC_ALL.
inline Run run_qianmj(const std::vector<std::string>& args, const std::string& input = "",
                      const std::string& lang = "C") {
  char dir_template[] = "/tmp/qianmj-test-XXXXXX";
  std::string dir = mkdtemp(dir_template);
  std::string in_path = dir + "/in", out_path = dir + "/out", err_path = dir + "/err";
  std::ofstream(in_path, std::ios::binary) << input;
  pid_t pid = fork();
  if (pid == 0) {
    int in = open(in_path.c_str(), O_RDONLY);
    int out = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    dup2(in, 0), dup2(out, 1), dup2(err, 2);
    setenv("LANG", lang.c_str(), 1);
    unsetenv("LC_ALL");
    unsetenv("LC_MESSAGES");
    unsetenv("COLUMNS");  // the wide layout, whatever terminal runs the suite
    unsetenv("QIANMJ_GLYPHS");
    exec_qianmj(args);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  Run r;
  r.exit = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = slurp(out_path);
  r.err = slurp(err_path);
  std::remove(in_path.c_str()), std::remove(out_path.c_str()), std::remove(err_path.c_str());
  rmdir(dir.c_str());
  return r;
}

}  // namespace qianmj::test
