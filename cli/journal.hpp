// The evening's journal (session --save, --resume, and a default one at a terminal): every
// line the evening accepted, appended and fsync'd as it is accepted, so a crash or a killed
// terminal loses at most the line being typed.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "qianmj/core/error.hpp"

namespace qianmj::cli {

class Journal {
 public:
  Journal() = default;
  ~Journal();
  Journal(const Journal&) = delete;
  Journal& operator=(const Journal&) = delete;
  // Opens `path` to append to (created when missing): nullopt, or why it cannot be.
  std::optional<Error> open(const std::string& path);
  bool is_open() const { return fd_ >= 0; }
  const std::string& path() const { return path_; }
  // `line` and a newline written and on the disk (fsync): nullopt, or a write_error naming the
  // journal (a full disk, a file gone read-only).
  std::optional<Error> append(std::string_view line);

 private:
  int fd_ = -1;
  std::string path_;
};

// Where the default journals go: $XDG_STATE_HOME/qianmj, else ~/.local/state/qianmj ("" when
// neither variable is set).
std::string journal_dir();
// A new journal's path there, session-YYYYMMDD-HHMMSS.txt (the directory made): or an error.
Result<std::string> new_journal_path();
// The newest journal there (the latest name), or an error when there is none.
Result<std::string> latest_journal();

// A journal read back: its whole lines, and what followed the last newline (a line cut short:
// empty when there is none). With `trim`, the file is cut back to its whole lines, so that
// what is appended next starts a line of its own.
struct JournalText {
  std::vector<std::string> lines;
  std::string cut;
};
Result<JournalText> read_journal(const std::string& path, bool trim);

}  // namespace qianmj::cli
