// Lose nothing (issue [3/6]): the real binary with its output on /dev/full, closed, or a
// non-blocking pipe read slowly; its input a directory, closed, write-only, or a non-blocking
// pipe that is briefly empty. Each answer reaches its reader, or the exit status says why not.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <functional>
#include <thread>

#include "helpers.hpp"
#include "testdata.hpp"

namespace {

struct Child {
  int exit = -1;
  std::string out, err;
};

// Runs the binary with `args`; `setup` arranges fds 0 and 1 in the child (stderr is captured).
// `feed` (if any) writes the child's stdin through `in_fd`; `drain` reads its stdout.
Child spawn(const std::vector<std::string>& args, const std::function<void()>& setup) {
  char tmpl[] = "/tmp/qianmj-io-XXXXXX";
  std::string dir = mkdtemp(tmpl), err_path = dir + "/err";
  pid_t pid = fork();
  if (pid == 0) {
    int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    dup2(err, 2);
    setup();
    setenv("LANG", "C", 1);
    unsetenv("LC_ALL");
    qianmj::test::exec_qianmj(args);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  Child c;
  c.exit = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  c.err = qianmj::test::slurp(err_path);
  std::remove(err_path.c_str());
  rmdir(dir.c_str());
  return c;
}

void stdin_from(const std::string& path) {
  int fd = open(path.c_str(), O_RDONLY);
  dup2(fd, 0);
}
void stdout_to(const std::string& path, int flags = O_WRONLY) {
  int fd = open(path.c_str(), flags);
  dup2(fd, 1);
}

std::string lines_file(const std::string& line, int n) {
  std::string path = "/tmp/qianmj-io-input-" + std::to_string(getpid()) + "-" + std::to_string(n);
  std::string text;
  for (int i = 0; i < n; ++i) text += line + "\n";
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

}  // namespace

TEST_CASE(
    "I/O: stdout on /dev/full is a write error and exit 3, in every command and in a pipeline") {
  std::string many = lines_file("2344567p345789s", 200000);
  for (auto args : std::vector<std::vector<std::string>>{
           {"score", "23445677筒345789条", "--zimo"},
           {"rules"},
           {"settle", "庄东", "东:2344567筒345789条", "东自摸7筒"},
           {"waits", "-"},
           {"waits", "-", "--json"}}) {
    INFO(args[0]);
    auto c = spawn(args, [&] {
      stdout_to("/dev/full");
      stdin_from(many);
    });
    CHECK(c.exit == 3);
    CHECK(c.err == "qianmj: write error: no space left on device\n");
  }
  auto zh = spawn({"rules", "--zh"}, [] { stdout_to("/dev/full"); });
  CHECK(zh.exit == 3);
  CHECK(zh.err == "qianmj: 写入错误：设备上没有空间\n");
  std::remove(many.c_str());
}

TEST_CASE("I/O: a closed stdout (>&-) is a write error, bad file descriptor, exit 3") {
  for (auto args : std::vector<std::vector<std::string>>{
           {"score", "23445677筒345789条", "--zimo"}, {"rules"}, {"--version"}}) {
    auto c = spawn(args, [] { close(1); });
    CHECK(c.exit == 3);
    CHECK(c.err == "qianmj: write error: bad file descriptor\n");
  }
}

TEST_CASE("I/O: a non-blocking stdout read slowly loses nothing: all 200,000 answers arrive") {
  std::string many = lines_file("2344567p345789s", 200000);
  int p[2];
  REQUIRE(pipe(p) == 0);
  REQUIRE(fcntl(p[1], F_SETFL, fcntl(p[1], F_GETFL) | O_NONBLOCK) == 0);
  pid_t pid = fork();
  if (pid == 0) {
    close(p[0]);
    dup2(p[1], 1);
    stdin_from(many);
    std::string bin = QIANMJ_BIN;
    execl(bin.c_str(), bin.c_str(), "waits", "-", static_cast<char*>(nullptr));
    _exit(127);
  }
  close(p[1]);
  long lines = 0, reads = 0;
  char buf[4096];
  for (ssize_t n; (n = read(p[0], buf, sizeof buf)) > 0;) {
    for (ssize_t i = 0; i < n; ++i) lines += buf[i] == '\n';
    if (++reads % 64 == 0)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));  // a slow reader
  }
  close(p[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(lines == 200000);
  std::remove(many.c_str());
}

TEST_CASE(
    "I/O: a reader that leaves (head -1) with SIGPIPE ignored gives exit 141 and no message") {
  std::string many = lines_file("2344567p345789s", 200000);
  int p[2];
  REQUIRE(pipe(p) == 0);
  pid_t pid = fork();
  if (pid == 0) {
    close(p[0]);
    signal(SIGPIPE, SIG_IGN);  // inherited: the write fails with EPIPE instead of killing it
    dup2(p[1], 1);
    stdin_from(many);
    int devnull = open("/dev/null", O_WRONLY);
    dup2(devnull, 2);
    std::string bin = QIANMJ_BIN;
    execl(bin.c_str(), bin.c_str(), "waits", "-", static_cast<char*>(nullptr));
    _exit(127);
  }
  close(p[1]);
  char buf[64];
  CHECK(read(p[0], buf, sizeof buf) > 0);  // the first answer, then the reader leaves
  close(p[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 141);
  std::remove(many.c_str());
}

TEST_CASE(
    "I/O: stdin a directory, closed or write-only is a read_error naming the input, exit 2, never "
    "an empty success") {
  for (auto args : std::vector<std::vector<std::string>>{
           {"waits", "-"}, {"score", "-"}, {"settle"}, {"session"}}) {
    INFO(args[0]);
    auto dir = spawn(args, [] { stdin_from("/tmp"); });
    CHECK(dir.exit == 2);
    CHECK(dir.err == "qianmj: error [read_error]: cannot read standard input: is a directory\n");
    auto closed = spawn(args, [] { close(0); });
    CHECK(closed.exit == 2);
    CHECK(closed.err ==
          "qianmj: error [read_error]: cannot read standard input: bad file descriptor\n");
    auto write_only = spawn(args, [] {
      int fd = open("/dev/null", O_WRONLY);
      dup2(fd, 0);
    });
    CHECK(write_only.exit == 2);
    CHECK(write_only.err.find("[read_error]") != std::string::npos);
  }
  auto file = spawn({"settle", "/tmp"}, [] {});
  CHECK(file.exit == 2);
  CHECK(file.err == "qianmj: error [read_error]: cannot read /tmp: is a directory\n");
}

TEST_CASE(
    "I/O: a non-blocking stdin that is briefly empty is waited for: all 1,000 lines answered") {
  int in[2], out[2];
  REQUIRE(pipe(in) == 0);
  REQUIRE(pipe(out) == 0);
  REQUIRE(fcntl(in[0], F_SETFL, fcntl(in[0], F_GETFL) | O_NONBLOCK) == 0);
  pid_t pid = fork();
  if (pid == 0) {
    close(in[1]), close(out[0]);
    dup2(in[0], 0), dup2(out[1], 1);
    std::string bin = QIANMJ_BIN;
    execl(bin.c_str(), bin.c_str(), "waits", "-", static_cast<char*>(nullptr));
    _exit(127);
  }
  close(in[0]), close(out[1]);
  std::thread feeder([&] {
    for (int i = 0; i < 1000; ++i) {
      std::string line = "2344567p345789s\n";
      (void)!write(in[1], line.data(), line.size());
      if (i % 100 == 0)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));  // briefly empty
    }
    close(in[1]);
  });
  long lines = 0;
  char buf[4096];
  for (ssize_t n; (n = read(out[0], buf, sizeof buf)) > 0;)
    for (ssize_t i = 0; i < n; ++i) lines += buf[i] == '\n';
  feeder.join();
  close(out[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(lines == 1000);
}
