// The library for JavaScript (emscripten): one front door, a JSON request in and a JSON
// answer out (answer_json, docs/answer.md). The returned pointer stays valid until the next
// call.
#include <emscripten/emscripten.h>

#include <string>

#include "qianmj/answers/answer.hpp"

namespace {
std::string g_out;
}  // namespace

extern "C" {

// {"command": "settle", "table": "庄东 …", "lang": "zh", "narrow": true} -> {"schema": 1,
// "status": 0, "output": "…"} (or "error", coded, in both languages).
EMSCRIPTEN_KEEPALIVE const char* qianmj_answer(const char* request_json) {
  g_out = qianmj::answer_json(request_json ? request_json : "");
  return g_out.c_str();
}

}  // extern "C"
