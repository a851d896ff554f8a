// The benchmark: medians over rounds, with min-max, and the machine's load when it started.
//   library waits of a 13-tile hand (cold, cold in one batch call, and warm), full Duyun,
//   Zunyi and Guiyang score; the pipelines `score -`, `waits -`, `settle -` (JSON; Zunyi's
//   and Guiyang's side by side over the same tables; -j 1 and -j 2, wall and CPU time) and
//   `session` (-j 1 and -j 2 too); one `qianmj score` call against /bin/true; peak RSS.
// QIANMJ_BENCH_BEFORE=<another qianmj binary> runs it beside each pipeline's -j 1, run for
// run, for a before/after comparison in the same minutes; QIANMJ_BENCH_LIBRARY_ONLY=1 stops
// after the library figures. Each pipeline is first run once to check that it answers every
// line (no error): a pipeline that does not stops the bench (QIANMJ_BENCH_CHECK_ONLY=1 stops
// after these checks).
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "qianmj/formats/notation.hpp"
#include "rules/duyun/duyun.hpp"
#include "rules/guiyang/guiyang.hpp"
#include "rules/zunyi/zunyi.hpp"

using namespace qianmj;
using Clock = std::chrono::steady_clock;

namespace {

// Every figure is sampled once a round, and the rounds repeat: a spell of the shared host
// (its two vCPUs slowing each other for tens of seconds) then moves one sample of a figure
// rather than all of them, and the median stays the machine's.
constexpr int kRounds = 7;          // the library figures
constexpr int kPipelineRounds = 5;  // the pipelines and the one call (the first rounds)
constexpr int kCallsPerRound = 21;  // one calls a round

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

// One sample: f() over `items`, in ns an item. An untimed call first puts back in cache what
// the round's other work pushed out (the tables, the rule set's data), as it is in a long
// batch; the hands themselves are too many to stay there, and come cold.
template <class F>
double per_item(std::size_t items, F&& f) {
  f();
  auto t0 = Clock::now();
  f();
  return std::chrono::duration<double, std::nano>(Clock::now() - t0).count() /
         static_cast<double>(items);
}

struct ChildRun {
  double seconds;
  long max_rss_kb;
  double cpu_seconds;  // user + system
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
  ChildRun r{0, 0, 0};
  std::FILE* f = std::fopen(result.c_str(), "r");
  if (!f || std::fscanf(f, "%lf %ld %lf", &r.seconds, &r.max_rss_kb, &r.cpu_seconds) != 3)
    std::exit(1);
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
  double cpu = double(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
               double(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
  std::fprintf(f, "%.9f %ld %.6f\n", secs, ru.ru_maxrss, cpu);
  std::fclose(f);
  return argc > 4 ? 0 : 1;
}

// The answers of `args` over the file `input`, as JSON Lines (--json added): how many, and
// how many of them are errors. A figure is only worth printing for what was answered.
struct Answered {
  std::size_t answers = 0, errors = 0;
};
Answered answered(std::vector<std::string> args, const std::string& input) {
  args.push_back("--json");
  const std::string out = "/tmp/qianmj-bench-answers.jsonl";
  pid_t pid = fork();
  if (pid == 0) {
    int fd_in = open(input.c_str(), O_RDONLY),
        fd_out = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    dup2(fd_in, 0), dup2(fd_out, 1);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  Answered a;
  std::ifstream f(out);
  for (std::string line; std::getline(f, line);)
    if (line.rfind("{\"schema\"", 0) == 0) {  // an answer (a session hand, an error, a summary)
      ++a.answers;
      a.errors += line.find("\"error\":{") != std::string::npos;
    }
  std::remove(out.c_str());
  return a;
}

// A pipeline over one input file: `count` answers of `unit` a run, sampled at -j 1 and -j 2
// (and the before binary, without -j) once a round.
struct Pipeline {
  Pipeline(std::string label_, std::vector<std::string> args_, std::string input_,
           std::size_t count_, const char* unit_ = "lines")
      : label(std::move(label_)),
        args(std::move(args_)),
        input(std::move(input_)),
        count(count_),
        unit(unit_) {}
  std::string label;
  std::vector<std::string> args;
  std::string input;
  std::size_t count;
  const char* unit;
  std::vector<double> rate0, rate1, rate2, cpu1, cpu2, wall1, wall2;
  long rss = 0;
  Answered checked;

  // Once, before any timing: the run answers its lines, or the bench stops here (a figure of
  // refusals is no figure: the Duyun settle row once timed 200,000 tables without a tile).
  void check(std::size_t max_errors) {
    auto a = args;  // as JSON, whatever the timed run writes
    for (const char* text : {"--json", "--zh"})
      if (auto at = std::find(a.begin(), a.end(), text); at != a.end()) a.erase(at);
    checked = answered(a, input);
    if (checked.answers < count || checked.errors > max_errors) {
      std::printf("`%s`: %zu answers, %zu of them errors (at most %zu allowed): not timed\n",
                  label.c_str(), checked.answers, checked.errors, max_errors);
      std::exit(1);
    }
  }

  void sample(const char* before) {
    if (before) {
      auto args0 = args;
      args0[0] = before;
      rate0.push_back(double(count) / run(args0, input.c_str()).seconds);
    }
    for (const char* jobs : {"1", "2"}) {
      auto a = args;
      a.push_back("-j");
      a.push_back(jobs);
      auto c = run(a, input.c_str());
      rss = std::max(rss, c.max_rss_kb);
      const bool one = jobs[0] == '1';
      (one ? rate1 : rate2).push_back(double(count) / c.seconds);
      (one ? cpu1 : cpu2).push_back(c.cpu_seconds);
      (one ? wall1 : wall2).push_back(c.seconds);
    }
  }
  void print(const char* before) const {
    auto r1 = stats(rate1), r2 = stats(rate2), c1 = stats(cpu1), c2 = stats(cpu2);
    std::printf(
        "end to end `%s`, %zu %s: -j 1 %.0f %s/s [%.0f-%.0f] (wall %.2f s, CPU %.2f s); "
        "-j 2 %.0f %s/s [%.0f-%.0f] (wall %.2f s, CPU %.2f s); -j 1 / -j 2 wall %.2fx; peak "
        "RSS %.1f MB\n",
        label.c_str(), count, unit, r1.median, unit, r1.min, r1.max, stats(wall1).median, c1.median,
        r2.median, unit, r2.min, r2.max, stats(wall2).median, c2.median,
        stats(wall1).median / stats(wall2).median, double(rss) / 1024);
    std::printf("    answered: %zu answers, %zu of them errors\n", checked.answers, checked.errors);
    if (before) {
      auto r0 = stats(rate0);
      std::printf("    before (%s, no -j): %.0f %s/s [%.0f-%.0f]\n", before, r0.median, unit,
                  r0.min, r0.max);
    }
  }
};

// Zunyi tables of a win by seat 0 (every `wins` hand that lacks a suit, Z1, up to n): Zunyi
// reads every seat's hand (豆 and 鸡 need who is ready), so the other three hold 13 tiles
// each from the rest of the wall; won on the hand's last kind. The same tables under another
// rule set of the family (`rules`: guiyang), for a side-by-side figure.
std::vector<std::string> zunyi_tables(const std::vector<Hand>& wins, std::size_t n,
                                      const std::string& rules = "zunyi") {
  std::vector<std::string> ztables;
  std::mt19937 wall_rng(7);
  for (std::size_t i = 0; ztables.size() < n && i < wins.size(); ++i) {
    if (std::popcount(wins[i].suits()) == 3) continue;
    std::vector<int> wall;
    for (int k = 0; k < kKinds; ++k)
      for (int c = wins[i].concealed[static_cast<std::size_t>(k)]; c < kCopies; ++c)
        wall.push_back(k);
    std::shuffle(wall.begin(), wall.end(), wall_rng);
    std::string seats;
    for (int seat = 0; seat < 3; ++seat) {
      Hand other;
      for (int t = 0; t < 13; ++t)
        ++other.concealed[static_cast<std::size_t>(wall[static_cast<std::size_t>(seat * 13 + t)])];
      seats += R"(,{"hand":")" + to_ascii(other) + R"("})";
    }
    int tile = 0;
    for (int k = 0; k < kKinds; ++k)
      if (wins[i].concealed[static_cast<std::size_t>(k)]) tile = k;
    ztables.push_back(R"({"rules":")" + rules + R"(","dealer":)" + std::to_string(i % 4) +
                      R"(,"seats":[{"hand":")" + to_ascii(wins[i]) + R"("})" + seats +
                      R"(],"result":{"kind":"win","wins":[{"seat":0,"tile":")" +
                      Tile::from_index(tile).ascii() + R"("}]}})");
  }
  return ztables;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "--measure") return measure(argc, argv);
  std::mt19937 rng(42);
  if (argc > 2 && std::string(argv[1]) == "--inputs") {
    // --inputs DIR: the pipelines' inputs, 1M lines each, for a before/after diff of answers.
    auto wins = winning_hands(1000000, rng);
    auto waits = waiting_hands(wins, rng);
    std::ofstream w(std::string(argv[2]) + "/waits.txt"), sc(std::string(argv[2]) + "/score.txt"),
        st(std::string(argv[2]) + "/settle.txt");
    std::ofstream zt(std::string(argv[2]) + "/zunyi_settle.txt");
    for (const auto& t : zunyi_tables(wins, 200000)) zt << t << '\n';
    for (std::size_t i = 0; i < wins.size(); ++i) {
      w << to_ascii(waits[i]) << (i % 97 == 0 ? "t" : "") << '\n';  // some bad lines
      sc << to_ascii(wins[i]) << (i % 89 == 0 ? "x" : "") << '\n';
      const std::string hand = R"({"hand":")" + to_ascii(wins[i]) + R"("})";
      int k = 0;
      while (!wins[i].concealed[k]) ++k;  // the winning tile: the hand's lowest
      const std::string tile = Tile::from_index(k).ascii();
      st << R"({"dealer":)" << i % 4 << R"(,"streak":)" << i % 3 << R"(,"seats":[)"
         << (i % 2 ? "{}," + hand : hand + ",{}") << R"(,{},{}],"result":{"kind":"win","wins":[)"
         << R"({"seat":)" << (i % 2) << R"(,"from":)" << (i % 2 ? 2 : 0) << R"(,"tile":")" << tile
         << R"("}]}})" << (i % 101 == 0 ? "," : "") << '\n';
    }
    return 0;
  }
  std::printf(
      "qianmj benchmark: %d rounds (pipelines %d), each figure sampled once a round; median "
      "[min-max]\n",
      kRounds, kPipelineRounds);
  if (std::FILE* l = std::fopen("/proc/loadavg", "r")) {  // a noisy run tells itself apart
    char load[128] = {};
    if (std::fgets(load, sizeof load, l))
      std::printf("machine load (1, 5, 15 min, tasks): %s", load);
    std::fclose(l);
  }
  std::printf("\n");

  auto wins = winning_hands(1000000, rng);
  auto waits = waiting_hands(wins, rng);
  std::size_t ready = 0;
  for (const auto& h : waits) ready += formal_wait_bits(h) != 0;
  volatile std::uint32_t sink = 0;

  // The library figures, ns a hand, one sample each a round.
  std::vector<Hand> warm(waits.begin(), waits.begin() + 1000);  // table entries stay in cache
  std::vector<std::uint32_t> bits(waits.size());
  Duyun duyun;
  Zunyi zunyi;
  Guiyang guiyang;
  Situation zimo;
  zimo.zimo = true;
  std::vector<Hand> scored(wins.begin(), wins.begin() + 200000);
  auto score_all = [&](const Ruleset& rules) {
    return per_item(scored.size(), [&] {
      std::int64_t total = 0;
      for (const auto& h : scored) total += rules.score(h, zimo)->total;
      sink = sink ^ static_cast<std::uint32_t>(total);
    });
  };
  // Advice (ADVICE §3): the 向听 of the same 13-tile hands, and the whole advice on 14-tile
  // hands (each of 2,000 of them with a random tile more).
  std::vector<Hand> fourteen;
  for (std::size_t i = 0; fourteen.size() < 2000; ++i) {
    Hand h = waits[i];
    const auto t = static_cast<std::size_t>(rng() % kKinds);
    if (h.all_copies()[t] >= 4) continue;
    ++h.concealed[t];
    fourteen.push_back(h);
  }
  // Dealt hands too: 13 tiles from a shuffled wall (mostly 2- to 4-shanten), where the wins
  // less a tile are mostly ready.
  std::vector<Hand> dealt(waits.size());
  for (auto& h : dealt) {
    int wall[kKinds * kCopies];
    for (int k = 0; k < kKinds * kCopies; ++k) wall[k] = k / kCopies;
    for (int j = 0; j < 13; ++j) {
      std::swap(wall[j], wall[j + static_cast<int>(rng() % static_cast<unsigned>(108 - j))]);
      ++h.concealed[static_cast<std::size_t>(wall[j])];
    }
  }
  std::vector<double> shanten_ns, dealt_ns, advise_ns;
  std::vector<double> cold, each, warm_ns, vec, duyun_ns, zunyi_ns, guiyang_ns;
  auto library_round = [&] {
    shanten_ns.push_back(per_item(waits.size(), [&] {
      int acc = 0;
      for (const auto& h : waits) acc += shanten(duyun, h);
      sink = sink ^ static_cast<std::uint32_t>(acc);
    }));
    dealt_ns.push_back(per_item(dealt.size(), [&] {
      int acc = 0;
      for (const auto& h : dealt) acc += shanten(duyun, h);
      sink = sink ^ static_cast<std::uint32_t>(acc);
    }));
    advise_ns.push_back(per_item(fourteen.size(), [&] {
      std::size_t n = 0;
      for (const auto& h : fourteen) n += advise(duyun, h, {})->rows.size();
      sink = sink ^ static_cast<std::uint32_t>(n);
    }));
    cold.push_back(per_item(waits.size(), [&] {
      std::uint32_t acc = 0;
      for (const auto& h : waits) acc ^= formal_wait_bits(h);
      sink = sink ^ acc;
    }));
    each.push_back(per_item(waits.size(), [&] {
      formal_wait_bits_each(waits, bits);
      sink = sink ^ bits[bits.size() / 2];
    }));
    warm_ns.push_back(per_item(warm.size() * 1000, [&] {
      std::uint32_t acc = 0;
      for (int k = 0; k < 1000; ++k)
        for (const auto& h : warm) acc ^= formal_wait_bits(h);
      sink = sink ^ acc;
    }));
    vec.push_back(per_item(waits.size(), [&] {
      std::size_t n = 0;
      for (const auto& h : waits) n += formal_waits(h).size();
      sink = sink ^ static_cast<std::uint32_t>(n);
    }));
    duyun_ns.push_back(score_all(duyun));  // side by side, so that their ratio is of one minute
    zunyi_ns.push_back(score_all(zunyi));
    guiyang_ns.push_back(score_all(guiyang));
  };
  auto print_library = [&] {
    const Stats w = stats(cold), wb = stats(each), ww = stats(warm_ns), wv = stats(vec),
                s = stats(duyun_ns), z = stats(zunyi_ns), g = stats(guiyang_ns);
    std::printf(
        "library waits (formal_wait_bits), 13 tiles: %.1f ns/hand [%.1f-%.1f] = %.1f M hands/s "
        "(%zu hands, %.0f%% with a wait)\n",
        w.median, w.min, w.max, 1e3 / w.median, waits.size(),
        100.0 * double(ready) / double(waits.size()));
    const Stats sh = stats(shanten_ns), sd = stats(dealt_ns), ad = stats(advise_ns);
    std::printf(
        "library shanten (Duyun: standard, seven pairs), the same hands: %.1f ns/hand [%.1f-%.1f] "
        "= %.2f M hands/s (%.1fx the waits)\n",
        sh.median, sh.min, sh.max, 1e3 / sh.median, sh.median / w.median);
    std::printf(
        "library shanten (Duyun), %zu dealt 13-tile hands: %.1f ns/hand [%.1f-%.1f] = %.2f M "
        "hands/s\n",
        dealt.size(), sd.median, sd.min, sd.max, 1e3 / sd.median);
    std::printf(
        "library advise (Duyun, every row, lines, weighted acceptance), 14 tiles: %.1f us/hand "
        "[%.1f-%.1f] = %.0f hands/s\n",
        ad.median / 1e3, ad.min / 1e3, ad.max / 1e3, 1e9 / ad.median);
    std::printf(
        "library waits (formal_wait_bits_each, the same hands, 16 read ahead): %.1f ns/hand "
        "[%.1f-%.1f] = %.1f M hands/s\n",
        wb.median, wb.min, wb.max, 1e3 / wb.median);
    std::printf(
        "library waits (formal_wait_bits), 1,000 hands cycled (warm cache): %.1f ns/hand "
        "[%.1f-%.1f] = %.1f M hands/s\n",
        ww.median, ww.min, ww.max, 1e3 / ww.median);
    std::printf(
        "library waits (formal_waits, a vector with remaining copies): %.1f ns/hand [%.1f-%.1f] "
        "= %.2f M hands/s\n",
        wv.median, wv.min, wv.max, 1e3 / wv.median);
    for (const auto& [name, st] :
         {std::pair{"Duyun", s}, std::pair{"Zunyi", z}, std::pair{"Guiyang", g}})
      std::printf(
          "library full %s score (best pattern, payers), 14 tiles: %.0f ns/hand [%.0f-%.0f] = "
          "%.2f M hands/s (%.2fx Duyun)\n",
          name, st.median, st.min, st.max, 1e3 / st.median, st.median / s.median);
  };

  if (std::getenv("QIANMJ_BENCH_LIBRARY_ONLY")) {  // no end-to-end runs
    for (int r = 0; r < kRounds; ++r) library_round();
    print_library();
    return 0;
  }

  // End to end: the pipelines over 1M lines (settle: 200,000 tables), -j 1 and -j 2.
  const char* before = std::getenv("QIANMJ_BENCH_BEFORE");
  std::vector<std::string> inputs;  // the files written, removed at the end
  auto input_file = [&](const std::vector<std::string>& lines) {
    std::string name = "/tmp/qianmj-bench-input-" + std::to_string(inputs.size()) + ".txt";
    std::ofstream f(name);
    for (const auto& l : lines) f << l << '\n';
    inputs.push_back(name);
    return name;
  };
  std::vector<Pipeline> pipelines;
  {
    std::vector<std::string> w, sc, tables;
    for (const auto& h : waits) w.push_back(to_ascii(h));
    for (const auto& h : wins) sc.push_back(to_ascii(h));
    for (std::size_t i = 0; i < 200000; ++i) {  // a self-drawn win, the others not shown
      int k = 0;
      while (!wins[i].concealed[static_cast<std::size_t>(k)]) ++k;  // won on its lowest tile
      tables.push_back(R"({"dealer":)" + std::to_string(i % 4) + R"(,"streak":)" +
                       std::to_string(i % 3) + R"(,"seats":[{"hand":")" + sc[i] +
                       R"("},{},{},{}],"result":{"kind":"win","wins":[{"seat":0,"tile":")" +
                       Tile::from_index(k).ascii() + R"("}]}})");
    }
    const auto ztables = zunyi_tables(wins, 200000);
    const auto gtables = zunyi_tables(wins, 200000, "guiyang");  // the same tables, Guiyang's
    std::vector<std::string> adv;  // 20,000 lines: advice costs a thousand times a wait
    for (std::size_t i = 0; i < 20000; ++i) adv.push_back(to_ascii(fourteen[i % fourteen.size()]));
    const std::string wf = input_file(w), sf = input_file(sc), tf = input_file(tables),
                      zf = input_file(ztables), gf = input_file(gtables), af = input_file(adv);
    pipelines.push_back(
        Pipeline("qianmj advise - --json", {QIANMJ_BIN, "advise", "-", "--json"}, af, adv.size()));
    pipelines.push_back(
        Pipeline("qianmj waits - --json", {QIANMJ_BIN, "waits", "-", "--json"}, wf, w.size()));
    pipelines.push_back(Pipeline("qianmj waits -", {QIANMJ_BIN, "waits", "-"}, wf, w.size()));
    pipelines.push_back(Pipeline("qianmj score - --json --zimo",
                                 {QIANMJ_BIN, "score", "-", "--json", "--zimo"}, sf, sc.size()));
    pipelines.push_back(Pipeline("qianmj score - --json --zimo --rules zunyi",
                                 {QIANMJ_BIN, "score", "-", "--json", "--zimo", "--rules", "zunyi"},
                                 sf, sc.size()));
    pipelines.push_back(Pipeline("qianmj settle - --json", {QIANMJ_BIN, "settle", "-", "--json"},
                                 tf, tables.size()));
    pipelines.push_back(Pipeline("qianmj settle - --json --rules zunyi",
                                 {QIANMJ_BIN, "settle", "-", "--json", "--rules", "zunyi"}, zf,
                                 ztables.size()));
    pipelines.push_back(Pipeline("qianmj settle - --json --rules guiyang",
                                 {QIANMJ_BIN, "settle", "-", "--json", "--rules", "guiyang"}, gf,
                                 gtables.size()));
  }
  // An evening of 100,000 hands through `qianmj session` (text and JSON), -j 1 and -j 2.
  {
    const char* hands[] = {
        "东:2344567筒345789条 东自摸7筒",
        "南:111222444万33399条 南胡9条 西放炮",
        "东:111222333444万5筒 南:5566778899万22筒5筒 东胡5筒 南胡5筒 北放炮",
        "东:1357m2468s13579p 南:2468m1357s2468p9s 西:1369m1369s1369p5m 北:2478m2478s2478p5s 流局",
        "西逃跑",
        "北:2344567筒345789条 北胡7筒 东放炮 北报听",
    };
    constexpr std::size_t kHands = 100000;
    std::vector<std::string> evening = {"玩家 甲 乙 丙 丁", "都匀", "庄东"};
    for (std::size_t i = 0; i < kHands; ++i) evening.emplace_back(hands[i % 6]);
    const std::string ef = input_file(evening);
    for (const char* mode : {"--zh", "--json"})
      pipelines.push_back(Pipeline(std::string("qianmj session - ") + mode,
                                   {QIANMJ_BIN, "session", "-", mode}, ef, kHands, "hands"));
  }

  // One call against /bin/true, a few a round.
  std::vector<double> one, truth, one0;
  long one_rss = 0;
  auto calls_round = [&] {
    for (int r = 0; r < kCallsPerRound; ++r) {
      if (before)
        one0.push_back(run({before, "score", "23445677筒345789条", "--zimo"}).seconds * 1e3);
      auto c = run({QIANMJ_BIN, "score", "23445677筒345789条", "--zimo"});
      one.push_back(c.seconds * 1e3);
      one_rss = std::max(one_rss, c.max_rss_kb);
      truth.push_back(run({"/bin/true"}).seconds * 1e3);
    }
  };

  for (auto& p : pipelines) p.check(0);  // every line of every input is answered
  if (std::getenv("QIANMJ_BENCH_CHECK_ONLY")) {
    for (const auto& p : pipelines)
      std::printf("`%s`: %zu answers, %zu errors\n", p.label.c_str(), p.checked.answers,
                  p.checked.errors);
    for (const auto& f : inputs) std::remove(f.c_str());
    return 0;
  }
  for (int r = 0; r < kRounds; ++r) {
    library_round();
    if (r < kPipelineRounds) {
      for (auto& p : pipelines) p.sample(before);
      calls_round();
    }
  }

  print_library();
  for (const auto& p : pipelines) p.print(before);
  auto o = stats(one), t = stats(truth);
  std::printf(
      "one call `qianmj score 23445677筒345789条`: %.2f ms [%.2f-%.2f]; /bin/true %.2f ms "
      "[%.2f-%.2f]; "
      "ratio %.1f; peak RSS %.1f MB\n",
      o.median, o.min, o.max, t.median, t.min, t.max, o.median / t.median, double(one_rss) / 1024);
  if (before) {
    auto o0 = stats(one0);
    std::printf("    before: %.2f ms [%.2f-%.2f]\n", o0.median, o0.min, o0.max);
  }
  for (const auto& f : inputs) std::remove(f.c_str());
  return 0;
}
