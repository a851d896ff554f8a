// qianmj session over a whole evening at once: the header, then each hand in turn.
#include "answer_parts.hpp"
#include "qianmj/answers/layout.hpp"

namespace qianmj {
namespace detail {

Answer session_answer(const Request& r) {
  Session session;
  // Text and table rows show each hand's amounts and totals, never its arithmetic lines.
  if (!r.json) session.set_arithmetic(Arithmetic::Without);
  if (const std::string header = session_header_line(r.rules, r.options); !header.empty())
    if (auto h = session.header(header); !h) return failed(r, h.error(), r.rules_id());
  std::string out;
  if (r.rows != Request::Rows::None && !r.json)  // JSON asked for: its lines alone, as below
    out = session_rows_heading(r.rows == Request::Rows::Csv ? ',' : '\t');
  SessionOutput o;
  o.json = r.json;
  o.rows = r.json || r.rows == Request::Rows::None ? 0 : r.rows == Request::Rows::Csv ? ',' : '\t';
  o.zh = r.chinese;
  o.narrow = r.narrow;
  o.columns = r.columns;
  std::string_view rest = r.session;
  for (long n = 1; !rest.empty(); ++n) {
    const auto end = rest.find('\n');
    std::string_view line = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (session_blank_line(line)) continue;
    auto fail = [&](const Error& e) {
      const std::string& id = session.rules_id().empty() ? r.rules_id() : session.rules_id();
      return failed(r, e, id, n, std::move(out));
    };
    if (auto c = session_command_answer(session, line, n, o, out)) {  // undo, edit, settle-up
      if (!*c) return fail(c->error());
      continue;
    }
    auto h = session.header(line);
    if (!h) return fail(h.error());
    if (*h) continue;
    auto hand = session.play(line);
    if (!hand) return fail(hand.error());
    append_session_hand(out, session, *hand, n, o);
  }
  int seat = r.seat;
  if (!r.seat_word.empty()) {
    auto s = session_seat(r.seat_word, session.names());
    if (!s) {
      Error e = s.error();
      e.field = "seat";
      return failed(r, e, session.rules_id().empty() ? r.rules_id() : session.rules_id(), 0,
                    std::move(out));
    }
    seat = *s;
  }
  if (r.json) {
    out += session_summary_json_text(session, r.rules_id(), r.chinese, seat);
  } else if (r.rows == Request::Rows::None) {
    out += session_standings_text(session, r.chinese, r.going_on);
    if (seat >= 0) out += session_statement_text(session, seat, r.chinese, r.narrow);
  } else {
    out += settle_up_rows(session, o.rows, r.chinese);
    if (seat >= 0) out += session_statement_rows(session, seat, o.rows, r.chinese);
  }
  Answer a;
  a.output = std::move(out);
  return a;
}

}  // namespace detail
}  // namespace qianmj
