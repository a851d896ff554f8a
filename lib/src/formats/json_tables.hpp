// Internal: the two readers of a settle table behind table_from_json (json.hpp).
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "qianmj/core/error.hpp"
#include "qianmj/engine/settle.hpp"

namespace qianmj::json_detail {

// The tables pipelines send, in one pass without a DOM: every field plain (strings without
// escapes, whole numbers without sign or fraction, no null), no key twice, at most 32 house
// rules. std::nullopt for anything else, an error above all; a table it reads is the one
// table_from_json_checked reads from the same text.
std::optional<Table> table_from_json_fast(std::string_view text);

// The keys of a seat's object and of a result's: their own, then the keys of the table
// fields there (table_fields_of_seats(), table_fields_of_result()), at their slots.
std::span<const std::string_view> seat_keys();
std::span<const std::string_view> result_keys();
inline constexpr std::size_t kSeatOwnKeys = 3;    // name hand baoting
inline constexpr std::size_t kResultOwnKeys = 4;  // kind wins seat last_four

// A kong's "kind" in a table: direct, added or concealed; std::nullopt for any other.
std::optional<Meld::Kind> kong_kind(std::string_view name);

// Any table, through a DOM, every field checked and an error naming the one at fault.
Result<Table> table_from_json_checked(std::string_view text);

}  // namespace qianmj::json_detail
