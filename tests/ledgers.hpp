// Pricing generated settle tables in tests as `qianmj settle` does, and a ledger's rows in a
// form that compares across a rotation of the seats (C2): the property and conformance tests.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "qianmj/engine/settle.hpp"
#include "qianmj/formats/json.hpp"

namespace qianmj::test {

// Prices a table as `qianmj settle` does: parse, check, ledger.
inline Result<Ledger> price(const nlohmann::json& t) {
  auto table = table_from_json(t.dump());
  if (!table) return table.error();
  return settle(*table);
}

using RowKey = std::pair<std::string, std::array<std::int64_t, kSeats>>;

// Each row of the ledger as its id and the net per seat, seats moved on by k, sorted.
inline std::vector<RowKey> rows(const Ledger& l, int k = 0) {
  std::vector<RowKey> out;
  for (const auto& item : l.items) {
    std::array<std::int64_t, kSeats> net{};
    for (const auto& tr : item.transfers) {
      net[static_cast<std::size_t>((tr.to + k) % 4)] += tr.points;
      net[static_cast<std::size_t>((tr.from + k) % 4)] -= tr.points;
    }
    out.emplace_back(item.id, net);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// C2: `rotated` is the ledger of the table with every seat moved on by k. The verdict, the
// totals, every 查叫 check, every row and the next dealer move with the seats. Catch
// assertions; call from a test case.
inline void check_rotated(const Result<Ledger>& ledger, const Result<Ledger>& rotated, int k) {
  INFO("rotated by " << k);
  REQUIRE(bool(rotated) == bool(ledger));  // the validator's verdict does not depend on the seats
  if (!ledger) {
    CHECK(rotated.error().code == ledger.error().code);
    return;
  }
  for (int s = 0; s < kSeats; ++s) {
    const auto from = static_cast<std::size_t>(s), to = static_cast<std::size_t>((s + k) % 4);
    CHECK(rotated->totals[to] == ledger->totals[from]);
    const auto& a = ledger->checks[from];
    const auto& b = rotated->checks[to];
    REQUIRE(a.has_value() == b.has_value());
    if (a) {
      CHECK(a->ready == b->ready);
      CHECK(a->huazhu == b->huazhu);
      CHECK(a->dajiao == b->dajiao);
    }
  }
  CHECK(rows(*rotated) == rows(*ledger, k));
  CHECK(rotated->next_dealer == (ledger->next_dealer + k) % 4);
  CHECK(rotated->next_streak == ledger->next_streak);
}

}  // namespace qianmj::test
