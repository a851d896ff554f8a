// The real binary at a real terminal: a pseudo-terminal (forkpty) for stdin, stdout and
// stderr, lines typed one at a time, what appears on the screen read back as it comes.
#pragma once

#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "testdata.hpp"

namespace qianmj::test {

class Terminal {
 public:
  // `columns` > 0: the terminal is that wide (TIOCGWINSZ); 0: the pseudo-terminal's default.
  // COLUMNS is unset, or `columns_env` when given. `env`: more variables (NAME=VALUE). An
  // interactive session keeps a journal: by default under /tmp/qianmj-pty-journals, never in
  // the home of whoever runs the tests.
  explicit Terminal(const std::vector<std::string>& args, const std::string& lang = "C",
                    unsigned short columns = 0, const std::string& columns_env = "",
                    const std::vector<std::string>& env = {}) {
    winsize size{};
    size.ws_row = 24;
    size.ws_col = columns;
    pid_ = forkpty(&fd_, nullptr, nullptr, columns > 0 ? &size : nullptr);
    if (pid_ == 0) {
      setenv("LANG", lang.c_str(), 1);
      unsetenv("LC_ALL");
      unsetenv("LC_MESSAGES");
      if (columns_env.empty())
        unsetenv("COLUMNS");
      else
        setenv("COLUMNS", columns_env.c_str(), 1);
      setenv("TERM", "xterm", 1);  // line editing (libedit) knows the keys of a real terminal
      setenv("XDG_STATE_HOME", "/tmp/qianmj-pty-journals", 1);
      for (const auto& v : env) putenv(strdup(v.c_str()));
      exec_qianmj(args);
    }
  }
  ~Terminal() {
    if (pid_ > 0 && !exited_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (fd_ >= 0) close(fd_);
  }
  Terminal(const Terminal&) = delete;
  Terminal& operator=(const Terminal&) = delete;

  bool started() const { return pid_ > 0 && fd_ >= 0; }
  void type(const std::string& text) { (void)!write(fd_, text.data(), text.size()); }
  // Reads the screen until `want` has appeared in what was read since the last wait, or
  // `seconds` pass; returns whether it appeared. The program's input is still open meanwhile.
  bool wait_for(const std::string& want, double seconds = 10) {
    auto until = std::chrono::steady_clock::now() +
                 std::chrono::milliseconds(static_cast<long>(seconds * 1000));
    while (screen_.find(want, from_) == std::string::npos) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                      until - std::chrono::steady_clock::now())
                      .count();
      if (left <= 0) return false;
      pollfd p{fd_, POLLIN, 0};
      if (poll(&p, 1, static_cast<int>(left)) <= 0) return false;
      char buf[4096];
      ssize_t n = read(fd_, buf, sizeof buf);
      if (n <= 0) return false;
      screen_.append(buf, static_cast<std::size_t>(n));
    }
    from_ = screen_.find(want, from_) + want.size();
    return true;
  }
  // Waits until the line editor has the terminal (canonical mode off), or `seconds` pass.
  // libedit may draw its prompt before it takes the terminal: a key sequence typed in between
  // is the line discipline's, echoed as ^[[A and given to the line as text. A slow build
  // (sanitizers) showed it. Keys that only the line editor understands wait for this.
  bool wait_for_line_editor(double seconds = 10) {
    const auto until = std::chrono::steady_clock::now() +
                       std::chrono::milliseconds(static_cast<long>(seconds * 1000));
    for (;;) {
      termios t{};
      if (tcgetattr(fd_, &t) == 0 && !(t.c_lflag & ICANON)) return true;
      if (std::chrono::steady_clock::now() > until) return false;
      usleep(2000);
    }
  }
  // Ends the input (Ctrl-D at the start of a line) and returns the exit status. A Ctrl-D that
  // reaches the terminal while the line editor is between two reads is taken as a character
  // of the line (seen 1 time in ~10 here), so after 2 s the line is cleared (Ctrl-U) and
  // Ctrl-D typed again, until the end.
  int finish(double seconds = 10) {
    type("\x04");
    return finish_without_eof(seconds, true);
  }
  int finish_without_eof(double seconds = 10, bool retype_eof = false) {
    const auto start = std::chrono::steady_clock::now();
    auto until = start + std::chrono::milliseconds(static_cast<long>(seconds * 1000));
    auto next_eof = start + std::chrono::seconds(2);
    int status = 0;
    while (waitpid(pid_, &status, WNOHANG) == 0) {
      const auto now = std::chrono::steady_clock::now();
      if (now > until) return -1;
      if (retype_eof && now > next_eof) {
        type("\x15\x04");  // Ctrl-U first: whatever the line editor took instead is cleared
        next_eof = now + std::chrono::seconds(2);
      }
      char buf[4096];
      pollfd p{fd_, POLLIN, 0};
      ssize_t n = poll(&p, 1, 20) > 0 ? read(fd_, buf, sizeof buf) : 0;
      if (n > 0) screen_.append(buf, static_cast<std::size_t>(n));
    }
    exited_ = true;
    // What the program wrote just before it exited may still wait in the terminal: read it
    // all (the master reads EIO once the program's side is closed and empty).
    for (;;) {
      char buf[4096];
      pollfd p{fd_, POLLIN, 0};
      if (poll(&p, 1, 200) <= 0) break;
      ssize_t n = read(fd_, buf, sizeof buf);
      if (n <= 0) break;
      screen_.append(buf, static_cast<std::size_t>(n));
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }
  const std::string& screen() const { return screen_; }
  // Sends `sig` to the program and returns its exit status (128 + the signal when it killed
  // it), with what it wrote before it ended.
  int stop(int sig, double seconds = 10) {
    kill(pid_, sig);
    return finish_without_eof(seconds);
  }

 private:
  pid_t pid_ = -1;
  int fd_ = -1;
  bool exited_ = false;
  std::string screen_;
  std::size_t from_ = 0;
};

}  // namespace qianmj::test
