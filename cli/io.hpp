// Checked I/O: an answer either reaches its reader or the exit status says it did not.
// Writes retry EINTR, wait out EAGAIN (a non-blocking descriptor) and report anything else;
// reads do the same, and an error is never taken for the end of the input.
#pragma once

#include <cstddef>
#include <streambuf>
#include <string>

#include "qianmj/core/error.hpp"

namespace qianmj::cli {

// Exit statuses beyond 0-2 (README "Exit status"): the output could not be written, and the
// reader went away (a closed pipe: 128 + SIGPIPE, as a shell reports a process it killed).
inline constexpr int kWriteFailed = 3;
inline constexpr int kReaderGone = 141;

// SIGINT and SIGTERM end the input, not the process (once caught_stop_signals() is called):
// reads then see the end of the input, what was read whole is answered and written whole,
// never a half line, and the exit status is 128 + the signal (130, 143). A second signal
// ends the process as usual.
void catch_stop_signals();
int stop_signal();  // 0, or the signal that asked to stop

// Writes all of `data` to `fd`: 0, or the errno that stopped it.
int write_all(int fd, const char* data, std::size_t size);
// One read of up to `size` bytes: the count (0 at the end of the input, or once a stop
// signal came), or -errno. EINTR is retried and EAGAIN waited for.
long read_some(int fd, char* data, std::size_t size);

// The reason of an errno for the user, in English and Chinese.
Error io_error(int err, bool writing, const std::string& what_en, const std::string& what_zh);

// Standard output through a 64 KiB buffer, every write checked; after a failure it keeps
// nothing more and the stream reads as bad, so a command stops early.
class FdOutput : public std::streambuf {
 public:
  explicit FdOutput(int fd) : fd_(fd) { setp(buf_, buf_ + sizeof buf_); }
  ~FdOutput() override { sync(); }
  int error() const { return error_; }  // 0, or the errno of the failed write
  // Writes what is held, then gathers what follows in `area` (a thread's own, so what it
  // writes stays in its core's cache), or in the stream's own buffer again when `area` is
  // null. The area must outlive its use.
  void use_area(char* area, std::size_t size);

 protected:
  int_type overflow(int_type ch) override;
  int sync() override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;

 private:
  bool drain();
  int fd_;
  int error_ = 0;
  char buf_[1 << 16];
  char* area_ = buf_;  // where output gathers: buf_, or a thread's own
  std::size_t area_size_ = sizeof buf_;
};

}  // namespace qianmj::cli
