#include "qianmj/engine/options.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>

#include "core/nearest.hpp"
#include "qianmj/engine/registry.hpp"

namespace qianmj {

std::span<const OptionSpec> option_specs() {
  // Each rule set's options in registry order, one of every rule set listed once.
  static const std::vector<OptionSpec> all = [] {
    std::vector<OptionSpec> out;
    for (const auto& r : rulesets())
      for (const auto& o : r.options)
        if (std::none_of(out.begin(), out.end(),
                         [&](const OptionSpec& x) { return x.name == o.name; }))
          out.push_back(o);
    return out;
  }();
  return all;
}

namespace {

std::optional<std::size_t> option_index(std::string_view name) {
  const auto specs = option_specs();
  for (std::size_t i = 0; i < specs.size(); ++i)
    if (specs[i].name == name) return i;
  return std::nullopt;
}

Error option_error(std::string en, std::string zh) {
  return Error{ErrorCode::BadOption, std::move(en), std::move(zh), 0, ""};
}

std::string names_of(std::string_view rules_id) {
  std::string names;
  for (const auto& s : option_specs())
    if (rules_id.empty() || option_applies(s, rules_id))
      names += (names.empty() ? "" : ", ") + std::string(s.name);
  return names;
}

// An unknown house rule, naming the nearest one of all rule sets when it is near.
Error unknown_option(std::string_view name, std::string_view rules_id) {
  std::vector<std::string_view> known;
  for (const auto& o : option_specs()) known.push_back(o.name);
  const std::string guess = nearest_word(name, known);
  return option_error("unknown house rule '" + std::string(name) + "' (" +
                          (guess.empty() ? "" : "did you mean " + guess + "? ") +
                          "known: " + names_of(rules_id) + ")",
                      "未知的规则选项“" + std::string(name) + "”（" +
                          (guess.empty() ? "" : "是不是 " + guess + "？") + "可用：" +
                          names_of(rules_id) + "）");
}

Error foreign(std::string_view name, const OptionSpec& spec, std::string_view rules_id) {
  const RulesetInfo* here = find_ruleset(rules_id);
  const RulesetInfo* owner = find_ruleset(spec.rules);
  std::string n(name), id(spec.rules);
  std::string owner_en = owner ? std::string(owner->en) : id,
              owner_zh = owner ? std::string(owner->zh) : id;
  std::string here_en = here ? std::string(here->en) : std::string(rules_id);
  std::string here_zh = here ? std::string(here->zh) : std::string(rules_id);
  Error e = option_error(
      n + " is an option of the " + owner_en + " rules (--rules " + id + "); the " + here_en +
          " rules have no such option (qianmj rules --rules " + std::string(rules_id) +
          " lists them)",
      n + " 是" + owner_zh + "规则的选项（--rules " + id + "）；" + here_zh +
          "规则没有此选项（qianmj rules --rules " + std::string(rules_id) + " 列出全部选项）");
  e.field = "options." + n;
  return e;
}

}  // namespace

std::string option_value_text(const OptionSpec& spec, std::int64_t value) {
  if (spec.boolean) return value ? "on" : "off";
  if (spec.choice() && value >= 0 && static_cast<std::size_t>(value) < spec.choices.size())
    return std::string(spec.choices[static_cast<std::size_t>(value)]);
  return std::to_string(value);
}

std::string option_range_text(const OptionSpec& spec, bool zh) {
  const std::string_view either = zh ? " 或 " : " or ";
  if (spec.boolean) return std::string("on").append(either).append("off");
  if (spec.choice()) {
    std::string out;
    for (std::size_t i = 0; i < spec.choices.size(); ++i)
      out.append(i == 0                         ? ""
                 : i + 1 == spec.choices.size() ? either
                                                : std::string_view(", "))
          .append(spec.choices[i]);
    return out;
  }
  return std::to_string(spec.min) + (zh ? " 到 " : " to ") + std::to_string(spec.max);
}

OptionKey::OptionKey(std::string_view name) {
  auto i = option_index(name);
  if (!i) throw std::logic_error("qianmj: no house rule named " + std::string(name));
  index_ = *i;
}

std::string_view OptionKey::name() const {
  return option_specs()[index_].name;
}

Options::Options() {
  const auto specs = option_specs();
  values_.resize(specs.size());  // one allocation each
  set_.resize(specs.size(), 0);
  applies_.resize(specs.size(), true);
  for (std::size_t i = 0; i < specs.size(); ++i) values_[i] = specs[i].default_value;
}

Options::Options(std::string_view rules_id) : Options() {
  bind(rules_id);
}

void Options::refuse(const OptionKey& key) const {
  throw std::logic_error("qianmj: the " + rules_ + " rules have no house rule " +
                         std::string(key.name()));
}

std::optional<Error> Options::set(std::string_view name, std::int64_t value) {
  auto i = option_index(name);
  if (!i) return unknown_option(name, rules_);
  const auto& spec = option_specs()[*i];
  if (!rules_.empty() && !option_applies(spec, rules_)) return foreign(name, spec, rules_);
  if (value < spec.min || value > spec.max)
    return option_error(std::string(name) + " must be " +
                            (spec.boolean || spec.choice() ? "" : "from ") +
                            option_range_text(spec) + ", not " + std::to_string(value),
                        std::string(name) + " 应为 " + option_range_text(spec, true) + "，而不是 " +
                            std::to_string(value));
  values_[*i] = value;
  set_[*i] = 1;
  return std::nullopt;
}

std::optional<Error> Options::set(std::string_view name, std::string_view text) {
  auto i = option_index(name);
  if (!i) return set(name, std::int64_t{0});  // reports the unknown name
  const auto& spec = option_specs()[*i];
  if (!rules_.empty() && !option_applies(spec, rules_)) return foreign(name, spec, rules_);
  if (spec.boolean) {
    if (text == "on" || text == "true" || text == "1" || text == "yes")
      return set(name, std::int64_t{1});
    if (text == "off" || text == "false" || text == "0" || text == "no")
      return set(name, std::int64_t{0});
    return option_error(std::string(name) + " takes on or off, not '" + std::string(text) + "'",
                        std::string(name) + " 取值为 on 或 off，而不是“" + std::string(text) + "”");
  }
  if (spec.choice()) {
    for (std::size_t k = 0; k < spec.choices.size(); ++k)
      if (spec.choices[k] == text) return set(name, static_cast<std::int64_t>(k));
    return option_error(std::string(name) + " takes " + option_range_text(spec) + ", not '" +
                            std::string(text) + "'",
                        std::string(name) + " 取值为 " + option_range_text(spec, true) +
                            "，而不是“" + std::string(text) + "”");
  }
  std::int64_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec == std::errc::result_out_of_range)
    return Error{ErrorCode::OutOfRange, std::string(name) + " is too large: " + std::string(text),
                 std::string(name) + " 过大：" + std::string(text), 0, ""};
  if (ec != std::errc() || end != text.data() + text.size())
    return option_error(
        std::string(name) + " takes a whole number, not '" + std::string(text) + "'",
        std::string(name) + " 应为整数，而不是“" + std::string(text) + "”");
  return set(name, v);
}

std::optional<Error> Options::set_switch(std::string_view name, bool value) {
  auto i = option_index(name);
  if (i && option_specs()[*i].choice())
    return option_error(std::string(name) + " takes " + option_range_text(option_specs()[*i]) +
                            ", not " + (value ? "true" : "false"),
                        std::string(name) + " 取值为 " +
                            option_range_text(option_specs()[*i], true) + "，而不是 " +
                            (value ? "true" : "false"));
  if (i && !option_specs()[*i].boolean)
    return option_error(
        std::string(name) + " takes a whole number, not " + (value ? "true" : "false"),
        std::string(name) + " 应为整数，而不是 " + (value ? "true" : "false"));
  return set(name, std::int64_t{value});
}

std::optional<Error> Options::set_assignment(std::string_view assignment) {
  auto eq = assignment.find('=');
  if (eq == std::string_view::npos)
    return option_error("--rule takes NAME=VALUE, not '" + std::string(assignment) + "'",
                        "--rule 的格式为 NAME=VALUE，而不是“" + std::string(assignment) + "”");
  return set(assignment.substr(0, eq), assignment.substr(eq + 1));
}

std::int64_t Options::get(std::string_view name) const {
  return get(OptionKey(name));
}

void Options::bind(std::string_view rules_id) {
  rules_ = rules_id;
  const auto specs = option_specs();
  for (std::size_t i = 0; i < specs.size(); ++i)
    applies_[i] = rules_.empty() || option_applies(specs[i], rules_);
}

std::vector<std::string_view> Options::set_names() const {
  std::vector<std::string_view> out;
  for (std::size_t i = 0; i < set_.size(); ++i)
    if (set_[i]) out.push_back(option_specs()[i].name);
  return out;
}

bool Options::changed(std::string_view name) const {
  auto i = option_index(name);
  return i && values_[*i] != option_specs()[*i].default_value;
}

bool Options::same_settings(const Options& other) const {
  if (set_ != other.set_) return false;
  if (values_ == other.values_) return true;
  for (std::size_t i = 0; i < set_.size(); ++i)
    if (set_[i] && values_[i] != other.values_[i]) return false;
  return true;
}

std::optional<Error> foreign_option(std::string_view rules_id, const Options& options) {
  for (auto name : options.set_names()) {
    const OptionSpec& spec = option_specs()[*option_index(name)];
    if (!option_applies(spec, rules_id)) return foreign(name, spec, rules_id);
  }
  return std::nullopt;
}

}  // namespace qianmj
