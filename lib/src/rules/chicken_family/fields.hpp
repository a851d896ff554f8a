// Z6, G9-G11: the 鸡 fields of a table of the 捉鸡 family (RulesetInfo::table_fields of Zunyi
// and Guiyang), read by settle through TableFieldKey, and the words a table in words says
// them with (南打幺鸡2, 南冲锋鸡, 翻7筒).
#pragma once

#include <string_view>

#include "qianmj/engine/settle.hpp"
#include "qianmj/engine/table_fields.hpp"

namespace qianmj::chicken_fields {

inline constexpr std::string_view kYaojiZh[] = {"打幺鸡", "幺鸡"};
inline constexpr std::string_view kYaojiEn[] = {"yaoji"};
inline constexpr std::string_view kChongfengZh[] = {"冲锋鸡"};
inline constexpr std::string_view kChongfengEn[] = {"chongfeng"};
inline constexpr std::string_view kFlippedZh[] = {"翻", "翻牌"};
inline constexpr std::string_view kFlippedEn[] = {"flip", "flipped"};

// How many 幺鸡 (1条) the seat discarded, the 冲锋鸡 among them.
inline constexpr TableField kDiscardedYaoji{"seats[].discarded_yaoji",
                                            TableField::Kind::Int,
                                            0,
                                            4,
                                            kYaojiZh,
                                            kYaojiEn,
                                            "discarded 幺鸡",
                                            "打出的幺鸡",
                                            "how many 幺鸡 {} discarded"};
// Whether one of those was the 冲锋鸡 (the first 幺鸡 of the hand discarded).
inline constexpr TableField kChongfeng{
    "seats[].chongfeng", TableField::Kind::Bool, 0,        1,
    kChongfengZh,        kChongfengEn,           "冲锋鸡", "冲锋鸡"};
// The tile turned up after a win: the one above it is the 翻鸡 (no how_many_en: not an Int).
inline constexpr TableField kFlipped{
    "result.flipped", TableField::Kind::Tile, 0,      0,  kFlippedZh,
    kFlippedEn,       "turned-up tile",       "翻牌", {}, "is turned after a win"};

// The values a settle reads, each through a key made once.
inline int discarded_yaoji_of(const SeatState& seat) {
  static const TableFieldKey<int> key(kDiscardedYaoji);
  return key.get(seat.fields);
}
inline bool chongfeng_of(const SeatState& seat) {
  static const TableFieldKey<bool> key(kChongfeng);
  return key.get(seat.fields);
}
inline std::optional<Tile> flipped_of(const Table& t) {
  static const TableFieldKey<std::optional<Tile>> key(kFlipped);
  return key.get(t.result_fields);
}

}  // namespace qianmj::chicken_fields
