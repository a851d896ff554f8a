// What every subcommand shares: language, output mode, the rule set, printing errors.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "qianmj/formats/json.hpp"

#include <CLI/CLI.hpp>

#include "qianmj/core/error.hpp"
#include "qianmj/core/hand.hpp"
#include "qianmj/engine/explain.hpp"
#include "qianmj/engine/rules.hpp"

namespace qianmj::cli {

enum Exit { kOk = 0, kNo = 1, kBad = 2 };

struct Common {
  std::string rules_id{default_ruleset().id};
  bool rules_given = false;                   // --rules was given
  std::vector<std::string> rule_assignments;  // --rule NAME=VALUE
  bool json = false;
  bool zh_flag = false, en_flag = false;
  bool chinese = false;  // resolved language of text output
  bool narrow_flag = false;
  bool narrow = false;  // one seat a line: --narrow, or a terminal under 60 columns (COLUMNS)
  bool glyphs_flag = false;
  bool glyphs = false;  // hands also as tile pictures: --glyphs, or QIANMJ_GLYPHS=1
};

// The options every command takes (--rules, --rule, --json, --zh, --en, --narrow, --glyphs,
// --help), on the top command and on each subcommand alike, so each --help lists them.
void add_common_options(CLI::App& cmd, Common& c);

// QIANMJ_GLYPHS set to 1, yes, on or true.
bool glyphs_from_environment();

// COLUMNS below 60 (a phone's terminal).
bool narrow_from_environment();

// --zh / --en, else the locale (LC_ALL, LC_MESSAGES, LANG) starting with "zh".
bool chinese_from_environment();

// A command-line usage error (CLI11's message) in English and Chinese.
Error usage_error(const CLI::ParseError& e);

// Builds the rule set with its house options; errors are printed and nullptr returned.
std::unique_ptr<Ruleset> make_rules(const Common& c, std::ostream& out, std::ostream& err);

// Prints an error: JSON object on `out` with --json, else text with a caret on `err`.
// `line` > 0: the input line it is about (a session's hand).
void print_error(const Error& e, const Common& c, std::ostream& out, std::ostream& err,
                 long line = 0);

// One JSON value as compact text (bad UTF-8 replaced), and written as one line.
std::string json_text(const Json& j);
void print_json(const Json& j, std::ostream& out);

// The HAND words as one hand text, joined by spaces.
std::string hand_words(const std::vector<std::string>& words);

// Declares HAND: one or more words, joined with spaces.
void add_hand_option(CLI::App& cmd, std::vector<std::string>& words, const std::string& help,
                     const std::string& help_zh);

// CLI11 reads a word such as "[555m]" as a bracketed list and strips the brackets; a
// trailing space (ignored by the notation) keeps such words as they were typed.
std::vector<std::string> protect_brackets(int argc, char** argv);

// Text helpers.
std::string pad_right(const std::string& s, int width);  // to `width` terminal columns
std::string pad_left(const std::string& s, int width);
std::string signed_points(std::int64_t v);  // "+18", "-6", "0"
// The same at the end of `out`, without a string of its own.
void append_signed_points(std::string& out, std::int64_t v);
// `s` cut to `width` terminal columns, the last one a '…', when it is wider.
std::string truncate_to(const std::string& s, int width);
// A cell of a CSV or TSV row that a spreadsheet will not run as a formula: text that starts
// with = + - @, a tab or a CR gets a leading ' (as spreadsheet-safe CSV writers do).
std::string spreadsheet_safe(std::string cell);
// "345789条 23445677筒 [555万]", and with `glyphs` the tiles as pictures after it.
std::string hand_text(const Hand& hand, bool chinese, bool glyphs = false);

}  // namespace qianmj::cli
