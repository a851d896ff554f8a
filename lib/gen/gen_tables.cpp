// Build-time generator of the per-suit table (no rule knowledge beyond C3 sets).
// One 16-bit entry for every count vector v of one suit (0-4 copies of ranks 1-9, index =
// sum v[r] 5^(r-1)). A vector is *complete* when it splits into sets only (tile count 0 mod
// 3) or into sets and one pair (2 mod 3):
//   bit 0      v is complete
//   bits 1-9   ranks r (bit r) for which v + r is complete (v + r may hold a fifth copy:
//              a formal wait, C5)
// It finds the splittable vectors by generating every combination of at most four sets
// (and a pair), so it shares no code with the library's own recursion.
//
// With --packed (the web build) it writes the table's non-zero entries only, unpacked by
// lib/src/core/analysis.cpp when the module starts: the magic "QMSP", u32 N (entries), u32 G
// (bytes of gaps), G bytes of gaps (each index less the previous one less one, the first from
// -1, as LEB128), N u16 values; all little-endian (wasm's byte order).
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string_view>
#include <vector>

#include "core/suit_search.hpp"

namespace {

constexpr int kRanks = 9;
using Vec = std::array<int, kRanks>;

std::uint32_t index6(const Vec& v) {  // counts up to 5 (a fifth copy is a formal wait)
  std::uint32_t i = 0;
  for (int r = kRanks - 1; r >= 0; --r)
    i = i * 6 + static_cast<std::uint32_t>(v[static_cast<std::size_t>(r)]);
  return i;
}

}  // namespace

// --shanten: the 向听 table instead (lib/src/core/suit_search.hpp), in the machine's own byte
// order, as classes: 256 u64 vectors, then one byte a suit of at most 14 tiles, in rank order.
int write_shanten(const char* path) {
  const qianmj::suit_search::Classed table = qianmj::suit_search::classed_table();
  if (table.count == 0) {
    std::fprintf(stderr, "gen_tables: the shanten table has more than 256 classes\n");
    return 1;
  }
  std::FILE* f = std::fopen(path, "wb");
  const std::size_t slots = table.vectors.size(), suits = table.classes.size();
  if (!f || std::fwrite(table.vectors.data(), sizeof(std::uint64_t), slots, f) != slots ||
      std::fwrite(table.classes.data(), 1, suits, f) != suits || std::fclose(f)) {
    std::fprintf(stderr, "gen_tables: cannot write %s\n", path);
    return 1;
  }
  return 0;
}

int main(int argc, char** argv) {
  if (argc == 3 && std::string_view(argv[2]) == "--shanten") return write_shanten(argv[1]);
  const bool packed = argc == 3 && std::string_view(argv[2]) == "--packed";
  if (argc != 2 && !packed) {
    std::fprintf(stderr, "usage: gen_tables OUTPUT [--packed | --shanten]\n");
    return 2;
  }
  constexpr std::uint32_t kSix = 10077696;  // 6^9
  std::vector<std::uint8_t> sets_only(kSix), with_pair(kSix);
  // Units: 9 pungs and 7 sequences; up to 4 of them, repetition allowed.
  std::vector<Vec> units;
  for (int r = 0; r < kRanks; ++r) {
    Vec u{};
    u[static_cast<std::size_t>(r)] = 3;
    units.push_back(u);
  }
  for (int r = 0; r + 2 < kRanks; ++r) {
    Vec u{};
    for (int k = 0; k < 3; ++k) u[static_cast<std::size_t>(r + k)] = 1;
    units.push_back(u);
  }
  auto fits = [](const Vec& v) {
    for (int x : v)
      if (x > 5) return false;
    return true;
  };
  Vec cur{};
  auto visit = [&](auto&& self, std::size_t from, int depth) -> void {
    if (fits(cur)) {
      sets_only[index6(cur)] = 1;
      for (int p = 0; p < kRanks; ++p) {
        Vec w = cur;
        w[static_cast<std::size_t>(p)] += 2;
        if (fits(w)) with_pair[index6(w)] = 1;
      }
    } else {
      return;  // adding more only grows the counts
    }
    if (depth == 4) return;
    for (std::size_t u = from; u < units.size(); ++u) {
      for (int r = 0; r < kRanks; ++r)
        cur[static_cast<std::size_t>(r)] += units[u][static_cast<std::size_t>(r)];
      self(self, u, depth + 1);
      for (int r = 0; r < kRanks; ++r)
        cur[static_cast<std::size_t>(r)] -= units[u][static_cast<std::size_t>(r)];
    }
  };
  visit(visit, 0, 0);

  auto complete = [&](const Vec& v) {
    int n = 0;
    for (int x : v) n += x;
    if (n % 3 == 0) return sets_only[index6(v)] != 0;
    if (n % 3 == 2) return with_pair[index6(v)] != 0;
    return false;
  };
  constexpr std::uint32_t kFive = 1953125;  // 5^9
  std::vector<std::uint16_t> table(kFive);
  for (std::uint32_t i = 0; i < kFive; ++i) {
    Vec v{};
    std::uint32_t x = i;
    for (int r = 0; r < kRanks; ++r, x /= 5)
      v[static_cast<std::size_t>(r)] = static_cast<int>(x % 5);
    std::uint16_t e = complete(v) ? 1 : 0;
    for (int r = 0; r < kRanks; ++r) {
      Vec w = v;
      ++w[static_cast<std::size_t>(r)];
      if (complete(w)) e = static_cast<std::uint16_t>(e | (1u << (r + 1)));
    }
    table[i] = e;
  }
  std::vector<std::uint8_t> bytes;
  auto put = [&](std::uint32_t x, int n) {  // little-endian
    for (int k = 0; k < n; ++k) bytes.push_back(static_cast<std::uint8_t>(x >> (8 * k)));
  };
  if (packed) {
    std::vector<std::uint8_t> gaps;
    std::uint32_t entries = 0;
    std::int64_t previous = -1;
    for (std::uint32_t i = 0; i < kFive; ++i) {
      if (!table[i]) continue;
      for (auto gap = static_cast<std::uint32_t>(i - previous - 1);; gap >>= 7) {
        gaps.push_back(static_cast<std::uint8_t>((gap & 0x7f) | (gap >= 0x80 ? 0x80 : 0)));
        if (gap < 0x80) break;
      }
      previous = i;
      ++entries;
    }
    for (char c : std::string_view("QMSP")) bytes.push_back(static_cast<std::uint8_t>(c));
    put(entries, 4);
    put(static_cast<std::uint32_t>(gaps.size()), 4);
    bytes.insert(bytes.end(), gaps.begin(), gaps.end());
    for (std::uint16_t e : table)
      if (e) put(e, 2);
  } else {  // the machine's own byte order: the library reads it in place
    bytes.resize(table.size() * sizeof(std::uint16_t));
    std::memcpy(bytes.data(), table.data(), bytes.size());
  }
  std::FILE* f = std::fopen(argv[1], "wb");
  if (!f || std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size() || std::fclose(f)) {
    std::fprintf(stderr, "gen_tables: cannot write %s\n", argv[1]);
    return 1;
  }
  return 0;
}
