#include "pipeline.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>

#include "qianmj/json.hpp"

namespace qianmj::cli {

bool LineReader::fill() {
  if (eof_) return false;
  if (pos_ > 0) {
    buf_.erase(0, pos_);
    pos_ = 0;
  }
  std::size_t old = buf_.size();
  buf_.resize(old + (1u << 16));
  ssize_t n;
  do n = ::read(fd_, buf_.data() + old, 1u << 16);
  while (n < 0 && errno == EINTR);
  buf_.resize(old + static_cast<std::size_t>(n > 0 ? n : 0));
  if (n <= 0) eof_ = true;
  return n > 0;
}

bool LineReader::next(std::string& line, bool& too_long) {
  too_long = false;
  line.clear();
  while (true) {
    const void* nl = std::memchr(buf_.data() + pos_, '\n', buf_.size() - pos_);
    if (nl) {
      auto end = static_cast<std::size_t>(static_cast<const char*>(nl) - buf_.data());
      too_long = too_long || end - pos_ > max_line_;  // whole in the buffer, but over the limit
      if (!too_long) line.assign(buf_, pos_, end - pos_);
      pos_ = end + 1;
      break;
    }
    if (buf_.size() - pos_ > max_line_) {  // drop what we have of an over-long line
      too_long = true;
      pos_ = buf_.size();
    }
    bool partial = too_long || pos_ < buf_.size();
    if (!fill()) {
      if (!partial) return false;  // the end of the input
      if (!too_long) line.assign(buf_, pos_, buf_.size() - pos_);
      pos_ = buf_.size();
      break;
    }
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  ++number_;
  return true;
}

std::optional<Result<Json>> json_request(const std::string& line) {
  auto first = line.find_first_not_of(" \t");
  if (first == std::string::npos || line[first] != '{') return std::nullopt;
  try {
    return Result<Json>(Json::parse(line));
  } catch (const Json::exception& ex) {
    return Result<Json>(Error{ErrorCode::BadJson, std::string("not valid JSON: ") + ex.what(),
                              std::string("JSON 格式错误：") + ex.what()});
  }
}

Answer error_answer(const Error& e, const Common& c, long line) {
  if (c.json) return {to_json(e, c.rules_id, line).dump(-1, ' ', false, Json::error_handler_t::replace), true};
  std::string text = c.chinese ? "第 " + std::to_string(line) + " 行：错误 [" + std::string(code_name(e.code)) + "]"
                               : "line " + std::to_string(line) + ": error [" + std::string(code_name(e.code)) + "]";
  if (!e.field.empty()) text += " " + e.field;
  if (e.column > 0) text += c.chinese ? " 第 " + std::to_string(e.column) + " 列" : " column " + std::to_string(e.column);
  text += (c.chinese ? "：" : ": ") + e.message(c.chinese);
  return {text, true};
}

int run_pipeline(const Common& c, const PipeOptions& p,
                 const std::function<Answer(const std::string& line, long number)>& answer) {
  LineReader reader(0);
  std::string line, out;
  bool too_long = false, any_error = false;
  const bool interactive = ::isatty(0);
  bool progress = !interactive && (p.progress == 1 || (p.progress == -1 && ::isatty(2)));
  auto prompt = [&] {
    if (interactive) std::cerr << p.prompt << std::flush;
  };
  auto flush = [&] {
    std::size_t done = 0;
    while (done < out.size()) {
      ssize_t n = ::write(1, out.data() + done, out.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;  // a closed pipe: stop quietly
      done += static_cast<std::size_t>(n);
    }
    out.clear();
    return true;
  };
  prompt();
  while (reader.next(line, too_long)) {
    long n = reader.number();
    Answer a = too_long ? error_answer(Error{ErrorCode::TooLong, "the line is longer than 1 MiB",
                                             "此行超过 1 MiB"},
                                       c, n)
                        : answer(line, n);
    any_error = any_error || a.error;
    out += a.text;
    out += '\n';
    if ((p.line_buffered || interactive || out.size() > (1u << 16)) && !flush()) return any_error ? kBad : kOk;
    prompt();
    if (progress && n % 100000 == 0) std::cerr << "\rqianmj: " << n << " lines" << std::flush;
  }
  flush();
  if (interactive) std::cerr << '\n';
  if (progress && reader.number() >= 100000) std::cerr << "\rqianmj: " << reader.number() << " lines\n";
  return any_error ? kBad : kOk;
}

void add_pipe_options(CLI::App& cmd, PipeOptions& p) {
  cmd.add_flag("--line-buffered", p.line_buffered, "with -: write each answer at once (as grep)");
  cmd.add_flag_function("--progress{1},--no-progress{0}", [&p](std::int64_t v) { p.progress = v > 0 ? 1 : 0; },
                        "with -: a progress line on stderr (default: when stderr is a terminal)");
}

}  // namespace qianmj::cli
