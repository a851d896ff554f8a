// The reader of a table in words: each word classified by the lexicon and read by the step for
// its kind, then the table made from what was said (reader.cpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "qianmj/formats/table_words.hpp"

namespace qianmj::words {

struct Token {
  std::string_view text;  // in the line the words were read from
  int column;             // 1-based character column in the line
};

// The words of a table, joined with one space into `line` (the table's text) before they are
// read: the tokens are views into it. Neither copied nor moved: `line` names its own member,
// and the tokens point into it.
struct Words {
  Words() = default;
  Words(const Words&) = delete;
  Words& operator=(const Words&) = delete;

  const WordsDefaults* defaults = nullptr;
  std::vector<Token> tokens;
  WordsTable out;
  std::string& line = out.text;
};

// The table the words say, or an error at the word that does not fit.
Result<WordsTable> read_words(Words& words);

}  // namespace qianmj::words
