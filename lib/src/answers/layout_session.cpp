// The text of session: each hand (text or spreadsheet rows) and the final standings.
#include <algorithm>
#include <numeric>

#include "formats/json_text.hpp"
#include "qianmj/answers/layout.hpp"
#include "qianmj/formats/notation.hpp"

namespace qianmj {
namespace {

// What a hand came to, in a few words: "东 自摸：平胡", "流局", "西逃跑".
std::string hand_summary(const SessionHand& h, bool zh) {
  const Table& t = h.table;
  switch (t.outcome) {
    case Table::Outcome::Draw:
      return zh ? "流局" : "draw";
    case Table::Outcome::Escape:
      return seat_name(t, t.escaper, zh) + (zh ? "逃跑" : " escaped");
    case Table::Outcome::Win:
      break;
  }
  std::string out;
  for (const auto& item : h.ledger.items)
    if (item.id == "win") out += (out.empty() ? "" : zh ? "；" : "; ") + item.detail.in(zh);
  return out;
}

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
                              const std::array<std::string, kSeats>& who, bool zh, bool narrow) {
  const Table& t = hand.table;
  text += zh ? "第 " : "Hand ";
  text += std::to_string(hand.number);
  text += zh ? " 局  庄家 " : "  dealer ";
  text += seat_name(t, t.dealer, zh);
  text += zh ? " 连庄 " : " streak ";
  text += std::to_string(t.streak);
  text += "  ";
  text += hand_summary(hand, zh);
  text += '\n';
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
  for (const char* cell : {"hand", "line", "seat", "name", "points", "total", "dealer"})
    out.append(cell) += sep;
  return out + "streak\n";
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
    out += '\n';
  }
}

std::string session_standings_text(const Session& session, bool zh) {
  const auto who = session_names(session, zh);
  const auto order = standing_order(session);
  std::string out = zh ? "终局（共 " : "Final standings (";
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
  return out;
}

void append_session_hand_json_text(std::string& out, const SessionHand& hand, long line,
                                   int next_dealer, std::int64_t next_streak) {
  json_detail::Writer w(out);
  w.open('{').key("schema").number(kSchema).key("rules").string(hand.rules->id());
  w.key("hand").number(hand.number).key("line").number(line).key("ledger");
  w.raw_by(
      [&](std::string& o) { append_ledger_json_text(o, hand.ledger, hand.table, *hand.rules); });
  w.key("totals").open('[');
  for (auto total : hand.totals) w.number(total);
  w.close(']').key("next").open('{').key("dealer").number(next_dealer);
  w.key("streak").number(next_streak).close('}').key("notes").notes(hand.notes);
  w.close('}');
  w.finish();
}

std::string session_summary_json_text(const Session& session, const std::string& rules_id,
                                      bool zh) {
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
                  {"next", {{"dealer", session.dealer()}, {"streak", session.streak()}}}};
  return json_text(j) + '\n';
}

}  // namespace qianmj
