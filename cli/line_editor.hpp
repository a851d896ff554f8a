// Line editing with history at a terminal (libedit): arrows, Ctrl-A/E, Up for the lines typed
// before. Only for a standard input that is a terminal; a pipe or a file is read as it is.
#pragma once

#include <string>

struct editline;
struct history;

namespace qianmj::cli {

class LineEditor {
 public:
  // Reads `fd` (a terminal) and writes its prompts and echo to standard error.
  explicit LineEditor(int fd);
  ~LineEditor();
  LineEditor(const LineEditor&) = delete;
  LineEditor& operator=(const LineEditor&) = delete;

  bool ok() const { return el_ != nullptr; }
  // The next line, after `prompt`, without its newline, and kept in the history: false at the
  // end of the input (Ctrl-D on an empty line, a stop signal, a read error).
  bool read(const std::string& prompt, std::string& line);

 private:
  editline* el_ = nullptr;
  history* hist_ = nullptr;
  std::string prompt_;
  int fd_ = 0;
  friend char* editor_prompt(editline* el);
  friend int editor_fd(const LineEditor& e);
};

}  // namespace qianmj::cli
