// The text layouts of the answers, as the program prints them: a score, waits, a ledger, a
// seat's statement, an evening's hands and standings. answer() puts them together; a caller
// that streams (the CLI's session) writes them a piece at a time.
#pragma once

#include <array>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "qianmj/answers/session.hpp"
#include "qianmj/engine/explain.hpp"
#include "qianmj/engine/rules.hpp"
#include "qianmj/engine/settle.hpp"
#include "qianmj/formats/json.hpp"

namespace qianmj {

// Text helpers.
std::string pad_right(const std::string& s, int width);  // to `width` terminal columns
std::string pad_left(const std::string& s, int width);
std::string signed_points(std::int64_t v);  // "+18", "-6", "0"
// The same at the end of `out`, without a string of its own.
void append_signed_points(std::string& out, std::int64_t v);
// `s` cut to `width` terminal columns, the last one a '…', when it is wider.
std::string truncate_to(const std::string& s, int width);
// A cell of a CSV or TSV row that a spreadsheet will not run as a formula: text that starts
// with = + - @, a tab or a CR gets a leading ' (as spreadsheet-safe CSV writers do).
std::string spreadsheet_safe(std::string cell);
// A spreadsheet cell: spreadsheet_safe, then quoted for CSV (`sep` ',') or its tabs made
// spaces for TSV.
std::string csv_cell(const std::string& text, char sep);
// "345789条 23445677筒 [555万]", and with `glyphs` the tiles as pictures after it.
std::string hand_text(const Hand& hand, bool chinese, bool glyphs = false);
// One JSON value as compact text (bad UTF-8 replaced).
std::string json_text(const Json& j);

// score HAND, waits HAND (13 tiles), waits HAND (14 tiles: each discard).
void score_text(const Score& sc, const Ruleset& rules, bool zh, bool glyphs, std::ostream& out);
void waits_text(const WaitsAnswer& w, const Ruleset& rules, bool zh, bool glyphs,
                std::ostream& out);
void discards_text(const Hand& hand, const std::vector<DiscardAnswer>& discards,
                   const Ruleset& rules, bool zh, bool glyphs, std::ostream& out);

// settle: the ledger (wide, or `narrow` one seat a line) and one seat's statement.
// `columns` > 0: a narrow ledger's lines wrap within that width.
void ledger_text(const Ledger& ledger, const Table& t, const Ruleset& rules, bool zh, bool narrow,
                 std::ostream& out, int columns = 0);
// `text` in lines of at most `width` display columns, broken at spaces only: a word wider than
// that stays whole on a line of its own (a number is never split). `width` <= 0: one line.
std::vector<std::string> wrap_at_spaces(std::string_view text, int width);
void statement_text(const Ledger& ledger, const Table& t, int seat, bool zh, std::ostream& out);
// settle --csv / --tsv: "line,seat,name,points,dealer,streak", then a row a seat of each
// table (`seat` >= 0: that seat's alone); `line` is the table's line in a stream (1 for one).
std::string settle_rows_heading(char sep);
void append_settle_rows(std::string& out, const Ledger& ledger, const Table& t, long line, int seat,
                        char sep, bool zh);

// session: the seats' names as the session knows them, "东 +18  南 -6 ...", one hand's text
// (its summary, notes, amounts and totals) and its rows (--csv, --tsv), and the end.
std::array<std::string, kSeats> session_names(const Session& s, bool zh);
std::string seat_amounts(const std::array<std::string, kSeats>& who,
                         const std::array<std::int64_t, kSeats>& v);
void append_session_hand_text(std::string& out, const SessionHand& hand,
                              const std::array<std::string, kSeats>& who, bool zh, bool narrow);
std::string session_rows_heading(char sep);
void append_session_rows(std::string& out, const SessionHand& hand, long line, char sep, bool zh);
// One hand as JSON (session --json): {"schema", "rules", "hand", "line", "ledger", "totals",
// "next": {"dealer", "streak"}, "notes": [{"en", "zh"}]}, the session's carried dealer and
// streak after it as "next"; appended to `out`, written directly.
void append_session_hand_json_text(std::string& out, const SessionHand& hand, long line,
                                   int next_dealer, std::int64_t next_streak);
// The final standings: text, or the JSON summary line (`rules_id` when the session has none).
std::string session_standings_text(const Session& s, bool zh);
std::string session_summary_json_text(const Session& s, const std::string& rules_id, bool zh);

}  // namespace qianmj
