#include "qianmj/engine/explain.hpp"

namespace qianmj {

std::string item_name(const Item& item, bool chinese) {
  std::string name(item.zh);
  if (!chinese) name.append(" ").append(item.en);
  return name;
}

std::string item_sum(std::span<const Item> items, bool chinese) {
  std::string sum;
  for (const auto& it : items) {
    sum += sum.empty() ? "" : " + ";
    sum += chinese ? it.zh : it.en;
    sum += " " + std::to_string(it.value);
  }
  return sum;
}

std::string unit_text(std::int64_t v, const Unit& unit, bool chinese) {
  return std::to_string(v) + ' ' + std::string(chinese ? unit.zh : unit.en);
}

std::string item_names(std::span<const Item> items, bool chinese) {
  std::string out;
  for (const auto& it : items) {
    out += out.empty() ? "" : " + ";
    out += it.zh;
    if (!chinese) out.append(" ").append(it.en);
  }
  return out;
}

}  // namespace qianmj
