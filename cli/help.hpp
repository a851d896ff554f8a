// Help in English and Chinese, "did you mean" for a mistyped word, and the shell completions,
// all read off the one option table the parser uses (the CLI11 App tree).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

namespace qianmj::cli {

// The option groups every help page shows, in this order (CLI11 group names).
inline constexpr const char* kGroupOptions = "Options";
inline constexpr const char* kGroupPipeline = "Pipeline";
inline constexpr const char* kGroupCommon = "Common options";

// Prints every help page; holds each option's and subcommand's Chinese text and the values
// a shell may complete for an option. Set on the top App before any subcommand is added, so
// that all of them share it.
class HelpFormatter : public CLI::FormatterBase {
 public:
  bool chinese = false;

  void set_zh(const CLI::Option* o, std::string text) { option_zh_[o] = std::move(text); }
  void set_zh(const CLI::App* a, std::string text) { app_zh_[a] = std::move(text); }
  void set_values(const CLI::Option* o, std::vector<std::string> v) { values_[o] = std::move(v); }
  // Completion candidates of an option's value (empty: any value).
  std::vector<std::string> values(const CLI::Option* o) const;
  std::string description(const CLI::App* a, bool zh) const;
  std::string description(const CLI::Option* o, bool zh) const;

  std::string make_help(const CLI::App* app, std::string name,
                        CLI::AppFormatMode mode) const override;

 private:
  std::map<const CLI::Option*, std::string> option_zh_;
  std::map<const CLI::App*, std::string> app_zh_;
  std::map<const CLI::Option*, std::vector<std::string>> values_;
};

// The formatter of `app` (nullptr when it is not a HelpFormatter).
HelpFormatter* help_formatter(const CLI::App& app);

// Gives an option its Chinese help (and the values a shell completes); returns it.
CLI::Option* doc(CLI::App& cmd, CLI::Option* o, std::string zh,
                 std::vector<std::string> values = {});
// Gives a subcommand its Chinese description.
void doc(CLI::App& cmd, std::string zh);

// The subcommands of `app`, in the order they were added.
std::vector<const CLI::App*> subcommands_of(const CLI::App& app);

// The candidate nearest to `word` (edit distance within a third of its length, or the one
// candidate it begins), or "" when none is near.
std::string nearest(std::string_view word, const std::vector<std::string>& candidates);

// "did you mean" for the words of a command line CLI11 did not expect: the nearest option of
// the subcommand given (or subcommand, when none was), as " --zimo", or "" when none is near.
std::string suggestion(const CLI::App& app, const std::vector<std::string>& unexpected);

// The completion script for `shell` (bash, zsh or fish), made from the App tree.
std::string completion_script(const CLI::App& app, std::string_view shell);

}  // namespace qianmj::cli
