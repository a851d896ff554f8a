// Settle tables as JSON in tests: seat rotation (the rotation properties of C2, D10, Z8).
#pragma once

#include <nlohmann/json.hpp>

namespace qianmj::test {

// Seat s becomes seat (s + k) % 4 everywhere (seats, dealer, kongs, the result).
inline nlohmann::json rotate(nlohmann::json t, int k) {
  auto r = [k](const nlohmann::json& s) { return (s.get<int>() + k) % 4; };
  t["dealer"] = r(t["dealer"]);
  nlohmann::json seats = nlohmann::json::array();
  for (int s = 0; s < 4; ++s) seats.push_back(t["seats"][static_cast<std::size_t>((s - k + 4) % 4)]);
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
