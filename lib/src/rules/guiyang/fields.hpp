// G9-G11: the 乌骨鸡 fields only a Guiyang table has (with guiyang-wuguji on): how many 8筒 a
// seat discarded unclaimed, and whether the first of them was the 冲锋 one. The 幺鸡 fields
// and the turned tile are the family's (rules/chicken_family/fields.hpp).
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

}  // namespace qianmj::guiyang_fields
