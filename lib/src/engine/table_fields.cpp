#include "qianmj/engine/table_fields.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "qianmj/engine/registry.hpp"

namespace qianmj {

namespace {

[[noreturn]] void refuse(std::string_view path, const char* why) {
  throw std::logic_error("qianmj: table field " + std::string(path) + ": " + why);
}

}  // namespace

void check_table_field(const TableField& f) {
  using Kind = TableField::Kind;
  using Place = TableField::Place;
  if (f.place() == Place::Table && f.path.find_first_of(".[") != std::string_view::npos)
    refuse(f.path, "not seats[]., result., kongs[]. or a top-level name");
  if (f.key().empty()) refuse(f.path, "no key");
  if ((f.place() == Place::Kong) != (f.kind == Kind::Bool && f.place() == Place::Kong) ||
      (f.place() == Place::Table) != (f.kind == Kind::Seats))
    refuse(f.path, "a kong's field other than on/off, or a table's other than a pair of seats");
  if (f.kind == Kind::Tiles && f.place() != Place::Seat)
    refuse(f.path, "a list of tiles not a seat's");
  const bool range = f.kind == Kind::Bool ? f.min == 0 && f.max == 1
                     : f.kind == Kind::Tile || f.kind == Kind::Seats || f.kind == Kind::Tiles
                         ? f.min == 0 && f.max == 0
                         : f.min == 0 && f.max > 0 && f.max <= INT32_MAX;
  if (!range) refuse(f.path, "a range other than 0 (not given) to some maximum");
  // What the words reader and writer need of it (lib/src/formats/words/).
  if (f.words_zh.empty() || f.words_en.empty()) refuse(f.path, "no words in one of its scripts");
  if (f.what_en.empty() || f.what_zh.empty()) refuse(f.path, "no what_en or what_zh");
  if (f.kind == TableField::Kind::Int &&
      (f.how_many_en.empty() ||
       f.of_seat() != (f.how_many_en.find("{}") != std::string_view::npos)))
    refuse(f.path,
           "an Int without how_many_en, or with it: {} (the seat) in a seat's, none in a result's");
  if (f.place() == Place::Result && f.kind == Kind::Bool)
    refuse(
        f.path,
        "a Bool of the result: a result's field is read as a keyword with an argument (WORD:ARG)");
  if (f.place() == Place::Result && f.after_win_en.empty())
    refuse(f.path, "a result's field without after_win_en");
}

namespace {

struct All {
  std::vector<TableField> specs;
  std::array<std::vector<const TableField*>, 4> of;  // by place, then by slot
};

const All& all() {
  static const All built = [] {
    All out;
    for (const auto& r : rulesets())
      for (const auto& f : r.table_fields) {
        check_table_field(f);
        bool known = false;
        for (const auto& x : out.specs)
          if (x.path == f.path) {
            // (std::equal of two ranges: libc++ 13 of the browser build has no ranges::equal)
            if (!std::equal(x.words_zh.begin(), x.words_zh.end(), f.words_zh.begin(),
                            f.words_zh.end()) ||
                !std::equal(x.words_en.begin(), x.words_en.end(), f.words_en.begin(),
                            f.words_en.end()) ||
                x.kind != f.kind || x.min != f.min || x.max != f.max || x.what_en != f.what_en ||
                x.what_zh != f.what_zh || x.how_many_en != f.how_many_en ||
                x.after_win_en != f.after_win_en)
              refuse(f.path, "declared twice, differently");
            known = true;
          }
        if (!known) out.specs.push_back(f);
      }
    for (const auto& f : out.specs) {
      auto& place = out.of[static_cast<std::size_t>(f.place())];
      place.push_back(&f);
      if (place.size() > TableFieldValues::kMax)
        refuse(f.path, "more fields than TableFieldValues::kMax");
      if (f.kind == TableField::Kind::Tiles &&
          std::count_if(place.begin(), place.end(),
                        [](const TableField* x) { return x->kind == TableField::Kind::Tiles; }) > 1)
        refuse(f.path, "a second list of tiles of one place (TableFieldValues keeps one)");
    }
    return out;
  }();
  return built;
}

}  // namespace

std::span<const TableField> table_field_specs() {
  return all().specs;
}

std::span<const TableField* const> table_fields_of(TableField::Place place) {
  return all().of[static_cast<std::size_t>(place)];
}
std::span<const TableField* const> table_fields_of_seats() {
  return table_fields_of(TableField::Place::Seat);
}
std::span<const TableField* const> table_fields_of_result() {
  return table_fields_of(TableField::Place::Result);
}
std::span<const TableField* const> table_fields_of_kongs() {
  return table_fields_of(TableField::Place::Kong);
}
std::span<const TableField* const> table_fields_of_table() {
  return table_fields_of(TableField::Place::Table);
}

const TableField* find_table_field(std::string_view path) {
  for (const auto& f : all().specs)
    if (f.path == path) return &f;
  return nullptr;
}

const TableField* find_table_field_word(std::string_view word) {
  for (const auto& f : all().specs) {
    for (auto w : f.words_zh)
      if (w == word) return &f;
    for (auto w : f.words_en)
      if (w == word) return &f;
  }
  return nullptr;
}

std::size_t table_field_slot(const TableField& field) {
  const auto place = table_fields_of(field.place());
  for (std::size_t i = 0; i < place.size(); ++i)
    if (place[i]->path == field.path) return i;
  refuse(field.path, "no registered rule set declares it");
}

std::size_t table_field_key_slot(std::string_view path, TableField::Kind kind) {
  const TableField* f = find_table_field(path);
  if (!f) refuse(path, "no registered rule set declares it");
  if (f->kind != kind) refuse(path, "read as another kind than declared");
  return table_field_slot(*f);
}

}  // namespace qianmj
