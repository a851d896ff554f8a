// Internal: what the JSON writers share (INTERFACE §3).
#pragma once

#include "qianmj/formats/json.hpp"

namespace qianmj::json_detail {

// The key of a value in this rule set's unit: "fan" or "points".
inline std::string value_key(const Unit& unit) {
  return std::string(unit.key);
}

inline Json header(const Ruleset& rules) {
  return {{"schema", kSchema}, {"rules", rules.id()}};
}

}  // namespace qianmj::json_detail
