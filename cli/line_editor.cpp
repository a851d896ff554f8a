#include "line_editor.hpp"

#include <dlfcn.h>
#include <histedit.h>
#include <langinfo.h>
#include <unistd.h>

#include <clocale>
#include <cstdio>
#include <cstring>

#include "io.hpp"

namespace qianmj::cli {

namespace {

// libedit, opened the first time a terminal asks for it: a program that only answers (every
// call of a script, every pipeline) does not load it and the libraries it needs (measured:
// a third of a millisecond a call). The header's declarations give the types; without the
// library the session reads plain lines.
struct Libedit {
  decltype(&el_init) init = nullptr;
  decltype(&el_end) end = nullptr;
  decltype(&el_set) set = nullptr;
  decltype(&el_get) get = nullptr;
  decltype(&el_gets) gets = nullptr;
  decltype(&el_source) source = nullptr;
  decltype(&::history_init) hinit = nullptr;
  decltype(&::history_end) hend = nullptr;
  decltype(&::history) hist = nullptr;
};

template <class F>
bool find(void* lib, const char* name, F& f) {
  f = reinterpret_cast<F>(dlsym(lib, name));
  return f != nullptr;
}

const Libedit* libedit() {
  static const Libedit* const loaded = []() -> const Libedit* {
    void* lib = dlopen(QIANMJ_LIBEDIT_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!lib) return nullptr;
    static Libedit l;
    if (find(lib, "el_init", l.init) && find(lib, "el_end", l.end) && find(lib, "el_set", l.set) &&
        find(lib, "el_get", l.get) && find(lib, "el_gets", l.gets) &&
        find(lib, "el_source", l.source) && find(lib, "history_init", l.hinit) &&
        find(lib, "history_end", l.hend) && find(lib, "history", l.hist))
      return &l;
    return nullptr;
  }();
  return loaded;
}

}  // namespace

char* editor_prompt(EditLine* el) {
  LineEditor* self = nullptr;
  libedit()->get(el, EL_CLIENTDATA, &self);
  return self ? self->prompt_.data() : const_cast<char*>("> ");
}

int editor_fd(const LineEditor& e) {
  return e.fd_;
}

namespace {

// A character of the terminal, read through read_some so that Ctrl-C and SIGTERM end the
// line as they end any input (libedit's own read retries an interrupted read); decoded from
// UTF-8 here, whatever the locale. 1, or 0 at the end (or a stop signal), -1 on an error.
int read_char(EditLine* el, wchar_t* out) {
  LineEditor* self = nullptr;
  libedit()->get(el, EL_CLIENTDATA, &self);
  const int fd = self ? editor_fd(*self) : 0;
  unsigned char b = 0;
  auto next = [&]() -> long { return read_some(fd, reinterpret_cast<char*>(&b), 1); };
  long n = next();
  if (n <= 0) return n == 0 ? 0 : -1;
  char32_t c = b;
  int more = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : 0;
  if (more) c = b & (0x3F >> more);
  for (; more > 0; --more) {
    if ((n = next()) <= 0) return n == 0 ? 0 : -1;
    if ((b & 0xC0) != 0x80) {  // not UTF-8: a replacement character
      c = 0xFFFD;
      break;
    }
    c = (c << 6) | (b & 0x3F);
  }
  *out = static_cast<wchar_t>(c);
  return 1;
}

}  // namespace

LineEditor::LineEditor(int fd) : fd_(fd) {
  // libedit measures and converts characters by the locale's LC_CTYPE: UTF-8, as the program
  // reads and writes, even where the locale named is not installed or not UTF-8.
  if (!std::setlocale(LC_CTYPE, "") || std::strcmp(nl_langinfo(CODESET), "UTF-8") != 0)
    if (!std::setlocale(LC_CTYPE, "C.UTF-8")) std::setlocale(LC_CTYPE, "C.utf8");
  const Libedit* l = libedit();
  if (!l) return;
  FILE* in = fdopen(dup(fd), "r");
  el_ = in ? l->init("qianmj", in, stderr, stderr) : nullptr;
  if (!el_) return;
  hist_ = l->hinit();
  HistEvent ev;
  l->hist(hist_, &ev, H_SETSIZE, 1000);
  l->set(el_, EL_CLIENTDATA, this);
  l->set(el_, EL_EDITOR, "emacs");
  l->set(el_, EL_SIGNAL, 0);  // Ctrl-C and SIGTERM are the program's (io.hpp)
  l->set(el_, EL_HIST, l->hist, hist_);
  l->set(el_, EL_PROMPT, editor_prompt);
  l->set(el_, EL_GETCFN, read_char);
  l->source(el_, nullptr);  // ~/.editrc, as every libedit program reads it
}

LineEditor::~LineEditor() {
  if (el_) libedit()->end(el_);
  if (hist_) libedit()->hend(hist_);
}

bool LineEditor::read(const std::string& prompt, std::string& line) {
  prompt_ = prompt;
  int count = 0;
  const char* got = libedit()->gets(el_, &count);
  if (!got || count <= 0 || stop_signal()) return false;
  line.assign(got, static_cast<std::size_t>(count));
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
  if (line.find_first_not_of(" \t") != std::string::npos) {
    HistEvent ev;
    libedit()->hist(hist_, &ev, H_ENTER, line.c_str());
  }
  return true;
}

}  // namespace qianmj::cli
