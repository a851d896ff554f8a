// qianmj settle [FILE|-]: the full ledger of one hand, item by item.
#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "commands.hpp"
#include "help.hpp"
#include "io.hpp"
#include "qianmj/formats/json.hpp"
#include "qianmj/formats/notation.hpp"
#include "qianmj/formats/table_words.hpp"

namespace qianmj::cli {

CLI::App* SettleCommand::add(CLI::App& app) {
  auto* cmd = app.add_subcommand("settle",
                                 "The full ledger of a hand: a table in words (庄东 东:… 北胡7筒 "
                                 "南放炮), or JSON from FILE or stdin");
  doc(*cmd,
      "一局的完整结算：用文字写的牌桌（庄东 东:… 北胡7筒 南放炮），或文件、标准输入中的 JSON");
  doc(*cmd,
      cmd->add_option("table", args_,
                      "the table in words, or a JSON FILE; - or nothing reads stdin")
          ->type_name("WORDS|FILE"),
      "文字写的牌桌，或 JSON 文件；- 或不给则读标准输入");
  doc(*cmd,
      cmd->add_option("--seat", output_.seat, "print one seat's statement (个人结算)")
          ->check(CLI::Range(0, 3))
          ->type_name("N"),
      "只输出一家的个人结算（0–3）", {"0", "1", "2", "3"});
  doc(*cmd,
      cmd->add_flag("--to-json", output_.to_json, "print the table as JSON instead of settling it"),
      "不结算，把牌桌转写为 JSON");
  doc(*cmd,
      cmd->add_flag("--to-words", output_.to_words,
                    "print the table in words instead of settling it"),
      "不结算，把牌桌转写为文字");
  doc(*cmd,
      cmd->add_flag("--line-buffered", pipe_.line_buffered, "JSON Lines: write each answer at once")
          ->group(kGroupPipeline),
      "JSON Lines：每个答案立即写出");
  add_jobs_option(*cmd, pipe_);
  return cmd;
}

namespace {

// Whether `text` could begin a JSON document: it parses, or its only fault is that it ends.
bool json_prefix(const std::string& text) {
  struct Where : nlohmann::json_sax<nlohmann::json> {
    std::size_t error_at = std::string::npos;
    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t) override { return true; }
    bool number_unsigned(number_unsigned_t) override { return true; }
    bool number_float(number_float_t, const string_t&) override { return true; }
    bool string(string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override { return true; }
    bool key(string_t&) override { return true; }
    bool end_object() override { return true; }
    bool start_array(std::size_t) override { return true; }
    bool end_array() override { return true; }
    bool parse_error(std::size_t at, const std::string&,
                     const nlohmann::detail::exception&) override {
      error_at = at;
      return false;
    }
  } where;
  nlohmann::json::sax_parse(text, &where);
  return where.error_at == std::string::npos || where.error_at > text.size();
}

bool blank(const std::string& s) {
  return s.find_first_not_of(" \t\r") == std::string::npos;
}

}  // namespace

int SettleCommand::run(const Common& c, std::ostream& out, std::ostream& err) const {
  Request request = request_of(c, Command::Settle);
  request.seat = output_.seat;
  request.to_json = output_.to_json;
  request.to_words = output_.to_words;
  // One argument that is -, a file or a path: the input; anything else is a table in words.
  std::string file_ = "-";
  if (!args_.empty()) {
    std::error_code ec;
    const std::string& a = args_.front();
    bool input = args_.size() == 1 &&
                 (a == "-" || std::filesystem::exists(a, ec) || a.find('/') != std::string::npos ||
                  (a.size() > 5 && a.compare(a.size() - 5, 5, ".json") == 0));
    if (!input) {
      request.table_words = args_;
      return write_answer(answer(request), c, out, err);
    }
    file_ = a;
  }
  int fd = 0;
  if (file_ != "-") {
    fd = ::open(file_.c_str(), O_RDONLY);
    if (fd < 0) {
      print_error(io_error(errno, false, file_, file_), c, out, err);
      return kBad;
    }
  }
  const std::string input_en = fd == 0 ? "standard input" : file_,
                    input_zh = fd == 0 ? "标准输入" : file_;
  auto read_failed = [&](const LineReader& reader) {
    print_error(io_error(reader.error(), false, input_en, input_zh), c, out, err);
    return kBad;
  };
  // At a terminal: a table a line (words or JSON), each answered as soon as it is entered.
  if (fd == 0 && ::isatty(0)) {
    LineReader reader(0);
    std::string line;
    bool too_long = false, any_error = false;
    const char* prompt = c.chinese ? "结算> " : "settle> ";
    err << prompt << std::flush;
    while (reader.next(line, too_long) && out) {
      if (too_long || !blank(line)) {
        std::string rules;
        auto a = too_long ? Result<std::string>(line_too_long())
                          : settle_answer(line, request, c.json ? reader.number() : 0, rules);
        if (a) {
          out << *a;
        } else {
          any_error = true;
          Common used = c;
          used.rules_id = rules;
          print_error(a.error(), used, out, err);
        }
        out.flush();
      }
      err << prompt << std::flush;
    }
    err << '\n';
    if (reader.error()) return read_failed(reader);
    return any_error ? kBad : kOk;
  }
  // One table, or one table a line. The first non-blank line decides (README "Reading many
  // tables"): a table in words, a whole JSON value, or a line starting with '{' followed by
  // another line starting with '{' (a broken first table, answered in place) make it a table
  // a line (JSON Lines), when another line follows; otherwise the input is one JSON document,
  // which may span lines, up to 16 MiB (on one line too).
  constexpr std::size_t kLimit = 16u << 20;
  LineReader reader(fd, kLimit);
  std::string line;
  bool too_long = false;
  while (reader.next(line, too_long) && !too_long && blank(line)) {
  }
  if (reader.error()) return read_failed(reader);
  const long first_number = reader.number();
  // The next non-blank line; the blank ones before it belong to a document that spans lines
  // (kept, up to the limit, so that its size counts them).
  std::string second, skipped;
  bool second_too_long = false;
  while (reader.next(second, second_too_long) && !second_too_long && blank(second)) {
    skipped += second + "\n";
    if (skipped.size() > kLimit) break;  // a document over the limit either way
  }
  if (reader.error()) return read_failed(reader);
  const bool more = second_too_long || !blank(second);
  auto starts_brace = [](const std::string& s) {
    auto i = s.find_first_not_of(" \t");
    return i != std::string::npos && s[i] == '{';
  };
  // A document spans lines only when its first line is the start of one (broken only by its
  // end) and the next line could go on with it; otherwise each line is a table, and a bad
  // first line, whatever its first byte or size, is answered in place like any other.
  const bool lines_mode = more && (too_long || !is_json_text(line) || Json::accept(line) ||
                                   !json_prefix(line) || second_too_long || starts_brace(second) ||
                                   !is_json_text(second) || Json::accept(second));
  if (!lines_mode) {
    std::string text = line;
    if (too_long) text.append(kLimit + 1, ' ');  // a first line over 16 MiB: no table is
    if (!skipped.empty() || more) text += "\n" + skipped;
    if (skipped.empty() || skipped.size() <= kLimit) {
      if (second_too_long)
        text.append(kLimit, ' ');  // over the limit either way
      else if (more)
        text += second;
    }
    if (!text.empty() && text.back() == '\n' && !more) text.pop_back();
    while (text.size() <= kLimit && reader.next(line, too_long)) {
      if (too_long)
        text.append(kLimit, ' ');
      else
        text += "\n" + line;
    }
    if (reader.error()) return read_failed(reader);
    if (text.size() > kLimit) {
      print_error(Error{ErrorCode::TooLong, "the table is over 16 MiB", "输入超过 16 MiB"}, c, out,
                  err);
      return kBad;
    }
    std::string rules;
    auto a = settle_answer(text, request, 0, rules);
    if (!a) {
      Common used = c;
      used.rules_id = rules;
      print_error(a.error(), used, out, err);
      return kBad;
    }
    out << *a;
    return kOk;
  }
  // A table a line: one answer each, in order; a bad line does not stop the others.
  bool any_error = false, first = true;
  const long second_number = reader.number();
  // `too_long`: the reader dropped the line (over 16 MiB); over 1 MiB it is too long here.
  auto answer_line = [&](const InputLine& l, Answer& out) {
    if (!l.too_long && blank(l.text)) {
      out.skip = true;
      return;
    }
    std::string rules = c.rules_id;
    auto a = l.too_long || l.text.size() > kMaxLine
                 ? Result<std::string>(line_too_long())
                 : settle_answer(l.text, request, l.number, rules);
    if (a) {
      out.text.assign(*a);
    } else {
      Common used = c;
      used.rules_id = rules;
      out.take(Answer{error_answer(a.error(), used, l.number).text + '\n', true});
    }
    if (l.unterminated) mark_unterminated(out.text, c.json);
  };
  auto write = [&](const Answer& a, const InputLine&) {
    if (a.skip) return true;
    if (!c.json && !output_.to_json && !first) out << '\n';  // --to-json: JSON Lines
    first = false;
    any_error = any_error || a.error;
    out << a.text;
    if (pipe_.line_buffered) out.flush();
    return static_cast<bool>(out);
  };
  std::vector<InputLine> read;
  read.push_back({line, first_number, too_long});
  read.push_back({second, second_number, second_too_long, reader.unterminated()});
  answer_in_order(
      reader, std::move(read), pipeline_jobs(pipe_.jobs, false), answer_line, write,
      [&] { out.flush(); }, &out);
  if (reader.error()) return read_failed(reader);
  warn_unterminated(reader, c, err);
  return any_error ? kBad : kOk;
}

}  // namespace qianmj::cli
