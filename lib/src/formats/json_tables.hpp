// Internal: the two readers of a settle table behind table_from_json (json.hpp).
#pragma once

#include <cstdint>
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

// The keys of each object of a settle table, as both readers know them: the one-pass reader
// numbers a key by its place here (key_bit).
inline constexpr std::string_view kTableKeys[] = {"rules", "dealer", "streak", "seats",
                                                  "kongs", "result", "options"};
inline constexpr std::string_view kSeatOwnKeys[] = {"name", "hand", "baoting"};
inline constexpr std::string_view kKongKeys[] = {"seat", "kind", "tile", "from"};
inline constexpr std::string_view kWinKeys[] = {"seat",         "from",   "tile", "after_kong",
                                                "robbing_kong", "tianhu", "dihu"};
inline constexpr std::string_view kResultOwnKeys[] = {"kind", "wins", "seat", "last_four"};

// The bit of `key` at its place in `keys`: a key not in the list does not compile.
template <std::size_t N>
consteval std::uint32_t key_bit(const std::string_view (&keys)[N], std::string_view key) {
  for (std::size_t i = 0; i < N; ++i)
    if (keys[i] == key) return std::uint32_t{1} << i;
  throw "no such key";
}

// The keys of a seat's object and of a result's: their own (above), then the keys of the
// table fields there (table_fields_of_seats(), table_fields_of_result()), at their slots.
std::span<const std::string_view> seat_keys();
std::span<const std::string_view> result_keys();
// The same for a kong's object and the table's own (the one-pass reader knows only the
// own keys: a table with a kong's or the table's field is read by the checked reader).
std::span<const std::string_view> kong_keys();
std::span<const std::string_view> table_keys();

// A kong's "kind" in a table: direct, added or concealed; std::nullopt for any other.
std::optional<Meld::Kind> kong_kind(std::string_view name);

// Any table, through a DOM, every field checked and an error naming the one at fault.
Result<Table> table_from_json_checked(std::string_view text);

}  // namespace qianmj::json_detail
