// What every subcommand shares: language, output mode, the rule set, printing errors.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "qianmj/answers/answer.hpp"
#include "qianmj/answers/layout.hpp"
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

// Under this many columns the answers take the narrow layout (one seat a line).
inline constexpr int kNarrowColumns = 60;
// The width of the output: COLUMNS when set (a whole number), else the terminal's on standard
// output (TIOCGWINSZ), else 0 (not known: a pipe or a file).
int terminal_columns();
// The output is under kNarrowColumns wide (a phone's terminal).
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
// The input of settle and session: FILE opened for reading, or standard input (0) for "-".
// -1 once a file that cannot be opened was reported (io_error).
int open_input(const std::string& file, const Common& c, std::ostream& out, std::ostream& err);

// The request of a command, with the rule set, house rules and output the options ask for.
Request request_of(const Common& c, Command command);
// Writes an answer: its output, then (as text on `err`, unless it is JSON) its error; the
// exit status.
int write_answer(const qianmj::Answer& a, const Common& c, std::ostream& out, std::ostream& err);

// The HAND words as one hand text, joined by spaces.
std::string hand_words(const std::vector<std::string>& words);

// Declares HAND: one or more words, joined with spaces.
void add_hand_option(CLI::App& cmd, std::vector<std::string>& words, const std::string& help,
                     const std::string& help_zh);

// CLI11 reads a word such as "[555m]" as a bracketed list and strips the brackets; a
// trailing space (ignored by the notation) keeps such words as they were typed.
std::vector<std::string> protect_brackets(int argc, char** argv);

}  // namespace qianmj::cli
