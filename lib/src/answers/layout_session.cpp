// The text of session: each hand (text or spreadsheet rows) and the final standings.
#include <algorithm>
#include <numeric>

#include "formats/json_text.hpp"
#include "qianmj/answers/layout.hpp"
#include "qianmj/formats/notation.hpp"

namespace qianmj {
namespace {

// "东 +18  南 -6  西 -6  北 -6" at the end of `out`.
void append_seat_amounts(std::string& out, const std::array<std::string, kSeats>& who,
                         const std::array<std::int64_t, kSeats>& v) {
  for (std::size_t i = 0; i < kSeats; ++i) {
    if (i) out += "  ";
    out += who[i];
    out += ' ';
    append_signed_points(out, v[i]);
  }
}

// The seats from the highest total down (ties in seat order).
std::array<int, kSeats> standing_order(const Session& session) {
  std::array<int, kSeats> order;
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return session.totals()[static_cast<std::size_t>(a)] >
           session.totals()[static_cast<std::size_t>(b)];
  });
  return order;
}

}  // namespace

std::array<std::string, kSeats> session_names(const Session& s, bool zh) {
  std::array<std::string, kSeats> out;
  for (int i = 0; i < kSeats; ++i) out[static_cast<std::size_t>(i)] = s.seat_name(i, zh);
  return out;
}

std::string seat_amounts(const std::array<std::string, kSeats>& who,
                         const std::array<std::int64_t, kSeats>& v) {
  std::string out;
  append_seat_amounts(out, who, v);
  return out;
}

void append_session_hand_text(std::string& text, const SessionHand& hand,
                              const std::array<std::string, kSeats>& who, bool zh, bool narrow,
                              int columns) {
  const Table& t = hand.table;
  const bool wrap = narrow && columns > 0;
  std::string wrapped;
  std::string& first = wrap ? wrapped : text;  // a line to wrap is made on its own first
  first += zh ? "第 " : "Hand ";
  first += std::to_string(hand.number);
  first += zh ? " 局  庄家 " : "  dealer ";
  first += seat_name(t, t.dealer, zh);
  first += zh ? " 连庄 " : " streak ";
  first += std::to_string(t.streak);
  first += "  ";
  append_hand_summary(first, t, hand.ledger, zh);
  if (hand.ledger.declared)
    first += zh ? "  （报称，未核对牌）" : "  (declared, tiles not checked)";
  if (wrap) {
    const auto lines = wrap_at_spaces(first, columns - 2);  // continued lines indented by 2
    for (std::size_t i = 0; i < lines.size(); ++i) (text += i ? "  " : "") += lines[i] + '\n';
  } else {
    text += '\n';
  }
  for (const auto& note : hand.notes) {
    text += zh ? "  说明  " : "  Note  ";
    text += note.in(zh);
    text += '\n';
  }
  if (narrow) {
    int width = 0;
    for (const auto& w : who) width = std::max(width, display_width(w));
    for (std::size_t i = 0; i < kSeats; ++i) {
      text += "  ";
      text += pad_right(who[i], width);
      text += "  ";
      text += pad_left(signed_points(hand.ledger.totals[i]), 6);
      text += zh ? "  累计 " : "  total ";
      append_signed_points(text, hand.totals[i]);
      text += '\n';
    }
  } else {
    text += zh ? "  本局  " : "  hand   ";
    append_seat_amounts(text, who, hand.ledger.totals);
    text += zh ? "\n  累计  " : "\n  total  ";
    append_seat_amounts(text, who, hand.totals);
    text += '\n';
  }
}

std::string session_rows_heading(char sep) {
  std::string out;
  for (const char* cell : {"hand", "line", "seat", "name", "points", "total", "dealer", "streak"})
    out.append(cell) += sep;
  return out + "declared\n";  // added last: the columns before it are INTERFACE's
}

void append_session_rows(std::string& out, const SessionHand& hand, long line, char sep, bool zh) {
  const Table& t = hand.table;
  for (int s = 0; s < kSeats; ++s) {
    auto i = static_cast<std::size_t>(s);
    for (std::string cell :
         {std::to_string(hand.number), std::to_string(line), std::to_string(s),
          csv_cell(seat_name(t, s, zh), sep), std::to_string(hand.ledger.totals[i]),
          std::to_string(hand.totals[i]), std::string(t.dealer == s ? "1" : "0")})
      out.append(cell) += sep;
    out += std::to_string(t.streak);
    out += sep;
    out += hand.ledger.declared ? '1' : '0';  // said by pattern, tiles not checked
    out += '\n';
  }
}

std::string session_standings_text(const Session& session, bool zh, bool going_on) {
  const auto who = session_names(session, zh);
  const auto order = standing_order(session);
  std::string out = going_on ? (zh ? "累计（共 " : "Standings so far (")
                             : (zh ? "终局（共 " : "Final standings (");
  out += std::to_string(session.hands());
  out += zh ? " 局）\n" : session.hands() == 1 ? " hand)\n" : " hands)\n";
  int width = 0;
  for (const auto& w : who) width = std::max(width, display_width(w));
  for (std::size_t r = 0; r < kSeats; ++r) {
    auto s = static_cast<std::size_t>(order[r]);
    out += "  " + std::to_string(r + 1) + "  " + pad_right(who[s], width) + "  " +
           pad_left(signed_points(session.totals()[s]), 8) + '\n';
  }
  if (session.has_dealer())
    out += (zh ? "下一局  庄家 " : "Next hand  dealer ") +
           who[static_cast<std::size_t>(session.dealer())] + (zh ? "，连庄 " : ", streak ") +
           std::to_string(session.streak()) + '\n';
  return out + settle_up_text(session, zh);
}

void append_session_hand_json_text(std::string& out, const SessionHand& hand, long line,
                                   int next_dealer, std::int64_t next_streak) {
  json_detail::Writer w(out);
  w.open('{').key("schema").number(kSchema).key("rules").string(hand.rules->id());
  w.key("hand").number(hand.number).key("line").number(line);
  if (hand.ledger.declared) w.key("declared").boolean(true);  // said by pattern, not tiles
  w.key("ledger");
  w.raw_by(
      [&](std::string& o) { append_ledger_json_text(o, hand.ledger, hand.table, *hand.rules); });
  w.key("totals").open('[');
  for (auto total : hand.totals) w.number(total);
  w.close(']').key("next").open('{').key("dealer").number(next_dealer);
  w.key("streak").number(next_streak).close('}').key("notes").notes(hand.notes);
  w.close('}');
  w.finish();
}

namespace {

// The rows of a kept hand with its amounts reversed (an undo, or an edit's replay): the
// points column of every row still sums to the standings.
void append_reversed_rows(std::string& out, const KeptHand& k, long number, long line,
                          const std::array<std::int64_t, kSeats>& totals_after,
                          const std::array<std::string, kSeats>& who, char sep) {
  for (int s = 0; s < kSeats; ++s) {
    auto i = static_cast<std::size_t>(s);
    for (std::string cell :
         {std::to_string(number), std::to_string(line), std::to_string(s), csv_cell(who[i], sep),
          std::to_string(-k.points[i]), std::to_string(totals_after[i]),
          std::string(k.dealer == s ? "1" : "0")})
      out.append(cell) += sep;
    out += std::to_string(k.streak);
    out += sep;
    out += k.declared ? '1' : '0';
    out += '\n';
  }
}

Json payments_json(const std::vector<Payment>& payments) {
  Json out = Json::array();
  for (const auto& p : payments)
    out.push_back({{"from", p.from}, {"to", p.to}, {"points", p.points}});
  return out;
}

Json next_json(const Session& s) {
  return {{"dealer", s.dealer()}, {"streak", s.streak()}};
}

std::string command_json(const Session& s, const char* what, long hand, long line) {
  Json j = {{"schema", kSchema}, {"rules", s.rules_id()}};
  j[what] = {{"hand", hand}, {"line", line}};
  if (std::string_view(what) == "undo") {
    j["totals"] = s.totals();
    j["next"] = next_json(s);
  }
  return json_text(j) + '\n';
}

}  // namespace

void append_session_hand(std::string& out, const Session& s, const SessionHand& hand, long line,
                         const SessionOutput& o) {
  if (o.json) {
    append_session_hand_json_text(out, hand, line, hand.ledger.next_dealer,
                                  hand.ledger.next_streak);
    out += '\n';
  } else if (o.rows) {
    append_session_rows(out, hand, line, o.rows, o.zh);
  } else {
    append_session_hand_text(out, hand, session_names(s, o.zh), o.zh, o.narrow, o.columns);
  }
}

std::optional<Result<bool>> session_command_answer(Session& s, std::string_view line, long n,
                                                   const SessionOutput& o, std::string& out) {
  auto command = session_command(line);
  if (!command) return std::nullopt;
  if (!*command) return Result<bool>(command->error());
  const SessionCommand& c = **command;
  const auto who = session_names(s, o.zh);
  const bool zh = o.zh;
  if (c.kind == SessionCommand::Kind::SettleUp) {
    if (o.json) {
      Json j = {{"schema", kSchema}, {"rules", s.rules_id()}};
      j["settle_up"] = {{"hands", s.hands()},
                        {"totals", s.totals()},
                        {"transfers", payments_json(settle_up(s.totals()))}};
      out += json_text(j) + '\n';
    } else if (o.rows) {
      out += settle_up_rows(s, o.rows, zh);
    } else {
      out += settle_up_text(s, zh);
    }
    return Result<bool>(false);
  }
  // The hands an undo or edit replaces, for the reversed rows: only those are copied.
  const long first = c.kind == SessionCommand::Kind::Undo ? s.hands() : c.hand;
  std::vector<KeptHand> before;
  if (o.rows && first >= 1 && first <= s.hands())
    before.assign(s.kept().begin() + (first - 1), s.kept().end());
  const auto totals_before = s.totals();
  auto done = s.apply(c);
  if (!done) return Result<bool>(done.error());
  const long from = c.kind == SessionCommand::Kind::Undo ? s.hands() + 1 : c.hand;
  if (o.rows) {  // the replaced hands taken back, last first
    auto totals = totals_before;
    for (long h = first + static_cast<long>(before.size()) - 1; h >= from; --h) {
      const KeptHand& k = before[static_cast<std::size_t>(h - first)];
      for (std::size_t i = 0; i < kSeats; ++i) totals[i] -= k.points[i];
      append_reversed_rows(out, k, h, n, totals, who, o.rows);
    }
  } else if (o.json) {
    out += command_json(s, c.kind == SessionCommand::Kind::Undo ? "undo" : "edit", from, n);
  } else if (c.kind == SessionCommand::Kind::Undo && o.narrow) {  // one seat a line
    out += zh ? "撤销第 " + std::to_string(from) + " 局，累计：\n"
              : "Hand " + std::to_string(from) + " undone; totals:\n";
    for (std::size_t i = 0; i < kSeats; ++i)
      out += "  " + who[i] + ' ' + signed_points(s.totals()[i]) + '\n';
  } else if (c.kind == SessionCommand::Kind::Undo) {
    out += zh ? "撤销第 " + std::to_string(from) + " 局\n  累计  "
              : "Hand " + std::to_string(from) + " undone\n  total  ";
    out += seat_amounts(who, s.totals()) + '\n';
  } else {
    out += zh ? "改第 " + std::to_string(from) + " 局，重算其后各局\n"
              : "Hand " + std::to_string(from) + " edited; the hands after it played again\n";
  }
  for (const auto& hand : *done) append_session_hand(out, s, hand, n, o);
  return Result<bool>(true);
}

std::string settle_up_text(const Session& s, bool zh) {
  const auto who = session_names(s, zh);
  const auto payments = settle_up(s.totals());
  if (payments.empty()) return zh ? "结账：不用付\n" : "Settling up: all square\n";
  std::string out = zh ? "结账（" + std::to_string(payments.size()) + " 笔）\n"
                       : "Settling up (" + std::to_string(payments.size()) +
                             (payments.size() == 1 ? " payment)\n" : " payments)\n");
  for (const auto& p : payments)
    out += "  " + who[static_cast<std::size_t>(p.from)] + (zh ? " 付 " : " pays ") +
           who[static_cast<std::size_t>(p.to)] + "  " + std::to_string(p.points) + '\n';
  return out;
}

std::string settle_up_rows(const Session& s, char sep, bool zh) {
  const auto who = session_names(s, zh);
  std::string out = "\n";
  for (const char* cell : {"from", "from_name", "to", "to_name"}) out.append(cell) += sep;
  out += "points\n";
  for (const auto& p : settle_up(s.totals())) {
    for (std::string cell :
         {std::to_string(p.from), csv_cell(who[static_cast<std::size_t>(p.from)], sep),
          std::to_string(p.to), csv_cell(who[static_cast<std::size_t>(p.to)], sep)})
      out.append(cell) += sep;
    out += std::to_string(p.points) + '\n';
  }
  return out;
}

SeatStatement session_statement(const Session& s, int seat) {
  SeatStatement st;
  st.seat = seat;
  st.hands.reserve(s.kept().size());
  const auto me = static_cast<std::size_t>(seat);
  long number = 0;
  s.replay([&](const SessionHand& h) {
    SeatStatement::HandRow row;
    row.hand = ++number;
    row.points = h.ledger.totals[me];
    row.summary = session_hand_summary(h.table, h.ledger);
    for (const auto& item : h.ledger.items)
      for (const auto& tr : item.transfers) {
        if (tr.to == seat && tr.from != seat)
          row.with[static_cast<std::size_t>(tr.from)] += tr.points;
        if (tr.from == seat && tr.to != seat)
          row.with[static_cast<std::size_t>(tr.to)] -= tr.points;
      }
    for (std::size_t o = 0; o < kSeats; ++o) st.with[o] += row.with[o];
    st.total += row.points;
    st.hands.push_back(std::move(row));
  });
  return st;
}

std::string session_statement_text(const Session& s, int seat, bool zh, bool narrow) {
  const auto who = session_names(s, zh);
  const auto st = session_statement(s, seat);
  const auto me = static_cast<std::size_t>(seat);
  std::string out = zh ? who[me] + " 的本场结算（共 " + std::to_string(st.hands.size()) + " 局）\n"
                       : "Statement of " + who[me] + " (" + std::to_string(st.hands.size()) +
                             (st.hands.size() == 1 ? " hand)\n" : " hands)\n");
  auto with_line = [&](const std::array<std::int64_t, kSeats>& with, const char* indent,
                       const char* between) {
    std::string line;
    for (std::size_t o = 0; o < kSeats; ++o) {
      if (o == me) continue;
      line += line.empty() ? indent : between;
      line += (zh ? "与" : "with ") + who[o] + ' ' + signed_points(with[o]);
    }
    return line;
  };
  for (const auto& row : st.hands) {
    out += (zh ? "第 " : "hand ") + std::to_string(row.hand) + (zh ? " 局  " : "  ") +
           signed_points(row.points) + "  " + row.summary.in(zh) + '\n';
    out += narrow ? with_line(row.with, "  ", "\n  ") : with_line(row.with, "  ", "  ");
    out += '\n';
  }
  out += (zh ? "合计  " : "Total  ") + signed_points(st.total) + '\n';
  out += narrow ? with_line(st.with, "  ", "\n  ") : with_line(st.with, "  ", "  ");
  out += '\n';
  return out;
}

std::string session_statement_rows(const Session& s, int seat, char sep, bool zh) {
  const auto who = session_names(s, zh);
  const auto st = session_statement(s, seat);
  const auto me = static_cast<std::size_t>(seat);
  std::string out = "\n";
  for (const char* cell : {"hand", "seat", "name", "with", "with_name"}) out.append(cell) += sep;
  out += "points\n";
  auto rows = [&](const std::string& hand, const std::array<std::int64_t, kSeats>& with) {
    for (std::size_t o = 0; o < kSeats; ++o) {
      if (o == me) continue;
      for (std::string cell : {hand, std::to_string(seat), csv_cell(who[me], sep),
                               std::to_string(o), csv_cell(who[o], sep)})
        out.append(cell) += sep;
      out += std::to_string(with[o]) + '\n';
    }
  };
  for (const auto& row : st.hands) rows(std::to_string(row.hand), row.with);
  rows("total", st.with);
  return out;
}

SessionPrompt session_prompt(const Session& s, bool zh, bool narrow) {
  SessionPrompt p;
  const auto who = session_names(s, zh);
  if (s.hands() > 0) {  // "[东 +18  南 -6  西 -6  北 -6]"; narrow: two seats a line
    p.totals = "[";
    for (std::size_t i = 0; i < kSeats; ++i) {
      if (i) p.totals += narrow && i == 2 ? "\n " : "  ";
      p.totals += who[i] + ' ' + signed_points(s.totals()[i]);
    }
    p.totals += "]\n";
  }
  p.prompt =
      zh ? "第" + std::to_string(s.hands() + 1) + "局" : "hand " + std::to_string(s.hands() + 1);
  if (s.has_dealer()) {
    p.prompt += (zh ? " 庄" : " dealer ") + who[static_cast<std::size_t>(s.dealer())];
    if (s.streak() > 0) p.prompt += (zh ? " 连庄" : " streak ") + std::to_string(s.streak());
  }
  p.prompt += "> ";
  return p;
}

std::string session_summary_json_text(const Session& session, const std::string& rules_id, bool zh,
                                      int seat) {
  const auto who = session_names(session, zh);
  const auto order = standing_order(session);
  Json standings = Json::array();
  for (std::size_t r = 0; r < kSeats; ++r) {
    auto s = static_cast<std::size_t>(order[r]);
    standings.push_back(
        {{"rank", r + 1}, {"seat", order[r]}, {"name", who[s]}, {"total", session.totals()[s]}});
  }
  Json j = {{"schema", kSchema},
            {"rules", session.rules_id().empty() ? rules_id : session.rules_id()}};
  j["summary"] = {{"hands", session.hands()},
                  {"totals", session.totals()},
                  {"standings", standings},
                  {"next", {{"dealer", session.dealer()}, {"streak", session.streak()}}},
                  {"transfers", payments_json(settle_up(session.totals()))}};
  if (seat >= 0) {
    const auto st = session_statement(session, seat);
    Json with = Json::array(), hands = Json::array();
    auto with_json = [&](const std::array<std::int64_t, kSeats>& v) {
      Json list = Json::array();
      for (int o = 0; o < kSeats; ++o)
        if (o != seat)
          list.push_back({{"seat", o},
                          {"name", who[static_cast<std::size_t>(o)]},
                          {"points", v[static_cast<std::size_t>(o)]}});
      return list;
    };
    for (const auto& row : st.hands)
      hands.push_back(
          {{"hand", row.hand},
           {"points", row.points},
           {"with", with_json(row.with)},
           {"summary", {{"en", row.summary.en.view()}, {"zh", row.summary.zh.view()}}}});
    j["summary"]["statement"] = {{"seat", seat},
                                 {"name", who[static_cast<std::size_t>(seat)]},
                                 {"total", st.total},
                                 {"with", with_json(st.with)},
                                 {"hands", hands}};
  }
  return json_text(j) + '\n';
}

}  // namespace qianmj
