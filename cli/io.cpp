#include "io.hpp"

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace qianmj::cli {

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
