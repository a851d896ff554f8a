// Internal: a ledger under construction, shared by the rule sets' settle().
#pragma once

#include <string>

#include "qianmj/settle.hpp"

namespace qianmj {

// Ledger under construction; amounts are checked for overflow as they are made.
class Book {
 public:
  Book(const Table& t, std::int64_t base) : t_(t), base_(base) {}

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

  std::string seat(int s, bool zh) const { return seat_name(t_, s, zh); }

  LedgerItem& add(std::string id, Text name, Text detail) {
    ledger.items.push_back({std::move(id), std::move(name), std::move(detail), {}});
    return ledger.items.back();
  }

  Ledger ledger;

 private:
  const Table& t_;
  std::int64_t base_;
  bool overflow_ = false;
};

// D2-D5, Z4: one ledger item per win, each priced alone by the rule set's score(); a
// win that is none, or not legal (D3), is an error naming the win. `hu` is 胡 or 和.
std::optional<Error> book_wins(Book& book, const CheckedTable& c, const Ruleset& rules, const Text& name,
                               std::string_view hu);

// "平胡 + 报听" (zh) or "平胡 Plain win + 报听 Declared ready" (en) for a ledger row.
inline std::string item_names(const std::vector<Item>& items, bool zh) {
  std::string out;
  for (const auto& it : items) {
    out += out.empty() ? "" : " + ";
    out += it.zh;
    if (!zh) out.append(" ").append(it.en);
  }
  return out;
}

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

// A kong's 豆 as one ledger item: `amount` from the discarder (direct kong) or from each
// other seat, to the konger.
inline LedgerItem& book_kong(Book& book, const KongEvent& k, const char* id, const Text& name, std::int64_t amount) {
  Text detail{k.tile.ascii() + " " + book.seat(k.seat, false), k.tile.chinese() + " " + book.seat(k.seat, true)};
  if (k.kind == Meld::Kind::DirectKong) {
    detail.en += " (from " + book.seat(k.from, false) + ")";
    detail.zh += "（" + book.seat(k.from, true) + "点杠）";
  }
  auto& item = book.add(id, name, detail);
  for (int p = 0; p < kSeats; ++p)
    if (p != k.seat && (k.kind != Meld::Kind::DirectKong || p == k.from)) item.transfers.push_back({p, k.seat, amount, 0, {}});
  return item;
}

}  // namespace qianmj
