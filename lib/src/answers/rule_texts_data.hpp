// Internal: the embedded rules.md of each folder under lib/src/rules (lib/gen/rule_texts.cmake).
#pragma once

#include <cstddef>
#include <string_view>

namespace qianmj::embedded {

struct RuleFile {
  std::string_view folder;  // the folder of lib/src/rules it came from
  std::string_view text;    // its rules.md
};
extern const RuleFile kRuleFiles[];
extern const std::size_t kRuleFileCount;

}  // namespace qianmj::embedded
