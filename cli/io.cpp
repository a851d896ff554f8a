#include "io.hpp"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <csignal>

#include <cerrno>
#include <cstring>

namespace qianmj::cli {

namespace {

volatile std::sig_atomic_t g_stop = 0;
int g_wake[2] = {-1, -1};  // a self-pipe: a read waiting in poll() wakes when a signal comes

extern "C" void on_stop_signal(int sig) {
  const int saved = errno;
  g_stop = sig;
  if (g_wake[1] >= 0 && ::write(g_wake[1], "", 1) < 0) {
  }  // full already: a wake-up is waiting
  errno = saved;
}

}  // namespace

void catch_stop_signals() {
  if (g_wake[0] < 0 && ::pipe2(g_wake, O_CLOEXEC | O_NONBLOCK) == 0) {
    // Above 2: with stdin closed, the pipe would otherwise be fd 0 and read as the input.
    for (int& fd : g_wake)
      if (fd < 3) {
        int moved = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
        ::close(fd);
        fd = moved;
      }
    if (g_wake[0] < 0 || g_wake[1] < 0) g_wake[0] = g_wake[1] = -1;  // signals still end reads
  }
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESETHAND;  // no SA_RESTART: a read in progress returns EINTR
  ::sigaction(SIGINT, &sa, nullptr);
  ::sigaction(SIGTERM, &sa, nullptr);
}

int stop_signal() {
  return g_stop;
}

int write_all(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    ssize_t n = ::write(fd, data, size);
    if (n > 0) {
      data += n, size -= static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 &&
        (errno == EAGAIN || errno == EWOULDBLOCK)) {  // a non-blocking stdout: wait, lose nothing
      pollfd p{fd, POLLOUT, 0};
      while (::poll(&p, 1, -1) < 0 && errno == EINTR) {
      }
      continue;
    }
    return n < 0 ? errno : EIO;
  }
  return 0;
}

long read_some(int fd, char* data, std::size_t size) {
  while (true) {
    if (g_stop) return 0;
    if (g_wake[0] >= 0) {  // wait for the input or a stop signal, whichever comes first
      pollfd p[2] = {{fd, POLLIN, 0}, {g_wake[0], POLLIN, 0}};
      if (::poll(p, 2, -1) < 0 && errno != EINTR) return -static_cast<long>(errno);
      if (g_stop) return 0;
      if (p[0].revents == 0) continue;
    }
    ssize_t n = ::read(fd, data, size);
    if (n >= 0) return static_cast<long>(n);
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) {  // a non-blocking stdin, empty for now
      pollfd p{fd, POLLIN, 0};
      while (::poll(&p, 1, -1) < 0 && errno == EINTR) {
      }
      continue;
    }
    return -static_cast<long>(errno);
  }
}

Error io_error(int err, bool writing, const std::string& what_en, const std::string& what_zh) {
  std::string zh;
  switch (err) {
    case ENOSPC:
      zh = "设备上没有空间";
      break;
    case EBADF:
      zh = writing ? "文件描述符无效（已关闭，或不能写）" : "文件描述符无效（已关闭，或不能读）";
      break;
    case EIO:
      zh = "输入输出错误";
      break;
    case EISDIR:
      zh = "是一个目录";
      break;
    case EPIPE:
      zh = "管道的读端已关闭";
      break;
    case EFBIG:
      zh = "文件过大";
      break;
    case EDQUOT:
      zh = "超出磁盘配额";
      break;
    case ENOENT:
      zh = "没有那个文件或目录";
      break;
    case EACCES:
    case EPERM:
      zh = "权限不够";
      break;
    case ENOTDIR:
      zh = "路径中有一部分不是目录";
      break;
    case ENAMETOOLONG:
      zh = "文件名过长";
      break;
    case ELOOP:
      zh = "符号链接层数过多";
      break;
    default:
      zh = std::strerror(err);
      break;
  }
  std::string en = std::strerror(err);
  if (!en.empty()) en[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(en[0])));
  return Error{
      writing ? ErrorCode::WriteError : ErrorCode::ReadError,
      (writing ? "write error: " : "cannot read ") + (what_en.empty() ? "" : what_en + ": ") + en,
      (writing ? "写入错误：" : "无法读取") + (what_zh.empty() ? "" : what_zh + "：") + zh, 0, ""};
}

bool FdOutput::drain() {
  char* base = pbase();
  std::size_t n = static_cast<std::size_t>(pptr() - base);
  setp(area_, area_ + area_size_);
  if (error_ || n == 0) return !error_;
  error_ = write_all(fd_, base, n);  // the area is not written to again before this returns
  return !error_;
}

void FdOutput::use_area(char* area, std::size_t size) {
  drain();
  area_ = area ? area : buf_;
  area_size_ = area ? size : sizeof buf_;
  setp(area_, area_ + area_size_);
}

FdOutput::int_type FdOutput::overflow(int_type ch) {
  if (!drain()) return traits_type::eof();
  if (!traits_type::eq_int_type(ch, traits_type::eof())) {
    *pptr() = traits_type::to_char_type(ch);
    pbump(1);
  }
  return traits_type::not_eof(ch);
}

int FdOutput::sync() {
  return drain() ? 0 : -1;
}

std::streamsize FdOutput::xsputn(const char* s, std::streamsize n) {
  if (error_) return 0;
  std::streamsize room = epptr() - pptr();
  if (n <= room) {
    std::memcpy(pptr(), s, static_cast<std::size_t>(n));
    pbump(static_cast<int>(n));
    return n;
  }
  if (!drain()) return 0;
  if (n >= static_cast<std::streamsize>(area_size_)) {  // large: straight through
    error_ = write_all(fd_, s, static_cast<std::size_t>(n));
    return error_ ? 0 : n;
  }
  std::memcpy(pptr(), s, static_cast<std::size_t>(n));
  pbump(static_cast<int>(n));
  return n;
}

}  // namespace qianmj::cli
