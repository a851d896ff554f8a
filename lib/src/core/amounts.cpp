#include "qianmj/core/amounts.hpp"

namespace qianmj {

std::optional<std::int64_t> checked_add(std::int64_t a, std::int64_t b) {
  std::int64_t r;
  if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
  return r;
}

std::optional<std::int64_t> checked_mul(std::int64_t a, std::int64_t b) {
  std::int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
  return r;
}

Error out_of_range(std::string_view what_en, std::string_view what_zh) {
  return Error{ErrorCode::OutOfRange,
               std::string(what_en) + " is too large to compute exactly (over 2^63)",
               std::string(what_zh) + "过大，无法精确计算（超过 2^63）", 0, ""};
}

}  // namespace qianmj
