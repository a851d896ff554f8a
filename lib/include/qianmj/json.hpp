// JSON (INTERFACE §3) for the public answer types. Every object carries "schema": 1.
#pragma once

#include <nlohmann/json.hpp>

#include "qianmj/rules.hpp"

namespace qianmj {

inline constexpr int kSchema = 1;
using Json = nlohmann::ordered_json;  // keys in the order written: schema and rules first

Json to_json(const Item& item, Unit unit);
Json to_json(const Score& score, const Ruleset& rules);
Json to_json(const WaitsAnswer& waits, const Ruleset& rules);
Json to_json(const Hand& hand14, const std::vector<DiscardAnswer>& discards,
                       const Ruleset& rules);
Json rules_json(const Ruleset& rules);
// {"schema": 1, "rules": ..., "error": {"code", "message", "message_zh", "column"?, "line"?}}
Json to_json(const Error& error, std::string_view rules_id, long line = 0);

}  // namespace qianmj
