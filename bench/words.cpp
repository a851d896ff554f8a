// The words reader (table_from_words), timed through the library: medians over rounds, with
// min-max, in ns a byte for inputs of 1x, 2x, 4x and 8x a size, so that a reader sees the
// cost a byte stay flat (linear): a long hand word, a hand of many short words, a long 杠序,
// all near and under the 1 MiB limit of the words (the hand is too long), and lines over it
// (too long before a word is copied). Then tables of ordinary size, words beside the same
// tables in JSON, in ns a table. `make bench-words`.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "qianmj/formats/json.hpp"
#include "qianmj/formats/table_words.hpp"

using namespace qianmj;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int kRounds = 7;

struct Stats {
  double median, min, max;
};

Stats stats(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return {v[v.size() / 2], v.front(), v.back()};
}

std::string repeat(const std::string& s, std::size_t times) {
  std::string out;
  out.reserve(s.size() * times);
  for (std::size_t i = 0; i < times; ++i) out += s;
  return out;
}

// One input of a family: its text, and the error code it must read to (the work was done).
struct Input {
  std::string text;
  std::string code;
};

struct Family {
  const char* name;
  std::function<std::string(std::size_t)> make;  // about `bytes` bytes of input
  std::vector<Input> inputs;
  std::vector<std::vector<double>> ns_per_byte;
};

volatile long sink = 0;

// One sample: ns a byte of reading `in` (repeated to take at least a few milliseconds).
double sample(const Input& in) {
  const int reps = std::max<int>(1, static_cast<int>((4u << 20) / in.text.size()));
  auto t0 = Clock::now();
  for (int r = 0; r < reps; ++r) {
    auto w = table_from_words(in.text);
    sink = sink + (w ? 1 : static_cast<long>(w.error().column));
  }
  const double ns = std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
  return ns / (static_cast<double>(reps) * static_cast<double>(in.text.size()));
}

}  // namespace

int main() {
  std::printf(
      "qianmj words reader: %d rounds, each input sampled once a round; median [min-max]\n\n",
      kRounds);
  constexpr std::size_t kKiB = 1024;
  const std::vector<std::size_t> under = {128 * kKiB, 256 * kKiB, 512 * kKiB, 1020 * kKiB};
  const std::vector<std::size_t> over = {2048 * kKiB, 4096 * kKiB, 8192 * kKiB, 16384 * kKiB};
  std::vector<Family> families = {
      {"one long hand word (庄东 东:2344567筒…)",
       [](std::size_t bytes) { return "庄东 东:" + repeat("2344567筒", bytes / 10); },
       {},
       {}},
      {"a hand of many short words (东:2344567p 1p 1p …)",
       [](std::size_t bytes) {
         return "庄东 东:2344567p " + repeat("1p ", bytes / 3) + "东自摸7p";
       },
       {},
       {}},
      {"one long 杠序 (杠序:东5万,东5万,…)",
       [](std::size_t bytes) {
         return "庄东 东:2344567筒345789条 东自摸7筒 杠序:" + repeat("东5万,", bytes / 8) + "东5万";
       },
       {},
       {}},
      {"short words over 1 MiB (东胡7筒 东胡7筒 …)",
       [](std::size_t bytes) { return repeat("东胡7筒 ", bytes / 11); },
       {},
       {}},
  };
  for (std::size_t f = 0; f < families.size(); ++f) {
    auto& fam = families[f];
    for (std::size_t bytes : f + 1 == families.size() ? over : under) {
      Input in{fam.make(bytes), ""};
      auto w = table_from_words(in.text);
      in.code = w ? "ok" : code_name(w.error().code);
      fam.inputs.push_back(std::move(in));
    }
    fam.ns_per_byte.resize(fam.inputs.size());
  }

  // Tables of ordinary size, in words (Chinese and ASCII) and the same tables in JSON.
  const std::vector<std::string> tables = {
      "庄东 东:2344567筒345789条 东自摸7筒",
      "dealer:E streak:2 E:2344567p345789s E:zimo:7p",
      "庄北 连庄1 东:111222444万333条5筒 南:5566778899万11条5筒 东胡5筒 南胡5筒 北放炮",
      "都匀 庄东 东:345789条2344567筒 南杠[5555万] 西点杠5万 东自摸7筒",
      "duyun dealer:W E:123456m345s1156p S:111222333m1s[777p] E:win:7p S:robbed",
      "庄南 东:123456万345条1146筒 西杠[9999条] 北点杠9条 东胡5筒 西放炮 杠上炮",
      "遵义 庄东 东:1166799万236筒[5555万] 南:22299万12333367条 南打幺鸡2 南冲锋鸡 "
      "西:5555777999条[4444条+] 北:1778万266条(4444万)(8888条) 北点杠5万 流局",
      "东=阿明 南=小红 庄阿明 阿明:2344567筒345789条 小红报听 阿明胡7筒 小红放炮",
  };
  std::vector<std::string> json;
  for (const auto& w : tables) {
    auto t = table_from_words(w);
    json.push_back(t ? table_to_json(t->table).dump() : std::string("{}"));
  }
  std::vector<double> words_ns, json_ns;
  auto per_table = [&](auto&& read) {
    constexpr int kReps = 20000;
    auto t0 = Clock::now();
    for (int r = 0; r < kReps; ++r)
      for (std::size_t i = 0; i < tables.size(); ++i) read(i);
    return std::chrono::duration<double, std::nano>(Clock::now() - t0).count() /
           static_cast<double>(kReps * tables.size());
  };

  for (int round = 0; round < kRounds; ++round) {
    for (auto& fam : families)
      for (std::size_t i = 0; i < fam.inputs.size(); ++i)
        fam.ns_per_byte[i].push_back(sample(fam.inputs[i]));
    words_ns.push_back(per_table([&](std::size_t i) {
      auto t = table_from_words(tables[i]);
      sink = sink + (t ? t->table.dealer : 7);
    }));
    json_ns.push_back(per_table([&](std::size_t i) {
      auto t = table_from_json(json[i]);
      sink = sink + (t ? t->dealer : 7);
    }));
  }

  for (const auto& fam : families) {
    std::printf("%s\n", fam.name);
    double first = 0;
    for (std::size_t i = 0; i < fam.inputs.size(); ++i) {
      const Stats s = stats(fam.ns_per_byte[i]);
      if (i == 0) first = s.median;
      std::printf("  %2zux %9zu bytes: %7.2f ns/byte [%.2f-%.2f]  (%.2fx the 1x figure) -> %s\n",
                  std::size_t{1} << i, fam.inputs[i].text.size(), s.median, s.min, s.max,
                  s.median / first, fam.inputs[i].code.c_str());
    }
  }
  const Stats w = stats(words_ns), j = stats(json_ns);
  std::printf(
      "\nordinary tables (%zu, words and the same tables in JSON):\n"
      "  words: %.0f ns/table [%.0f-%.0f]\n  JSON:  %.0f ns/table [%.0f-%.0f]  (words %.2fx "
      "JSON)\n",
      tables.size(), w.median, w.min, w.max, j.median, j.min, j.max, w.median / j.median);
  return 0;
}
