// Waits answers written straight into a string: the pipeline's hot path. The DOM forms
// (to_json) parse this text, so there is one definition of the shape.
#include <charconv>
#include <cstdio>
#include <cstring>

#include "json_common.hpp"
#include "qianmj/notation.hpp"

namespace qianmj {

using json = Json;

namespace {

// Appends JSON text, matching nlohmann's compact dump, through a small buffer (the
// pipeline writes millions of these); finish() hands the text over.
class Writer {
 public:
  explicit Writer(std::string& out) : out_(out) {}
  // Keys are this file's own literals: nothing in them needs escaping, and their length is
  // known at compile time (fixed-size copies, no call).
  template <std::size_t N>
  Writer& key(const char (&k)[N]) {
    constexpr std::size_t n = N - 1;
    if (n_ + n + 4 > sizeof buf_) finish();
    if (!fresh_) buf_[n_++] = ',';
    buf_[n_++] = '"';
    std::memcpy(buf_ + n_, k, n);
    n_ += n;
    buf_[n_++] = '"';
    buf_[n_++] = ':';
    fresh_ = true;
    return *this;
  }
  // A key of a rule set's own (its unit): a plain ASCII word, nothing to escape either.
  // (A unit's key is a short word: copied a byte at a time, no call.)
  Writer& key(std::string_view k) {
    if (k.size() > 64) {  // not a word: the general path
      comma();
      quoted(k);
      put(':');
      fresh_ = true;
      return *this;
    }
    if (n_ + k.size() + 4 > sizeof buf_) finish();
    if (!fresh_) buf_[n_++] = ',';
    buf_[n_++] = '"';
    for (char ch : k) buf_[n_++] = ch;
    buf_[n_++] = '"';
    buf_[n_++] = ':';
    fresh_ = true;
    return *this;
  }
  Writer& value_key(const Unit& unit) { return key(unit.key); }
  Writer& string(std::string_view v) {
    comma();
    quoted(v);
    return *this;
  }
  // Text of this program's own making with nothing to escape: ids, names, tiles, hands.
  Writer& literal(std::string_view v) {
    comma();
    put('"');
    put(v);
    put('"');
    return *this;
  }
  Writer& number(std::int64_t v) {
    comma();
    char buf[24];
    auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;
    put(std::string_view(buf, static_cast<std::size_t>(end - buf)));
    return *this;
  }
  Writer& boolean(bool v) {
    comma();
    put(v ? std::string_view("true") : std::string_view("false"));
    return *this;
  }
  Writer& null() {
    comma();
    put("null");
    return *this;
  }
  Writer& open(char c) {
    comma();
    put(c);
    fresh_ = true;
    return *this;
  }
  Writer& close(char c) {
    put(c);
    fresh_ = false;
    return *this;
  }
  Writer& item(const Item& it, const Unit& unit) {
    open('{').key("id").literal(it.id).key("zh").literal(it.zh).key("en").literal(it.en);
    return value_key(unit).number(it.value).close('}');
  }
  void finish() {
    out_.append(buf_, n_);
    n_ = 0;
  }

 private:
  void put(char c) {
    if (n_ == sizeof buf_) finish();
    buf_[n_++] = c;
  }
  void put(std::string_view v) {
    if (n_ + v.size() > sizeof buf_) finish();
    if (v.size() > sizeof buf_) {
      out_.append(v);
      return;
    }
    std::memcpy(buf_ + n_, v.data(), v.size());
    n_ += v.size();
  }
  void comma() {
    if (!fresh_) put(',');
    fresh_ = false;
  }
  void quoted(std::string_view v) {
    put('"');
    bool plain = true;
    for (char ch : v)
      plain = plain && static_cast<unsigned char>(ch) >= 0x20 && ch != '"' && ch != '\\';
    if (plain) {  // the usual case: nothing to escape
      put(v);
      put('"');
      return;
    }
    for (char ch : v) {
      auto c = static_cast<unsigned char>(ch);
      switch (c) {
        case '"':
          put("\\\"");
          break;
        case '\\':
          put("\\\\");
          break;
        case '\b':
          put("\\b");
          break;
        case '\f':
          put("\\f");
          break;
        case '\n':
          put("\\n");
          break;
        case '\r':
          put("\\r");
          break;
        case '\t':
          put("\\t");
          break;
        default:
          if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            put(buf);
          } else {
            put(ch);
          }
      }
    }
    put('"');
  }
  std::string& out_;
  char buf_[1024];
  std::size_t n_ = 0;
  bool fresh_ = true;
};

void write_header(Writer& w, const Ruleset& rules) {
  w.open('{').key("schema").number(kSchema).key("rules").literal(rules.id());
}

void write_waits(Writer& w, const WaitsAnswer& a, const Unit& unit) {
  w.open('[');
  for (const auto& v : a.waits) {
    w.open('{').key("tile").literal(v.wait.tile.ascii()).key("remaining").number(v.wait.remaining);
    w.key("live").boolean(v.wait.live).key("pattern").item(v.pattern, unit);
    w.value_key(unit)
        .number(v.pattern.value)
        .key("legal_on_discard")
        .boolean(v.legal_on_discard)
        .close('}');
  }
  w.close(']');
}

void write_dajiao(Writer& w, const WaitsAnswer& a) {
  if (a.dajiao)
    w.number(a.dajiao->value);
  else
    w.null();
}

}  // namespace

std::string waits_json_text(const WaitsAnswer& a, const Ruleset& rules, long line) {
  std::string out;
  out.reserve(512);
  Writer w(out);
  write_header(w, rules);
  w.key("hand").literal(to_ascii(a.hand)).key("ready").boolean(a.ready);
  if (a.reason)
    w.key("reason").string(a.reason->en).key("reason_zh").string(a.reason->zh);
  else
    w.key("reason").null().key("reason_zh").null();
  w.key("waits");
  write_waits(w, a, rules.unit());
  w.key("dajiao");
  write_dajiao(w, a);
  w.key("dajiao_pattern");
  if (a.dajiao)
    w.item(*a.dajiao, rules.unit());
  else
    w.null();
  w.key("dajiao_total");  // what a 查大叫 charges for it, add-ons included (D8: 报听)
  if (a.dajiao)
    w.number(a.dajiao_total);
  else
    w.null();
  if (line > 0) w.key("line").number(line);
  w.close('}');
  w.finish();
  return out;
}

std::string discards_json_text(const Hand& hand14, const std::vector<DiscardAnswer>& discards,
                               const Ruleset& rules, long line) {
  std::string out;
  Writer w(out);
  write_header(w, rules);
  w.key("hand").literal(to_ascii(hand14)).key("ready").boolean(!discards.empty());
  w.key("win").boolean(rules.best_pattern(hand14, std::nullopt, {}).has_value());
  w.key("discards").open('[');
  for (const auto& d : discards) {
    w.open('{').key("tile").literal(d.discard.ascii()).key("waits");
    write_waits(w, d.waits, rules.unit());
    w.key("dajiao");
    write_dajiao(w, d.waits);
    w.close('}');
  }
  w.close(']');
  if (line > 0) w.key("line").number(line);
  w.close('}');
  w.finish();
  return out;
}

json to_json(const WaitsAnswer& w, const Ruleset& rules) {
  return json::parse(waits_json_text(w, rules, 0));
}

json to_json(const Hand& hand14, const std::vector<DiscardAnswer>& discards, const Ruleset& rules) {
  return json::parse(discards_json_text(hand14, discards, rules, 0));
}

}  // namespace qianmj
