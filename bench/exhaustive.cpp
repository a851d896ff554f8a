// `make exhaustive` (not in CI): every two-suit 13-tile hand (man and sou, 0-4 copies,
// 100,465,920 hands): the table-driven waits must equal a brute-force reference that
// decides each suit by plain recursion, memoised.
#include <chrono>
#include <cstdio>
#include <vector>

#include <array>

#include "qianmj/core/analysis.hpp"
#include "qianmj/formats/notation.hpp"

using namespace qianmj;

namespace {

constexpr int kRanks9 = 9;
constexpr std::uint32_t kSix = 10077696;  // 6^9: counts 0-5 per rank

// 0 unknown, 1 no, 2 yes.
std::vector<std::uint8_t> memo_sets(kSix), memo_pair(kSix);

std::uint32_t idx(const int* v) {
  std::uint32_t i = 0;
  for (int r = kRanks9 - 1; r >= 0; --r) i = i * 6 + static_cast<std::uint32_t>(v[r]);
  return i;
}

bool sets(int* v) {  // v splits into pungs and sequences
  std::uint32_t i = idx(v);
  if (memo_sets[i]) return memo_sets[i] == 2;
  int r = 0;
  while (r < kRanks9 && v[r] == 0) ++r;
  bool ok = r == kRanks9;
  if (!ok && v[r] >= 3) {
    v[r] -= 3;
    ok = sets(v);
    v[r] += 3;
  }
  if (!ok && r <= 6 && v[r + 1] && v[r + 2]) {
    --v[r], --v[r + 1], --v[r + 2];
    ok = sets(v);
    ++v[r], ++v[r + 1], ++v[r + 2];
  }
  memo_sets[i] = ok ? 2 : 1;
  return ok;
}

bool pair_and_sets(int* v) {
  std::uint32_t i = idx(v);
  if (memo_pair[i]) return memo_pair[i] == 2;
  bool ok = false;
  for (int p = 0; p < kRanks9 && !ok; ++p) {
    if (v[p] < 2) continue;
    v[p] -= 2;
    ok = sets(v);
    v[p] += 2;
  }
  memo_pair[i] = ok ? 2 : 1;
  return ok;
}

bool seven_pairs(const int* a, const int* b) {
  for (int r = 0; r < kRanks9; ++r)
    if (a[r] % 2 || b[r] % 2 || a[r] > 4 || b[r] > 4) return false;
  return true;
}

}  // namespace

int main() {
  auto t0 = std::chrono::steady_clock::now();
  std::vector<std::vector<std::array<int, 9>>> by_sum(14);
  for (int i = 0; i < 1953125; ++i) {
    std::array<int, 9> v{};
    int x = i, n = 0;
    for (int r = 0; r < 9; ++r, x /= 5) n += v[static_cast<std::size_t>(r)] = x % 5;
    if (n <= 13) by_sum[static_cast<std::size_t>(n)].push_back(v);
  }
  long hands = 0, mismatches = 0, ready = 0;
  for (int k = 0; k <= 13; ++k) {
    for (const auto& m : by_sum[static_cast<std::size_t>(k)]) {
      for (const auto& s : by_sum[static_cast<std::size_t>(13 - k)]) {
        ++hands;
        std::uint32_t want = 0;
        int a[9], b[9];
        for (int r = 0; r < 9; ++r)
          a[r] = m[static_cast<std::size_t>(r)], b[r] = s[static_cast<std::size_t>(r)];
        for (int suit = 0; suit < 2; ++suit) {
          int* v = suit == 0 ? a : b;
          for (int r = 0; r < 9; ++r) {
            ++v[r];
            bool win =
                (pair_and_sets(a) && sets(b)) || (sets(a) && pair_and_sets(b)) || seven_pairs(a, b);
            --v[r];
            if (win) want |= 1u << (suit * 9 + r);
          }
        }
        Hand h;
        for (int r = 0; r < 9; ++r) {
          h.concealed[static_cast<std::size_t>(r)] = static_cast<std::uint8_t>(a[r]);
          h.concealed[static_cast<std::size_t>(9 + r)] = static_cast<std::uint8_t>(b[r]);
        }
        std::uint32_t got = formal_wait_bits(h);
        ready += want != 0;
        if (got != want && ++mismatches <= 10)
          std::printf("MISMATCH %s: reference %x table %x\n", qianmj::to_ascii(h).c_str(), want,
                      got);
      }
    }
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf(
      "two-suit 13-tile hands: %ld checked, %ld with a formal wait, %ld mismatches, %.1f s\n",
      hands, ready, mismatches, secs);
  return mismatches == 0 && hands == 100465920 ? 0 : 1;
}
