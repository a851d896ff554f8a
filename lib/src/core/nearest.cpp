#include "core/nearest.hpp"

#include <algorithm>

namespace qianmj {
namespace {

// The characters of UTF-8 text (each a code point's bytes; a stray byte is one character), ASCII
// letters lower-cased.
std::vector<std::string_view> characters(std::string_view s) {
  std::vector<std::string_view> out;
  for (std::size_t i = 0; i < s.size();) {
    std::size_t n = 1;
    while (i + n < s.size() && (static_cast<unsigned char>(s[i + n]) & 0xC0) == 0x80) ++n;
    out.push_back(s.substr(i, n));
    i += n;
  }
  return out;
}

bool same(std::string_view a, std::string_view b) {
  if (a.size() != 1 || b.size() != 1) return a == b;
  auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
  return lower(a[0]) == lower(b[0]);
}

// Optimal string alignment distance over characters.
int distance(const std::vector<std::string_view>& a, const std::vector<std::string_view>& b) {
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::vector<int>> d(n + 1, std::vector<int>(m + 1));
  for (std::size_t i = 0; i <= n; ++i) d[i][0] = static_cast<int>(i);
  for (std::size_t j = 0; j <= m; ++j) d[0][j] = static_cast<int>(j);
  for (std::size_t i = 1; i <= n; ++i)
    for (std::size_t j = 1; j <= m; ++j) {
      const int cost = same(a[i - 1], b[j - 1]) ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && same(a[i - 1], b[j - 2]) && same(a[i - 2], b[j - 1]))
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[n][m];
}

// Whether `edits` between a word of `typed` characters and a known one of `known` is near.
bool near(int edits, std::size_t typed, std::size_t known) {
  const int most = typed <= 3 ? 1 : 2;
  return edits <= most && edits < static_cast<int>(typed) && edits < static_cast<int>(known);
}

constexpr std::size_t kLongest = 64;  // characters: longer text is no mistyped word

}  // namespace

int word_distance(std::string_view a, std::string_view b) {
  return distance(characters(a), characters(b));
}

std::string nearest_word(std::string_view word, const std::vector<std::string_view>& candidates) {
  const auto w = characters(word);
  if (w.size() > kLongest) return "";
  std::string_view best;
  int best_edits = 0;
  for (auto c : candidates) {
    if (c == word) return "";
    const auto k = characters(c);
    const int edits = distance(w, k);
    if (near(edits, w.size(), k.size()) && (best.empty() || edits < best_edits))
      best = c, best_edits = edits;
  }
  return std::string(best);
}

std::string nearest_start(std::string_view word, const std::vector<std::string_view>& candidates) {
  auto w = characters(word);
  if (w.size() > kLongest) w.resize(kLongest);
  std::string_view best;
  std::size_t best_bytes = 0;
  int best_edits = 0;
  for (auto c : candidates) {
    const auto k = characters(c);
    // The starts of `word` one character shorter, as long, and one longer than the candidate.
    for (std::size_t len = k.size() > 0 ? k.size() - 1 : 0; len <= k.size() + 1 && len <= w.size();
         ++len) {
      std::vector<std::string_view> start(w.begin(), w.begin() + static_cast<long>(len));
      std::size_t bytes = 0;
      for (auto ch : start) bytes += ch.size();
      if (word.substr(0, bytes) == c) return "";  // it starts with a known word: no typo there
      const int edits = distance(start, k);
      if (near(edits, std::max(len, k.size()), k.size()) && (best.empty() || edits < best_edits))
        best = c, best_edits = edits, best_bytes = bytes;
    }
  }
  if (best.empty()) return "";
  return std::string(best) + std::string(word.substr(best_bytes));
}

}  // namespace qianmj
