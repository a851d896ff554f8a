// -j N: the pipelines answer on several threads, and nothing a script sees changes: the same
// bytes, in input order, with the right line numbers and exit status, in bounded memory.
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "generators.hpp"
#include "limits.hpp"
#include "pipeline.hpp"
#include "testdata.hpp"

using namespace qianmj;

namespace {

// 12,000 lines: golden hands, random hands, blank lines, broken hands and broken JSON.
std::string mixed_hands(bool waits) {
  test::Rng rng(waits ? 7 : 8);
  const auto golden = test::golden_hands();
  REQUIRE(golden.size() > 30);
  std::ostringstream in;
  for (int i = 0; i < 12000; ++i) {
    switch (test::uniform(rng, 0, 9)) {
      case 0:
        in << "23t\n";
        break;
      case 1:
        in << "{\"hand\": 3}\n";
        break;
      case 2:
        in << "\n";
        break;
      case 3:
        in << test::one_of(rng, golden) << "\n";
        break;
      default:
        in << to_ascii(test::random_hand(rng, waits ? 13 : 14)) << "\n";
    }
  }
  return in.str();
}

// 3,000 settle JSON lines: random tables of both rule sets, some invalid, some blank lines.
std::string mixed_tables() {
  test::Rng rng(9);
  std::ostringstream in;
  for (int i = 0; i < 3000; ++i) {
    if (test::chance(rng, 3)) in << "\n";
    if (test::chance(rng, 2)) in << "{broken\n";
    in << test::random_table(rng, test::chance(rng, 50)).table.dump() << "\n";
  }
  return in.str();
}

// A writer that waits for each answer before it sends the next line (a script driving qianmj
// as a coprocess): the answers it waits for, each within 5 s, or fewer when one never came.
// The first `headers` lines are answered by nothing.
// qianmj with `args`, its stdin the pipe `to` (written at to[1]) and its stdout `from`
// (read at from[0]); the ends the child uses are closed here.
pid_t spawn_piped(const std::vector<std::string>& args, int (&to)[2], int (&from)[2]) {
  REQUIRE(pipe(to) == 0);
  REQUIRE(pipe(from) == 0);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(to[0], 0), dup2(from[1], 1);
    close(to[0]), close(to[1]), close(from[0]), close(from[1]);
    test::exec_qianmj(args);
  }
  close(to[0]), close(from[1]);
  return pid;
}

int answered_one_by_one(const std::vector<std::string>& args, const std::vector<std::string>& lines,
                        std::size_t headers, int lines_an_answer) {
  auto pipe_signal = signal(SIGPIPE, SIG_IGN);  // qianmj gone early fails the check, not the run
  int to[2], from[2];
  pid_t pid = spawn_piped(args, to, from);
  int answered = 0;
  std::string got;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::string text = lines[i] + "\n";
    if (write(to[1], text.data(), text.size()) != static_cast<ssize_t>(text.size())) break;
    if (i < headers) continue;
    int want = lines_an_answer;
    while (want > 0) {
      pollfd p{from[0], POLLIN, 0};
      if (poll(&p, 1, 5000) <= 0) break;  // no answer: it waits for the next line
      char buf[4096];
      ssize_t n = read(from[0], buf, sizeof buf);
      if (n <= 0) break;
      want -= static_cast<int>(std::count(buf, buf + n, '\n'));
    }
    if (want > 0) break;
    ++answered;
  }
  close(to[1]);
  kill(pid, SIGTERM);
  close(from[0]);
  waitpid(pid, nullptr, 0);
  signal(SIGPIPE, pipe_signal);
  return answered;
}

}  // namespace

TEST_CASE(
    "Pipelines -j: a script that waits for each answer before its next line gets it, from "
    "waits -, score -, settle - and session at -j 1, 2 and 4") {
  for (const char* jobs : {"1", "2", "4"}) {
    INFO("-j " << jobs);
    CHECK(answered_one_by_one({"waits", "-", "--json", "-j", jobs},
                              {"1112345678999m", "23t", "2344567p345789s", "1112345678999m"}, 0,
                              1) == 4);
    CHECK(answered_one_by_one({"score", "-", "--zimo", "-j", jobs},
                              {"23445677筒345789条", "23t", "11223344556677m"}, 0, 1) == 3);
    // settle - too: its first table is answered before a second line comes (a bot that
    // waits for each answer got none), a comment first gets no answer.
    CHECK(answered_one_by_one({"settle", "-", "--json", "-j", jobs},
                              {"# tonight", "庄东 东:2344567筒345789条 东自摸7筒", "东发财",
                               R"({"dealer":1,"seats":[{},{"hand":"2344567p345789s"},{},{}],)"
                               R"("result":{"kind":"win","wins":[{"seat":1,"tile":"7p"}]}})",
                               "庄西 西:2344567筒345789条 西自摸7筒"},
                              1, 1) == 4);
    // The first hand too: its answer goes out before the next line is read.
    CHECK(answered_one_by_one({"session", "-", "--zh", "-j", jobs},
                              {"玩家 甲 乙 丙 丁", "庄甲", "甲:2344567筒345789条 甲自摸7筒",
                               "甲:2344567筒345789条 甲自摸7筒", "乙逃跑"},
                              2, 3) == 3);
  }
}

TEST_CASE(
    "Pipelines -j: score -, waits - and settle - print the same bytes and exit status with -j 1, "
    "2 and 4, errors in place with their line numbers") {
  struct Case {
    std::vector<std::string> args;
    std::string input;
  };
  const std::string hands14 = mixed_hands(false), hands13 = mixed_hands(true),
                    tables = mixed_tables();
  const std::vector<Case> cases = {
      {{"score", "-", "--json"}, hands14},
      {{"score", "-", "--zh"}, hands14},
      {{"waits", "-", "--json"}, hands13},
      {{"waits", "-"}, hands13},
      {{"settle", "-", "--json"}, tables},
      {{"settle", "-", "--en"}, tables},
      {{"settle", "-", "--json", "--seat", "2"}, tables},
  };
  for (const auto& c : cases) {
    INFO(c.args[0] << " " << c.args.back());
    auto args = c.args;
    args.push_back("-j");
    args.push_back("1");
    auto one = test::run_qianmj(args, c.input);
    REQUIRE(one.out.size() > 10000);
    CHECK(one.exit == 2);  // some lines are errors
    for (const char* jobs : {"2", "4"}) {
      args.back() = jobs;
      auto many = test::run_qianmj(args, c.input);
      CHECK(many.exit == one.exit);
      CHECK(many.err == one.err);
      CHECK(many.out == one.out);
    }
  }
  // The line numbers name the input's lines: 3,000 blank lines and comments (skipped, no
  // answer), then a bad one at 3,001.
  std::string skipped;
  for (int i = 0; i < 1500; ++i) skipped += "\n# a comment\n";
  auto r = test::run_qianmj({"waits", "-", "--json", "-j", "4"}, skipped + "23t\n");
  std::istringstream answers(r.out);
  std::string row;
  long n = 0;
  while (std::getline(answers, row)) ++n;
  CHECK(n == 1);
  CHECK(r.out.find("\"line\":3001") != std::string::npos);
  CHECK(r.out.find("\"code\":\"bad_suit\"") != std::string::npos);
}

TEST_CASE("Pipelines -j: memory stays bounded with -j 4 over 30 MB of input, and -j is checked") {
  // 2,000,000 lines: a fixed number of blocks in flight, whatever the input's size.
  test::limits::Feed feed({test::limits::repeated("1112345678999m\n", 30'000'000)});
  const std::size_t size = feed.size();
#ifdef QIANMJ_SANITIZED
  // ASan keeps freed memory in quarantine (256 MB by default): two million lines' strings
  // would show as growth. A small quarantine keeps the bound meaningful there too.
  const char* asan = std::getenv("ASAN_OPTIONS");
  const std::string asan_before = asan ? asan : "";
  setenv("ASAN_OPTIONS", (asan_before + ":quarantine_size_mb=8").c_str(), 1);
#endif
  auto r = test::limits::run_piped({"waits", "-", "-j", "4"}, std::move(feed));
#ifdef QIANMJ_SANITIZED
  setenv("ASAN_OPTIONS", asan_before.c_str(), 1);
#endif
  CHECK(r.exit == 0);
  CHECK(r.fed == size);
  CHECK(static_cast<std::size_t>(std::count(r.out.begin(), r.out.end(), '\n')) == size / 15);
  REQUIRE(r.hwm_first > 0);
  // Measured: under 2 MiB of growth (15 MiB under ASan with an 8 MB quarantine); holding the
  // input would be 30 MB.
  CHECK(r.hwm_max - r.hwm_first < 24 * 1024);
  CHECK(test::run_qianmj({"waits", "-", "-j", "0"}, "").exit == 2);
  CHECK(test::run_qianmj({"waits", "-", "-j", "65"}, "").exit == 2);
  CHECK(test::run_qianmj({"settle", "-", "-j", "x"}, "").exit == 2);
}

TEST_CASE(
    "Pipelines -j: a block used again keeps at most 1 MiB of its lines' and answers' buffers") {
  cli::LineBlock b;
  // Long lines and answers in every slot: 128 x 2 x 100 KB held while the block is in flight.
  for (int round = 0; round < 3; ++round) {
    for (int i = 0; i < 128; ++i) b.add().text.assign(100'000, 'x');
    b.answers.resize(b.size);
    for (auto& a : b.answers) a.text.assign(100'000, 'y');
    CHECK(b.size == 128);
    b.recycle();
    CHECK(b.size == 0);
    std::size_t kept = 0, with_buffer = 0;
    for (const auto& l : b.lines) kept += l.text.capacity(), with_buffer += l.text.capacity() > 15;
    for (const auto& a : b.answers)
      kept += a.text.capacity(), with_buffer += a.text.capacity() > 15;
    CHECK(kept <= cli::LineBlock::kKeeps + 2 * 128 * 15);  // short strings' own space aside
    CHECK(with_buffer == 10);  // ten 100 KB buffers fit in 1 MiB, the eleventh does not
  }
  // Uses of fewer and fewer lines, each long only in its last five: what the earlier, longer
  // uses left in the later slots counts against the cap too (without that, 1 MiB stays
  // behind at each length: 128, 64, ... 8 lines).
  cli::LineBlock shrinking;
  for (std::size_t lines = 128; lines >= 8; lines /= 2) {
    for (std::size_t i = 0; i < lines; ++i)
      shrinking.add().text.assign(i + 5 < lines ? 1 : 100'000, 'x');
    shrinking.answers.resize(std::max(shrinking.answers.size(), shrinking.size));
    for (std::size_t i = 0; i < lines; ++i)
      shrinking.answers[i].text.assign(i + 5 < lines ? 1 : 100'000, 'y');
    shrinking.recycle();
    std::size_t kept = 0;
    for (const auto& l : shrinking.lines) kept += l.text.capacity();
    for (const auto& a : shrinking.answers) kept += a.text.capacity();
    CHECK(kept <= cli::LineBlock::kKeeps + 2 * 128 * 15);
  }
  // Short lines keep their buffers: the next use allocates nothing.
  for (int i = 0; i < 100; ++i) b.add().text.assign(40, 'z');
  const char* data = b.lines[50].text.data();
  b.recycle();
  b.add();
  for (int i = 1; i < 100; ++i) b.add().text.assign(30, 'w');
  CHECK(b.lines[50].text.data() == data);
}

TEST_CASE(
    "D10 Z8 session -j: evenings of over 3,000 hands read ahead on 2 and 4 threads and prints the "
    "same bytes and exit status as -j 1, and a bad hand still stops it at its line") {
  for (const char* name : {"duyun", "zunyi"}) {
    INFO(name);
    std::istringstream in(test::slurp(test::testdata(std::string("session/") + name + ".txt")));
    std::string header, hands, line;
    while (std::getline(in, line)) {
      bool hand = line.find(':') != std::string::npos;
      (hand ? hands : header) += line + "\n";
    }
#ifdef QIANMJ_SANITIZED
    // 400 KB took 53 s under the sanitizers: there, a quarter of it (still many blocks).
    constexpr std::size_t kSize = 100'000;
#else
    constexpr std::size_t kSize = 400'000;
#endif
    std::string evening = header;
    for (int k = 0; evening.size() < kSize; ++k)
      evening += hands + (k % 7 == 0 ? "\n# a comment\n" : "");
    std::string bad = evening + "阿明:2344567筒345789条 阿明自摸7x\n" + hands;
    for (const std::string* input : {&evening, &bad})
      for (const char* mode : {"--json", "--zh", "--csv"}) {
        INFO(mode << (input == &bad ? " with a bad hand" : ""));
        auto one = test::run_qianmj({"session", "-", mode, "-j", "1"}, *input);
        REQUIRE(one.out.size() > kSize / 4);
        CHECK(one.exit == (input == &bad ? 2 : 0));
        for (const char* jobs : {"2", "4"}) {
          auto many = test::run_qianmj({"session", "-", mode, "-j", jobs}, *input);
          CHECK(many.exit == one.exit);
          CHECK(many.err == one.err);
          CHECK(many.out == one.out);
        }
      }
    // The bad hand's line, and nothing after it.
    const long bad_line = std::count(evening.begin(), evening.end(), '\n') + 1;
    auto r = test::run_qianmj({"session", "-", "--json", "-j", "4"}, bad);
    const auto last = r.out.rfind("{\"schema\"");
    REQUIRE(last != std::string::npos);
    CHECK(r.out.find("\"line\":" + std::to_string(bad_line) + "}", last) != std::string::npos);
    CHECK(r.out.find("\"code\":\"bad_suit\"", last) != std::string::npos);
  }
}

namespace {

struct Stopped {
  int status = -1;  // the exit status, or -1 when the process was killed
  std::string out;
};

// qianmj with `args` fed `input` through a pipe that stays open, sent `sig` once `answers`
// answers are out, and read to its end.
Stopped stopped_midway(const std::vector<std::string>& args, const std::string& input, int sig,
                       std::size_t answers) {
  int to[2], from[2];
  pid_t pid = spawn_piped(args, to, from);
  fcntl(to[1], F_SETFL, O_NONBLOCK);
  Stopped s;
  std::size_t sent = 0;
  bool signalled = false;
  while (true) {
    pollfd p[2] = {{from[0], POLLIN, 0}, {to[1], POLLOUT, 0}};
    const bool writing = sent < input.size();
    if (poll(p, writing ? 2 : 1, 10'000) <= 0) break;  // no answer in 10 s: a hang
    if (writing && (p[1].revents & POLLOUT)) {
      ssize_t n =
          write(to[1], input.data() + sent, std::min<std::size_t>(input.size() - sent, 4096));
      if (n > 0) sent += static_cast<std::size_t>(n);
    }
    if (p[0].revents & (POLLIN | POLLHUP)) {
      char buf[65536];
      ssize_t n = read(from[0], buf, sizeof buf);
      if (n <= 0) break;
      s.out.append(buf, static_cast<std::size_t>(n));
    }
    if (!signalled &&
        static_cast<std::size_t>(std::count(s.out.begin(), s.out.end(), '\n')) >= answers) {
      kill(pid, sig);  // the input is still open: only the signal ends the run
      signalled = true;
    }
  }
  int status = 0;
  waitpid(pid, &status, 0);
  close(to[1]), close(from[0]);
  s.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return s;
}

}  // namespace

TEST_CASE(
    "Pipelines -j 2: SIGINT and SIGTERM end the input, the answers read so far are written whole "
    "(never a half line), and the exit status is 130 or 143") {
  std::string hands;
  for (int i = 0; i < 400'000; ++i) hands += "{\"hand\": \"2344567p345789s\"}\n";
  std::string evening = "庄东\n";
  for (int i = 0; i < 200'000; ++i) evening += "东:2344567筒345789条 东自摸7筒\n";
  for (int round = 0; round < 3; ++round)
    for (int sig : {SIGINT, SIGTERM}) {
      INFO("round " << round << ", signal " << sig);
      auto w = stopped_midway({"waits", "-", "--json", "-j", "2"}, hands, sig, 2000);
      CHECK(w.status == 128 + sig);
      REQUIRE(!w.out.empty());
      CHECK(w.out.back() == '\n');
      std::istringstream lines(w.out);
      std::string line;
      long n = 0;
      while (std::getline(lines, line)) {
        auto j = nlohmann::json::parse(line);  // a half line would not parse
        CHECK(j["line"] == ++n);
      }
      CHECK(n >= 2000);
      CHECK(n < 400'000);
      // session: the hands so far, then the standings.
      auto s = stopped_midway({"session", "-", "--json", "-j", "2"}, evening, sig, 500);
      CHECK(s.status == 128 + sig);
      REQUIRE(!s.out.empty());
      CHECK(s.out.back() == '\n');
      auto last = s.out.rfind('\n', s.out.size() - 2);
      auto summary = nlohmann::json::parse(s.out.substr(last + 1));
      REQUIRE(summary.contains("summary"));
      CHECK(summary["summary"]["hands"].get<long>() >= 500);
      CHECK(summary["summary"]["hands"].get<long>() < 200'000);
    }
}

TEST_CASE("Pipelines: the default -j is the CPUs the process may use (its affinity mask)") {
  cpu_set_t all, one;
  REQUIRE(sched_getaffinity(0, sizeof all, &all) == 0);
  CHECK(cli::usable_cpus() <= CPU_COUNT(&all));
  CPU_ZERO(&one);
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &all)) {
      CPU_SET(cpu, &one);
      break;
    }
  REQUIRE(sched_setaffinity(0, sizeof one, &one) == 0);
  const int pinned = cli::pipeline_jobs(0, false);
  REQUIRE(sched_setaffinity(0, sizeof all, &all) == 0);
  CHECK(pinned == 1);
  CHECK(cli::pipeline_jobs(3, false) == 3);
  CHECK(cli::pipeline_jobs(0, true) == 1);
}
