// Settle tables as JSON (INTERFACE §4): read with every field checked and named, written
// back in canonical form; the pre-scan that bounds a document before its DOM.
#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <unordered_set>

#include "formats/json_tables.hpp"
#include "qianmj/engine/settle.hpp"
#include "qianmj/formats/json.hpp"
#include "qianmj/formats/notation.hpp"

namespace qianmj {

using json = Json;

namespace {

// Tables are read into a plain nlohmann::json (std::map: linear-logarithmic on any number of
// keys; the ordered_json the output uses looks each key up linearly).
using In = nlohmann::json;

constexpr std::size_t kMaxJsonBytes = 16u << 20;
constexpr int kMaxJsonDepth = 64;

Error json_field(ErrorCode code, const std::string& field, std::string en, std::string zh) {
  return field_error(code, field, std::move(en), std::move(zh));
}

// Reads typed fields of one JSON object, naming the path of any field at fault. The object's
// keys are matched against the known ones once; a read then finds its value among those few.
// The path ("seats[2]") is only written out for an error.
class Fields {
 public:
  static constexpr std::size_t kMaxKnown = 16;
  // `base` names the object ("seats", "" for the top), `index` its place in an array (or -1).
  Fields(const In& j, std::string_view base, long index, std::span<const std::string_view> known)
      : base_(base), index_(index), known_count_(known.size()) {
    if (known.size() > kMaxKnown) throw std::logic_error("Fields: too many known keys");
    std::copy(known.begin(), known.end(), known_.begin());
    if (!j.is_object()) {
      error_ = json_field(ErrorCode::BadField, path().empty() ? "(top)" : path(),
                          "expected a JSON object", "应为 JSON 对象");
      return;
    }
    for (const auto& [key, value] : j.items()) {
      const std::size_t k = slot(key);
      if (k < known_count_)
        values_[k] = value.is_null() ? nullptr : &value;
      else if (!error_)
        error_ = json_field(ErrorCode::BadField, at(key), "unknown field", "未知字段");
    }
  }
  Fields(const In& j, std::string_view base, std::span<const std::string_view> known)
      : Fields(j, base, -1, known) {}
  std::string path() const {
    return index_ < 0 ? std::string(base_)
                      : std::string(base_) + "[" + std::to_string(index_) + "]";
  }
  std::string at(std::string_view key) const {
    std::string p = path();
    return p.empty() ? std::string(key) : p + "." + std::string(key);
  }
  const std::optional<Error>& error() const { return error_; }
  // The value of `key` (one of the known), or null when it is missing or null.
  const In* find(std::string_view key) const {
    const std::size_t k = slot(key);
    return k < known_count_ ? values_[k] : nullptr;
  }
  bool has(std::string_view key) const { return find(key) != nullptr; }
  // A field that has() holds.
  const In& raw(std::string_view key) const { return *find(key); }

  bool boolean(std::string_view key, bool fallback = false) {
    const In* v = error_ ? nullptr : find(key);
    if (!v) return fallback;
    if (!v->is_boolean()) {
      fail(key, "expected true or false", "应为 true 或 false");
      return fallback;
    }
    return v->get<bool>();
  }
  std::int64_t integer(std::string_view key, std::int64_t lo, std::int64_t hi,
                       std::optional<std::int64_t> fallback) {
    if (error_) return 0;
    const In* found = find(key);
    if (!found) {
      if (!fallback) fail(key, "required", "必填");
      return fallback.value_or(0);
    }
    const In& v = *found;
    bool huge_float =
        v.is_number_float() && (v.get<double>() >= 9.2e18 || v.get<double>() <= -9.2e18);
    if (huge_float ||
        (v.is_number_unsigned() && v.get<std::uint64_t>() > std::uint64_t(INT64_MAX))) {
      error_ =
          json_field(ErrorCode::OutOfRange, at(key), "out of range (a whole number up to 2^63)",
                     "超出范围（应为不超过 2^63 的整数）");
      return 0;
    }
    if (!v.is_number_integer()) {
      fail(key, "expected a whole number", "应为整数");
      return 0;
    }
    auto x = v.get<std::int64_t>();
    if (x < lo || x > hi) {
      error_ = json_field(x > hi && hi == INT64_MAX ? ErrorCode::OutOfRange : ErrorCode::BadField,
                          at(key),
                          "expected " + std::to_string(lo) + " to " + std::to_string(hi) +
                              ", not " + std::to_string(x),
                          "应为 " + std::to_string(lo) + " 到 " + std::to_string(hi) + "，而不是 " +
                              std::to_string(x));
      return 0;
    }
    return x;
  }
  // The string of `key`, or nullptr (missing, or an error noted).
  const std::string* text(std::string_view key, bool required) {
    if (error_) return nullptr;
    const In* v = find(key);
    if (!v) {
      if (required) fail(key, "required", "必填");
      return nullptr;
    }
    if (!v->is_string()) {
      fail(key, "expected a string", "应为字符串");
      return nullptr;
    }
    return v->get_ptr<const std::string*>();
  }
  std::optional<Tile> tile(std::string_view key, bool required) {
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
  void fail(std::string_view key, std::string en, std::string zh) {
    if (!error_) error_ = json_field(ErrorCode::BadField, at(key), std::move(en), std::move(zh));
  }
  void set_error(Error e) {
    if (!error_) error_ = std::move(e);
  }

 private:
  // The index of `key` among the known, or known_count_.
  std::size_t slot(std::string_view key) const {
    std::size_t k = 0;
    while (k < known_count_ && known_[k] != key) ++k;
    return k;
  }

  std::string_view base_;
  long index_;
  std::array<std::string_view, kMaxKnown> known_{};
  std::array<const In*, kMaxKnown> values_{};
  std::size_t known_count_;
  std::optional<Error> error_;
};

Error duplicate_error(const std::string& key) {
  Error e =
      json_field(ErrorCode::BadJson, key, "the key \"" + key + "\" appears twice in one object",
                 "同一对象中键 \"" + key + "\" 出现了两次");
  return e;
}

// A settle table in one pass: nlohmann's own DOM builder, fed by the same parser the DOM
// parse uses (so a syntax error or a number beyond double is the same exception at the same
// byte), with PreScan's two checks beside it: a count of the values, which stops the parse,
// and the first key that appears twice in one object. The keys of an object are few: a
// short list, then a set.
template <class J>
class CheckedDom {
 public:
  using number_integer_t = typename J::number_integer_t;
  using number_unsigned_t = typename J::number_unsigned_t;
  using number_float_t = typename J::number_float_t;
  using string_t = typename J::string_t;
  using binary_t = typename J::binary_t;

  CheckedDom(J& root, std::size_t max) : dom_(root, true), max_values_(max) {}
  bool too_many() const { return too_many_; }
  const std::optional<std::string>& duplicate() const { return duplicate_; }

  bool null() { return value() && dom_.null(); }
  bool boolean(bool v) { return value() && dom_.boolean(v); }
  bool number_integer(number_integer_t v) { return value() && dom_.number_integer(v); }
  bool number_unsigned(number_unsigned_t v) { return value() && dom_.number_unsigned(v); }
  bool number_float(number_float_t v, const string_t& s) {
    return value() && dom_.number_float(v, s);
  }
  bool string(string_t& v) { return value() && dom_.string(v); }
  bool binary(binary_t& v) { return value() && dom_.binary(v); }
  bool start_object(std::size_t n) {
    if (!value()) return false;
    if (open_.size() == depth_) open_.emplace_back();
    open_[depth_].few.clear();
    open_[depth_].many.clear();
    ++depth_;
    return dom_.start_object(n);
  }
  bool key(string_t& k) {
    Keys& keys = open_[depth_ - 1];
    bool fresh;
    if (keys.few.size() < Keys::kFew) {
      fresh = std::find(keys.few.begin(), keys.few.end(), k) == keys.few.end();
      if (fresh) keys.few.push_back(k);
    } else {
      if (keys.many.empty()) keys.many.insert(keys.few.begin(), keys.few.end());
      fresh = keys.many.insert(k).second;
    }
    if (!fresh && !duplicate_) duplicate_ = k;  // go on: a syntax error later is the error
    return dom_.key(k);
  }
  bool end_object() {
    --depth_;
    return dom_.end_object();
  }
  bool start_array(std::size_t n) { return value() && dom_.start_array(n); }
  bool end_array() { return dom_.end_array(); }
  template <class Exception>
  bool parse_error(std::size_t at, const std::string& token, const Exception& e) {
    return dom_.parse_error(at, token, e);  // throws e, as the DOM parse would
  }

 private:
  struct Keys {
    static constexpr std::size_t kFew = 16;
    std::vector<std::string> few;
    std::unordered_set<std::string> many;
  };
  bool value() {
    if (++values_ <= max_values_) return true;
    too_many_ = true;
    return false;
  }
  nlohmann::detail::json_sax_dom_parser<J> dom_;
  std::size_t max_values_, values_ = 0;
  bool too_many_ = false;
  std::vector<Keys> open_;  // per open object (reused level by level), its keys so far
  std::size_t depth_ = 0;
  std::optional<std::string> duplicate_;
};

Error too_many_values(std::size_t max_values) {
  return Error{
      ErrorCode::TooLong,
      "more than " + std::to_string(max_values) + " JSON values: no table or request is that large",
      "JSON 值超过 " + std::to_string(max_values) + " 个：没有这么大的牌局或请求"};
}

// The table fields of one place (a seat, a win's result) from its object, each at its slot.
void read_table_fields(Fields& f, std::span<const TableField* const> fields,
                       TableFieldValues& out) {
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const TableField& field = *fields[i];
    switch (field.kind) {
      case TableField::Kind::Bool:
        out.set_raw(i, f.boolean(field.key()) ? 1 : 0);
        break;
      case TableField::Kind::Int:
        out.set_raw(i, f.integer(field.key(), field.min, field.max, 0));
        break;
      case TableField::Kind::Tile:
        out.set_raw(i, TableFieldType<std::optional<Tile>>::encode(f.tile(field.key(), false)));
        break;
      case TableField::Kind::Tiles: {  // hand notation, no melds: "2468s5m", "" for none
        const std::string* text = f.text(field.key(), false);
        if (!text) break;
        auto tiles = parse_tile_list(*text);
        if (!tiles) {
          Error e = tiles.error();
          e.field = f.at(field.key());
          f.set_error(std::move(e));
          break;
        }
        out.set_tiles(i, &*tiles);
        break;
      }
      case TableField::Kind::Seats: {  // {"from": s, "to": t}, two different seats
        if (!f.has(field.key())) break;
        static constexpr std::string_view kPairKeys[] = {"from", "to"};
        Fields pair(f.raw(field.key()), field.key(), kPairKeys);
        const auto from = pair.integer("from", 0, 3, std::nullopt);
        const auto to = pair.integer("to", 0, 3, std::nullopt);
        if (!pair.error() && from == to)
          pair.fail("to", "a seat other than \"from\"", "应为 from 以外的一家");
        if (pair.error()) {
          Error e = *pair.error();
          if (!f.path().empty()) e.field = f.path() + "." + e.field;
          f.set_error(std::move(e));
          break;
        }
        out.set_raw(i, TableFieldType<SeatPair>::encode(
                           std::pair{static_cast<int>(from), static_cast<int>(to)}));
        break;
      }
    }
  }
}

// The same written back, each field given (not 0).
void write_table_fields(json& j, std::span<const TableField* const> fields,
                        const TableFieldValues& values) {
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const TableField& field = *fields[i];
    const std::int64_t v = values.raw(i);
    if (!v) continue;
    std::string key(field.key());
    switch (field.kind) {
      case TableField::Kind::Bool:
        j[key] = true;
        break;
      case TableField::Kind::Int:
        j[key] = v;
        break;
      case TableField::Kind::Tile:
        j[key] = TableFieldType<std::optional<Tile>>::decode(v)->ascii();
        break;
      case TableField::Kind::Tiles: {
        Hand h;
        h.concealed = *values.tiles(i);
        j[key] = to_ascii(h);
        break;
      }
      case TableField::Kind::Seats: {
        const auto pair = TableFieldType<SeatPair>::decode(v);
        j[key] = {{"from", pair->first}, {"to", pair->second}};
        break;
      }
    }
  }
}

// An object's own keys, then those of the table fields there.
std::vector<std::string_view> keys_with(std::span<const std::string_view> own,
                                        std::span<const TableField* const> fields) {
  std::vector<std::string_view> keys(own.begin(), own.end());
  for (const TableField* f : fields) {
    if (std::find(keys.begin(), keys.end(), f->key()) != keys.end())
      throw std::logic_error("qianmj: table field " + std::string(f->path) + ": a key taken");
    keys.push_back(f->key());
  }
  return keys;
}

}  // namespace

std::span<const std::string_view> json_detail::seat_keys() {
  static const auto keys = keys_with(json_detail::kSeatOwnKeys, table_fields_of_seats());
  return keys;
}

std::span<const std::string_view> json_detail::result_keys() {
  static const auto keys = keys_with(json_detail::kResultOwnKeys, table_fields_of_result());
  return keys;
}

std::span<const std::string_view> json_detail::kong_keys() {
  static const auto keys = keys_with(json_detail::kKongKeys, table_fields_of_kongs());
  return keys;
}

std::span<const std::string_view> json_detail::table_keys() {
  static const auto keys = keys_with(json_detail::kTableKeys, table_fields_of_table());
  return keys;
}

std::optional<Meld::Kind> json_detail::kong_kind(std::string_view name) {
  if (name == "direct") return Meld::Kind::DirectKong;
  if (name == "added") return Meld::Kind::AddedKong;
  if (name == "concealed") return Meld::Kind::ConcealedKong;
  return std::nullopt;
}

namespace {

// Where a parse error stopped, for the user: its line and column (characters), or bad_utf8
// for bytes that are not UTF-8 inside a string.
Error json_parse_error(const nlohmann::json::parse_error& e, std::string_view text) {
  std::size_t byte = std::min<std::size_t>(e.byte, text.size());
  int line = 1, column = 1;
  for (std::size_t i = 0; i + 1 < byte; ++i) {
    if (text[i] == '\n')
      ++line, column = 1;
    else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80)
      ++column;
  }
  std::string where = "line " + std::to_string(line) + ", column " + std::to_string(column);
  std::string what = e.what();
  if (what.find("ill-formed UTF-8") != std::string::npos)
    return Error{ErrorCode::BadUtf8, "bytes that are not UTF-8 in a JSON string at " + where,
                 "JSON 字符串中有无效的 UTF-8 编码（第 " + std::to_string(line) + " 行第 " +
                     std::to_string(column) + " 列）"};
  auto colon = what.rfind(": ");
  std::string reason = colon == std::string::npos ? what : what.substr(colon + 2);
  return Error{ErrorCode::BadJson, "not valid JSON at " + where + ": " + reason,
               "JSON 格式错误（第 " + std::to_string(line) + " 行第 " + std::to_string(column) +
                   " 列）：" + reason};
}

// A DOM of a text that passed the gate, with CheckedDom's two checks beside the parse.
template <class J>
Result<J> parse_checked(std::string_view text, std::size_t max_values) {
  Result<J> out(std::in_place);
  try {
    CheckedDom<J> checked(*out, max_values);
    J::sax_parse(text.begin(), text.end(), &checked);
    if (checked.too_many()) return too_many_values(max_values);
    if (checked.duplicate()) return duplicate_error(*checked.duplicate());
  } catch (const nlohmann::json::parse_error& e) {
    return json_parse_error(e, text);
  } catch (
      const nlohmann::json::exception& e) {  // a number beyond double (1e999): out_of_range.406
    std::string what = e.what();
    auto bracket = what.find("] ");
    std::string reason = bracket == std::string::npos ? what : what.substr(bracket + 2);
    return Error{ErrorCode::BadJson, "not valid JSON: " + reason, "JSON 格式错误：" + reason};
  }
  return out;
}

}  // namespace

std::optional<Error> json_gate(std::string_view text) {
  if (text.size() > kMaxJsonBytes)
    return Error{ErrorCode::TooLong, "the table is over 16 MiB", "输入超过 16 MiB"};
  int depth = 0;
  bool in_string = false, escaped = false;
  for (char ch : text) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (ch == '\\')
        escaped = true;
      else if (ch == '"')
        in_string = false;
    } else if (ch == '"') {
      in_string = true;
    } else if (ch == '[' || ch == '{') {
      if (++depth > kMaxJsonDepth)
        return Error{ErrorCode::BadJson, "JSON nested deeper than 64 levels",
                     "JSON 嵌套超过 64 层"};
    } else if (ch == ']' || ch == '}') {
      --depth;
    }
  }
  return std::nullopt;
}

Result<Json> read_json(std::string_view text, std::size_t max_values) {
  if (auto e = json_gate(text)) return *e;
  return parse_checked<Json>(text, max_values);
}

namespace {

// A house rule from JSON: a whole number, true/false or a string, set on `options`.
std::optional<Error> set_option(Options& options, const std::string& name, const In& value) {
  std::optional<Error> e;
  if (value.is_number_unsigned() && value.get<std::uint64_t>() > std::uint64_t(INT64_MAX))
    e = Error{ErrorCode::OutOfRange, "too large", "数值过大"};
  else if (value.is_boolean())
    e = options.set_switch(name, value.get<bool>());
  else if (value.is_number_integer())
    e = options.set(name, std::to_string(value.get<std::int64_t>()));
  else if (value.is_string())
    e = options.set(name, value.get<std::string>());
  else if (value.is_number_float())  // 6.0: a house rule's number is a whole number
    e = Error{ErrorCode::BadOption,
              "expected a whole number, true/false or a string, not " + value.dump(),
              "应为整数、true/false 或字符串，而不是 " + value.dump()};
  else
    e = Error{ErrorCode::BadOption, "expected a whole number, true/false or a string",
              "应为整数、true/false 或字符串"};
  return e;
}

// The table's house rules, bound to its rule set: the first error is kept in `top`.
void read_options(Fields& top, Table& t) {
  if (!top.has("options")) return;
  const In& o = top.raw("options");
  if (!o.is_object()) {
    top.fail("options", "expected an object of house rules", "应为规则选项对象");
    return;
  }
  for (const auto& [name, value] : o.items())
    if (auto e = set_option(t.options, name, value)) {
      e->field = "options." + name;
      top.set_error(*e);
      break;
    }
}

std::optional<Error> read_seats(const Fields& top, Table& t) {
  for (std::size_t s = 0; s < kSeats; ++s) {
    Fields f(top.raw("seats")[s], "seats", static_cast<long>(s), json_detail::seat_keys());
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
    read_table_fields(f, table_fields_of_seats(), seat.fields);
    if (f.error()) return *f.error();
  }
  return std::nullopt;
}

std::optional<Error> read_kongs(const Fields& top, Table& t) {
  if (!top.has("kongs")) return std::nullopt;
  if (!top.raw("kongs").is_array())
    return json_field(ErrorCode::BadField, "kongs", "expected an array", "应为数组");
  if (top.raw("kongs").size() > 64)
    return json_field(ErrorCode::BadField, "kongs", "more kongs than a hand can hold",
                      "杠的数量超出可能");
  for (std::size_t i = 0; i < top.raw("kongs").size(); ++i) {
    Fields f(top.raw("kongs")[i], "kongs", static_cast<long>(i), json_detail::kong_keys());
    KongEvent k;
    k.seat = static_cast<int>(f.integer("seat", 0, 3, std::nullopt));
    auto kind = f.text("kind", true);
    if (kind) {
      if (auto named = json_detail::kong_kind(*kind))
        k.kind = *named;
      else
        f.fail("kind", "expected direct, added or concealed", "应为 direct、added 或 concealed");
    }
    if (auto tile = f.tile("tile", true)) k.tile = *tile;
    k.from = static_cast<int>(f.integer("from", 0, 3, -1));
    read_table_fields(f, table_fields_of_kongs(), k.fields);
    if (f.error()) return *f.error();
    t.kongs.push_back(k);
  }
  return std::nullopt;
}

std::optional<Error> read_wins(const Fields& r, Table& t) {
  for (std::size_t i = 0; i < r.raw("wins").size(); ++i) {
    Fields f(r.raw("wins")[i], "result.wins", static_cast<long>(i), json_detail::kWinKeys);
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
  return std::nullopt;
}

std::optional<Error> read_result(const Fields& top, Table& t) {
  Fields r(top.raw("result"), "result", json_detail::result_keys());
  auto kind = r.text("kind", true);
  if (r.error()) return *r.error();
  if (*kind == "win") {
    t.outcome = Table::Outcome::Win;
    if (!r.has("wins") || !r.raw("wins").is_array())
      return json_field(ErrorCode::BadField, "result.wins", "expected an array of wins",
                        "应为胡牌数组");
    if (r.raw("wins").size() > 3)
      return json_field(ErrorCode::Inconsistent, "result.wins",
                        "at most three seats win on one discard", "一炮最多三家胡");
    if (auto e = read_wins(r, t)) return e;
    read_table_fields(r, table_fields_of_result(), t.result_fields);
    if (r.has("seat") || r.has("last_four"))
      r.fail(r.has("seat") ? "seat" : "last_four", "belongs to an escape result", "属于逃跑结果");
  } else if (*kind == "draw") {
    t.outcome = Table::Outcome::Draw;
    for (auto k : json_detail::result_keys().subspan(1))  // "wins" on
      if (r.has(k)) r.fail(k, "a draw has no such field", "流局没有此字段");
  } else if (*kind == "escape") {
    t.outcome = Table::Outcome::Escape;
    t.escaper = static_cast<int>(r.integer("seat", 0, 3, std::nullopt));
    t.last_four = r.boolean("last_four");
    if (r.has("wins")) r.fail("wins", "an escape has no such field", "逃跑没有此字段");
    for (const TableField* f : table_fields_of_result())
      if (r.has(f->key())) r.fail(f->key(), "an escape has no such field", "逃跑没有此字段");
  } else {
    r.fail("kind", "expected win, draw or escape", "应为 win、draw 或 escape");
  }
  if (r.error()) return *r.error();
  return std::nullopt;
}

// A table from its JSON value, every field checked.
Result<Table> table_from_value(const In& j) {
  Table t;
  t.rules.clear();
  Fields top(j, "", json_detail::table_keys());
  if (top.error()) return *top.error();
  read_table_fields(top, table_fields_of_table(), t.fields);
  if (auto r = top.text("rules", false)) t.rules = *r;
  if (find_ruleset(t.rules)) t.options = Options(t.rules);  // another rule set's option is refused
  read_options(top, t);
  t.dealer = static_cast<int>(top.integer("dealer", 0, 3, std::nullopt));
  t.streak = top.integer("streak", 0, INT64_MAX, 0);
  if (top.error()) return *top.error();
  if (!top.has("seats") || !top.raw("seats").is_array() || top.raw("seats").size() != kSeats)
    return json_field(ErrorCode::BadField, "seats", "expected an array of exactly 4 seats",
                      "应为恰好 4 个座位的数组");
  if (auto e = read_seats(top, t)) return *e;
  if (auto e = read_kongs(top, t)) return *e;
  if (!top.has("result")) return json_field(ErrorCode::BadField, "result", "required", "必填");
  if (auto e = read_result(top, t)) return *e;
  return t;
}

// table_from_json_checked once the text has passed the gate.
Result<Table> table_from_dom(std::string_view text) {
  auto parsed = parse_checked<In>(text, kMaxTableValues);
  if (!parsed) return parsed.error();
  return table_from_value(*parsed);
}

}  // namespace

Result<Table> table_from_json_value(const Json& value) {
  return table_from_value(In(value));
}

Result<Table> table_from_json(std::string_view text) {
  if (auto e = json_gate(text)) return *e;
  if (auto t = json_detail::table_from_json_fast(text)) return std::move(*t);
  return table_from_dom(text);
}

Result<Table> json_detail::table_from_json_checked(std::string_view text) {
  if (auto e = json_gate(text)) return *e;
  return table_from_dom(text);
}

Json table_to_json(const Table& t) {
  json j = json::object();
  if (!t.rules.empty()) j["rules"] = t.rules;
  auto names = t.options.set_names();
  if (!names.empty()) {
    json o = json::object();
    for (auto name : names)
      for (const auto& spec : option_specs())
        if (spec.name == name)
          o[std::string(name)] = spec.boolean ? json(t.options.get(name) != 0)
                                 : spec.choice()
                                     ? json(option_value_text(spec, t.options.get(name)))
                                     : json(t.options.get(name));
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
    write_table_fields(seat, table_fields_of_seats(), s.fields);
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
      write_table_fields(kong, table_fields_of_kongs(), k.fields);
      kongs.push_back(kong);
    }
    j["kongs"] = kongs;
  }
  json result;
  switch (t.outcome) {
    case Table::Outcome::Draw:
      result = {{"kind", "draw"}};
      break;
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
      write_table_fields(result, table_fields_of_result(), t.result_fields);
      break;
    }
  }
  j["result"] = result;
  write_table_fields(j, table_fields_of_table(), t.fields);
  return j;
}

}  // namespace qianmj
