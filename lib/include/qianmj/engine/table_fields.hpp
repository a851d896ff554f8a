// Table fields a rule set owns (RulesetInfo::table_fields): declared as data in its folder,
// read and written by the JSON readers and writer, and checked by settle, without either
// naming one.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>

#include "qianmj/core/tile.hpp"

namespace qianmj {

// One field of a settle table that only some rule sets read, such as Zunyi's 冲锋鸡.
struct TableField {
  // Seats: a pair of seats, from one to another (Guiyang's 责任鸡 {"from": 2, "to": 3}).
  // Tiles: a list of tiles in hand notation, a seat's only, at most one a place (Guiyang's
  // discards for 满堂鸡: "2468s5m"); given or not, and an empty list is given.
  enum class Kind : std::uint8_t { Bool, Int, Tile, Seats, Tiles };
  // Where it is: a field of every seat, of a win's result (a draw or an escape has none), of
  // every kong, or of the table itself.
  enum class Place : std::uint8_t { Seat, Result, Kong, Table };
  // Its JSON path: "seats[].NAME", "result.NAME", "kongs[].NAME" (an on/off only, said in words
  // after its seat with the kong's tile: 南憨包7万), or "NAME" at the top of the table (a pair
  // of seats only, said in words as a keyword with the two seats: 责任鸡西北).
  std::string_view path;
  Kind kind;
  // An Int's range: 0 (not given) to a maximum of at most 2^31 - 1; a Bool's 0 to 1, a Tile's,
  // a Seats' and a Tiles' 0 to 0.
  std::int64_t min, max;
  // How a table in words says it (lib/src/formats/words/lexicon.cpp), the written spelling
  // first. A seat's field is a verb after the seat: glued in Chinese (东打幺鸡2, 东冲锋鸡), after
  // "SEAT:" in ASCII with its argument after an optional ':' (E:yaoji:2, E:yaoji2, E:chongfeng).
  // A result's is a keyword with its argument (翻5筒, 翻:5筒, flip:5p), so never a Bool. An
  // argument is an Int's number (none: 1) or a Tile's tile; a Bool has none.
  std::span<const std::string_view> words_zh;
  std::span<const std::string_view> words_en;
  // What a message about it calls it: "E's discarded 幺鸡 is said twice", "东打出的幺鸡说了两次";
  // a result's, "the turned-up tile is said twice", "翻牌说了两次".
  std::string_view what_en;  // "discarded 幺鸡"
  std::string_view what_zh;  // "打出的幺鸡"
  // An Int's count in the message refusing a number out of its range, {} the seat (none for a
  // result's): "how many 幺鸡 {} discarded" gives "how many 幺鸡 E discarded: 1 to 4, not 5"
  // (in Chinese: the seat, what_zh and 数: "东打出的幺鸡数应为 1 到 4，而不是5").
  std::string_view how_many_en = {};
  // A result's, in the message refusing it without a win, after "the WHAT_EN (WORDS_ZH[0]) ":
  // "is turned after a win" (in Chinese: what_zh and 只在胡牌后: "翻牌只在胡牌后").
  std::string_view after_win_en = {};

  constexpr bool of_seat() const { return path.substr(0, 8) == "seats[]."; }
  constexpr Place place() const {
    return of_seat()                         ? Place::Seat
           : path.substr(0, 7) == "result."  ? Place::Result
           : path.substr(0, 8) == "kongs[]." ? Place::Kong
                                             : Place::Table;
  }
  // The JSON key ("chongfeng").
  constexpr std::string_view key() const { return path.substr(path.rfind('.') + 1); }
};

// A declaration as the readers and writers expect it, or std::logic_error naming its path: a
// seat's or a result's, 0 in its range, words in both scripts, what_en and what_zh, an Int's
// how_many_en ({} the seat in a seat's), a result's after_win_en, and no Bool of the result (a
// result's field is read as a keyword with an argument). Each is checked when the
// declarations are first listed.
void check_table_field(const TableField& f);

// Every table field of every registered rule set, each path once, in registry order.
std::span<const TableField> table_field_specs();
// The fields of seats, and of a win's result, each at its slot in TableFieldValues.
std::span<const TableField* const> table_fields_of_seats();
std::span<const TableField* const> table_fields_of_result();
std::span<const TableField* const> table_fields_of_kongs();
std::span<const TableField* const> table_fields_of_table();
// Those of one place.
std::span<const TableField* const> table_fields_of(TableField::Place place);
// The field at `path` ("seats[].chongfeng"), or nullptr.
const TableField* find_table_field(std::string_view path);
// The field a word of a table in words names ("冲锋鸡", "chongfeng", "flip"), or nullptr.
const TableField* find_table_field_word(std::string_view word);

// The values of the table fields of one place: a seat's (SeatState::fields), or a win's
// result (Table::result_fields). A value is stored by its field's slot (TableFieldKey); 0
// is a field not given (false, 0 or no tile), and a value is never below 0. The fields of seats and
// those of the result are each numbered from 0, in the order of table_field_specs(). A Tiles
// field's slot holds 1 when it is given, its copies of each kind are kept beside (tiles()).
class TableFieldValues {
 public:
  static constexpr std::size_t kMax = 8;  // each of seats and the result
  std::int64_t raw(std::size_t slot) const { return values_[slot]; }
  void set_raw(std::size_t slot, std::int64_t value) {
    values_[slot] = static_cast<std::int32_t>(value);
  }
  // The copies of each kind of the place's Tiles field, at `slot` (nullptr: not given).
  const Counts* tiles(std::size_t slot) const { return values_[slot] ? &tiles_ : nullptr; }
  // Given (its copies) or not (nullptr).
  void set_tiles(std::size_t slot, const Counts* copies) {
    values_[slot] = copies ? 1 : 0;
    tiles_ = copies ? *copies : Counts{};
  }
  // Whether any field is given.
  bool any() const {
    std::int32_t bits = 0;
    for (auto v : values_) bits |= v;
    return bits != 0;
  }
  friend bool operator==(const TableFieldValues&, const TableFieldValues&) = default;

 private:
  std::array<std::int32_t, kMax> values_{};
  Counts tiles_{};  // the one Tiles field's, where given
};

// The slot of a field of table_field_specs() in its place's TableFieldValues.
std::size_t table_field_slot(const TableField& field);

// A field's value as a bool (Bool), an int (Int) or a std::optional<Tile> (Tile).
template <class T>
struct TableFieldType;
template <>
struct TableFieldType<bool> {
  static constexpr TableField::Kind kind = TableField::Kind::Bool;
  static bool decode(std::int64_t v) { return v != 0; }
  static std::int64_t encode(bool v) { return v ? 1 : 0; }
};
template <>
struct TableFieldType<int> {
  static constexpr TableField::Kind kind = TableField::Kind::Int;
  static int decode(std::int64_t v) { return static_cast<int>(v); }
  static std::int64_t encode(int v) { return v; }
};
// A pair of seats (from, to), two different seats.
using SeatPair = std::optional<std::pair<int, int>>;
template <>
struct TableFieldType<SeatPair> {
  static constexpr TableField::Kind kind = TableField::Kind::Seats;
  static SeatPair decode(std::int64_t v) {
    if (v == 0) return std::nullopt;
    return std::pair{static_cast<int>((v - 1) / 4), static_cast<int>((v - 1) % 4)};
  }
  static std::int64_t encode(SeatPair v) { return v ? v->first * 4 + v->second + 1 : 0; }
};
template <>
struct TableFieldType<std::optional<Tile>> {
  static constexpr TableField::Kind kind = TableField::Kind::Tile;
  static std::optional<Tile> decode(std::int64_t v) {
    if (v == 0) return std::nullopt;
    return Tile::from_index(static_cast<int>(v - 1));
  }
  static std::int64_t encode(std::optional<Tile> v) { return v ? v->index() + 1 : 0; }
};

// A list of tiles (Tiles): the copies of each kind, or nullopt where it is not given.
using TileList = std::optional<Counts>;
template <>
struct TableFieldType<TileList> {
  static constexpr TableField::Kind kind = TableField::Kind::Tiles;
};

// The slot of the field at `path` of kind `kind`; std::logic_error for a field no registered
// rule set declares, or one of another kind.
std::size_t table_field_key_slot(std::string_view path, TableField::Kind kind);

// A table field resolved once to its slot, typed (a static where it is read:
// `static const TableFieldKey<bool> kChongfeng(kChongfengField);`).
template <class T>
class TableFieldKey {
 public:
  explicit TableFieldKey(const TableField& field) : TableFieldKey(field.path) {}
  explicit TableFieldKey(std::string_view path)
      : slot_(table_field_key_slot(path, TableFieldType<T>::kind)) {}
  T get(const TableFieldValues& values) const {
    if constexpr (std::is_same_v<T, TileList>) {
      const auto* copies = values.tiles(slot_);
      return copies ? TileList(*copies) : std::nullopt;
    } else {
      return TableFieldType<T>::decode(values.raw(slot_));
    }
  }
  void set(TableFieldValues& values, T value) const {
    if constexpr (std::is_same_v<T, TileList>) {
      values.set_tiles(slot_, value ? &*value : nullptr);
    } else {
      values.set_raw(slot_, TableFieldType<T>::encode(value));
    }
  }
  std::size_t slot() const { return slot_; }

 private:
  std::size_t slot_;
};

}  // namespace qianmj
