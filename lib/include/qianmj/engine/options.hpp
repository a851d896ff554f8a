// House-rule options (RULES.md H): each belongs to one rule set, or to every rule set.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "qianmj/core/error.hpp"

namespace qianmj {

struct OptionSpec {
  std::string_view name;
  std::int64_t default_value;
  bool boolean;  // on/off
  std::int64_t min, max;
  std::string_view rules;  // the id of the rule set it belongs to, or "" for every rule set
  std::string_view en;
  std::string_view zh;
  // A choice among named values (zunyi-yipao-dealer=next-seat): the value is the index of
  // its name, min 0 and max the last index. Empty for a number or an on/off option.
  std::span<const std::string_view> choices = {};
  bool choice() const { return !choices.empty(); }
};

// A value of the option as the command line writes it: "on"/"off", the choice's name, or
// the number.
std::string option_value_text(const OptionSpec& spec, std::int64_t value);
// What the option takes, as a message or a help line says it: "on or off", "first-winner
// or next-seat", "0 to 99".
std::string option_range_text(const OptionSpec& spec, bool zh = false);

// Every option of every registered rule set: each rule set's own in registry order, one of
// every rule set listed once.
std::span<const OptionSpec> option_specs();

// Whether rule set `rules_id` has this option (its own, or one of every rule set).
inline bool option_applies(const OptionSpec& spec, std::string_view rules_id) {
  return spec.rules.empty() || spec.rules == rules_id;
}

// An option's name resolved once to its place (a static at a hot call site:
// `static const OptionKey kLong("zunyi-long-on-win");`); std::logic_error for an unknown name.
class OptionKey {
 public:
  explicit OptionKey(std::string_view name);
  std::size_t index() const { return index_; }
  std::string_view name() const;

 private:
  std::size_t index_;
};

// House-rule values. A default-constructed Options knows every option of every rule set;
// a rule set accepts only its own (make_ruleset says which rule set a foreign one belongs
// to, RULES.md H), and asking a rule set for an option it does not have is a programming
// error (std::logic_error), never a silent 0.
class Options {
 public:
  Options();
  // Options bound to one rule set: an option of another is refused at once, naming the rule
  // set it belongs to, and an unknown name lists this rule set's options.
  explicit Options(std::string_view rules_id);
  // Sets NAME to VALUE from text ("8", "on", "off"); an error names what is wrong.
  std::optional<Error> set(std::string_view name, std::string_view value);
  std::optional<Error> set(std::string_view name, std::int64_t value);
  // A JSON true/false: only for an on/off option.
  std::optional<Error> set_switch(std::string_view name, bool value);
  // "NAME=VALUE" as on the command line.
  std::optional<Error> set_assignment(std::string_view assignment);

  // std::logic_error for an unknown name, or one the bound rule set does not have.
  std::int64_t get(std::string_view name) const;
  // Binds the values to rule set `rules_id`: from then on get() of another's option throws.
  void bind(std::string_view rules_id);
  bool on(std::string_view name) const { return get(name) != 0; }
  // The same without looking the name up (the check of the bound rule set stays).
  std::int64_t get(const OptionKey& key) const {
    if (!applies_[key.index()]) refuse(key);
    return values_[key.index()];
  }
  bool on(const OptionKey& key) const { return get(key) != 0; }
  // Names that were set (in the order of option_specs()), for the rule-set check.
  std::vector<std::string_view> set_names() const;
  bool changed(std::string_view name) const;  // set to a value other than its default
  // The same options set, to the same values (whatever rule set each is bound to).
  bool same_settings(const Options& other) const;
  // The same values, set the same way, bound to the same rule set.
  friend bool operator==(const Options&, const Options&) = default;

 private:
  [[noreturn]] void refuse(const OptionKey& key) const;
  std::vector<std::int64_t> values_;
  std::vector<char> set_;      // per option: set (bytes, not bits: compared a hand at a time)
  std::vector<bool> applies_;  // per option: the bound rule set has it (all when unbound)
  std::string rules_;          // empty: every rule set's options
};

// The first option set in `options` that rule set `rules_id` does not have, as a bad_option
// error naming the rule set it belongs to (field "options.NAME"); nullopt when all belong.
std::optional<Error> foreign_option(std::string_view rules_id, const Options& options);

}  // namespace qianmj
