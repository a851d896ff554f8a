// JSON (INTERFACE §3) for the public answer types. Every object carries "schema": 1.
#pragma once

#include <nlohmann/json.hpp>

#include "qianmj/engine/advice.hpp"
#include "qianmj/engine/rules.hpp"
#include "qianmj/engine/settle.hpp"

namespace qianmj {

inline constexpr int kSchema = 1;
using Json = nlohmann::ordered_json;  // keys in the order written: schema and rules first

Json to_json(const Item& item, const Unit& unit);
Json to_json(const Score& score, const Ruleset& rules);
Json to_json(const WaitsAnswer& waits, const Ruleset& rules);
Json to_json(const Hand& hand14, const std::vector<DiscardAnswer>& discards, const Ruleset& rules);
Json rules_json(const Ruleset& rules);
// The waits answers as one line of JSON text, written directly (the pipeline's hot path);
// the to_json overloads above parse these, so there is one definition of the shape.
std::string waits_json_text(const WaitsAnswer& waits, const Ruleset& rules, long line = 0);
std::string discards_json_text(const Hand& hand14, const std::vector<DiscardAnswer>& discards,
                               const Ruleset& rules, long line = 0);
// The same appended to `out` (a pipeline keeps one string a line and its buffer).
void append_waits_json_text(std::string& out, const WaitsAnswer& waits, const Ruleset& rules,
                            long line = 0);
void append_discards_json_text(std::string& out, const Hand& hand14,
                               const std::vector<DiscardAnswer>& discards, const Ruleset& rules,
                               long line = 0);
// advise (ADVICE §3.4): the rows of a 14-tile hand, or a 13-tile hand's own fields.
std::string advice_json_text(const Advice& advice, const Ruleset& rules, long line = 0);
void append_advice_json_text(std::string& out, const Advice& advice, const Ruleset& rules,
                             long line = 0);
// The score, ledger and seat statement as one line of JSON text, written directly (with
// "line" last when `line` > 0); the DOM forms parse these.
std::string score_json_text(const Score& score, const Ruleset& rules, long line = 0);
void append_score_json_text(std::string& out, const Score& score, const Ruleset& rules,
                            long line = 0);
std::string ledger_json_text(const Ledger& ledger, const Table& table, const Ruleset& rules,
                             long line = 0);
// The same appended to `out`.
void append_ledger_json_text(std::string& out, const Ledger& ledger, const Table& table,
                             const Ruleset& rules, long line = 0);
std::string statement_json_text(const Ledger& ledger, const Table& table, const Ruleset& rules,
                                int seat, long line = 0);
// The one gate of every JSON text read as input (a settle table, a session hand, a pipeline
// request), before any parser or DOM sees it: over 16 MiB is too_long, nested deeper than 64
// levels is bad_json (a DOM, its copies and its dump are recursive). nullopt when it passes.
std::optional<Error> json_gate(std::string_view text);
// A JSON text read as input: the gate, then a DOM with at most `max_values` values (more is
// too_long: memory stays a small multiple of the text) and no key twice in one object
// (bad_json naming the key). A syntax error says its line and column; bytes that are not
// UTF-8 inside a string are bad_utf8 at their column.
Result<Json> read_json(std::string_view text, std::size_t max_values);
// A settle table has a few hundred values at most (4 seats, 64 kongs, 3 wins, the options).
inline constexpr std::size_t kMaxTableValues = 10000;

// settle: the table from JSON (INTERFACE §4), every field checked, errors naming the field.
Result<Table> table_from_json(std::string_view text);
// The same from a value read_json gave (a session's hand, completed with what the session
// carries): read as it is, not written out and parsed again.
Result<Table> table_from_json_value(const Json& value);
// The table as that JSON (hands in canonical ASCII; fields at their defaults left out), so a
// table in words can be kept as JSON (settle --to-json).
Json table_to_json(const Table& table);
// The ledger: per seat (items with counterparty, both signs) and per row; next dealer.
Json to_json(const Ledger& ledger, const Table& table, const Ruleset& rules);
// One seat's statement (个人结算): its items per counterparty and the totals.
Json seat_statement_json(const Ledger& ledger, const Table& table, const Ruleset& rules, int seat);
// {"schema": 1, "rules": ..., "error": {"code", "message", "message_zh", "column"?, "line"?}}
Json to_json(const Error& error, std::string_view rules_id, long line = 0);
// The same as one line of JSON text, written directly.
std::string error_json_text(const Error& error, std::string_view rules_id, long line = 0);

}  // namespace qianmj
