// The listing of the words of a table in words (qianmj help words): made from the lexicon's own
// lists (formats/words/lexicon.hpp), the rule sets' table fields and house options, so a word
// added to any of them is listed without editing the listing (internal to lib/src/answers/).
#pragma once

#include <string>
#include <vector>

namespace qianmj::detail {

struct WordEntry {
  std::vector<std::string> zh, en;  // the spellings, Chinese (or glued) and ASCII
  std::string says_zh, says_en;     // what they say
  std::string example_zh, example_en;
};

struct WordSection {
  std::string id;  // "seats", "verbs", "alone", "keys", "header", "rules:ID", "options"
  std::string title_zh, title_en;
  std::string note_zh, note_en;  // a line under the title, or empty
  std::vector<WordEntry> entries;
};

std::vector<WordSection> word_listing();

// The listing as text, in Chinese or English, its lines wrapped to `width` columns where a
// line can break (at a space, or between Chinese characters).
std::string word_listing_text(bool zh, int width);

// The listing as one JSON object (docs/answer.md), on one line.
std::string word_listing_json();

}  // namespace qianmj::detail
