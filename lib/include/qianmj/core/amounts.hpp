// Amounts computed exactly: checked int64 arithmetic, and the error when it would overflow.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include "qianmj/core/error.hpp"

namespace qianmj {

// Checked arithmetic for amounts: nullopt on overflow. Inline: every payment of every ledger
// passes through them.
inline std::optional<std::int64_t> checked_add(std::int64_t a, std::int64_t b) {
  std::int64_t r;
  if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
  return r;
}
inline std::optional<std::int64_t> checked_mul(std::int64_t a, std::int64_t b) {
  std::int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
  return r;
}
Error out_of_range(std::string_view what_en, std::string_view what_zh);

}  // namespace qianmj
