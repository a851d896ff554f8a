#pragma once
// Independent reference implementation of the rule book (/work/shared/RULES.md),
// written from the rule book and the readings of the test brief only. It is
// deliberately plain and brute force: every decomposition and every candidate
// tile is tried. Speed is not a goal.
//
// Input is the canonical ASCII notation only: concealed runs "345789s", melds
// "[555m]" (pung), "[5555m]" (direct kong), "[5555m+]" (added kong),
// "(5555m)" (concealed kong). Malformed input to waits()/score() (unparseable
// text, more than 4 copies of a tile, wrong tile count) throws
// std::invalid_argument: the reference does not model input validation.
// settle() never throws; it returns nullopt (with a reason) instead.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace ref {

// Options: RULES.md section H names -> integer value (booleans 0/1). Missing
// names take the defaults of section H. `rules` is "duyun" or "zunyi".

// Waits of a 13-tile hand (kong counts as 3).
struct RefWaits {
  bool ready = false;
  std::vector<std::string> live;    // live waits, tile order (m 1-9, s 1-9, p 1-9), e.g. "4m"
  std::vector<std::string> formal;  // all formal waits the rule set accepts (Zunyi: Z1), tile order
  std::optional<std::int64_t> dajiao;  // best pattern value over live waits (pattern only)
};
RefWaits waits(const std::string& hand, const std::string& rules, const nlohmann::json& options);

// One hand scored. `situation`: optional "win" (tile), "zimo", "after_kong",
// "robbing_kong", "baoting", "payer_baoting", "tianhu", "dihu", "dou" (bools),
// "dealer" ("winner" | "payer" | "none"), "streak" (int). 14 tiles incl. the winning tile.
struct RefScore {
  bool error = false;      // the situation contradicts itself or the hand ("inconsistent")
  bool win = false;        // a winning hand under the rule set (shape, and Zunyi Z1)
  bool legal = false;      // Duyun D3 (Zunyi: legal == win)
  std::int64_t value = 0;  // pattern + add-ons charged to one ordinary payer (fan / points)
  std::int64_t total = 0;  // points the winner collects from all payers
};
RefScore score(const std::string& hand, const std::string& rules, const nlohmann::json& options,
               const nlohmann::json& situation);

// A whole table (INTERFACE.md section 4 JSON).
struct RefLedger {
  std::array<std::int64_t, 4> totals{};
  int next_dealer = 0;
  std::int64_t next_streak = 0;
};
// nullopt when the reference finds the table impossible; `why` gets a short reason.
std::optional<RefLedger> settle(const nlohmann::json& table, std::string* why = nullptr);

}  // namespace ref
