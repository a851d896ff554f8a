// A table written the way players say it: `庄东 连庄2 东:2344567筒345789条 北胡7筒 南放炮`.
// Every word has a Chinese and an ASCII spelling (README "Settling in words"); the words say
// everything a JSON table can (INTERFACE §4), each kong once, taken from the melds.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "qianmj/engine/settle.hpp"

namespace qianmj {

// What a session carries into each hand: its header (rule set, house rules, names) and the
// dealer and streak carried from the hands before.
struct WordsDefaults {
  std::string rules;  // empty: the caller's choice
  Options options;
  std::array<std::string, kSeats> names;
  bool have_dealer = false;
  int dealer = 0;
  std::int64_t streak = 0;
};

struct WordsTable {
  Table table;
  std::string text;  // the words as one line: error columns point into it
  // The word (its 1-based character column in `text`) behind each field of the table, so an
  // error settle() reports about a field points at the word the player typed.
  std::vector<std::pair<std::string, int>> fields;
  bool dealer_given = false, streak_given = false;  // said in these words (a correction)
  // The column of the word behind `field` (its longest listed prefix), or 0.
  int column_of(const std::string& field) const;
  // `e` pointing at the word behind its field, with the line for the caret.
  Error at_word(Error e) const;
};

// Reads a table in words: one argument a word (an argument may hold spaces: a quoted hand),
// or one line split at spaces. Errors carry the column of the word and the line.
Result<WordsTable> table_from_words(const std::vector<std::string>& words,
                                    const WordsDefaults* defaults = nullptr);
Result<WordsTable> table_from_words(std::string_view line, const WordsDefaults* defaults = nullptr);

// A line split into words at spaces (ASCII and U+3000).
std::vector<std::string> split_words(std::string_view line);
// The same words without copying them: `each(context, word)` for each, in order (views into
// `line`).
void each_word(std::string_view line, void (*each)(void*, std::string_view), void* context);

// A session's header line: players (玩家 甲 乙 丙 丁 / players A B C D), a rule set, house
// rules, names (东=甲), the first dealer and streak, applied to `d`. nullopt when a word of
// the line is not a header word (the line is a hand); an error points at its word.
std::optional<Result<WordsDefaults>> read_header_words(std::string_view line, WordsDefaults d);

// The table in words that read back to a table with the same ledger (Chinese or ASCII
// spellings); nullopt when the table holds what words cannot say (a name with spaces).
std::optional<std::string> table_to_words(const Table& t, bool chinese);

}  // namespace qianmj
