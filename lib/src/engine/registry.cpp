// The registry: every rule set of lib/src/rules/rulesets.def, in its order.
#include "qianmj/engine/registry.hpp"

#include <vector>

#include "qianmj/engine/ruleset.hpp"

namespace qianmj {

#define QIANMJ_RULESET(id) extern const RulesetInfo id##_ruleset;
#include "rules/rulesets.def"
#undef QIANMJ_RULESET

namespace {

const std::vector<RulesetInfo>& registered() {
  static const std::vector<RulesetInfo> all = {
#define QIANMJ_RULESET(id) id##_ruleset,
#include "rules/rulesets.def"
#undef QIANMJ_RULESET
  };
  return all;
}

}  // namespace

std::span<const RulesetInfo> rulesets() {
  return registered();
}

const RulesetInfo& default_ruleset() {
  return registered().front();
}

const RulesetInfo* find_ruleset(std::string_view id) {
  for (const auto& r : registered())
    if (r.id == id) return &r;
  return nullptr;
}

std::string known_ruleset_ids() {
  std::string out;
  for (const auto& r : registered()) out += (out.empty() ? "" : ", ") + std::string(r.id);
  return out;
}

Result<std::unique_ptr<Ruleset>> build_ruleset(std::string_view id, Options options) {
  const RulesetInfo* info = find_ruleset(id);
  if (!info)
    return Error{ErrorCode::BadOption,
                 "unknown rule set '" + std::string(id) + "' (known: " + known_ruleset_ids() + ")",
                 "未知的规则“" + std::string(id) + "”（可用：" + known_ruleset_ids() + "）", 0, ""};
  if (auto e = foreign_option(id, options)) return *e;
  return info->make(std::move(options));
}

std::unique_ptr<Ruleset> make_ruleset(std::string_view id, Options options) {
  auto r = build_ruleset(id, std::move(options));
  return r ? std::move(*r) : nullptr;
}

}  // namespace qianmj
