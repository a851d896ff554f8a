// Pipeline mode (INTERFACE §2): one request a line on stdin, one answer a line on stdout.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

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
  // A whole line is in the buffer already: next() returns it without reading.
  bool line_ready();
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
  int jobs = 0;  // -j N: threads answering lines; 0: the cores, or 1 at a terminal
  bool line_buffered = false;
  int progress = -1;   // -1: when stderr is a terminal; 0 off; 1 on
  std::string prompt;  // at a terminal: shown on stderr before each line ("score> ")
  int columns = 0;     // text answers are rows of this many tab-separated columns (0: prose)
};

// One answer: a line of text (no newline); error marks a line that could not be answered.
struct Answer {
  std::string text;
  bool error = false;
  bool skip = false;  // no answer at all (a blank line where blank lines are skipped)
  // Becomes `a`, keeping this answer's buffer.
  void take(const Answer& a) {
    text.assign(a.text);
    error = a.error;
    skip = a.skip;
  }
};

// A line read, with its number and whether the reader dropped it as too long.
struct InputLine {
  std::string text;
  long number = 0;
  bool too_long = false;
};

// Lines in flight with -j, and their answers. A block is filled, answered and written again
// and again, its strings keeping their buffers: no allocation a line once warm, and none
// freed on another thread than the one that made it. What a block keeps between uses is
// capped, so long lines falling in every slot in turn cannot pin a long buffer in each.
struct LineBlock {
  static constexpr std::size_t kKeeps = 1u << 20;  // bytes of buffers kept by recycle()

  std::vector<InputLine> lines;  // the first `size` are this block's
  std::vector<Answer> answers;
  std::size_t size = 0;
  bool ready = false;

  InputLine& add() {
    if (size == lines.size()) lines.emplace_back();
    return lines[size++];
  }
  // Empty again for the next lines; the strings' buffers are kept while their sum stays
  // within kKeeps, the rest released.
  void recycle();
};

// The answer to a line over kMaxLine (1 MiB).
Error line_too_long();

// The threads -j asks for: `jobs`, or with 0 the cores (1 when stdin is a terminal).
int pipeline_jobs(int jobs, bool interactive);

// Answers the lines `first` and then every line of `reader` with `answer`, on `jobs`
// threads, and hands each answer to `write` in input order, on one thread at a time. Lines
// go out in blocks (at most 128 lines or 1 MiB), a fixed number of them in flight, so
// memory stays bounded whatever the input. `write` returns false to stop (the output is
// gone). With `jobs` 1 everything runs on the calling thread, line by line. `idle` is called
// (on the writing thread) when the answers so far are written and the next are not ready:
// a place to flush.
// `answer` fills in the answer to a line, handed to it empty (its buffer kept from an earlier
// line: no allocation a line once warm).
void answer_in_order(LineReader& reader, std::vector<InputLine> first, int jobs,
                     const std::function<void(const InputLine&, Answer&)>& answer,
                     const std::function<bool(const Answer&, const InputLine&)>& write,
                     const std::function<void()>& idle);

// The error answer of one line: JSON with "line"; as text, with `columns` > 0, a row of that
// many tab-separated columns like the answers around it ("line N", "error", the code, "-"
// ..., the message last), else "line N: error [code] ...".
Answer error_answer(const Error& e, const Common& c, long line, int columns = 0);

// Runs `answer` over every line of stdin; 0 when every line was answered, 2 when any was
// an error. When stdin is a terminal, each answer is written as soon as its line is entered,
// after a prompt on stderr.
int run_pipeline(
    const Common& c, const PipeOptions& p, std::ostream& out, std::ostream& err,
    const std::function<void(const std::string& line, long number, Answer& out)>& answer);

// Adds -j, --line-buffered, --progress and --no-progress to a command.
void add_pipe_options(CLI::App& cmd, PipeOptions& p);
// Adds -j alone (settle, which has no progress line).
void add_jobs_option(CLI::App& cmd, PipeOptions& p);

}  // namespace qianmj::cli
