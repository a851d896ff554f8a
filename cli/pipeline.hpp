// Pipeline mode (INTERFACE §2): one request a line on stdin, one answer a line on stdout.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "common.hpp"
#include "io.hpp"

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
  // next() returns a line without waiting: one is whole in the buffer, or after reading what
  // the input has ready now (never waiting for it), or the input has ended.
  bool line_ready();
  long number() const { return number_; }
  int error() const { return error_; }  // 0, or the errno of a failed read
  // The last line next() gave had no newline at its end: the input stopped within it. It is
  // answered, as Unix tools do, with a note: a writer that died mid-line can turn 连庄12 into
  // 连庄1.
  bool unterminated() const { return unterminated_; }

 private:
  bool fill();
  int fd_;
  std::size_t max_line_;
  std::string buf_;
  std::size_t pos_ = 0;   // the start of the next line in buf_
  std::size_t scan_ = 0;  // where the search for its '\n' goes on
  bool eof_ = false;
  bool unterminated_ = false;
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
  // Empty for the next line, keeping the buffer.
  void clear() {
    text.clear();
    error = skip = false;
  }
};

// A line read, with its number and whether the reader dropped it as too long.
struct InputLine {
  std::string text;
  long number = 0;
  bool too_long = false;
  bool unterminated = false;  // the input's last line, without its newline
};

// The note an answer to an unterminated line carries: "unterminated": true in a JSON answer
// (`json`: the answer is one JSON object, its newline after it or not), and a warning on
// standard error, once, when the run ends (warn_unterminated).
void mark_unterminated(std::string& answer, bool json);
void warn_unterminated(const LineReader& reader, const Common& c, std::ostream& err);

// Lines of one thread with -j, and their answers (`Out`: an Answer, or what a command makes
// of a line before it is written). A thread fills its block, answers it and writes it, again
// and again, its strings keeping their buffers: no allocation a line once warm, and a line's
// text and answer touched by one core only. What a block keeps between uses is capped, so
// long lines falling in every slot in turn cannot pin a long buffer in each.
template <class Out>
struct BasicLineBlock {
  static constexpr std::size_t kKeeps = 1u << 20;  // bytes of buffers kept by recycle()

  std::vector<InputLine> lines;  // the first `size` are this block's
  std::vector<Out> answers;
  std::size_t size = 0;

  InputLine& add() {
    if (size == lines.size()) lines.emplace_back();
    return lines[size++];
  }
  // Empty again for the next lines; the strings' buffers are kept while their sum stays
  // within kKeeps, the rest released.
  void recycle() {
    std::size_t kept = 0;
    auto keep = [&kept](std::string& s) {
      kept += s.capacity();
      if (kept > kKeeps) std::string().swap(s);
    };
    // Every slot, not only this use's: a slot past a short block keeps what an earlier,
    // longer one left in it, and counts against the cap too.
    for (std::size_t i = 0; i < std::max(lines.size(), answers.size()); ++i) {
      if (i < lines.size()) keep(lines[i].text);
      if constexpr (requires(Out & a) { keep(a.text); })
        if (i < answers.size()) keep(answers[i].text);
    }
    size = 0;
  }
};
using LineBlock = BasicLineBlock<Answer>;

// The answer to a line over kMaxLine (1 MiB).
Error line_too_long();

// The CPUs this process may use: those its affinity mask allows (taskset, a cpuset), no more
// than a cgroup's CPU quota (rounded up), 1 to 64.
int usable_cpus();
// The threads -j asks for: `jobs`, or with 0 the usable CPUs (1 when stdin is a terminal).
int pipeline_jobs(int jobs, bool interactive);

// A block takes at most 128 lines or 1 MiB: one thread's lines and answers stay in its
// caches (1,024 lines of waits --json answers were about 5 MB in flight, and 6 % slower).
inline constexpr std::size_t kBlockLines = 128;
inline constexpr std::size_t kBlockBytes = 1u << 20;

// Calls `done` until it is true, for at most about 100 microseconds: whether it came true.
template <class Pred>
bool spin_until(Pred done) {
  for (int k = 0; k < 4096; ++k) {  // a pause is 10 to 150 cycles, by the processor
    if (done()) return true;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  }
  const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(100);
  do {
    for (int k = 0; k < 256; ++k)
      if (done()) return true;
  } while (std::chrono::steady_clock::now() < until);
  return done();
}

// Answers the lines `first` and then every line of `reader` with `answer`, on `jobs`
// threads, and hands each answer to `write` in input order, on one thread at a time. With
// `jobs` 1 everything runs on the calling thread, line by line. Otherwise each thread (the
// caller and jobs - 1 more) takes the next block of lines (at most 128 lines or 1 MiB, fewer
// when the input has no more lines yet), answers it, waits for its turn and writes it: at
// most `jobs` blocks are held, whatever the input's size, and a line's text and answer stay
// on the core that answered it. `write` returns false to stop (the output is gone). `idle`
// is called (by the writing thread) when the answers so far are written and no more are
// ready: a place to flush. `answer` fills in the answer to a line, handed to it cleared
// (Out::clear(); its buffers kept from an earlier line: no allocation a line once warm), and
// `write` may move out of it what it keeps. When `write` writes to `out` and its buffer is
// standard output's (FdOutput), each thread gathers what it writes in a buffer of its own
// (one shared buffer was written by each core in turn, every cache line of it moving
// between them), and `out` has its own again at the end.
template <class Out>
void answer_in_order_of(LineReader& reader, std::vector<InputLine> first, int jobs,
                        const std::function<void(const InputLine&, Out&)>& answer,
                        const std::function<bool(Out&, const InputLine&)>& write,
                        const std::function<void()>& idle, std::ostream* out = nullptr) {
  if (jobs <= 1) {  // one thread: each line answered and written before the next is read
    Out a;
    for (const auto& l : first) {
      a.clear();
      answer(l, a);
      if (!write(a, l)) return;
    }
    if (!first.empty() && !reader.line_ready()) idle();  // settle's opening lines too
    InputLine l;
    while (reader.next(l.text, l.too_long)) {
      l.number = reader.number();
      l.unterminated = reader.unterminated();
      a.clear();
      answer(l, a);
      if (!write(a, l)) return;
      if (!reader.line_ready()) idle();  // the next read may wait: what is done goes out
    }
    return;
  }
  std::mutex input;  // the reader, `first` and the tickets: one thread reads at a time
  std::size_t first_at = 0;
  std::uint64_t next_ticket = 0;
  bool input_done = false;
  std::mutex m;  // sleeping for the turn
  std::condition_variable turn_changed;
  std::atomic<std::uint64_t> turn{0};  // the ticket of the next block to write
  std::atomic<int> ready{0};           // threads with a block answered, waiting for its turn
  std::atomic<bool> stop{false};       // the output is gone
  FdOutput* sink = out ? dynamic_cast<FdOutput*>(out->rdbuf()) : nullptr;
  constexpr std::size_t kArea = 1u << 16;
  std::vector<std::unique_ptr<char[]>> areas(static_cast<std::size_t>(jobs));
  std::atomic<std::size_t> next_area{0};
  auto worker = [&] {
    BasicLineBlock<Out> b;  // made, used and freed on this thread
    char* area = nullptr;   // where this thread's writes gather (kept until the end)
    if (sink) {
      auto& a = areas[next_area.fetch_add(1)];
      a = std::make_unique<char[]>(kArea);
      area = a.get();
    }
    while (true) {
      b.recycle();
      std::uint64_t ticket = 0;
      {
        // The wait for the reader is short (it copies a block's lines): spun out rather than
        // slept, since waking a sleeping core costs more than the wait.
        if (!spin_until([&] { return input.try_lock(); })) input.lock();
        std::lock_guard lock(input, std::adopt_lock);
        if (input_done) return;
        std::size_t bytes = 0;
        while (b.size < kBlockLines && bytes < kBlockBytes && first_at < first.size()) {
          InputLine& slot = b.add();
          const InputLine& l = first[first_at++];
          slot.text.assign(l.text);
          slot.number = l.number;
          slot.too_long = l.too_long;
          slot.unterminated = l.unterminated;
          bytes += slot.text.size();
        }
        // A line that is not in yet is waited for only by a thread with none: a slow writer
        // of the input gets its answers without waiting for a block's worth.
        while (b.size < kBlockLines && bytes < kBlockBytes &&
               (b.size == 0 || reader.line_ready())) {
          InputLine& slot = b.add();
          if (!reader.next(slot.text, slot.too_long)) {
            --b.size;  // nothing was read into it
            input_done = true;
            break;
          }
          slot.number = reader.number();
          slot.unterminated = reader.unterminated();
          bytes += slot.text.size();
        }
        if (b.size == 0) return;
        ticket = next_ticket++;
      }
      if (b.answers.size() < b.size) b.answers.resize(b.size);
      for (std::size_t i = 0; i < b.size; ++i) {
        b.answers[i].clear();
        answer(b.lines[i], b.answers[i]);
      }
      // The turn comes when the blocks before this one are written: spun for a while (about
      // a block's writing), then slept for.
      ready.fetch_add(1);
      auto my_turn = [&] { return stop.load() || turn.load() == ticket; };
      if (!spin_until(my_turn)) {
        std::unique_lock lock(m);
        turn_changed.wait(lock, my_turn);
      }
      ready.fetch_sub(1);
      if (stop.load()) return;
      if (sink) sink->use_area(area, kArea);  // what the last writer left goes out first
      bool ok = true;  // this thread's turn: no other writes until it moves on
      for (std::size_t i = 0; ok && i < b.size; ++i) ok = write(b.answers[i], b.lines[i]);
      if (ok && ready.load() == 0) idle();  // no answers ready behind these: out they go
      {
        std::lock_guard lock(m);  // a sleeper checks and sleeps under it: no wake-up lost
        if (ok)
          turn.fetch_add(1);
        else
          stop.store(true);
      }
      turn_changed.notify_all();
      if (!ok) {  // no more lines are read
        std::lock_guard in(input);
        input_done = true;
        return;
      }
    }
  };
  std::vector<std::thread> threads;
  for (int k = 1; k < jobs; ++k) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  if (sink) sink->use_area(nullptr, 0);  // the threads' areas go with this call
}

// answer_in_order_of for answers that are lines of text.
void answer_in_order(LineReader& reader, std::vector<InputLine> first, int jobs,
                     const std::function<void(const InputLine&, Answer&)>& answer,
                     const std::function<bool(const Answer&, const InputLine&)>& write,
                     const std::function<void()>& idle, std::ostream* out = nullptr);

// A blank line or a # comment: pipelines skip it, as session does (its number still counts).
bool comment_or_blank(std::string_view line);

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
