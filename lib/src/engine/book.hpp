// Internal: a ledger under construction, shared by the rule sets' settle().
#pragma once

#include <string>

#include "qianmj/engine/explain.hpp"
#include "qianmj/engine/settle.hpp"

namespace qianmj {

// Ledger under construction; amounts are checked for overflow as they are made.
class Book {
 public:
  // Without arithmetic (CheckedTable::arithmetic), every amount is the same and only the
  // lines for a referee (LedgerItem::lines) are not written: each under `if (lines())`.
  Book(const Table& t, std::int64_t base, Arithmetic arithmetic)
      : t_(t), base_(base), lines_(arithmetic == Arithmetic::With) {}

  std::int64_t times(std::int64_t a, std::int64_t b) {
    auto r = checked_mul(a, b);
    if (!r) overflow_ = true;
    return r.value_or(0);
  }
  std::int64_t plus(std::int64_t a, std::int64_t b) {
    auto r = checked_add(a, b);
    if (!r) overflow_ = true;
    return r.value_or(0);
  }
  std::int64_t base() const { return base_; }
  bool overflowed() const { return overflow_; }
  bool lines() const { return lines_; }

  std::string seat(int s, bool zh) const { return seat_name(t_, s, zh); }
  // "东、南、北" / "East, South, North"
  std::string seats(const std::vector<int>& list, bool zh) const {
    std::string out;
    for (int s : list) out += (out.empty() ? "" : (zh ? "、" : ", ")) + seat(s, zh);
    return out;
  }
  // "2 × 6" with a base, "2" without (Zunyi: points are not multiplied).
  std::string times_base(std::int64_t amount) const {
    return base_ == 1 ? std::to_string(amount)
                      : std::to_string(amount) + " × " + std::to_string(base_);
  }

  LedgerItem& add(std::string id, Text name, Text detail) {
    ledger.items.push_back({std::move(id), std::move(name), std::move(detail), {}, {}});
    return ledger.items.back();
  }

  Ledger ledger;

 private:
  const Table& t_;
  std::int64_t base_;
  bool lines_;
  bool overflow_ = false;
};

// "西 → 东  平胡 1 + 连庄 2 = 3 番 → 18": a priced transfer, its items added up.
Text transfer_line(const Book& book, const Transfer& tr, const Ruleset& rules);

// The situation of one win, as score() takes it. A rule set ignores what it has no rule
// for (Zunyi: 报听, 豆, the streak).
Situation win_situation(const CheckedTable& c, const WinEvent& w);

// D2-D5, Z4: one ledger item per win, each priced alone by the rule set's score(); a
// win that is none, or not legal (D3), is an error naming the win. `hu` is 胡 or 和.
std::optional<Error> book_wins(Book& book, const CheckedTable& c, const Ruleset& rules,
                               const Text& name, std::string_view hu);

// One row of a rule set's 豆 table: what a kind of kong is called and pays.
struct KongPayment {
  Meld::Kind kind;
  const char* id;
  Text name;
  std::int64_t amount;  // from each payer (Duyun: times the base)
};

template <std::size_t N>
const KongPayment& kong_payment(const KongPayment (&table)[N], Meld::Kind kind) {
  for (const auto& row : table)
    if (row.kind == kind) return row;
  return table[0];  // unreachable: every table lists the three kong kinds
}

// A kong's 豆 as one ledger item: `row.amount` (× base) from the discarder (direct kong) or
// from each other seat, to the konger, with its arithmetic ("2 × 6 from each of 3 = 36").
LedgerItem& book_kong(Book& book, const KongEvent& k, const KongPayment& row);

}  // namespace qianmj
