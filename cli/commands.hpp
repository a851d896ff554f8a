// One class per subcommand: add() declares its options, run() answers.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "common.hpp"
#include "pipeline.hpp"
#include "qianmj/formats/request.hpp"

namespace qianmj::cli {

class ScoreCommand {
 public:
  CLI::App* add(CLI::App& app);
  int run(const Common& c, std::ostream& out, std::ostream& err) const;
  // One pipeline line (a hand, or a JSON request over this command's options).
  // The answer to line `n` of a pipeline, into `out` (handed over empty).
  void answer_line(const Common& c, const Ruleset& rules, const std::string& line, long n,
                   Answer& out) const;

 private:
  std::vector<std::string> hand_;
  SituationArgs s_;
  PipeOptions pipe_;
  mutable bool explain_ = false;  // score - at a terminal: explanations, not rows
};

class WaitsCommand {
 public:
  CLI::App* add(CLI::App& app);
  int run(const Common& c, std::ostream& out, std::ostream& err) const;
  // One pipeline line (a hand, or a JSON request over this command's options).
  // The answer to line `n` of a pipeline, into `out` (handed over empty).
  void answer_line(const Common& c, const Ruleset& rules, const std::string& line, long n,
                   Answer& out) const;

 private:
  std::vector<std::string> hand_;
  bool baoting_ = false, dou_ = false;
  PipeOptions pipe_;
};

class AdviseCommand {
 public:
  CLI::App* add(CLI::App& app);
  int run(const Common& c, std::ostream& out, std::ostream& err) const;
  void answer_line(const Common& c, const Ruleset& rules, const std::string& line, long n,
                   Answer& out) const;

 private:
  std::vector<std::string> hand_;
  bool baoting_ = false, dou_ = false;
  AdviseArgs advise_;
  PipeOptions pipe_;
};

// What settle prints of a table: its ledger, one seat's statement, or the table itself.
struct SettleOutput {
  std::string seat;               // --seat SEAT: that seat's statement (a seat or a name)
  bool to_json = false;           // --to-json: the table as JSON
  bool to_words = false;          // --to-words: the table in words
  bool csv = false, tsv = false;  // --csv, --tsv: a row a seat of each table
  bool bom = false;               // --bom: a UTF-8 byte order mark before the CSV
};

class SettleCommand {
 public:
  CLI::App* add(CLI::App& app);
  int run(const Common& c, std::ostream& out, std::ostream& err) const;

 private:
  std::vector<std::string> args_;  // FILE, -, or the table in words
  SettleOutput output_;
  PipeOptions pipe_;
};

class SessionCommand {
 public:
  CLI::App* add(CLI::App& app);
  int run(const Common& c, std::ostream& out, std::ostream& err) const;

 private:
  std::string file_ = "-";
  bool csv_ = false, tsv_ = false, bom_ = false;
  std::string save_;    // --save FILE: the journal
  std::string resume_;  // --resume [FILE]: the journal continued ("": the latest)
  CLI::Option* resume_option_ = nullptr;
  std::string seat_;  // --seat: that player's statement for the evening
  PipeOptions pipe_;
};

class RulesCommand {
 public:
  CLI::App* add(CLI::App& app);
  int run(const Common& c, std::ostream& out, std::ostream& err) const;

 private:
  std::vector<std::string> ids_;  // rule ids to explain (D3, Z2 ...)
  bool markdown_ = false;         // the whole rule reference (docs/rules.md)
};

}  // namespace qianmj::cli
