// qianmj session over a whole evening at once: the header, then each hand in turn.
#include "answer_parts.hpp"
#include "qianmj/answers/layout.hpp"

namespace qianmj {
namespace {

// One hand's answer, as the request asks: a JSON line, spreadsheet rows or text.
void hand_answer(std::string& out, const Request& r, const Session& session,
                 const SessionHand& hand, long n) {
  if (r.json) {
    append_session_hand_json_text(out, hand, n, session.dealer(), session.streak());
    out += '\n';
  } else if (r.rows != Request::Rows::None) {
    append_session_rows(out, hand, n, r.rows == Request::Rows::Csv ? ',' : '\t', r.chinese);
  } else {
    append_session_hand_text(out, hand, session_names(session, r.chinese), r.chinese, r.narrow);
  }
}

}  // namespace

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
    auto h = session.header(line);
    if (!h) return fail(h.error());
    if (*h) continue;
    auto hand = session.play(line);
    if (!hand) return fail(hand.error());
    hand_answer(out, r, session, *hand, n);
  }
  if (r.json)
    out += session_summary_json_text(session, r.rules_id(), r.chinese);
  else if (r.rows == Request::Rows::None)
    out += session_standings_text(session, r.chinese);
  Answer a;
  a.output = std::move(out);
  return a;
}

}  // namespace detail
}  // namespace qianmj
