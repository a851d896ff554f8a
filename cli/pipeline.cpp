#include "pipeline.hpp"

#include "qianmj/core/terminal_text.hpp"

#include <poll.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>

#include "help.hpp"
#include "io.hpp"
#include "qianmj/formats/json.hpp"
#include "qianmj/formats/notation.hpp"

namespace qianmj::cli {

bool LineReader::fill() {
  if (eof_) return false;
  if (pos_ > 0 && pos_ >= buf_.size() / 2) {  // drop what was read, now and then (linear in all)
    buf_.erase(0, pos_);
    scan_ -= pos_;
    pos_ = 0;
  }
  char chunk[1 << 16];
  long n = read_some(fd_, chunk, sizeof chunk);
  if (n <= 0) {
    eof_ = true;
    if (n < 0) error_ = static_cast<int>(-n);
    return false;
  }
  buf_.append(chunk, static_cast<std::size_t>(n));
  return true;
}

bool LineReader::line_ready() {
  if (eof_) return true;  // next() reads nothing more
  auto find = [this] {
    if (scan_ < pos_) scan_ = pos_;
    const void* nl = std::memchr(buf_.data() + scan_, '\n', buf_.size() - scan_);
    // The search goes on from here: next() finds this '\n' at once, the line is scanned once.
    scan_ = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - buf_.data()) : buf_.size();
    return nl != nullptr;
  };
  if (find()) return true;
  // None in the buffer: more is read at once where that cannot wait (a file, a pipe with
  // something in it), so that only a slow writer of the input cuts a -j block short or
  // flushes the answers early (a block cut at every 64 KiB of a file left its thread waiting).
  pollfd p{fd_, POLLIN, 0};
  int ready = 0;
  while ((ready = ::poll(&p, 1, 0)) < 0 && errno == EINTR) {
  }
  if (ready <= 0) return false;  // nothing in yet (a failed poll: next() says why)
  if (!fill()) return true;      // the end of the input, or a read error: next() reads no more
  return find();
}

bool LineReader::next(std::string& line, bool& too_long) {
  too_long = false;
  line.clear();
  if (scan_ < pos_) scan_ = pos_;
  while (true) {
    const void* nl = std::memchr(buf_.data() + scan_, '\n', buf_.size() - scan_);
    if (nl) {
      auto end = static_cast<std::size_t>(static_cast<const char*>(nl) - buf_.data());
      std::size_t length = end - pos_;
      if (length > 0 && buf_[end - 1] == '\r') --length;  // the limit counts the line, not its CR
      too_long = too_long || length > max_line_;          // whole in the buffer, but over the limit
      if (!too_long) line.assign(buf_, pos_, end - pos_);
      pos_ = scan_ = end + 1;
      break;
    }
    scan_ = buf_.size();
    if (buf_.size() - pos_ > max_line_ + 1) {  // drop what we have of an over-long line
      too_long = true;
      pos_ = scan_ = buf_.size();
    }
    bool partial = too_long || pos_ < buf_.size();
    if (!fill()) {
      // A read error, the end of the input, or a stop signal: a line cut short by a signal
      // is not answered, since it may be only the start of what was being written.
      if (error_ || !partial || stop_signal()) return false;
      unterminated_ = true;
      if (!too_long) line.assign(buf_, pos_, buf_.size() - pos_);
      if (!too_long && line.size() > max_line_ + (!line.empty() && line.back() == '\r' ? 1 : 0))
        too_long = true, line.clear();
      pos_ = scan_ = buf_.size();
      break;
    }
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  ++number_;
  return true;
}

bool comment_or_blank(std::string_view line) {
  line = skip_bom(line);
  auto i = line.find_first_not_of(" \t\r");
  return i == std::string_view::npos || line[i] == '#';
}

Answer error_answer(const Error& e, const Common& c, long line, int columns) {
  if (c.json) return {error_json_text(e, c.rules_id, line), true};
  const std::string code(code_name(e.code));
  // "line N" and "error [code]" in every language: a script greps them; the message is the
  // user's.
  std::string where = "line " + std::to_string(line);
  std::string message;
  if (!e.field.empty()) message += terminal_safe(e.field) + (c.chinese ? "：" : ": ");
  if (e.column > 0)
    message += c.chinese ? "第 " + std::to_string(e.column) + " 列："
                         : "column " + std::to_string(e.column) + ": ";
  message += terminal_safe(e.message(c.chinese));
  if (columns > 0) {  // a row: no tab or newline inside a cell
    for (auto& ch : message)
      if (ch == '\t' || ch == '\n' || ch == '\r') ch = ' ';
    std::string row = where + "\terror\t" + code;
    for (int k = 4; k < columns; ++k) row += "\t-";
    return {row + "\t" + spreadsheet_safe(message), true};
  }
  std::string text = where + ": error [" + code + "]";
  if (!e.field.empty()) text += " " + terminal_safe(e.field);
  if (e.column > 0)
    text += c.chinese ? " 第 " + std::to_string(e.column) + " 列"
                      : " column " + std::to_string(e.column);
  text += ": " + terminal_safe(e.message(c.chinese));
  return {text, true};
}

void mark_unterminated(std::string& answer, bool json) {
  if (!json) return;
  auto brace = answer.rfind('}');
  if (brace != std::string::npos) answer.insert(brace, ",\"unterminated\":true");
}

void warn_unterminated(const LineReader& reader, const Common& c, std::ostream& err) {
  if (!reader.unterminated()) return;
  const std::string n = std::to_string(reader.number());
  err << (c.chinese
              ? "qianmj：警告：第 " + n + " 行末尾没有换行，已按原样作答（输入是否被截断？）\n"
              : "qianmj: warning: line " + n +
                    " has no newline at its end: answered as it was (was the input cut "
                    "short?)\n");
}

Error line_too_long() {
  return Error{ErrorCode::TooLong, "the line is longer than 1 MiB", "此行超过 1 MiB"};
}

int usable_cpus() {
  int n = 0;
  cpu_set_t set;
  if (::sched_getaffinity(0, sizeof set, &set) == 0) n = CPU_COUNT(&set);  // taskset, cpusets
  if (n <= 0) n = static_cast<int>(std::thread::hardware_concurrency());
  // A cgroup CPU quota, here or in a parent group: v2's cpu.max ("150000 100000": one and a
  // half CPUs, "max": none), v1's cpu.cfs_quota_us over cpu.cfs_period_us (-1: none).
  auto limit = [&n](long quota, long period) {
    if (quota > 0 && period > 0)
      n = std::min(n, static_cast<int>(std::max(1L, (quota + period - 1) / period)));
  };
  std::ifstream groups("/proc/self/cgroup");
  std::string entry;
  while (std::getline(groups, entry)) {
    auto colon = entry.find(':'), second = entry.find(':', colon + 1);
    if (colon == std::string::npos || second == std::string::npos) continue;
    const std::string controllers = entry.substr(colon + 1, second - colon - 1);
    const bool v2 = controllers.empty(), v1 = controllers == "cpu" || controllers == "cpu,cpuacct";
    if (!v2 && !v1) continue;
    for (std::string dir = entry.substr(second + 1);; dir = dir.substr(0, dir.rfind('/'))) {
      if (v2) {
        std::ifstream max("/sys/fs/cgroup" + dir + "/cpu.max");
        std::string quota;
        long period = 0;
        if (max >> quota >> period && quota != "max")
          limit(std::strtol(quota.c_str(), nullptr, 10), period);
      } else {
        const std::string base = "/sys/fs/cgroup/" + controllers + dir;
        long quota = 0, period = 0;
        std::ifstream(base + "/cpu.cfs_quota_us") >> quota;
        std::ifstream(base + "/cpu.cfs_period_us") >> period;
        limit(quota, period);
      }
      if (dir.empty() || dir == "/") break;
    }
  }
  return std::clamp(n, 1, 64);
}

int pipeline_jobs(int jobs, bool interactive) {
  if (jobs > 0) return jobs;
  if (interactive) return 1;
  return usable_cpus();
}

void answer_in_order(LineReader& reader, std::vector<InputLine> first, int jobs,
                     const std::function<void(const InputLine&, Answer&)>& answer,
                     const std::function<bool(const Answer&, const InputLine&)>& write,
                     const std::function<void()>& idle, std::ostream* out) {
  answer_in_order_of<Answer>(
      reader, std::move(first), jobs, answer,
      [&write](Answer& a, const InputLine& l) { return write(a, l); }, idle, out);
}

int run_pipeline(
    const Common& c, const PipeOptions& p, std::ostream& out, std::ostream& err,
    const std::function<void(const std::string& line, long number, Answer& out)>& answer) {
  LineReader reader(0);
  bool any_error = false, failed = false;
  const bool interactive = ::isatty(0);
  bool progress = !interactive && (p.progress == 1 || (p.progress == -1 && ::isatty(2)));
  auto prompt = [&] {
    if (interactive) err << p.prompt << std::flush;
  };
  prompt();
  answer_in_order(
      reader, {}, pipeline_jobs(p.jobs, interactive),
      [&](const InputLine& l, Answer& a) {
        // A UTF-8 byte order mark before the first line (a file saved by Notepad), as settle
        // reads it.
        if (l.too_long)
          a.take(error_answer(line_too_long(), c, l.number, p.columns));
        else if (comment_or_blank(l.text))  // no answer, as in session; numbers go on
          a.skip = true;
        else if (l.number == 1 && skip_bom(l.text).size() != l.text.size())
          answer(std::string(skip_bom(l.text)), l.number, a);
        else
          answer(l.text, l.number, a);
        if (l.unterminated) mark_unterminated(a.text, c.json);
      },
      [&](const Answer& a, const InputLine& l) {
        if (a.skip) {
          prompt();
          return true;
        }
        any_error = any_error || a.error;
        out.write(a.text.data(), static_cast<std::streamsize>(a.text.size()));
        out.put('\n');
        if (p.line_buffered || interactive) out.flush();
        if (!out) {
          failed = true;
          return false;  // the output is gone: main says why, and how to exit
        }
        prompt();
        if (progress && l.number % 100000 == 0)
          err << "\rqianmj: " << l.number << " lines" << std::flush;
        return true;
      },
      [&] {
        if (!interactive) out.flush();  // waiting for answers: what is done goes out
      },
      &out);
  if (failed) return kBad;
  if (interactive) err << '\n';
  if (progress && reader.number() >= 100000) err << "\rqianmj: " << reader.number() << " lines\n";
  warn_unterminated(reader, c, err);
  if (reader.error()) {  // never taken for the end of the input
    print_error(io_error(reader.error(), false, "standard input", "标准输入"), c, out, err);
    return kBad;
  }
  return any_error ? kBad : kOk;
}

void add_jobs_option(CLI::App& cmd, PipeOptions& p) {
  doc(cmd,
      cmd.add_option("-j,--jobs", p.jobs,
                     "answer on N threads, in input order (default: the cores; 1 at a terminal)")
          ->check(CLI::Range(1, 64))
          ->type_name("N")
          ->group(kGroupPipeline),
      "用 N 个线程作答，按输入顺序输出（默认：CPU 核数；终端上为 1）");
}

void add_pipe_options(CLI::App& cmd, PipeOptions& p) {
  add_jobs_option(cmd, p);
  doc(cmd,
      cmd.add_flag("--line-buffered", p.line_buffered, "write each answer at once (as grep)")
          ->group(kGroupPipeline),
      "每个答案立即写出（同 grep）");
  doc(cmd,
      cmd.add_flag_callback(
             "--progress", [&p] { p.progress = 1; },
             "a line count on stderr (default: when stderr is a terminal)")
          ->group(kGroupPipeline),
      "在标准错误上显示已读行数（默认：标准错误为终端时）");
  doc(cmd,
      cmd.add_flag_callback(
             "--no-progress", [&p] { p.progress = 0; }, "no line count on stderr")
          ->group(kGroupPipeline),
      "不显示行数");
}

}  // namespace qianmj::cli
