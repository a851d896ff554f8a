// The registry: every rule set of lib/src/rules/rulesets.def, in its order, then any registered
// at run time.
#include "qianmj/engine/registry.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/nearest.hpp"
#include "qianmj/engine/ruleset.hpp"

namespace qianmj {

#define QIANMJ_RULESET(id) extern const RulesetInfo id##_ruleset;
#include "rules/rulesets.def"
#undef QIANMJ_RULESET

namespace {

constexpr std::string_view kBuiltIn[] = {
#define QIANMJ_RULESET(id) #id,
#include "rules/rulesets.def"
#undef QIANMJ_RULESET
};

// The rule sets registered at run time, until the registry is first read.
struct Pending {
  std::vector<RulesetInfo> added;
  bool read = false;
};

Pending& pending() {
  static Pending p;
  return p;
}

const std::vector<RulesetInfo>& registered() {
  static const std::vector<RulesetInfo> all = [] {
    std::vector<RulesetInfo> out = {
#define QIANMJ_RULESET(id) id##_ruleset,
#include "rules/rulesets.def"
#undef QIANMJ_RULESET
    };
    pending().read = true;
    out.insert(out.end(), pending().added.begin(), pending().added.end());
    return out;
  }();
  return all;
}

}  // namespace

void register_ruleset(const RulesetInfo& info) {
  auto& p = pending();
  const std::string id(info.id);
  if (p.read)
    throw std::logic_error("qianmj: rule set " + id +
                           " registered after the registry was first read");
  if (id.empty() || !info.make) throw std::logic_error("qianmj: a rule set without an id or make");
  if (is_built_in_ruleset(id) ||
      std::any_of(p.added.begin(), p.added.end(), [&](const RulesetInfo& r) { return r.id == id; }))
    throw std::logic_error("qianmj: rule set " + id + " registered twice");
  for (const auto& f : info.table_fields) check_table_field(f);  // now, not at a first table
  p.added.push_back(info);
}

bool is_built_in_ruleset(std::string_view id) {
  return std::find(std::begin(kBuiltIn), std::end(kBuiltIn), id) != std::end(kBuiltIn);
}

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

Error unknown_ruleset(std::string_view id) {
  std::vector<std::string_view> known;
  for (const auto& r : registered()) known.push_back(r.id), known.push_back(r.zh);
  const std::string guess = nearest_word(id, known);
  return Error{ErrorCode::BadOption,
               "unknown rule set '" + std::string(id) + "' (" +
                   (guess.empty() ? "" : "did you mean " + guess + "? ") +
                   "known: " + known_ruleset_ids() + ")",
               "未知的规则“" + std::string(id) + "”（" +
                   (guess.empty() ? "" : "是不是 " + guess + "？") + "可用：" +
                   known_ruleset_ids() + "）",
               0, ""};
}

Result<std::unique_ptr<Ruleset>> build_ruleset(std::string_view id, Options options) {
  const RulesetInfo* info = find_ruleset(id);
  if (!info) return unknown_ruleset(id);
  if (auto e = foreign_option(id, options)) return *e;
  return info->make(std::move(options));
}

std::unique_ptr<Ruleset> make_ruleset(std::string_view id, Options options) {
  auto r = build_ruleset(id, std::move(options));
  return r ? std::move(*r) : nullptr;
}

}  // namespace qianmj
