// Internal: "did you mean" for a mistyped word: the known word nearest to it, by an edit
// distance over characters (code points, so one Chinese character is one edit; ASCII letters
// compared without case), and only when it is near.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace qianmj {

// Edits (insert, delete, replace, swap two neighbours) between a and b, in characters.
int word_distance(std::string_view a, std::string_view b);

// The candidate nearest to `word` when it is near: at most 1 edit for a word of 1-3 characters,
// 2 for a longer one, and fewer edits than either has characters (x is no typo of 胡); the first
// of the nearest, or "" when none is near (or `word` is one of them, byte for byte).
std::string nearest_word(std::string_view word, const std::vector<std::string_view>& candidates);

// The same for a word that is a known word with more after it (子摸7筒 → 自摸7筒, daelr:E →
// dealer:E): the candidate nearest to a start of `word`, with the rest of `word` after it.
std::string nearest_start(std::string_view word, const std::vector<std::string_view>& candidates);

}  // namespace qianmj
