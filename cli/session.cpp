// qianmj session [FILE|-]: an evening at one table, hand by hand, with the dealer and streak
// carried and the running totals; text, JSON (one object a hand and a summary), CSV or TSV.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <numeric>
#include <optional>
#include <sstream>

#include "commands.hpp"
#include "help.hpp"
#include "io.hpp"
#include "journal.hpp"
#include "line_editor.hpp"
#include "pipeline.hpp"
#include "qianmj/answers/layout.hpp"
#include "qianmj/answers/session.hpp"
#include "qianmj/formats/json.hpp"
#include "qianmj/formats/notation.hpp"

namespace qianmj::cli {

CLI::App* SessionCommand::add(CLI::App& app) {
  auto* cmd = app.add_subcommand("session",
                                 "An evening: a header (players, rule set, house rules, first "
                                 "dealer), then one hand a line; running totals");
  doc(*cmd, "一晚的牌局：先写表头（玩家、规则、房规、首局庄家），再每行一局；累计输赢");
  doc(*cmd,
      cmd->add_option("file", file_, "the session; - or nothing reads stdin")->type_name("FILE"),
      "牌局文件；- 或不给则读标准输入");
  doc(*cmd,
      cmd->add_flag("--csv", csv_,
                    "one row per hand and player, comma-separated (for a spreadsheet)"),
      "每局每家一行，逗号分隔（供电子表格用）");
  doc(*cmd, cmd->add_flag("--tsv", tsv_, "the same rows, tab-separated"), "同上，制表符分隔");
  doc(*cmd,
      cmd->add_flag("--bom", bom_,
                    "with --csv: a UTF-8 byte order mark first (for spreadsheet programs)")
          ->needs("--csv"),
      "与 --csv 同用：开头加 UTF-8 BOM（供电子表格程序识别）");
  doc(*cmd,
      cmd->add_flag("--line-buffered", pipe_.line_buffered, "write each hand's answer at once")
          ->group(kGroupPipeline),
      "每局的结果立即写出");
  doc(*cmd,
      cmd->add_option("--save", save_,
                      "append every line the evening accepts to FILE, on the disk at once (a "
                      "journal)")
          ->type_name("FILE"),
      "把本场接受的每一行追加到文件并立即写盘（记录）");
  resume_option_ = cmd->add_option("--resume", resume_,
                                   "play the journal FILE (default: the latest) again, then go "
                                   "on with the evening, appending to it")
                       ->type_name("[FILE]")
                       ->expected(0, 1);
  doc(*cmd, resume_option_, "重放记录文件（默认：最近的一个），接着打，并继续追加");
  doc(*cmd,
      cmd->add_option("--seat", seat_,
                      "one player's statement for the evening: 东南西北, E/S/W/N, 0-3 or a name")
          ->type_name("SEAT"),
      "某一家本场的个人结算：东南西北、E/S/W/N、0-3 或玩家名");
  add_jobs_option(*cmd, pipe_);
  return cmd;
}

namespace {

// A line of the evening read ahead (on any thread): nothing to play (a blank line or a
// comment), a command to the evening (played in order), a hand, or why it is none.
struct SessionLine {
  std::optional<Result<ReadHand>> hand;
  bool command = false;
  void clear() {
    hand.reset();
    command = false;
  }
};

// What became of a line: accepted (or nothing to play), refused, or the evening must stop (its
// journal could not be written).
enum class Took { Yes, Refused, Stop };

// The evening as the program runs it: the session, its output, its journal.
struct Evening {
  Evening(const Common& common, std::ostream& o_, std::ostream& e_, bool flush)
      : c(common), out(o_), err(e_), flush_each(flush) {}
  const Common& c;
  std::ostream& out;
  std::ostream& err;
  SessionOutput o;
  bool flush_each = false;  // a terminal, or --line-buffered
  Session session;
  Journal journal;
  std::string text;  // an answer's buffer, kept from line to line

  void fail_at(const Error& e, long n) {
    out.flush();
    Common at = c;
    at.rules_id = session.rules_id().empty() ? c.rules_id : session.rules_id();
    print_error(e, at, out, err, n);
  }
  void warn(const Error& e) {
    err << (c.chinese ? "qianmj：警告 [" : "qianmj: warning [") << code_name(e.code)
        << (c.chinese ? "]：" : "]: ") << e.message(c.chinese) << '\n';
  }
  void write(bool unterminated = false) {
    if (unterminated && o.json && !text.empty()) {
      text.pop_back();  // the newline: the mark goes inside the object
      mark_unterminated(text, true);
      text += '\n';
    }
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    if (flush_each) out.flush();
  }
  // The line on the disk: a journal that cannot be written stops the evening, said plainly.
  Took keep(std::string_view line) {
    if (!journal.is_open()) return Took::Yes;
    if (auto e = journal.append(line)) {
      fail_at(*e, 0);
      return Took::Stop;
    }
    return Took::Yes;
  }
  // One line in order: a command, a header line or a hand; `quiet` plays without printing (a
  // journal played again).
  Took take(const std::string& line, long n, bool quiet = false, bool unterminated = false) {
    text.clear();
    if (auto cmd = session_command_answer(session, line, n, o, text)) {
      if (!*cmd) {
        fail_at(cmd->error(), n);
        return Took::Refused;
      }
      if (!quiet) write();
      return **cmd ? keep(line) : Took::Yes;
    }
    if (auto h = session.header(line); !h || *h) {
      if (!h) {
        fail_at(h.error(), n);
        return Took::Refused;
      }
      return keep(line);
    }
    auto hand = session.play(line);
    if (!hand) {
      fail_at(hand.error(), n);
      return Took::Refused;
    }
    if (!quiet) {
      append_session_hand(text, session, *hand, n, o);
      write(unterminated);
    }
    return keep(line);
  }
  // The hand read ahead, played: the fast path of a pipe.
  Took take_read(ReadHand&& read, const InputLine& l) {
    std::string line;  // for the journal; the session keeps its own
    if (journal.is_open()) line = read.line;
    auto hand = session.play(std::move(read));
    if (!hand) {
      fail_at(hand.error(), l.number);
      return Took::Refused;
    }
    text.clear();
    append_session_hand(text, session, *hand, l.number, o);
    write(l.unterminated);
    return keep(line);
  }
};

// The journal: --resume plays one again and appends to it, --save appends to FILE, and at a
// terminal a new one is made. -1 to go on, or the exit status.
int open_journal(Evening& e, const std::string& save, bool resuming, const std::string& resume,
                 bool interactive, const std::string& options_header) {
  const bool zh = e.c.chinese;
  std::string path = resuming ? resume : save;
  if (resuming && path.empty()) {
    auto latest = latest_journal();
    if (!latest) {
      print_error(latest.error(), e.c, e.out, e.err);
      return kBad;
    }
    path = *latest;
  }
  if (resuming) {
    auto read = read_journal(path, true);
    if (!read) {
      print_error(read.error(), e.c, e.out, e.err);
      return kBad;
    }
    long n = 0;
    for (const auto& line : read->lines) {
      ++n;
      if (session_blank_line(line)) continue;
      if (e.take(line, n, true) != Took::Yes) {
        e.err << (zh ? "qianmj：记录 " + path + " 不是一场牌局（第 " + std::to_string(n) +
                           " 行，见上），没有接着打\n"
                     : "qianmj: the journal " + path + " is not an evening (line " +
                           std::to_string(n) + ", above): not resumed\n");
        return kBad;
      }
    }
    if (!read->cut.empty())
      e.warn(Error(ErrorCode::ReadError,
                   "the journal's last line was cut mid-line (" + std::to_string(read->cut.size()) +
                       " bytes after line " + std::to_string(n) +
                       "): read up to the last whole line, and the rest dropped from the file",
                   "记录的最后一行不完整（第 " + std::to_string(n) + " 行后的 " +
                       std::to_string(read->cut.size()) +
                       " 字节）：读到最后一整行为止，其余已从文件删去"));
    e.err << (zh ? "接着 " + path + "：已有 " + std::to_string(e.session.hands()) + " 局\n"
                 : "resumed " + path + ": " + std::to_string(e.session.hands()) +
                       (e.session.hands() == 1 ? " hand\n" : " hands\n"));
  } else if (path.empty() && interactive) {  // a journal by default at a terminal
    auto made = new_journal_path();
    if (!made) {
      e.warn(made.error());
      e.err << (zh ? "qianmj：本场不会存记录\n" : "qianmj: this evening is not being saved\n");
      return -1;
    }
    path = *made;
  }
  if (path.empty()) return -1;
  if (auto error = e.journal.open(path)) {
    print_error(*error, e.c, e.out, e.err);
    return kBad;
  }
  // A new journal starts with what the command line said of the rules.
  if (!resuming && !options_header.empty() && e.keep(options_header) != Took::Yes) return kBad;
  if (interactive && !resuming) e.err << (zh ? "记录：" : "journal: ") << path << '\n';
  return -1;
}

// At a terminal: a line at a time through the line editor (history, arrows), after the totals
// and a short prompt; a refused line changes nothing and can be typed again.
int play_at_terminal(Evening& e, bool& refused) {
  LineEditor editor(0);
  LineReader reader(0);  // where libedit cannot start: lines as they come, with the prompt
  std::string line;
  long n = 0;
  while (e.out) {
    const auto p = session_prompt(e.session, e.c.chinese, e.c.narrow);
    e.err << p.totals << std::flush;
    bool too_long = false;
    if (editor.ok()) {
      if (!editor.read(p.prompt, line)) break;
      too_long = line.size() > kMaxLine;
      ++n;
    } else {
      e.err << p.prompt << std::flush;
      if (!reader.next(line, too_long)) break;
      n = reader.number();
    }
    if (too_long) {
      e.fail_at(line_too_long(), n);
      refused = true;
      continue;
    }
    if (session_blank_line(line)) continue;
    const Took took = e.take(line, n);
    if (took == Took::Stop) return kBad;
    refused = refused || took == Took::Refused;
  }
  e.err << '\n';
  return -1;
}

// From a file or a pipe: the header and the first hand a line at a time, then every later line
// read ahead on -j threads (the costly half of a hand) and played in order; a command to the
// evening (undo, edit, settle-up) plays it and every line after it in order. The first
// refused line stops the evening (the dealers after it depend on it).
int play_from(Evening& e, LineReader& reader, const PipeOptions& pipe) {
  std::string line;
  bool too_long = false;
  while (e.out && e.session.hands() == 0 && reader.next(line, too_long)) {
    const long n = reader.number();
    if (too_long) {
      e.fail_at(line_too_long(), n);
      return kBad;
    }
    if (session_blank_line(line)) continue;
    const Took took = e.take(line, n, false, reader.unterminated());
    if (took != Took::Yes) {
      e.out.flush();
      return kBad;
    }
    if (!reader.line_ready()) e.out.flush();  // the next read may wait: what is done goes out
  }
  if (e.session.hands() == 0 || !e.out) return -1;
  const HandReader hands = e.session.reader();
  bool failed = false, in_order = false;
  answer_in_order_of<SessionLine>(
      reader, {}, pipeline_jobs(pipe.jobs, false),
      [&](const InputLine& l, SessionLine& a) {
        if (l.too_long)
          a.hand = Result<ReadHand>(line_too_long());
        else if (session_command(l.text))
          a.command = true;
        else if (!session_blank_line(l.text))
          a.hand = hands.read(l.text);
      },
      [&](SessionLine& a, const InputLine& l) {
        if (!a.hand && !a.command) return true;
        in_order = in_order || a.command;
        Took took = Took::Yes;
        if (a.hand && !*a.hand) {
          e.fail_at(a.hand->error(), l.number);
          took = Took::Refused;
        } else if (in_order) {  // the evening's state may have gone back past its header
          took = e.take(l.text, l.number, false, l.unterminated);
        } else {
          took = e.take_read(std::move(**a.hand), l);
        }
        if (took != Took::Yes) {
          e.out.flush();
          failed = true;
          return false;
        }
        return static_cast<bool>(e.out);
      },
      [&] { e.out.flush(); }, &e.out);
  return failed ? kBad : -1;
}

// The end: the standings and who pays whom (with --seat, that player's statement), as text,
// rows or the JSON summary.
int finish_evening(Evening& e, const std::string& seat_text) {
  int seat = -1;
  if (!seat_text.empty()) {
    auto s = session_seat(seat_text, e.session.names());
    if (!s) {
      Error error = s.error();
      error.field = "seat";  // as the front door names it
      e.fail_at(error, 0);
      return kBad;
    }
    seat = *s;
  }
  const bool zh = e.c.chinese;
  if (e.o.json) {
    e.out << session_summary_json_text(e.session, e.c.rules_id, zh, seat);
  } else if (e.o.rows) {
    e.out << settle_up_rows(e.session, e.o.rows, zh);
    if (seat >= 0) e.out << session_statement_rows(e.session, seat, e.o.rows, zh);
  } else {
    e.out << session_standings_text(e.session, zh);
    if (seat >= 0) e.out << session_statement_text(e.session, seat, zh, e.c.narrow);
  }
  return -1;
}

}  // namespace

int SessionCommand::run(const Common& c, std::ostream& out, std::ostream& err) const {
  const int fd = open_input(file_, c, out, err);
  if (fd < 0) return kBad;
  const bool zh = c.chinese;
  const bool interactive = fd == 0 && ::isatty(0);
  const bool resuming = resume_option_ && resume_option_->count() > 0;
  Evening e(c, out, err, interactive || pipe_.line_buffered);
  e.o.json = c.json;
  e.o.rows = c.json ? 0 : csv_ ? ',' : tsv_ ? '\t' : 0;
  e.o.zh = zh;
  e.o.narrow = c.narrow;
  e.o.columns = c.narrow ? terminal_columns() : 0;  // known at a terminal or from COLUMNS
  Session& session = e.session;
  // Text and table rows show each hand's amounts and totals, never its arithmetic lines.
  if (!c.json) session.set_arithmetic(Arithmetic::Without);
  // --rules and --rule are the session's own header, before any line of it.
  const std::string options_header =
      session_header_line(c.rules_given ? c.rules_id : "", c.rule_assignments);
  if (!options_header.empty())
    if (auto h = session.header(options_header); !h) {
      print_error(h.error(), c, out, err);
      return kBad;
    }
  if (csv_ && bom_) out << "\xEF\xBB\xBF";  // a spreadsheet program then reads UTF-8
  if (e.o.rows) out << session_rows_heading(e.o.rows);
  if (int status = open_journal(e, save_, resuming, resume_, interactive, options_header);
      status >= 0)
    return status;
  bool refused = false;  // at a terminal: a line was refused (typed again); the exit status says so
  if (interactive) {
    if (int status = play_at_terminal(e, refused); status >= 0) return status;
  } else {
    LineReader reader(fd);
    if (int status = play_from(e, reader, pipe_); status >= 0) return status;
    if (!out) return kBad;  // the output is gone: main says why
    warn_unterminated(reader, c, err);
    if (reader.error()) {  // never taken for the end of the evening
      print_error(io_error(reader.error(), false, fd == 0 ? "standard input" : file_,
                           fd == 0 ? "标准输入" : file_),
                  c, out, err);
      return kBad;
    }
  }
  if (!out) return kBad;
  if (int status = finish_evening(e, seat_); status >= 0) return status;
  return refused ? kBad : kOk;
}

}  // namespace qianmj::cli
