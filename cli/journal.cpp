#include "journal.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <ctime>
#include <utility>

#include "io.hpp"

namespace qianmj::cli {

namespace {

Error journal_error(int err, bool writing, const std::string& path) {
  return io_error(err, writing, "journal " + path, "记录文件 " + path);
}

// mkdir -p, private to the user (a journal holds who played whom for how much).
int make_dirs(const std::string& dir) {
  for (std::size_t at = 1; at <= dir.size(); ++at) {
    if (at < dir.size() && dir[at] != '/') continue;
    const std::string part = dir.substr(0, at);
    if (::mkdir(part.c_str(), 0700) != 0 && errno != EEXIST) return errno;
  }
  return 0;
}

}  // namespace

Journal::~Journal() {
  if (fd_ >= 0) ::close(fd_);
}

std::optional<Error> Journal::open(const std::string& path) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
  if (fd < 0) return journal_error(errno, true, path);
  if (fd_ >= 0) ::close(fd_);
  fd_ = fd;
  path_ = path;
  return std::nullopt;
}

std::optional<Error> Journal::append(std::string_view line) {
  std::string text(line);
  text += '\n';
  int err = write_all(fd_, text.data(), text.size());
  if (!err && ::fsync(fd_) != 0 && errno != EINVAL) err = errno;  // EINVAL: a pipe, a tty
  if (err) return journal_error(err, true, path_);
  return std::nullopt;
}

std::string journal_dir() {
  if (const char* state = std::getenv("XDG_STATE_HOME"); state && *state == '/')
    return std::string(state) + "/qianmj";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.local/state/qianmj";
  return "";
}

Result<std::string> new_journal_path() {
  const std::string dir = journal_dir();
  if (dir.empty())
    return Error(ErrorCode::WriteError,
                 "no place for the journal: neither XDG_STATE_HOME nor HOME is set (--save FILE)",
                 "没有地方存记录：XDG_STATE_HOME 和 HOME 都没有设（用 --save 文件）");
  if (int err = make_dirs(dir)) return journal_error(err, true, dir);
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local);
  for (int k = 1; k < 100; ++k) {  // two evenings started in one second get -2, -3 ...
    std::string path = dir + "/session-" + stamp + (k > 1 ? "-" + std::to_string(k) : "") + ".txt";
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd >= 0) {
      ::close(fd);
      return path;
    }
    if (errno != EEXIST) return journal_error(errno, true, path);
  }
  return journal_error(EEXIST, true, dir);
}

namespace {

// The order of journals by when they were started: session-STAMP.txt, then the -2, -3 … that
// started in the same second (by name alone "-2" would sort before ".txt").
std::pair<std::string, long> journal_order(const std::string& name) {
  std::string base = name.substr(0, name.size() - 4);  // without ".txt"
  long k = 1;
  if (base.size() > 24 && base[23] == '-') {  // session-YYYYMMDD-HHMMSS-K
    k = std::strtol(base.c_str() + 24, nullptr, 10);
    base.resize(23);
  }
  return {base, k};
}

}  // namespace

Result<std::string> latest_journal() {
  const std::string dir = journal_dir();
  std::string latest;
  if (DIR* d = dir.empty() ? nullptr : ::opendir(dir.c_str())) {
    while (const dirent* e = ::readdir(d)) {
      const std::string name = e->d_name;
      if (name.rfind("session-", 0) == 0 && name.size() > 12 &&
          name.compare(name.size() - 4, 4, ".txt") == 0 &&
          (latest.empty() || journal_order(name) > journal_order(latest)))
        latest = name;
    }
    ::closedir(d);
  }
  if (latest.empty())
    return Error(ErrorCode::ReadError,
                 "no journal to resume in " +
                     (dir.empty() ? std::string("~/.local/state/qianmj") : dir) +
                     " (--resume FILE)",
                 (dir.empty() ? std::string("~/.local/state/qianmj") : dir) +
                     " 中没有可接着的记录（--resume 文件）");
  return dir + "/" + latest;
}

Result<JournalText> read_journal(const std::string& path, bool trim) {
  const int fd = ::open(path.c_str(), (trim ? O_RDWR : O_RDONLY) | O_CLOEXEC);
  if (fd < 0) return journal_error(errno, false, path);
  std::string text;
  char buf[1 << 16];
  long n = 0;
  while ((n = read_some(fd, buf, sizeof buf)) > 0) text.append(buf, static_cast<std::size_t>(n));
  if (n < 0) {
    ::close(fd);
    return journal_error(static_cast<int>(-n), false, path);
  }
  JournalText out;
  const auto end = text.rfind('\n');
  const std::size_t whole = end == std::string::npos ? 0 : end + 1;
  out.cut = text.substr(whole);
  if (trim && !out.cut.empty() && ::ftruncate(fd, static_cast<off_t>(whole)) != 0) {
    const int err = errno;
    ::close(fd);
    return journal_error(err, true, path);
  }
  ::close(fd);
  for (std::size_t at = 0; at < whole;) {
    const auto nl = text.find('\n', at);
    std::string line = text.substr(at, nl - at);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    out.lines.push_back(std::move(line));
    at = nl + 1;
  }
  return out;
}

}  // namespace qianmj::cli
