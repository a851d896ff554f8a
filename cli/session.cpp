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
#include "pipeline.hpp"
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
  add_jobs_option(*cmd, pipe_);
  return cmd;
}

namespace {

// A line of the evening read ahead (on any thread): nothing to play (a blank line or a
// comment), a hand, or why it is none.
struct SessionLine {
  std::optional<Result<ReadHand>> hand;
  void clear() { hand.reset(); }
};

}  // namespace

int SessionCommand::run(const Common& c, std::ostream& out, std::ostream& err) const {
  int fd = 0;
  if (file_ != "-") {
    fd = ::open(file_.c_str(), O_RDONLY);
    if (fd < 0) {
      print_error(io_error(errno, false, file_, file_), c, out, err);
      return kBad;
    }
  }
  const bool zh = c.chinese;
  const bool interactive = fd == 0 && ::isatty(0);
  const char sep = csv_ ? ',' : '\t';
  const bool table_rows = csv_ || tsv_;
  Session session;
  // Text and table rows show each hand's amounts and totals, never its arithmetic lines.
  if (!c.json) session.set_arithmetic(Arithmetic::Without);
  // --rules and --rule are the session's own header, before any line of it.
  if (const std::string header =
          session_header_line(c.rules_given ? c.rules_id : "", c.rule_assignments);
      !header.empty())
    if (auto h = session.header(header); !h) {
      print_error(h.error(), c, out, err);
      return kBad;
    }
  if (csv_ && bom_) out << "\xEF\xBB\xBF";  // a spreadsheet program then reads UTF-8
  if (table_rows) out << session_rows_heading(sep);
  auto prompt = [&] {
    if (!interactive) return;
    auto who = session_names(session, zh);
    err << (zh ? "第 " : "hand ") << session.hands() + 1 << (zh ? " 局" : "");
    if (session.has_dealer())
      err << (zh ? "  庄" : "  dealer ") << who[static_cast<std::size_t>(session.dealer())]
          << (zh ? " 连庄" : " streak ") << session.streak();
    if (session.hands() > 0) err << "  [" << seat_amounts(who, session.totals()) << "]";
    err << " > " << std::flush;
  };
  // One hand's answer, with the seats' names as the session knows them.
  std::string text;  // a hand's answer, its buffer kept from hand to hand
  auto print_hand = [&](const SessionHand& hand, long n, const std::array<std::string, kSeats>& who,
                        bool unterminated) {
    text.clear();
    if (c.json) {
      append_session_hand_json_text(text, hand, n, session.dealer(), session.streak());
      if (unterminated) mark_unterminated(text, true);
      text += '\n';
    } else if (table_rows) {
      append_session_rows(text, hand, n, sep, zh);
    } else {
      append_session_hand_text(text, hand, who, zh, c.narrow);
    }
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    if (interactive || pipe_.line_buffered) out.flush();
  };
  // An error at line `n`, after the hands before it (with 2>&1 the message comes after them).
  auto fail_at = [&](const Error& e, long n) {
    out.flush();
    Common at = c;
    at.rules_id = session.rules_id().empty() ? c.rules_id : session.rules_id();
    print_error(e, at, out, err, n);
  };
  LineReader reader(fd);
  std::string line;
  bool too_long = false;
  bool refused = false;  // at a terminal: a line was refused (typed again); the exit status says so
  prompt();
  // The header and the first hand, a line at a time; at a terminal, every line so (a refused
  // hand is typed again).
  while (out && (interactive || session.hands() == 0) && reader.next(line, too_long)) {
    const long n = reader.number();
    if (!too_long && session_blank_line(line)) {
      prompt();
      continue;
    }
    auto fail = [&](const Error& e) {
      fail_at(e, n);
      refused = true;
    };
    if (too_long) {
      fail(line_too_long());
      if (interactive) {
        prompt();
        continue;
      }
      return kBad;
    }
    if (auto h = session.header(line); !h || *h) {
      if (!h) {
        fail(h.error());
        if (interactive) {
          prompt();
          continue;
        }
        return kBad;
      }
      prompt();
      continue;
    }
    auto hand = session.play(line);
    if (!hand) {
      // Later dealers depend on this hand: the evening stops here (at a terminal, the hand
      // is refused and can be typed again).
      fail(hand.error());
      if (interactive) {
        prompt();
        continue;
      }
      out.flush();
      return kBad;
    }
    print_hand(*hand, n, session_names(session, zh), reader.unterminated());
    if (!reader.line_ready()) out.flush();  // the next read may wait: what is done goes out
    prompt();
  }
  // Every later line is a hand: read ahead on -j threads (the costly half of a hand), played
  // and written in order on one thread at a time, each with the dealer and streak carried.
  if (!interactive && session.hands() > 0 && out) {
    const HandReader hands = session.reader();
    const auto who = session_names(session, zh);  // fixed from the first hand on
    bool failed = false;
    answer_in_order_of<SessionLine>(
        reader, {}, pipeline_jobs(pipe_.jobs, false),
        [&](const InputLine& l, SessionLine& a) {
          if (l.too_long)
            a.hand = Result<ReadHand>(line_too_long());
          else if (!session_blank_line(l.text))
            a.hand = hands.read(l.text);
        },
        [&](SessionLine& a, const InputLine& l) {
          if (!a.hand) return true;
          auto fail = [&](const Error& e) {
            fail_at(e, l.number);
            out.flush();
            failed = true;
            return false;  // later dealers depend on this hand: the evening stops here
          };
          if (!*a.hand) return fail(a.hand->error());
          auto hand = session.play(std::move(**a.hand));
          if (!hand) return fail(hand.error());
          print_hand(*hand, l.number, who, l.unterminated);
          return static_cast<bool>(out);
        },
        [&] { out.flush(); }, &out);
    if (failed) return kBad;
  }
  if (interactive) err << '\n';
  if (!out) return kBad;  // the output is gone: main says why
  warn_unterminated(reader, c, err);
  if (reader.error()) {  // never taken for the end of the evening
    print_error(io_error(reader.error(), false, fd == 0 ? "standard input" : file_,
                         fd == 0 ? "标准输入" : file_),
                c, out, err);
    return kBad;
  }
  // The final standings.
  if (c.json)
    out << session_summary_json_text(session, c.rules_id, zh);
  else if (!table_rows)
    out << session_standings_text(session, zh);
  return refused ? kBad : kOk;
}

}  // namespace qianmj::cli
