// The house options every rule set has (their `rules` is empty): a rule set lists them among
// its own, where `qianmj rules` shows them.
#pragma once

#include "qianmj/engine/options.hpp"

namespace qianmj {

inline constexpr std::int64_t kLargestOption =
    1'000'000'000'000'000;  // 10^15: amounts stay exact in int64

// C5.
inline constexpr OptionSpec kDeadWaitReady = {"dead-wait-ready",
                                              0,
                                              true,
                                              0,
                                              1,
                                              "",
                                              "a hand whose only waits are dead counts as ready",
                                              "所叫的牌都已被自己拿完的手牌也算听牌"};

// D1, Z3 (revised 3): 地胡 may be won off a discard; off, only by self-draw.
inline constexpr OptionSpec kDihuDiscard = {"dihu-discard",
                                            1,
                                            true,
                                            0,
                                            1,
                                            "",
                                            "地胡 may be won off a discard (off: self-drawn only)",
                                            "地胡可以点炮胡（关闭：只能自摸）"};

}  // namespace qianmj
