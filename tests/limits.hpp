// Shared by the limits tests of issue 6 (limits_*_test.cpp): every input beyond what the
// calculator reads gets an exact answer or a clear coded error, through the real binary where
// the limit is about input. Huge input is streamed through a pipe (nothing is written to
// disk), and the child's peak memory is read back to show an over-long line is skipped, not
// held.
//
// Already covered elsewhere and not repeated in the limits tests: a 120,000-byte argument and
// a 2 MiB pipeline line (cli_test), a 2 MiB and a 17 MiB one-line settle document and a 2 MiB
// settle JSON Lines line (cli_test), 107 '[' into settle (testdata/cli/settle_errors.txt),
// --streak -1 (errors.txt), a 5,000-byte hand and a 600-tile hand in the parser
// (notation_test), streak 10^18 in the library (duyun_test), settle streak 2^64, base
// 2^64-1 and a next streak past 2^63 (settle_cases.jsonl).
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "helpers.hpp"
#include "testdata.hpp"

namespace qianmj::test::limits {

using nlohmann::json;

struct Piped {
  int exit = -1;
  std::string out, err;
  std::size_t fed = 0;  // bytes the child took from its stdin
  // The child's peak resident memory (VmHWM, KiB) after exec, sampled as it runs: when its
  // first answer arrived (`hwm_first`, -1 if never seen) and the highest seen (`hwm_max`).
  long hwm_first = -1, hwm_max = -1;
};

// VmHWM of `pid` once it runs the qianmj binary (a forked child not yet exec'd still has
// the test's own memory), else -1.
inline long child_hwm(pid_t pid) {
  const std::string proc = "/proc/" + std::to_string(pid);
  char exe[4096];
  ssize_t n = readlink((proc + "/exe").c_str(), exe, sizeof exe - 1);
  static const std::string bin = [] {
    char real[4096];
    return realpath(QIANMJ_BIN, real) ? std::string(real) : std::string(QIANMJ_BIN);
  }();
  if (n <= 0 || std::string(exe, static_cast<std::size_t>(n)) != bin) return -1;
  std::istringstream status(test::slurp(proc + "/status"));
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6));
  return -1;
}

// Input as pieces, each repeated: handed out about 1 MiB at a time, never all at once.
struct Piece {
  std::string text;
  std::size_t times = 1;
};

class Feed {
 public:
  explicit Feed(std::vector<Piece> pieces) : pieces_(std::move(pieces)) {}
  bool next(std::string& chunk) {
    chunk.clear();
    while (i_ < pieces_.size() && chunk.size() < (1u << 20)) {
      if (done_ == pieces_[i_].times) {
        ++i_, done_ = 0;
        continue;
      }
      chunk += pieces_[i_].text;
      ++done_;
    }
    return !chunk.empty();
  }
  std::size_t size() const {
    std::size_t n = 0;
    for (const auto& p : pieces_) n += p.text.size() * p.times;
    return n;
  }

 private:
  std::vector<Piece> pieces_;
  std::size_t i_ = 0, done_ = 0;
};

// `times` copies of `unit` as one piece of about `bytes` bytes, in 64 KiB blocks.
inline Piece repeated(const std::string& unit, std::size_t bytes) {
  std::string block;
  while (block.size() < (64u << 10)) block += unit;
  return {block, bytes / block.size()};
}

// Runs the binary with `args`, writing `feed` to its stdin through a pipe while reading its
// stdout and stderr, and sampling its peak memory after each MiB of input and each answer.
// The child may stop reading early (a settle document over 16 MiB): the rest of the input
// is then dropped.
inline Piped run_piped(const std::vector<std::string>& args, Feed feed) {
  int in[2], out[2], err[2];
  REQUIRE(pipe(in) == 0);
  REQUIRE(pipe(out) == 0);
  REQUIRE(pipe(err) == 0);
  pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    dup2(in[0], 0), dup2(out[1], 1), dup2(err[1], 2);
    for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1]}) close(fd);
    setenv("LANG", "C", 1);
    unsetenv("LC_ALL");
    unsetenv("LC_MESSAGES");
    std::string bin = QIANMJ_BIN;
    std::vector<std::string> copy = args;
    std::vector<char*> argv = {bin.data()};
    for (auto& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(bin.c_str(), argv.data());
    _exit(127);
  }
  close(in[0]), close(out[1]), close(err[1]);
  fcntl(in[1], F_SETFL, fcntl(in[1], F_GETFL) | O_NONBLOCK);
  auto old_pipe = std::signal(SIGPIPE, SIG_IGN);
  Piped r;
  std::string chunk;
  std::size_t off = 0;
  bool feeding = feed.next(chunk);
  if (!feeding) close(in[1]);
  bool out_open = true, err_open = true;
  std::vector<char> buf(1u << 16);
  while (feeding || out_open || err_open) {
    pollfd fds[3];
    nfds_t n = 0;
    int in_at = -1, out_at = -1, err_at = -1;
    if (feeding) in_at = int(n), fds[n++] = {in[1], POLLOUT, 0};
    if (out_open) out_at = int(n), fds[n++] = {out[0], POLLIN, 0};
    if (err_open) err_at = int(n), fds[n++] = {err[0], POLLIN, 0};
    if (poll(fds, n, -1) < 0) {
      if (errno == EINTR) continue;
      FAIL("poll: " << std::strerror(errno));
    }
    if (in_at >= 0 && fds[in_at].revents) {
      ssize_t w = write(in[1], chunk.data() + off, chunk.size() - off);
      if (w > 0) {
        off += static_cast<std::size_t>(w);
        r.fed += static_cast<std::size_t>(w);
        if (off == chunk.size()) {
          r.hwm_max = std::max(r.hwm_max, child_hwm(pid));
          off = 0;
          if (!feed.next(chunk)) feeding = false, close(in[1]);
        }
      } else if (w < 0 && errno != EAGAIN && errno != EINTR) {
        feeding = false, close(in[1]);  // EPIPE: the child stopped reading
      }
    }
    for (auto [at, fd, is_open, text] : {std::tuple{out_at, out[0], &out_open, &r.out},
                                         std::tuple{err_at, err[0], &err_open, &r.err}}) {
      if (at < 0 || !fds[at].revents) continue;
      ssize_t got = read(fd, buf.data(), buf.size());
      if (got > 0) {
        text->append(buf.data(), static_cast<std::size_t>(got));
        long hwm = child_hwm(pid);
        r.hwm_max = std::max(r.hwm_max, hwm);
        if (r.hwm_first < 0 && !r.out.empty()) r.hwm_first = hwm;
      } else if (got == 0 || (errno != EAGAIN && errno != EINTR))
        *is_open = false, close(fd);
    }
  }
  std::signal(SIGPIPE, old_pipe);
  int status = 0;
  waitpid(pid, &status, 0);
  r.exit = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return r;
}

inline Piped run_piped(const std::vector<std::string>& args, const std::string& input) {
  return run_piped(args, Feed({{input, 1}}));
}

inline std::vector<json> json_lines(const std::string& out) {
  std::vector<json> lines;
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line)) lines.push_back(json::parse(line));
  return lines;
}

// The code of a JSON error answer, or "ok" for an answer.
inline std::string code(const json& j) {
  return j.contains("error") ? j["error"]["code"].get<std::string>() : "ok";
}
inline long line_of(const json& j) {
  return (j.contains("error") ? j["error"]["line"] : j["line"]).get<long>();
}

// Answer i is for line i + 1, with the code want[i] ("ok" for an answer).
inline void check_codes(const std::vector<json>& answers, const std::vector<std::string>& want) {
  REQUIRE(answers.size() == want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    CHECK(code(answers[i]) == want[i]);
    CHECK(line_of(answers[i]) == long(i) + 1);
  }
}

inline std::string error_code(const test::Run& r) {
  INFO("stdout: " << r.out.substr(0, 400) << "\nstderr: " << r.err.substr(0, 400));
  REQUIRE(r.exit == 2);
  return json::parse(r.out)["error"]["code"].get<std::string>();
}

inline std::vector<std::int64_t> totals(const json& ledger) {
  std::vector<std::int64_t> t;
  for (const auto& s : ledger["seats"]) t.push_back(s["total"].get<std::int64_t>());
  return t;
}

// 10,000 tiles: 123456789m 1,111 times and 1m (more than four copies, and far over 4 KiB).
inline std::string ten_thousand_tiles(bool chinese) {
  std::string h;
  for (int i = 0; i < 1111; ++i) h += chinese ? "123456789万" : "123456789m";
  return h + (chinese ? "1万" : "1m");
}

inline const std::string kGoodTable =
    R"({"dealer": 0, "seats": [{"hand": "2344567筒345789条"}, {}, {}, {}], "result": {"kind": "win", "wins": [{"seat": 0, "tile": "7p"}]}})";

// README's draw table: 四季豆, 花猪, 黄豆 and two 查大叫 payments, one with the dealer.
inline json draw_table(std::int64_t streak) {
  json t = json::parse(
      R"({"dealer": 0, "seats": [{"hand": "2344567筒345789条"}, {"hand": "1357m2468s13579p"},
    {"hand": "[1111s+]1469m258m77s9s"}, {"hand": "1112345678999p"}],
    "kongs": [{"seat": 2, "kind": "added", "tile": "1s"}], "result": {"kind": "draw"}})");
  t["streak"] = streak;
  return t;
}

inline constexpr std::size_t kHundredMB = 100'000'000;

}  // namespace qianmj::test::limits
