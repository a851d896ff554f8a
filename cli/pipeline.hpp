// Pipeline mode (INTERFACE §2): one request a line on stdin, one answer a line on stdout.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "common.hpp"

namespace qianmj::cli {

inline constexpr std::size_t kMaxLine = 1u << 20;  // longer lines are answered too_long

// Reads a descriptor in large blocks and hands out lines without their '\n' (and '\r').
// A line longer than the limit (not counting a final '\r') is skipped to its end and reported
// as too long, so memory stays bounded whatever the input; work is linear in the bytes read
// however they arrive. A read error ends the lines too: error() says which it was.
class LineReader {
 public:
  explicit LineReader(int fd, std::size_t max_line = kMaxLine) : fd_(fd), max_line_(max_line) {}
  // False at the end of input, or at a read error.
  bool next(std::string& line, bool& too_long);
  long number() const { return number_; }
  int error() const { return error_; }  // 0, or the errno of a failed read

 private:
  bool fill();
  int fd_;
  std::size_t max_line_;
  std::string buf_;
  std::size_t pos_ = 0;   // the start of the next line in buf_
  std::size_t scan_ = 0;  // where the search for its '\n' goes on
  bool eof_ = false;
  int error_ = 0;
  long number_ = 0;
};

struct PipeOptions {
  bool line_buffered = false;
  int progress = -1;   // -1: when stderr is a terminal; 0 off; 1 on
  std::string prompt;  // at a terminal: shown on stderr before each line ("score> ")
  int columns = 0;     // text answers are rows of this many tab-separated columns (0: prose)
};

// One answer: a line of text (no newline); error marks a line that could not be answered.
struct Answer {
  std::string text;
  bool error = false;
};

// The error answer of one line: JSON with "line"; as text, with `columns` > 0, a row of that
// many tab-separated columns like the answers around it ("line N", "error", the code, "-"
// ..., the message last), else "line N: error [code] ...".
Answer error_answer(const Error& e, const Common& c, long line, int columns = 0);

// Runs `answer` over every line of stdin; 0 when every line was answered, 2 when any was
// an error. When stdin is a terminal, each answer is written as soon as its line is entered,
// after a prompt on stderr.
int run_pipeline(const Common& c, const PipeOptions& p, std::ostream& out, std::ostream& err,
                 const std::function<Answer(const std::string& line, long number)>& answer);

// Adds --line-buffered, --progress and --no-progress to a command.
void add_pipe_options(CLI::App& cmd, PipeOptions& p);

}  // namespace qianmj::cli
