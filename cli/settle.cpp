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
      cmd->add_option("--seat", output_.seat,
                      "print one seat's statement (个人结算): 东南西北, E S W N, 0-3 or a "
                      "player's name")
          ->check(CLI::Validator(
              [](std::string& v) -> std::string {  // a number is a seat 0-3, as before
                if (v.empty() || v.find_first_not_of("0123456789") != std::string::npos ||
                    (v.size() == 1 && v[0] <= '3'))
                  return {};
                return "Value " + v + " not in range 0 to 3";
              },
              ""))
          ->type_name("SEAT"),
      "只输出一家的个人结算：东南西北、E S W N、0–3 或玩家名字",
      {"东", "南", "西", "北", "E", "S", "W", "N"});
  doc(*cmd,
      cmd->add_flag("--to-json", output_.to_json, "print the table as JSON instead of settling it"),
      "不结算，把牌桌转写为 JSON");
  doc(*cmd,
      cmd->add_flag("--to-words", output_.to_words,
                    "print the table in words instead of settling it"),
      "不结算，把牌桌转写为文字");
  doc(*cmd,
      cmd->add_flag("--csv", output_.csv,
                    "one row per table and seat (line,seat,name,points,dealer,streak), "
                    "comma-separated"),
      "每个牌局每家一行（line,seat,name,points,dealer,streak），逗号分隔");
  doc(*cmd, cmd->add_flag("--tsv", output_.tsv, "the same rows, tab-separated"),
      "同上，制表符分隔");
  doc(*cmd,
      cmd->add_flag("--bom", output_.bom,
                    "with --csv: a UTF-8 byte order mark first (for spreadsheet programs)")
          ->needs("--csv"),
      "与 --csv 同用：开头加 UTF-8 BOM（供电子表格程序识别）");
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

// A blank line or a # comment: a stream of tables skips it, as session does.
bool ignorable(const std::string& s) {
  auto i = s.find_first_not_of(" \t\r");
  return i == std::string::npos || s[i] == '#';
}

// A line that cannot be the start of a JSON document spanning lines: words, a whole JSON
// value, or JSON broken before its end.
bool self_contained(const std::string& line) {
  return !is_json_text(line) || Json::accept(line) || !json_prefix(line);
}

bool starts_brace(const std::string& s) {
  auto i = s.find_first_not_of(" \t");
  return i != std::string::npos && s[i] == '{';
}

// A line that looks like a piece of a JSON document spread over lines: an opening brace or
// bracket that does not close, a key ("seats": …), or a closing one.
bool json_piece(const std::string& line) {
  auto i = line.find_first_not_of(" \t");
  if (i == std::string::npos) return false;
  const char c = line[i];
  return c == '"' || c == '}' || c == ']' ||
         ((c == '{' || c == '[') && !Json::accept(line) && json_prefix(line));
}

constexpr std::size_t kLimit = 16u << 20;  // one JSON document, on one line or many

// Where the tables come from and where their answers go.
struct Settling {
  const Common& c;
  const Request& request;
  std::ostream& out;
  std::ostream& err;
  std::string input_en, input_zh;  // "standard input" or the file

  int read_failed(const LineReader& reader) const {
    print_error(io_error(reader.error(), false, input_en, input_zh), c, out, err);
    return kBad;
  }
  // A table's error, reported under the rule set it named if any.
  void print_table_error(const Error& e, const std::string& rules) const {
    Common used = c;
    used.rules_id = rules;
    print_error(e, used, out, err);
  }
};

// The first two non-blank lines of the input, which say how it is read.
struct Opening {
  std::string line, second;
  bool too_long = false, second_too_long = false;
  long first_number = 0, second_number = 0;
  std::string skipped;  // the blank lines between them (a document spanning lines keeps them)
  bool more = false;    // a second non-blank line follows the first
  // The first line is a table by itself and nothing more has come yet: it is answered at
  // once, as the first of a table a line (a program writes a table and waits for its answer).
  bool alone = false;
};

// At a terminal: a table a line (words or JSON), each answered as soon as it is entered.
int settle_at_terminal(const Settling& s) {
  LineReader reader(0);
  std::string line;
  bool too_long = false, any_error = false;
  const char* prompt = s.c.chinese ? "结算> " : "settle> ";
  s.err << prompt << std::flush;
  while (reader.next(line, too_long) && s.out) {
    if (too_long || !ignorable(line)) {
      std::string rules;
      auto a = too_long ? Result<std::string>(line_too_long())
                        : settle_answer(line, s.request, s.c.json ? reader.number() : 0, rules);
      if (a) {
        s.out << *a;
      } else {
        any_error = true;
        s.print_table_error(a.error(), rules);
      }
      s.out.flush();
    }
    s.err << prompt << std::flush;
  }
  s.err << '\n';
  if (reader.error()) return s.read_failed(reader);
  return any_error ? kBad : kOk;
}

// The first non-blank line, then the next, keeping the blank ones between (up to the limit,
// so that a document's size counts them); false when reading failed.
bool read_opening(LineReader& reader, Opening& o) {
  while (reader.next(o.line, o.too_long) && !o.too_long && ignorable(o.line)) {
  }
  if (reader.error()) return false;
  o.first_number = reader.number();
  const bool whole = !o.too_long && o.line.size() <= kMaxLine && self_contained(o.line);
  while (true) {
    if (whole && !reader.line_ready()) {  // the writer waits for this table's answer
      o.alone = o.more = true;
      return true;
    }
    if (!reader.next(o.second, o.second_too_long) || o.second_too_long || !ignorable(o.second))
      break;
    o.skipped += blank(o.second) ? o.second + "\n" : "\n";  // a comment is no JSON
    if (o.skipped.size() > kLimit) break;                   // a document over the limit either way
  }
  if (reader.error()) return false;
  o.second_number = reader.number();
  o.more = o.second_too_long || !ignorable(o.second);
  return true;
}

// Whether the input is a table a line (README "Reading many tables"). A document spans lines
// only when its first line is the start of one (broken only by its end) and the next line
// could go on with it; otherwise each line is a table, and a bad first line, whatever its
// first byte or size, is answered in place like any other.
bool table_a_line(const Opening& o) {
  return o.alone ||
         (o.more && (o.too_long || !is_json_text(o.line) || Json::accept(o.line) ||
                     !json_prefix(o.line) || o.second_too_long || starts_brace(o.second) ||
                     !is_json_text(o.second) || Json::accept(o.second)));
}

// One JSON document over the whole input (it may span lines), up to 16 MiB.
int settle_document(const Settling& s, LineReader& reader, const Opening& o) {
  std::string text = o.line;
  if (o.too_long) text.append(kLimit + 1, ' ');  // a first line over 16 MiB: no table is
  if (!o.skipped.empty() || o.more) text += "\n" + o.skipped;
  if (o.skipped.empty() || o.skipped.size() <= kLimit) {
    if (o.second_too_long)
      text.append(kLimit, ' ');  // over the limit either way
    else if (o.more)
      text += o.second;
  }
  if (!text.empty() && text.back() == '\n' && !o.more) text.pop_back();
  std::string line;
  bool too_long = false;
  while (text.size() <= kLimit && reader.next(line, too_long)) {
    if (too_long)
      text.append(kLimit, ' ');
    else
      text += "\n" + line;
  }
  if (reader.error()) return s.read_failed(reader);
  if (text.size() > kLimit) {
    print_error(Error{ErrorCode::TooLong, "the table is over 16 MiB", "输入超过 16 MiB"}, s.c,
                s.out, s.err);
    return kBad;
  }
  std::string rules;
  auto a = settle_answer(text, s.request, 0, rules);
  if (!a) {
    s.print_table_error(a.error(), rules);
    return kBad;
  }
  s.out << *a;
  return kOk;
}

// A table a line: one answer each, in order (on `pipe.jobs` threads); a bad line does not
// stop the others.
int settle_lines(const Settling& s, LineReader& reader, const Opening& o,
                 const SettleOutput& output, const PipeOptions& pipe) {
  bool any_error = false, first = true;
  const Common& c = s.c;
  // `too_long`: the reader dropped the line (over 16 MiB); over 1 MiB it is too long here.
  auto answer_line = [&](const InputLine& l, Answer& out) {
    if (!l.too_long && ignorable(l.text)) {
      out.skip = true;
      return;
    }
    std::string rules = c.rules_id;
    auto a = l.too_long || l.text.size() > kMaxLine
                 ? Result<std::string>(line_too_long())
                 : settle_answer(l.text, s.request, l.number, rules);
    if (a) {
      out.text.assign(*a);
    } else {
      Common used = c;
      used.rules_id = rules;
      Error e = a.error();
      if (json_piece(l.text)) {  // a pretty-printed table in a stream of tables
        e.en += " (one table a line: jq -c)";
        e.zh += "（每行一个牌桌：用 jq -c）";
      }
      out.take(Answer{error_answer(e, used, l.number).text + '\n', true});
    }
    if (l.unterminated) mark_unterminated(out.text, c.json);
  };
  const bool rows = s.request.rows != Request::Rows::None && !c.json;
  auto write = [&](const Answer& a, const InputLine&) {
    if (a.skip) return true;
    any_error = any_error || a.error;
    if (rows && a.error) {  // rows stay rows: an error goes to standard error
      s.err << "qianmj: " << a.text << std::flush;
      return true;
    }
    // --to-json: JSON Lines; rows: one after another
    if (!c.json && !output.to_json && !rows && !first) s.out << '\n';
    first = false;
    s.out << a.text;
    if (pipe.line_buffered) s.out.flush();
    return static_cast<bool>(s.out);
  };
  std::vector<InputLine> read;
  read.push_back({o.line, o.first_number, o.too_long});
  if (!o.alone)
    read.push_back({o.second, o.second_number, o.second_too_long, reader.unterminated()});
  answer_in_order(
      reader, std::move(read), pipeline_jobs(pipe.jobs, false), answer_line, write,
      [&] { s.out.flush(); }, &s.out);
  if (reader.error()) return s.read_failed(reader);
  warn_unterminated(reader, c, s.err);
  return any_error ? kBad : kOk;
}

}  // namespace

int SettleCommand::run(const Common& c, std::ostream& out, std::ostream& err) const {
  Request request = request_of(c, Command::Settle);
  request.seat_word = output_.seat;
  request.to_json = output_.to_json;
  request.to_words = output_.to_words;
  if (output_.csv || output_.tsv)
    request.rows = output_.csv ? Request::Rows::Csv : Request::Rows::Tsv;
  const bool rows = request.rows != Request::Rows::None && !c.json;
  if (rows && output_.csv && output_.bom) out << "\xEF\xBB\xBF";  // a spreadsheet reads UTF-8
  // One argument that is -, a file or a path: the input; anything else is a table in words.
  std::string file = "-";
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
    file = a;
  }
  const int fd = open_input(file, c, out, err);
  if (fd < 0) return kBad;
  const Settling s{
      c, request, out, err, fd == 0 ? "standard input" : file, fd == 0 ? "标准输入" : file};
  if (rows) out << settle_rows_heading(output_.csv ? ',' : '\t');
  if (fd == 0 && ::isatty(0)) return settle_at_terminal(s);
  // One table, or one table a line: the first two non-blank lines decide.
  LineReader reader(fd, kLimit);
  Opening opening;
  if (!read_opening(reader, opening)) return s.read_failed(reader);
  if (!table_a_line(opening)) return settle_document(s, reader, opening);
  return settle_lines(s, reader, opening, output_, pipe_);
}

}  // namespace qianmj::cli
