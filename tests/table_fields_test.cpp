// Table fields a rule set owns (RulesetInfo::table_fields, engine/table_fields.hpp): the
// declarations are complete and consistent, and every field of every registered rule set
// goes through both JSON readers and the writer, and is refused under a rule set that does
// not own it, without any of them naming it.
#include <algorithm>
#include <catch2/catch.hpp>
#include <set>
#include <stdexcept>
#include <string>

#include "formats/json_tables.hpp"
#include "qianmj/engine/registry.hpp"
#include "qianmj/engine/settle.hpp"
#include "qianmj/engine/table_fields.hpp"
#include "qianmj/formats/json.hpp"

using namespace qianmj;
using json_detail::table_from_json_checked;
using json_detail::table_from_json_fast;

namespace {

const char* kWin =
    R"({"rules":"RULES","dealer":0,"seats":[{"hand":"2344567p345789s7p"SEAT0},{"hand":"1112223334445m"},)"
    R"({"hand":"6667778889995m"},{"hand":"1112226668889s"}],"result":{"kind":"win","wins":[{"seat":0,"tile":"7p"}]RESULT}})";

// The same with seat 1's added kong of 1m, and a place for the kong's fields and the table's.
const char* kWithKong =
    R"({"rules":"RULES","dealer":0,"seats":[{"hand":"2344567p345789s7p"SEAT0},{"hand":"[1111m+]2223334445m"},)"
    R"({"hand":"6667778889995m"},{"hand":"1112226668889s"}],"kongs":[{"seat":1,"kind":"added","tile":"1m"KONG}],)"
    R"("result":{"kind":"win","wins":[{"seat":0,"tile":"7p"}]RESULT}TOP})";

std::string table(std::string_view rules, std::string seat0, std::string result,
                  const char* text = kWin, std::string kong = "", std::string top = "") {
  std::string t = text;
  t.replace(t.find("RULES"), 5, rules);
  t.replace(t.find("SEAT0"), 5, seat0);
  t.replace(t.find("RESULT"), 6, result);
  if (auto at = t.find("KONG"); at != std::string::npos) t.replace(at, 4, kong);
  if (auto at = t.find("TOP"); at != std::string::npos) t.replace(at, 3, top);
  return t;
}

// A value of the field other than 0 (not given), as JSON writes it.
Json sample(const TableField& f) {
  switch (f.kind) {
    case TableField::Kind::Bool:
      return true;
    case TableField::Kind::Int:
      return f.max;
    case TableField::Kind::Tile:
      return "2s";
    case TableField::Kind::Seats:
      return Json{{"from", 2}, {"to", 3}};
    case TableField::Kind::Tiles:
      return "2s";
  }
  return nullptr;
}

bool owns(const RulesetInfo& info, const TableField& f) {
  return std::any_of(info.table_fields.begin(), info.table_fields.end(),
                     [&](const TableField& x) { return x.path == f.path; });
}

// The table of rule set `rules` with field `f` set to `value` (on seat 0 for a seat's field).
std::string with_field(std::string_view rules, const TableField& f, const Json& value) {
  const std::string member = ",\"" + std::string(f.key()) + "\":" + value.dump();
  switch (f.place()) {
    case TableField::Place::Seat:
      return table(rules, member, "");
    case TableField::Place::Result:
      return table(rules, "", member);
    case TableField::Place::Kong:
      return table(rules, "", "", kWithKong, member);
    case TableField::Place::Table:
      return table(rules, "", "", kWithKong, "", member);
  }
  return "";
}

// Where a field of seat 0, the result, kong 0 or the table is in a table's JSON.
const Json& at_place(const Json& j, const TableField& f) {
  switch (f.place()) {
    case TableField::Place::Seat:
      return j["seats"][0][std::string(f.key())];
    case TableField::Place::Result:
      return j["result"][std::string(f.key())];
    case TableField::Place::Kong:
      return j["kongs"][0][std::string(f.key())];
    case TableField::Place::Table:
      break;
  }
  return j[std::string(f.key())];
}
const TableFieldValues& values_at(const Table& t, const TableField& f) {
  switch (f.place()) {
    case TableField::Place::Seat:
      return t.seats[0].fields;
    case TableField::Place::Result:
      return t.result_fields;
    case TableField::Place::Kong:
      return t.kongs[0].fields;
    case TableField::Place::Table:
      break;
  }
  return t.fields;
}
// Its path in an error: seat 0's, kong 0's, or its own.
std::string error_path(const TableField& f) {
  switch (f.place()) {
    case TableField::Place::Seat:
      return "seats[0]." + std::string(f.key());
    case TableField::Place::Kong:
      return "kongs[0]." + std::string(f.key());
    default:
      return std::string(f.path);
  }
}

}  // namespace

TEST_CASE("Table fields: every rule set's declarations are listed once, whole and consistent") {
  std::size_t declared = 0;
  for (const auto& info : rulesets())
    for (const auto& f : info.table_fields) {
      INFO(info.id << " " << f.path);
      ++declared;
      const TableField* found = find_table_field(f.path);
      REQUIRE(found);
      CHECK(found->kind == f.kind);
      CHECK((f.place() == TableField::Place::Kong) == (f.path.substr(0, 8) == "kongs[]."));
      CHECK(!f.key().empty());
      CHECK(f.min == 0);
      CHECK(f.max >= (f.kind == TableField::Kind::Tile || f.kind == TableField::Kind::Seats ||
                              f.kind == TableField::Kind::Tiles
                          ? 0
                          : 1));
      CHECK(!f.what_en.empty());
      CHECK(!f.what_zh.empty());
      CHECK(!f.words_zh.empty());
      CHECK(!f.words_en.empty());
      for (auto w : f.words_zh) CHECK(find_table_field_word(w) == found);
      for (auto w : f.words_en) CHECK(find_table_field_word(w) == found);
      // Its slot among its place's, and its key among that place's object's keys.
      const auto place = table_fields_of(f.place());
      const std::size_t slot = table_field_slot(*found);
      REQUIRE(slot < place.size());
      CHECK(place[slot] == found);
      using P = TableField::Place;
      const auto keys = f.place() == P::Seat     ? json_detail::seat_keys()
                        : f.place() == P::Result ? json_detail::result_keys()
                        : f.place() == P::Kong   ? json_detail::kong_keys()
                                                 : json_detail::table_keys();
      const std::size_t own = f.place() == P::Seat     ? std::size(json_detail::kSeatOwnKeys)
                              : f.place() == P::Result ? std::size(json_detail::kResultOwnKeys)
                              : f.place() == P::Kong   ? std::size(json_detail::kKongKeys)
                                                       : std::size(json_detail::kTableKeys);
      REQUIRE(own + slot < keys.size());
      CHECK(keys[own + slot] == f.key());
    }
  CHECK(table_field_specs().size() <= declared);
  CHECK(table_fields_of_seats().size() + table_fields_of_result().size() +
            table_fields_of_kongs().size() + table_fields_of_table().size() ==
        table_field_specs().size());
  std::set<std::string_view> paths, keys_of_seats, keys_of_result;
  for (const auto& f : table_field_specs()) {
    CHECK(paths.insert(f.path).second);
    std::size_t owners = 0;
    for (const auto& info : rulesets()) owners += owns(info, f) ? 1 : 0;
    CHECK(owners >= 1);
  }
  for (auto k : json_detail::seat_keys()) CHECK(keys_of_seats.insert(k).second);
  for (auto k : json_detail::result_keys()) CHECK(keys_of_result.insert(k).second);
  CHECK_THROWS_AS(TableFieldKey<bool>("seats[].no_such_field"), std::logic_error);
}

TEST_CASE(
    "Table fields: each round-trips JSON -> Table -> JSON through both readers, and is refused "
    "under a rule set that does not own it") {
  for (const auto& f : table_field_specs()) {
    const RulesetInfo* owner = nullptr;
    std::string owners_en, owners_zh;
    for (const auto& info : rulesets())
      if (owns(info, f)) {
        if (!owner) owner = &info;
        owners_en += (owners_en.empty() ? "" : ", ") + std::string(info.en) + " (--rules " +
                     std::string(info.id) + ")";
        owners_zh += (owners_zh.empty() ? "" : "、") + std::string(info.zh) + "（--rules " +
                     std::string(info.id) + "）";
      }
    REQUIRE(owner);
    const Json value = sample(f);
    const std::string field = error_path(f);
    // The one-pass reader knows the fields of seats and of the result; a table with a kong's
    // or the table's own is read by the checked reader alone.
    const bool one_pass =
        f.place() == TableField::Place::Seat || f.place() == TableField::Place::Result;
    INFO(f.path);
    for (std::string_view rules : {owner->id, std::string_view()}) {  // "rules" omitted too
      std::string text = with_field(owner->id, f, value);
      if (rules.empty())
        text.replace(text.find("\"rules\":\"" + std::string(owner->id) + "\","),
                     std::string(owner->id).size() + 11, "");
      INFO(text);
      auto fast = table_from_json_fast(text);
      auto checked = table_from_json_checked(text);
      REQUIRE(checked);
      CHECK(fast.has_value() == one_pass);
      if (fast) CHECK(*fast == *checked);
      CHECK(values_at(*checked, f).raw(table_field_slot(f)) > 0);
      const Json out = table_to_json(*checked);
      CHECK(at_place(out, f) == value);
      if (fast) CHECK(table_to_json(*fast) == out);
      auto again = table_from_json(out.dump());
      REQUIRE(again);
      CHECK(*again == *checked);
    }
    // Out of its range: the checked reader names it, the one-pass reader leaves it.
    if (f.kind == TableField::Kind::Int) {
      const std::string text = with_field(owner->id, f, f.max + 1);
      CHECK_FALSE(table_from_json_fast(text));
      auto t = table_from_json_checked(text);
      REQUIRE_FALSE(t);
      CHECK(t.error().field == field);
      CHECK(t.error().en ==
            "expected 0 to " + std::to_string(f.max) + ", not " + std::to_string(f.max + 1));
    }
    // A result's field is a win's: a draw has no such field.
    if (f.place() == TableField::Place::Result) {
      const std::string text = R"({"rules":")" + std::string(owner->id) +
                               R"(","dealer":0,"seats":[{},{},{},{}],"result":{"kind":"draw",")" +
                               std::string(f.key()) + "\":" + value.dump() + "}}";
      CHECK_FALSE(table_from_json_fast(text));
      auto t = table_from_json_checked(text);
      REQUIRE_FALSE(t);
      CHECK(t.error().field == field);
      CHECK(t.error().en == "a draw has no such field");
    }
    // Every rule set that does not own it refuses it, naming those that do.
    for (const auto& info : rulesets()) {
      if (owns(info, f)) continue;
      INFO(info.id);
      auto t = table_from_json(with_field(info.id, f, value));
      REQUIRE(t);
      auto l = settle(*t);
      REQUIRE_FALSE(l);
      CHECK(l.error().code == ErrorCode::BadField);
      CHECK(l.error().field == field);
      CHECK(l.error().en == std::string(f.key()) + " is read only by the " + owners_en +
                                " rules; the " + std::string(info.en) +
                                " rules have no such field");
      CHECK(l.error().zh == std::string(f.key()) + " 只用于" + owners_zh + "规则；" +
                                std::string(info.zh) + "规则没有这一项");
      // Given as 0 (false, 0), it is not given: the table is priced.
      if (f.kind != TableField::Kind::Tile && f.kind != TableField::Kind::Seats &&
          f.kind != TableField::Kind::Tiles)
        CHECK(settle(*table_from_json(
            with_field(info.id, f, f.kind == TableField::Kind::Bool ? Json(false) : Json(0)))));
    }
  }
}

TEST_CASE(
    "Table fields: a declaration the words could not read or say is refused, naming its path") {
  constexpr std::string_view kZh[] = {"好运"}, kEn[] = {"lucky"};
  const TableField lucky{
      "result.lucky",    TableField::Kind::Bool, 0, 1, kZh, kEn, "luck", "好运", {},
      "comes with a win"};
  // A result's field is read as a keyword with an argument (翻7筒): on/off, it has none.
  CHECK_THROWS_WITH(check_table_field(lucky),
                    "qianmj: table field result.lucky: a Bool of the result: a result's field is "
                    "read as a keyword with an argument (WORD:ARG)");
  TableField count = lucky;
  count.kind = TableField::Kind::Int;
  count.max = 3;
  CHECK_THROWS_WITH(check_table_field(count),
                    "qianmj: table field result.lucky: an Int without how_many_en, or with it: {} "
                    "(the seat) in a seat's, none in a result's");
  count.how_many_en = "how many lucks {} had";
  CHECK_THROWS(check_table_field(count));  // no seat in a result's message
  count.how_many_en = "how many lucks";
  CHECK_NOTHROW(check_table_field(count));
  count.after_win_en = {};
  CHECK_THROWS_WITH(check_table_field(count),
                    "qianmj: table field result.lucky: a result's field without after_win_en");
  count.path = "seats[].lucky";  // a seat's count names the seat
  CHECK_THROWS(check_table_field(count));
  count.how_many_en = "how many lucks {} had";
  CHECK_NOTHROW(check_table_field(count));
  count.words_en = {};
  CHECK_THROWS_WITH(check_table_field(count),
                    "qianmj: table field seats[].lucky: no words in one of its scripts");
}
