// Amounts as text a referee can check by hand: "平胡 1 + 连庄 5", "6 番", "2 × 6 × 3 = 36".
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "qianmj/engine/rules.hpp"

namespace qianmj {

std::string item_name(const Item& item, bool chinese);            // "平胡" / "平胡 Plain win"
std::string item_sum(std::span<const Item> items, bool chinese);  // "平胡 1 + 连庄 5"
std::string unit_text(std::int64_t v, const Unit& unit, bool chinese);  // "6 番" / "6 fan"
// "平胡 + 报听" (zh) or "平胡 Plain win + 报听 Declared ready" (en), without values.
std::string item_names(std::span<const Item> items, bool chinese);

}  // namespace qianmj
