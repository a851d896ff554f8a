#include "qianmj/core/amounts.hpp"

namespace qianmj {

Error out_of_range(std::string_view what_en, std::string_view what_zh) {
  return Error{ErrorCode::OutOfRange,
               std::string(what_en) + " is too large to compute exactly (over 2^63)",
               std::string(what_zh) + "过大，无法精确计算（超过 2^63）", 0, ""};
}

}  // namespace qianmj
