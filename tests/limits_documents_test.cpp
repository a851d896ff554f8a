// Limits of issue 6 on whole settle documents: exactly 16 MiB is priced and one byte more is
// too_long, a 100 MB document is refused early, and millions of empty objects are refused in
// memory a small multiple of the document.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "limits.hpp"
#include "qianmj/engine/settle.hpp"
#include "qianmj/formats/json.hpp"

using namespace qianmj;
using namespace qianmj::test::limits;
using nlohmann::json;

TEST_CASE(
    "Limits: a settle table of exactly 16 MiB is priced, one byte more is too_long, a 100 MB "
    "document is too_long") {
  constexpr std::size_t kLimit = 16u << 20;
  // A pretty-printed table padded with lines of spaces (each under the 1 MiB line limit) to
  // exactly `bytes` bytes, without the final newline.
  auto padded = [&](std::size_t bytes) {
    std::string head = "{\"dealer\": 0,\n",
                tail =
                    "\"seats\": [{\"hand\": \"2344567筒345789条\"}, {}, {}, {}],\n"
                    "\"result\": {\"kind\": \"win\", \"wins\": [{\"seat\": 0, \"tile\": \"7p\"}]}}";
    std::string text = head;
    text.reserve(bytes + 1);
    while (text.size() + tail.size() < bytes) {
      std::size_t n = std::min<std::size_t>(bytes - text.size() - tail.size() - 1, 500'000);
      text += std::string(n, ' ') + "\n";
    }
    text += tail;
    REQUIRE(text.size() == bytes);
    return text;
  };
  std::string at_limit = padded(kLimit), over = padded(kLimit + 1);
  // The library's own limit.
  CHECK(bool(table_from_json(at_limit)));
  auto refused = table_from_json(over);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().code == ErrorCode::TooLong);
  // The binary, fed through a pipe: the document is what comes before the final newline.
  auto r = run_piped({"settle", "--json"}, at_limit + "\n");
  INFO("stdout: " << r.out.substr(0, 600));
  CHECK(r.exit == 0);
  CHECK(totals(json::parse(r.out)) == std::vector<std::int64_t>{18, -6, -6, -6});
  r = run_piped({"settle", "--json"}, over + "\n");
  CHECK(r.exit == 2);
  CHECK(json::parse(r.out)["error"]["code"] == "too_long");
  // 100 MB: refused once past 16 MiB; the rest of the input need not be read.
  r = run_piped(
      {"settle", "-", "--json"},
      Feed({{"{\"dealer\": 0,\n"}, repeated(std::string(4095, ' ') + "\n", kHundredMB), {"}\n"}}));
  INFO("stderr: " << r.err);
  CHECK(r.exit == 2);
  CHECK(json_lines(r.out).size() == 1);
  CHECK(json::parse(r.out)["error"]["code"] == "too_long");
}

TEST_CASE(
    "Limits: a 16 MiB settle document of millions of empty objects is refused in memory a small "
    "multiple of its size") {
  std::string doc = "{\"x\":[";
  while (doc.size() < (16u << 20) - 8) doc += "{},";
  doc += "{}]}";
  auto r = run_piped({"settle", "--json"}, doc + "\n");
  CHECK(r.exit == 2);
  CHECK(code(json::parse(r.out)) == "too_long");
  INFO("peak RSS " << r.hwm_max << " KiB");
  CHECK(r.hwm_max > 0);
#ifdef QIANMJ_SANITIZED
  CHECK(r.hwm_max < 10 * 16 * 1024);  // ASan's shadow and quarantine on top (it was 654 MB)
#else
  CHECK(r.hwm_max < 5 * 16 * 1024);  // under five times the document (it was 654 MB)
#endif
}
