// JSON (INTERFACE §3) for the public answer types. Every object carries "schema": 1.
#pragma once

#include <nlohmann/json.hpp>

#include "qianmj/rules.hpp"

namespace qianmj {

inline constexpr int kSchema = 1;

nlohmann::json to_json(const Item& item, Unit unit);
nlohmann::json to_json(const Score& score, const Ruleset& rules);
nlohmann::json to_json(const WaitsAnswer& waits, const Ruleset& rules);
nlohmann::json to_json(const Hand& hand14, const std::vector<DiscardAnswer>& discards,
                       const Ruleset& rules);
nlohmann::json rules_json(const Ruleset& rules);
// {"schema": 1, "rules": ..., "error": {"code", "message", "message_zh", "column"?, "line"?}}
nlohmann::json to_json(const Error& error, std::string_view rules_id, long line = 0);

}  // namespace qianmj
