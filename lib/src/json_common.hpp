// Internal: what the JSON writers share (INTERFACE §3).
#pragma once

#include "qianmj/json.hpp"

namespace qianmj::json_detail {

// The key of a value in this rule set's unit: "fan" or "points".
inline const char* value_key(Unit unit) { return unit == Unit::Fan ? "fan" : "points"; }

inline Json items_json(const std::vector<Item>& items, Unit unit) {
  Json a = Json::array();
  for (const auto& it : items) a.push_back(to_json(it, unit));
  return a;
}

inline Json header(const Ruleset& rules) { return {{"schema", kSchema}, {"rules", rules.id()}}; }

}  // namespace qianmj::json_detail
