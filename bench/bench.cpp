// The benchmark (issue 5): single-threaded, medians over runs, with min-max.
//   library waits of a 13-tile hand, full Duyun score, `qianmj waits - --json` over 1M lines,
//   one `qianmj score` call against /bin/true, and peak RSS.
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "qianmj/notation.hpp"
#include "rules/duyun/duyun.hpp"

using namespace qianmj;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int kRuns = 7;

struct Stats {
  double median, min, max;
};

Stats stats(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return {v[v.size() / 2], v.front(), v.back()};
}

// Random hands biased to be ready: sets and a pair from a shuffled wall, minus one tile.
std::vector<Hand> winning_hands(std::size_t n, std::mt19937& rng) {
  std::vector<Hand> out;
  std::uniform_int_distribution<int> kind(0, kKinds - 1);
  while (out.size() < n) {
    Hand h;
    Counts used{};
    int two_suits = static_cast<int>(rng() % 3);  // leave one suit out, often (缺一门)
    auto ok = [&](int k) { return k / kRanks != two_suits || rng() % 4 == 0; };
    int guard = 0;
    while (h.size() < 12 && ++guard < 100) {
      int k = kind(rng);
      if (!ok(k)) continue;
      if (rng() % 2 && k % kRanks <= 6 && used[k] < 4 && used[k + 1] < 4 && used[k + 2] < 4) {
        for (int d = 0; d < 3; ++d) ++used[k + d], ++h.concealed[k + d];
      } else if (used[k] + 3 <= 4) {
        used[k] = static_cast<std::uint8_t>(used[k] + 3);
        h.concealed[k] = static_cast<std::uint8_t>(h.concealed[k] + 3);
      }
    }
    int k = kind(rng);
    if (h.size() != 12 || used[k] + 2 > 4) continue;
    h.concealed[k] = static_cast<std::uint8_t>(h.concealed[k] + 2);
    out.push_back(h);
  }
  return out;
}

std::vector<Hand> waiting_hands(const std::vector<Hand>& wins, std::mt19937& rng) {
  std::vector<Hand> out;
  for (Hand h : wins) {
    std::vector<int> kinds;
    for (int i = 0; i < kKinds; ++i)
      if (h.concealed[i]) kinds.push_back(i);
    --h.concealed[kinds[rng() % kinds.size()]];
    out.push_back(h);
  }
  return out;
}

template <class F>
Stats time_per_item(std::size_t items, F&& f) {
  std::vector<double> ns;
  for (int r = 0; r < kRuns; ++r) {
    auto t0 = Clock::now();
    f();
    ns.push_back(std::chrono::duration<double, std::nano>(Clock::now() - t0).count() /
                 static_cast<double>(items));
  }
  return stats(ns);
}

struct ChildRun {
  double seconds;
  long max_rss_kb;
};

// Runs argv with stdin from `in` and stdout to /dev/null, timed, in a small fresh process
// (this program re-executed with --measure), so that the peak RSS is the child's own and
// not a copy of the benchmark's hundred megabytes of hands.
ChildRun run(const std::vector<std::string>& args, const char* in = "/dev/null") {
  std::string result = "/tmp/qianmj-bench-measure.txt";
  std::vector<std::string> copy = {"/proc/self/exe", "--measure", in, result};
  copy.insert(copy.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : copy) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (posix_spawn(&pid, "/proc/self/exe", nullptr, nullptr, argv.data(), environ) != 0)
    std::exit(1);
  int status = 0;
  waitpid(pid, &status, 0);
  ChildRun r{0, 0};
  std::FILE* f = std::fopen(result.c_str(), "r");
  if (!f || std::fscanf(f, "%lf %ld", &r.seconds, &r.max_rss_kb) != 2) std::exit(1);
  std::fclose(f);
  return r;
}

// --measure IN RESULT ARGS...: fork, exec ARGS with stdin from IN, write "seconds rss_kb".
int measure(int argc, char** argv) {
  auto t0 = Clock::now();
  pid_t pid = fork();
  if (pid == 0) {
    int fd_in = open(argv[2], O_RDONLY), fd_out = open("/dev/null", O_WRONLY);
    dup2(fd_in, 0), dup2(fd_out, 1), dup2(fd_out, 2);
    execv(argv[4], argv + 4);
    _exit(127);
  }
  int status = 0;
  rusage ru{};
  wait4(pid, &status, 0, &ru);
  double secs = std::chrono::duration<double>(Clock::now() - t0).count();
  std::FILE* f = std::fopen(argv[3], "w");
  if (!f) return 1;
  std::fprintf(f, "%.9f %ld\n", secs, ru.ru_maxrss);
  std::fclose(f);
  return argc > 4 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "--measure") return measure(argc, argv);
  std::mt19937 rng(42);
  std::printf("qianmj benchmark: one thread, %d runs each, median [min-max]\n\n", kRuns);

  auto wins = winning_hands(1000000, rng);
  auto waits = waiting_hands(wins, rng);
  std::size_t ready = 0;
  for (const auto& h : waits) ready += formal_wait_bits(h) != 0;
  volatile std::uint32_t sink = 0;
  auto w = time_per_item(waits.size(), [&] {
    std::uint32_t acc = 0;
    for (const auto& h : waits) acc ^= formal_wait_bits(h);
    sink = sink ^ acc;
  });
  std::printf(
      "library waits (formal_wait_bits), 13 tiles: %.1f ns/hand [%.1f-%.1f] = %.1f M hands/s "
      "(%zu hands, %.0f%% with a wait)\n",
      w.median, w.min, w.max, 1e3 / w.median, waits.size(),
      100.0 * double(ready) / double(waits.size()));
  std::vector<Hand> warm(waits.begin(), waits.begin() + 1000);  // table entries stay in cache
  auto ww = time_per_item(warm.size() * 1000, [&] {
    std::uint32_t acc = 0;
    for (int k = 0; k < 1000; ++k)
      for (const auto& h : warm) acc ^= formal_wait_bits(h);
    sink = sink ^ acc;
  });
  std::printf(
      "library waits (formal_wait_bits), 1,000 hands cycled (warm cache): %.1f ns/hand [%.1f-%.1f] "
      "= %.1f M hands/s\n",
      ww.median, ww.min, ww.max, 1e3 / ww.median);
  auto wv = time_per_item(waits.size(), [&] {
    std::size_t n = 0;
    for (const auto& h : waits) n += formal_waits(h).size();
    sink = sink ^ static_cast<std::uint32_t>(n);
  });
  std::printf(
      "library waits (formal_waits, a vector with remaining copies): %.1f ns/hand [%.1f-%.1f] = "
      "%.2f M hands/s\n",
      wv.median, wv.min, wv.max, 1e3 / wv.median);

  Duyun duyun;
  Situation zimo;
  zimo.zimo = true;
  std::vector<Hand> scored(wins.begin(), wins.begin() + 200000);
  auto s = time_per_item(scored.size(), [&] {
    std::int64_t total = 0;
    for (const auto& h : scored) total += duyun.score(h, zimo)->total;
    sink = sink ^ static_cast<std::uint32_t>(total);
  });
  std::printf(
      "library full Duyun score (best pattern, payers), 14 tiles: %.0f ns/hand [%.0f-%.0f] = %.2f "
      "M hands/s\n",
      s.median, s.min, s.max, 1e3 / s.median);

  // End to end: 1M lines through `qianmj waits - --json`.
  std::string input = "/tmp/qianmj-bench-hands.txt";
  {
    std::ofstream f(input);
    for (const auto& h : waits) f << to_ascii(h) << '\n';
  }
  std::vector<double> e2e;
  long pipe_rss = 0;
  for (int r = 0; r < 5; ++r) {
    auto c = run({QIANMJ_BIN, "waits", "-", "--json"}, input.c_str());
    e2e.push_back(double(waits.size()) / c.seconds);
    pipe_rss = std::max(pipe_rss, c.max_rss_kb);
  }
  auto e = stats(e2e);
  std::printf(
      "end to end `qianmj waits - --json`, %zu lines: %.0f hands/s [%.0f-%.0f], peak RSS %.1f MB\n",
      waits.size(), e.median, e.min, e.max, double(pipe_rss) / 1024);
  std::remove(input.c_str());

  // An evening of 100,000 hands through `qianmj session` (text and JSON): hands/s, peak RSS.
  {
    std::string evening = "/tmp/qianmj-bench-session.txt";
    const char* hands[] = {
        "东:2344567筒345789条 东自摸7筒",
        "南:111222444万33399条 南胡9条 西放炮",
        "东:111222333444万5筒 南:5566778899万22筒5筒 东胡5筒 南胡5筒 北放炮",
        "东:1357m2468s13579p 南:2468m1357s2468p9s 西:1369m1369s1369p5m 北:2478m2478s2478p5s 流局",
        "西逃跑",
        "北:2344567筒345789条 北胡7筒 东放炮 北报听",
    };
    constexpr long kHands = 100000;
    {
      std::ofstream f(evening);
      f << "玩家 甲 乙 丙 丁\n都匀\n庄东\n";
      for (long i = 0; i < kHands; ++i) f << hands[i % 6] << '\n';
    }
    for (const char* mode : {"--zh", "--json"}) {
      std::vector<double> rate;
      long rss = 0;
      for (int r = 0; r < 5; ++r) {
        auto c = run({QIANMJ_BIN, "session", evening, mode});
        rate.push_back(double(kHands) / c.seconds);
        rss = std::max(rss, c.max_rss_kb);
      }
      auto st = stats(rate);
      std::printf(
          "end to end `qianmj session FILE %s`, %ld hands: %.0f hands/s [%.0f-%.0f], peak RSS %.1f "
          "MB\n",
          mode, kHands, st.median, st.min, st.max, double(rss) / 1024);
    }
    std::remove(evening.c_str());
  }

  // One call against /bin/true.
  std::vector<double> one, truth;
  long one_rss = 0;
  for (int r = 0; r < 101; ++r) {
    auto c = run({QIANMJ_BIN, "score", "23445677筒345789条", "--zimo"});
    one.push_back(c.seconds * 1e3);
    one_rss = std::max(one_rss, c.max_rss_kb);
    truth.push_back(run({"/bin/true"}).seconds * 1e3);
  }
  auto o = stats(one), t = stats(truth);
  std::printf(
      "one call `qianmj score 23445677筒345789条`: %.2f ms [%.2f-%.2f]; /bin/true %.2f ms "
      "[%.2f-%.2f]; "
      "ratio %.1f; peak RSS %.1f MB\n",
      o.median, o.min, o.max, t.median, t.min, t.max, o.median / t.median, double(one_rss) / 1024);
  return 0;
}
