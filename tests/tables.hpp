// Settle tables as JSON in tests: seat rotation (the rotation properties of C2, D10, Z8), and
// hands in the one notation the independent reference reads.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "qianmj/formats/notation.hpp"

namespace qianmj::test {

// The table with every hand in canonical ASCII, the only notation tests/reference reads.
inline nlohmann::json canonical(nlohmann::json t) {
  for (auto& seat : t["seats"])
    if (seat.contains("hand")) {
      auto h = parse_hand(seat["hand"].get<std::string>());
      if (h) seat["hand"] = to_ascii(*h);
    }
  return t;
}

// Seat s becomes seat (s + k) % 4 everywhere (seats, dealer, kongs, the result).
inline nlohmann::json rotate(nlohmann::json t, int k) {
  auto r = [k](const nlohmann::json& s) { return (s.get<int>() + k) % 4; };
  t["dealer"] = r(t["dealer"]);
  nlohmann::json seats = nlohmann::json::array();
  for (int s = 0; s < 4; ++s)
    seats.push_back(t["seats"][static_cast<std::size_t>((s - k + 4) % 4)]);
  t["seats"] = seats;
  if (t.contains("kongs"))
    for (auto& kong : t["kongs"]) {
      kong["seat"] = r(kong["seat"]);
      if (kong.contains("from")) kong["from"] = r(kong["from"]);
    }
  auto& res = t["result"];
  if (res.contains("seat")) res["seat"] = r(res["seat"]);
  if (res.contains("wins"))
    for (auto& w : res["wins"]) {
      w["seat"] = r(w["seat"]);
      if (w.contains("from")) w["from"] = r(w["from"]);
    }
  return t;
}

}  // namespace qianmj::test
