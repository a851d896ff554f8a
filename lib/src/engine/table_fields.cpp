#include "qianmj/engine/table_fields.hpp"

#include <algorithm>
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
  if (!f.of_seat() && f.path.substr(0, 7) != "result.") refuse(f.path, "not seats[]. or result.");
  if (f.key().empty()) refuse(f.path, "no key");
  const bool range = f.kind == TableField::Kind::Bool ? f.min == 0 && f.max == 1
                     : f.kind == TableField::Kind::Tile
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
  if (!f.of_seat() && f.kind == TableField::Kind::Bool)
    refuse(
        f.path,
        "a Bool of the result: a result's field is read as a keyword with an argument (WORD:ARG)");
  if (!f.of_seat() && f.after_win_en.empty())
    refuse(f.path, "a result's field without after_win_en");
}

namespace {

struct All {
  std::vector<TableField> specs;
  std::vector<const TableField*> of_seats, of_result;  // by slot
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
    for (const auto& f : out.specs) (f.of_seat() ? out.of_seats : out.of_result).push_back(&f);
    if (out.of_seats.size() > TableFieldValues::kMax ||
        out.of_result.size() > TableFieldValues::kMax)
      refuse(out.specs.back().path, "more fields than TableFieldValues::kMax");
    return out;
  }();
  return built;
}

}  // namespace

std::span<const TableField> table_field_specs() {
  return all().specs;
}

std::span<const TableField* const> table_fields_of_seats() {
  return all().of_seats;
}

std::span<const TableField* const> table_fields_of_result() {
  return all().of_result;
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
  const auto place = field.of_seat() ? table_fields_of_seats() : table_fields_of_result();
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
