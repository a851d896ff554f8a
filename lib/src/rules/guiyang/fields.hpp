// G8, G9-G11, G16: the fields only a Guiyang table has: 责任鸡 (who claimed the first 幺鸡 from
// whom), 憨包 on an added kong, with guiyang-wuguji on how many 8筒 a seat discarded unclaimed
// and whether the first of them was the 冲锋 one, and with guiyang-mantang-ji a seat's discards.
// The 幺鸡 fields and the turned tile are the family's (rules/chicken_family/fields.hpp).
#pragma once

#include <string_view>

#include "qianmj/engine/table_fields.hpp"

namespace qianmj::guiyang_fields {

inline constexpr std::string_view kWugujiZh[] = {"打乌骨鸡", "乌骨鸡"};
inline constexpr std::string_view kWugujiEn[] = {"wuguji"};
inline constexpr std::string_view kChongfengWugujiZh[] = {"冲锋乌骨鸡"};
inline constexpr std::string_view kChongfengWugujiEn[] = {"wugu-chongfeng"};

// How many 8筒 (乌骨鸡) the seat discarded unclaimed, the 冲锋 one among them.
inline constexpr TableField kDiscardedWuguji{"seats[].discarded_wuguji",
                                             TableField::Kind::Int,
                                             0,
                                             4,
                                             kWugujiZh,
                                             kWugujiEn,
                                             "discarded 乌骨鸡",
                                             "打出的乌骨鸡",
                                             "how many 乌骨鸡 (8p) {} discarded"};
// Whether one of those was the first 8筒 discarded in the hand, unclaimed (冲锋乌骨鸡).
inline constexpr TableField kChongfengWuguji{
    "seats[].chongfeng_wuguji", TableField::Kind::Bool, 0,           1, kChongfengWugujiZh,
    kChongfengWugujiEn,         "冲锋乌骨鸡",           "冲锋乌骨鸡"};

inline constexpr std::string_view kZerenZh[] = {"责任鸡"};
inline constexpr std::string_view kZerenEn[] = {"zeren"};
inline constexpr std::string_view kZerenWugujiZh[] = {"责任乌骨鸡"};
inline constexpr std::string_view kZerenWugujiEn[] = {"wugu-zeren"};
inline constexpr std::string_view kHanbaoZh[] = {"憨包"};
inline constexpr std::string_view kHanbaoEn[] = {"hanbao"};

// G11: the first 幺鸡 discarded was pung'd or direct-konged: from its discarder to the claimer.
inline constexpr TableField kZeren{
    "zeren",  TableField::Kind::Seats,           0,       0, kZerenZh,
    kZerenEn, "责任鸡 (the first 幺鸡 claimed)", "责任鸡"};
// The same for the first 8筒 with guiyang-wuguji on.
inline constexpr TableField kZerenWuguji{"zeren_wuguji",
                                         TableField::Kind::Seats,
                                         0,
                                         0,
                                         kZerenWugujiZh,
                                         kZerenWugujiEn,
                                         "责任乌骨鸡 (the first 8p claimed)",
                                         "责任乌骨鸡"};
inline constexpr std::string_view kDiscardsZh[] = {"弃牌", "牌河"};
// ("discards" would start with the common word "discard", 放炮)
inline constexpr std::string_view kDiscardsEn[] = {"river"};
// G9 满堂鸡, G16: the seat's unclaimed discards, in hand notation ("2468s5m"; "" for none). Its
// 1条 (and 8筒 with 乌骨鸡) are counted through discarded_yaoji (discarded_wuguji), never again.
inline constexpr TableField kDiscards{
    "seats[].discards", TableField::Kind::Tiles, 0,     0, kDiscardsZh,
    kDiscardsEn,        "unclaimed discards",    "弃牌"};

// G8: an added kong made with a tile held since an earlier turn (憨包): 憨包豆 instead of 转弯豆.
inline constexpr TableField kHanbao{
    "kongs[].hanbao", TableField::Kind::Bool, 0, 1, kHanbaoZh, kHanbaoEn, "憨包 kong", "憨包杠"};

}  // namespace qianmj::guiyang_fields
