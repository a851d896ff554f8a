#include "qianmj/json.hpp"

#include <unordered_set>

#include "qianmj/notation.hpp"
#include "qianmj/settle.hpp"

#include <algorithm>
#include <cstdint>
#include <charconv>
#include <cstdio>
#include <cstring>

namespace qianmj {

using json = Json;

namespace {

const char* value_key(Unit unit) { return unit == Unit::Fan ? "fan" : "points"; }

json items_json(const std::vector<Item>& items, Unit unit) {
  json a = json::array();
  for (const auto& it : items) a.push_back(to_json(it, unit));
  return a;
}

json header(const Ruleset& rules) { return {{"schema", kSchema}, {"rules", rules.id()}}; }

}  // namespace

json to_json(const Item& item, Unit unit) {
  return {{"id", item.id}, {"zh", item.zh}, {"en", item.en}, {value_key(unit), item.value}};
}

json to_json(const Score& sc, const Ruleset& rules) {
  Unit unit = rules.unit();
  json j = header(rules);
  j["hand"] = to_ascii(sc.hand);
  j["win_tile"] = sc.win_tile ? json(sc.win_tile->ascii()) : json(nullptr);
  j["win"] = sc.win;
  j["legal"] = sc.legal;
  j["reason"] = sc.reason ? json(sc.reason->en) : json(nullptr);
  j["reason_zh"] = sc.reason ? json(sc.reason->zh) : json(nullptr);
  j["pattern"] = sc.pattern ? to_json(*sc.pattern, unit) : json(nullptr);
  j["reading"] = sc.reading ? json(reading_text(*sc.reading, sc.hand, false)) : json(nullptr);
  j["also"] = items_json(sc.also, unit);
  j["items"] = items_json(sc.items, unit);
  json payers = json::array();
  for (const auto& p : sc.payers) {
    json payer = {{"role", role_name(p.role)}, {"count", p.count}};
    if (unit == Unit::Fan) payer["fan"] = p.value;
    payer["points"] = p.points;
    payer["dealer"] = p.dealer;
    if (p.covers > 1) payer["covers"] = p.covers;  // 包: this payer pays the shares of `covers` seats
    payer["items"] = items_json(p.items, unit);
    payers.push_back(std::move(payer));
  }
  j["payers"] = payers;
  j["total"] = sc.total;
  json notes = json::array();
  for (const auto& n : sc.notes) notes.push_back({{"en", n.en}, {"zh", n.zh}});
  j["notes"] = notes;
  return j;
}

// ---- waits: written straight into a string (the pipeline's hot path) -------------------

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
  Writer& value_key(Unit unit) { return unit == Unit::Fan ? key("fan") : key("points"); }
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
  Writer& item(const Item& it, Unit unit) {
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
    for (char ch : v) plain = plain && static_cast<unsigned char>(ch) >= 0x20 && ch != '"' && ch != '\\';
    if (plain) {  // the usual case: nothing to escape
      put(v);
      put('"');
      return;
    }
    for (char ch : v) {
      auto c = static_cast<unsigned char>(ch);
      switch (c) {
        case '"': put("\\\""); break;
        case '\\': put("\\\\"); break;
        case '\b': put("\\b"); break;
        case '\f': put("\\f"); break;
        case '\n': put("\\n"); break;
        case '\r': put("\\r"); break;
        case '\t': put("\\t"); break;
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

void write_waits(Writer& w, const WaitsAnswer& a, Unit unit) {
  w.open('[');
  for (const auto& v : a.waits) {
    w.open('{').key("tile").literal(v.wait.tile.ascii()).key("remaining").number(v.wait.remaining);
    w.key("live").boolean(v.wait.live).key("pattern").item(v.pattern, unit);
    w.value_key(unit).number(v.pattern.value).key("legal_on_discard").boolean(v.legal_on_discard).close('}');
  }
  w.close(']');
}

void write_dajiao(Writer& w, const WaitsAnswer& a) {
  if (a.dajiao) w.number(a.dajiao->value);
  else w.null();
}

}  // namespace

std::string waits_json_text(const WaitsAnswer& a, const Ruleset& rules, long line) {
  std::string out;
  out.reserve(512);
  Writer w(out);
  write_header(w, rules);
  w.key("hand").literal(to_ascii(a.hand)).key("ready").boolean(a.ready);
  if (a.reason) w.key("reason").string(a.reason->en).key("reason_zh").string(a.reason->zh);
  else w.key("reason").null().key("reason_zh").null();
  w.key("waits");
  write_waits(w, a, rules.unit());
  w.key("dajiao");
  write_dajiao(w, a);
  w.key("dajiao_pattern");
  if (a.dajiao) w.item(*a.dajiao, rules.unit());
  else w.null();
  w.key("dajiao_total");  // what a 查大叫 charges for it, add-ons included (D8: 报听)
  if (a.dajiao) w.number(a.dajiao_total);
  else w.null();
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

json to_json(const WaitsAnswer& w, const Ruleset& rules) { return json::parse(waits_json_text(w, rules, 0)); }

json to_json(const Hand& hand14, const std::vector<DiscardAnswer>& discards, const Ruleset& rules) {
  return json::parse(discards_json_text(hand14, discards, rules, 0));
}

json rules_json(const Ruleset& rules) {
  json j = header(rules);
  j["unit"] = value_key(rules.unit());
  auto table = [&](const std::vector<ItemSpec>& specs) {
    json a = json::array();
    for (const auto& s : specs)
      a.push_back({{"id", s.id},
                   {"zh", s.zh},
                   {"en", s.en},
                   {value_key(rules.unit()), s.value},
                   {"definition", s.definition_en},
                   {"definition_zh", s.definition_zh}});
    return a;
  };
  j["patterns"] = table(rules.patterns());
  j["addons"] = table(rules.addons());
  json opts = json::array();
  for (const auto& o : option_specs()) {
    if (!option_applies(o, rules.id())) continue;  // RULES.md H: only the options of this rule set
    std::int64_t v = rules.options().get(o.name);
    opts.push_back({{"name", o.name},
                    {"value", o.boolean ? json(v != 0) : json(v)},
                    {"default", o.boolean ? json(o.default_value != 0) : json(o.default_value)},
                    {"rules", o.rules.empty() ? std::string_view("all") : o.rules},
                    {"en", o.en},
                    {"zh", o.zh}});
  }
  j["options"] = opts;
  return j;
}

json to_json(const Error& e, std::string_view rules_id, long line) {
  // Messages quote what the user typed: controls and bidi marks are escaped there too, so a
  // script that prints them (jq -r) shows no raw ones.
  json err = {{"code", code_name(e.code)}, {"message", terminal_safe(e.en)}, {"message_zh", terminal_safe(e.zh)}};
  if (!e.field.empty()) err["field"] = terminal_safe(e.field);
  if (e.column > 0) err["column"] = e.column;
  if (line > 0) err["line"] = line;
  return {{"schema", kSchema}, {"rules", rules_id}, {"error", err}};
}



// ---- settle: table in, ledger out ----------------------------------------------------

namespace {

// Tables are read into a plain nlohmann::json (std::map: linear-logarithmic on any number of
// keys; the ordered_json the output uses looks each key up linearly).
using In = nlohmann::json;

constexpr std::size_t kMaxJsonBytes = 16u << 20;
constexpr int kMaxJsonDepth = 64;

Error json_field(ErrorCode code, const std::string& field, std::string en, std::string zh) {
  return field_error(code, field, std::move(en), std::move(zh));
}

// Reads typed fields of one JSON object, naming the path of any field at fault.
class Fields {
 public:
  Fields(const In& j, std::string path, std::initializer_list<const char*> known)
      : j_(j), path_(std::move(path)) {
    if (!j.is_object()) {
      error_ = json_field(ErrorCode::BadField, path_.empty() ? "(top)" : path_, "expected a JSON object",
                          "应为 JSON 对象");
      return;
    }
    for (const auto& [key, value] : j.items()) {
      bool ok = false;
      for (const char* k : known) ok = ok || key == k;
      if (!ok && !error_)
        error_ = json_field(ErrorCode::BadField, at(key), "unknown field", "未知字段");
    }
  }
  std::string at(const std::string& key) const { return path_.empty() ? key : path_ + "." + key; }
  const std::optional<Error>& error() const { return error_; }
  bool has(const char* key) const { return j_.is_object() && j_.contains(key) && !j_[key].is_null(); }
  const In& raw(const char* key) const { return j_[key]; }

  bool boolean(const char* key, bool fallback = false) {
    if (error_ || !has(key)) return fallback;
    if (!j_[key].is_boolean()) fail(key, "expected true or false", "应为 true 或 false");
    return error_ ? fallback : j_[key].get<bool>();
  }
  std::int64_t integer(const char* key, std::int64_t lo, std::int64_t hi, std::optional<std::int64_t> fallback) {
    if (error_) return 0;
    if (!has(key)) {
      if (!fallback) fail(key, "required", "必填");
      return fallback.value_or(0);
    }
    const In& v = j_[key];
    bool huge_float = v.is_number_float() && (v.get<double>() >= 9.2e18 || v.get<double>() <= -9.2e18);
    if (huge_float || (v.is_number_unsigned() && v.get<std::uint64_t>() > std::uint64_t(INT64_MAX))) {
      error_ = json_field(ErrorCode::OutOfRange, at(key), "out of range (a whole number up to 2^63)",
                          "超出范围（应为不超过 2^63 的整数）");
      return 0;
    }
    if (!v.is_number_integer()) {
      fail(key, "expected a whole number", "应为整数");
      return 0;
    }
    auto x = v.get<std::int64_t>();
    if (x < lo || x > hi) {
      error_ = json_field(x > hi && hi == INT64_MAX ? ErrorCode::OutOfRange : ErrorCode::BadField, at(key),
                          "expected " + std::to_string(lo) + " to " + std::to_string(hi) + ", not " + std::to_string(x),
                          "应为 " + std::to_string(lo) + " 到 " + std::to_string(hi) + "，而不是 " + std::to_string(x));
      return 0;
    }
    return x;
  }
  std::optional<std::string> text(const char* key, bool required) {
    if (error_) return std::nullopt;
    if (!has(key)) {
      if (required) fail(key, "required", "必填");
      return std::nullopt;
    }
    if (!j_[key].is_string()) {
      fail(key, "expected a string", "应为字符串");
      return std::nullopt;
    }
    return j_[key].get<std::string>();
  }
  std::optional<Tile> tile(const char* key, bool required) {
    auto s = text(key, required);
    if (!s) return std::nullopt;
    auto t = parse_tile(*s);
    if (!t) {
      error_ = t.error();
      error_->field = at(key);
      return std::nullopt;
    }
    return *t;
  }
  void fail(const char* key, std::string en, std::string zh) {
    if (!error_) error_ = json_field(ErrorCode::BadField, at(key), std::move(en), std::move(zh));
  }
  void set_error(Error e) {
    if (!error_) error_ = std::move(e);
  }

 private:
  const In& j_;
  std::string path_;
  std::optional<Error> error_;
};

std::optional<Error> check_shape(std::string_view text) {
  if (text.size() > kMaxJsonBytes)
    return Error{ErrorCode::TooLong, "the table is over 16 MiB", "输入超过 16 MiB"};
  int depth = 0;
  bool in_string = false, escaped = false;
  for (char ch : text) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (ch == '\\') escaped = true;
      else if (ch == '"') in_string = false;
    } else if (ch == '"') {
      in_string = true;
    } else if (ch == '[' || ch == '{') {
      if (++depth > kMaxJsonDepth)
        return Error{ErrorCode::BadJson, "JSON nested deeper than 64 levels", "JSON 嵌套超过 64 层"};
    } else if (ch == ']' || ch == '}') {
      --depth;
    }
  }
  return std::nullopt;
}


}  // namespace

// A SAX pass before the DOM is built: the first key that appears twice in one object (the DOM
// would keep only the last of them, silently), and a count of the values, so that a document
// of millions of empty objects is refused before it takes memory (a DOM value costs ~40 times
// its text).
struct PreScan final : nlohmann::json_sax<In> {
  explicit PreScan(std::size_t max) : max_values(max) {}
  std::size_t max_values, values = 0;
  std::vector<std::unordered_set<std::string>> open;  // per open object, its keys so far
  std::optional<std::string> duplicate;
  bool too_many = false;
  bool value() {
    if (++values <= max_values) return true;
    too_many = true;
    return false;
  }
  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override {
    open.emplace_back();
    return value();
  }
  bool key(string_t& k) override {
    if (!open.back().insert(k).second && !duplicate) duplicate = k;  // go on: a syntax error later is the error
    return true;
  }
  bool end_object() override {
    open.pop_back();
    return true;
  }
  bool start_array(std::size_t) override { return value(); }
  bool end_array() override { return true; }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }
};

Error duplicate_error(const std::string& key) {
  Error e = json_field(ErrorCode::BadJson, key, "the key \"" + key + "\" appears twice in one object",
                       "同一对象中键 \"" + key + "\" 出现了两次");
  return e;
}

// A settle table has a few hundred values at most (4 seats, 64 kongs, 3 wins, the options).
constexpr std::size_t kMaxTableValues = 10000;

std::optional<Error> json_prescan(std::string_view text, std::size_t max_values) {
  PreScan scan(max_values);
  In::sax_parse(text.begin(), text.end(), &scan);
  if (scan.too_many)
    return Error{ErrorCode::TooLong, "more than " + std::to_string(max_values) + " JSON values: no table or request is that large",
                 "JSON 值超过 " + std::to_string(max_values) + " 个：没有这么大的牌局或请求"};
  if (scan.duplicate && In::accept(text.begin(), text.end())) return duplicate_error(*scan.duplicate);
  return std::nullopt;  // a syntax error is the DOM parser's to report
}

Result<Table> table_from_json(std::string_view text) {
  if (auto e = check_shape(text)) return *e;
  if (auto e = json_prescan(text, kMaxTableValues)) return *e;
  In j;
  try {
    j = In::parse(text.begin(), text.end());
  } catch (const nlohmann::json::parse_error& e) {
    // Line and column of the byte where parsing stopped.
    std::size_t byte = std::min<std::size_t>(e.byte, text.size());
    int line = 1, column = 1;
    for (std::size_t i = 0; i + 1 < byte; ++i) {
      if (text[i] == '\n') ++line, column = 1;
      else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++column;
    }
    std::string where = "line " + std::to_string(line) + ", column " + std::to_string(column);
    std::string what = e.what();
    auto colon = what.rfind(": ");
    std::string reason = colon == std::string::npos ? what : what.substr(colon + 2);
    return Error{ErrorCode::BadJson, "not valid JSON at " + where + ": " + reason,
                 "JSON 格式错误（第 " + std::to_string(line) + " 行第 " + std::to_string(column) + " 列）：" + reason};
  } catch (const nlohmann::json::exception& e) {  // a number beyond double (1e999): out_of_range.406
    std::string what = e.what();
    auto bracket = what.find("] ");
    std::string reason = bracket == std::string::npos ? what : what.substr(bracket + 2);
    return Error{ErrorCode::BadJson, "not valid JSON: " + reason, "JSON 格式错误：" + reason};
  }
  Table t;
  t.rules.clear();
  Fields top(j, "", {"rules", "options", "dealer", "streak", "seats", "kongs", "result"});
  if (top.error()) return *top.error();
  if (auto r = top.text("rules", false)) t.rules = *r;
  if (find_ruleset(t.rules)) t.options = Options(t.rules);  // another rule set's option is refused
  if (top.has("options")) {
    const In& o = top.raw("options");
    if (!o.is_object()) top.fail("options", "expected an object of house rules", "应为规则选项对象");
    else
      for (const auto& [name, value] : o.items()) {
        std::optional<Error> e;
        if (value.is_number_unsigned() && value.get<std::uint64_t>() > std::uint64_t(INT64_MAX))
          e = Error{ErrorCode::OutOfRange, "too large", "数值过大"};
        else if (value.is_boolean()) e = t.options.set_switch(name, value.get<bool>());
        else if (value.is_number_integer()) e = t.options.set(name, std::to_string(value.get<std::int64_t>()));
        else if (value.is_string()) e = t.options.set(name, value.get<std::string>());
        else e = Error{ErrorCode::BadOption, "expected a number, true/false or a string", "应为数字、true/false 或字符串"};
        if (e) {
          e->field = "options." + name;
          top.set_error(*e);
          break;
        }
      }
  }
  t.dealer = static_cast<int>(top.integer("dealer", 0, 3, std::nullopt));
  t.streak = top.integer("streak", 0, INT64_MAX, 0);
  if (top.error()) return *top.error();
  if (!top.has("seats") || !top.raw("seats").is_array() || top.raw("seats").size() != kSeats)
    return json_field(ErrorCode::BadField, "seats", "expected an array of exactly 4 seats", "应为恰好 4 个座位的数组");
  for (std::size_t s = 0; s < kSeats; ++s) {
    Fields f(top.raw("seats")[s], "seats[" + std::to_string(s) + "]",
             {"name", "hand", "baoting", "discarded_yaoji", "chongfeng"});
    auto& seat = t.seats[s];
    if (auto n = f.text("name", false)) seat.name = *n;
    if (auto h = f.text("hand", false)) {
      auto hand = parse_hand(*h);
      if (!hand) {
        Error e = hand.error();
        e.field = f.at("hand");
        return e;
      }
      seat.hand = *hand;
    }
    seat.baoting = f.boolean("baoting");
    seat.discarded_yaoji = static_cast<int>(f.integer("discarded_yaoji", 0, 4, 0));
    seat.chongfeng = f.boolean("chongfeng");
    if (f.error()) return *f.error();
  }
  if (top.has("kongs")) {
    if (!top.raw("kongs").is_array())
      return json_field(ErrorCode::BadField, "kongs", "expected an array", "应为数组");
    if (top.raw("kongs").size() > 64)
      return json_field(ErrorCode::BadField, "kongs", "more kongs than a hand can hold", "杠的数量超出可能");
    for (std::size_t i = 0; i < top.raw("kongs").size(); ++i) {
      Fields f(top.raw("kongs")[i], "kongs[" + std::to_string(i) + "]", {"seat", "kind", "tile", "from"});
      KongEvent k;
      k.seat = static_cast<int>(f.integer("seat", 0, 3, std::nullopt));
      auto kind = f.text("kind", true);
      if (kind) {
        if (*kind == "direct") k.kind = Meld::Kind::DirectKong;
        else if (*kind == "added") k.kind = Meld::Kind::AddedKong;
        else if (*kind == "concealed") k.kind = Meld::Kind::ConcealedKong;
        else f.fail("kind", "expected direct, added or concealed", "应为 direct、added 或 concealed");
      }
      if (auto tile = f.tile("tile", true)) k.tile = *tile;
      k.from = static_cast<int>(f.integer("from", 0, 3, -1));
      if (f.error()) return *f.error();
      t.kongs.push_back(k);
    }
  }
  if (!top.has("result")) return json_field(ErrorCode::BadField, "result", "required", "必填");
  Fields r(top.raw("result"), "result", {"kind", "wins", "seat", "last_four", "flipped"});
  auto kind = r.text("kind", true);
  if (r.error()) return *r.error();
  if (*kind == "win") {
    t.outcome = Table::Outcome::Win;
    if (!r.has("wins") || !r.raw("wins").is_array())
      return json_field(ErrorCode::BadField, "result.wins", "expected an array of wins", "应为胡牌数组");
    if (r.raw("wins").size() > 3)
      return json_field(ErrorCode::Inconsistent, "result.wins", "at most three seats win on one discard",
                        "一炮最多三家胡");
    for (std::size_t i = 0; i < r.raw("wins").size(); ++i) {
      Fields f(r.raw("wins")[i], "result.wins[" + std::to_string(i) + "]",
               {"seat", "from", "tile", "after_kong", "robbing_kong", "tianhu", "dihu"});
      WinEvent w;
      w.seat = static_cast<int>(f.integer("seat", 0, 3, std::nullopt));
      w.from = static_cast<int>(f.integer("from", 0, 3, -1));
      if (auto tile = f.tile("tile", true)) w.tile = *tile;
      w.after_kong = f.boolean("after_kong");
      w.robbing_kong = f.boolean("robbing_kong");
      w.tianhu = f.boolean("tianhu");
      w.dihu = f.boolean("dihu");
      if (f.error()) return *f.error();
      t.wins.push_back(w);
    }
    t.flipped = r.tile("flipped", false);
    if (r.has("seat") || r.has("last_four"))
      r.fail(r.has("seat") ? "seat" : "last_four", "belongs to an escape result", "属于逃跑结果");
  } else if (*kind == "draw") {
    t.outcome = Table::Outcome::Draw;
    for (const char* k : {"wins", "seat", "last_four", "flipped"})
      if (r.has(k)) r.fail(k, "a draw has no such field", "流局没有此字段");
  } else if (*kind == "escape") {
    t.outcome = Table::Outcome::Escape;
    t.escaper = static_cast<int>(r.integer("seat", 0, 3, std::nullopt));
    t.last_four = r.boolean("last_four");
    for (const char* k : {"wins", "flipped"})
      if (r.has(k)) r.fail(k, "an escape has no such field", "逃跑没有此字段");
  } else {
    r.fail("kind", "expected win, draw or escape", "应为 win、draw 或 escape");
  }
  if (r.error()) return *r.error();
  return t;
}

Json table_to_json(const Table& t) {
  json j = json::object();
  if (!t.rules.empty()) j["rules"] = t.rules;
  auto names = t.options.set_names();
  if (!names.empty()) {
    json o = json::object();
    for (auto name : names)
      for (const auto& spec : option_specs())
        if (spec.name == name) o[std::string(name)] = spec.boolean ? json(t.options.get(name) != 0) : json(t.options.get(name));
    j["options"] = o;
  }
  j["dealer"] = t.dealer;
  if (t.streak) j["streak"] = t.streak;
  json seats = json::array();
  for (const auto& s : t.seats) {
    json seat = json::object();
    if (!s.name.empty()) seat["name"] = s.name;
    if (s.hand) seat["hand"] = to_ascii(*s.hand);
    if (s.baoting) seat["baoting"] = true;
    if (s.discarded_yaoji) seat["discarded_yaoji"] = s.discarded_yaoji;
    if (s.chongfeng) seat["chongfeng"] = true;
    seats.push_back(seat);
  }
  j["seats"] = seats;
  if (!t.kongs.empty()) {
    json kongs = json::array();
    for (const auto& k : t.kongs) {
      json kong = {{"seat", k.seat},
                   {"kind", k.kind == Meld::Kind::DirectKong  ? "direct"
                            : k.kind == Meld::Kind::AddedKong ? "added"
                                                              : "concealed"},
                   {"tile", k.tile.ascii()}};
      if (k.from >= 0) kong["from"] = k.from;
      kongs.push_back(kong);
    }
    j["kongs"] = kongs;
  }
  json result;
  switch (t.outcome) {
    case Table::Outcome::Draw: result = {{"kind", "draw"}}; break;
    case Table::Outcome::Escape:
      result = {{"kind", "escape"}, {"seat", t.escaper}};
      if (t.last_four) result["last_four"] = true;
      break;
    case Table::Outcome::Win: {
      json wins = json::array();
      for (const auto& w : t.wins) {
        json win = {{"seat", w.seat}, {"tile", w.tile.ascii()}};
        if (!w.self_drawn()) win["from"] = w.from;
        if (w.after_kong) win["after_kong"] = true;
        if (w.robbing_kong) win["robbing_kong"] = true;
        if (w.tianhu) win["tianhu"] = true;
        if (w.dihu) win["dihu"] = true;
        wins.push_back(win);
      }
      result = {{"kind", "win"}, {"wins", wins}};
      if (t.flipped) result["flipped"] = t.flipped->ascii();
      break;
    }
  }
  j["result"] = result;
  return j;
}

namespace {

json transfer_items(const Transfer& tr, Unit unit) {
  json a = json::array();
  for (const auto& it : tr.items) a.push_back(to_json(it, unit));
  return a;
}

json seat_item(const LedgerItem& item, const Transfer& tr, int seat, Unit unit) {
  json j = {{"id", item.id},
            {"zh", item.name.zh},
            {"en", item.name.en},
            {"points", tr.to == seat ? tr.points : -tr.points},
            {"counterparty", tr.to == seat ? tr.from : tr.to},
            {"detail", item.detail.en},
            {"detail_zh", item.detail.zh}};
  if (!tr.items.empty()) {
    if (unit == Unit::Fan) j["fan"] = tr.value;  // in points, the value is the amount itself
    j["items"] = transfer_items(tr, unit);
  }
  return j;
}

}  // namespace

json to_json(const Ledger& ledger, const Table& table, const Ruleset& rules) {
  Unit unit = rules.unit();
  json j = header(rules);
  if (rules.unit() == Unit::Fan) j["base"] = rules.options().get("base");
  j["dealer"] = table.dealer;
  j["streak"] = table.streak;
  json seats = json::array();
  for (int s = 0; s < kSeats; ++s) {
    json items = json::array();
    for (const auto& item : ledger.items)
      for (const auto& tr : item.transfers)
        if (tr.from == s || tr.to == s) items.push_back(seat_item(item, tr, s, unit));
    json seat = {{"seat", s},
                 {"name", seat_name(table, s, true)},
                 {"total", ledger.totals[static_cast<std::size_t>(s)]},
                 {"items", items}};
    if (const auto& check = ledger.checks[static_cast<std::size_t>(s)]) {
      seat["ready"] = check->ready;
      if (unit == Unit::Fan) seat["huazhu"] = check->huazhu;
      seat["dajiao"] = check->dajiao ? to_json(*check->dajiao, unit) : json(nullptr);
    }
    seats.push_back(seat);
  }
  j["seats"] = seats;
  json rows = json::array();
  for (const auto& item : ledger.items) {
    json transfers = json::array();
    for (const auto& tr : item.transfers) {
      json t = {{"from", tr.from}, {"to", tr.to}, {"points", tr.points}};
      if (!tr.items.empty()) {
        if (unit == Unit::Fan) t["fan"] = tr.value;
        t["items"] = transfer_items(tr, unit);
      }
      transfers.push_back(t);
    }
    json explain = json::array(), explain_zh = json::array();
    for (const auto& line : item.lines) explain.push_back(line.en), explain_zh.push_back(line.zh);
    rows.push_back({{"id", item.id},
                    {"zh", item.name.zh},
                    {"en", item.name.en},
                    {"detail", item.detail.en},
                    {"detail_zh", item.detail.zh},
                    {"transfers", transfers},
                    {"explain", explain},
                    {"explain_zh", explain_zh}});
  }
  j["ledger"] = rows;
  j["next"] = {{"dealer", ledger.next_dealer}, {"streak", ledger.next_streak}};
  json notes = json::array();
  for (const auto& n : ledger.notes) notes.push_back({{"en", n.en}, {"zh", n.zh}});
  j["notes"] = notes;
  return j;
}

json seat_statement_json(const Ledger& ledger, const Table& table, const Ruleset& rules, int seat) {
  Unit unit = rules.unit();
  json j = header(rules);
  j["seat"] = seat;
  j["name"] = seat_name(table, seat, true);
  j["total"] = ledger.totals[static_cast<std::size_t>(seat)];
  json parties = json::array();
  for (int other = 0; other < kSeats; ++other) {
    if (other == seat) continue;
    json items = json::array();
    std::int64_t sum = 0;
    for (const auto& item : ledger.items)
      for (const auto& tr : item.transfers)
        if ((tr.from == seat && tr.to == other) || (tr.to == seat && tr.from == other)) {
          items.push_back(seat_item(item, tr, seat, unit));
          sum += tr.to == seat ? tr.points : -tr.points;
        }
    parties.push_back({{"seat", other}, {"name", seat_name(table, other, true)}, {"total", sum}, {"items", items}});
  }
  j["counterparties"] = parties;
  return j;
}

}  // namespace qianmj
