// The text of settle: a ledger (wide, or narrow one seat a line) and a seat's statement.
#include <algorithm>
#include <ostream>

#include "qianmj/answers/layout.hpp"
#include "qianmj/formats/notation.hpp"

namespace qianmj {
namespace {

// The net of one ledger row for each seat, and which seats it touches.
struct RowNet {
  std::array<std::int64_t, kSeats> net{};
  std::array<bool, kSeats> touched{};
};

RowNet row_net(const LedgerItem& item) {
  RowNet r;
  for (const auto& tr : item.transfers) {
    r.net[static_cast<std::size_t>(tr.to)] += tr.points;
    r.net[static_cast<std::size_t>(tr.from)] -= tr.points;
    r.touched[static_cast<std::size_t>(tr.to)] = r.touched[static_cast<std::size_t>(tr.from)] =
        true;
  }
  return r;
}

// "东 听牌，大叫 平胡 1 番" for one seat's 查叫.
std::string check_text(const SeatCheck& ch, const Ruleset& rules, bool zh) {
  if (ch.ready && !ch.dajiao)  // a declared ready seat that said no pattern (a win's 鸡, 豆)
    return zh ? "听牌" : "ready";
  if (ch.ready)
    return (zh ? "听牌，大叫 " : "ready, 大叫 ") + item_name(*ch.dajiao, zh) + ' ' +
           unit_text(ch.dajiao->value, rules.unit(), zh);
  return ch.huazhu.value_or(false) ? (zh ? "未听牌（花猪）" : "not ready (花猪)")
                                   : (zh ? "未听牌" : "not ready");
}

// "查叫 东 听牌，…；南 未听牌" (or a line a seat when narrow), when any hand was checked.
void checks_text(const Ledger& ledger, const Table& t, const Ruleset& rules, bool zh, bool narrow,
                 std::ostream& out) {
  bool checked = false;
  for (const auto& ch : ledger.checks) checked = checked || ch.has_value();
  if (checked && narrow) {
    out << (zh ? "查叫\n" : "Hands at the end\n");
    for (int s = 0; s < kSeats; ++s)
      if (const auto& ch = ledger.checks[static_cast<std::size_t>(s)])
        out << "  " << seat_name(t, s, zh) << ' ' << check_text(*ch, rules, zh) << '\n';
  } else if (checked) {
    out << (zh ? "查叫 " : "Hands at the end: ");
    bool first = true;
    for (int s = 0; s < kSeats; ++s) {
      const auto& ch = ledger.checks[static_cast<std::size_t>(s)];
      if (!ch) continue;
      out << (first ? "" : (zh ? "；" : "; ")) << seat_name(t, s, zh) << ' '
          << check_text(*ch, rules, zh);
      first = false;
    }
    out << '\n';
  }
}

// One seat a line, for a phone: each row, then each seat it touches.
void narrow_rows(const Ledger& ledger, const Table& t, bool zh, const std::string& total_label,
                 std::ostream& out, int columns) {
  // A line wider than the screen wraps at its spaces, its next lines two columns further in.
  auto wrapped = [&](const std::string& indent, const std::string& text) {
    const int width = columns > 0 ? std::max(1, columns - display_width(indent) - 2) : 0;
    bool first = true;
    for (const auto& l : wrap_at_spaces(text, width)) {
      out << indent << (first ? "" : "  ") << l << '\n';
      first = false;
    }
  };
  int name_width = 0;
  for (int s = 0; s < kSeats; ++s)
    name_width = std::max(name_width, display_width(seat_name(t, s, zh)));
  auto seat_lines = [&](const std::array<std::int64_t, kSeats>& net,
                        const std::array<bool, kSeats>& touched) {
    int width = 0;
    for (int s = 0; s < kSeats; ++s)
      if (touched[static_cast<std::size_t>(s)])
        width = std::max(width, display_width(signed_points(net[static_cast<std::size_t>(s)])));
    for (int s = 0; s < kSeats; ++s)
      if (touched[static_cast<std::size_t>(s)])
        out << "  " << pad_right(seat_name(t, s, zh), name_width) << "  "
            << pad_left(signed_points(net[static_cast<std::size_t>(s)]), width) << '\n';
  };
  for (const auto& item : ledger.items) {
    RowNet r = row_net(item);
    wrapped("", item.name.in(zh) + "  " + item.detail.in(zh));
    seat_lines(r.net, r.touched);
    for (const auto& line : item.lines) wrapped("    ", line.in(zh));
  }
  out << total_label << '\n';
  seat_lines(ledger.totals, {true, true, true, true});
}

// A column a seat, each as wide as its widest cell.
void wide_rows(const Ledger& ledger, const Table& t, bool zh, const std::string& total_label,
               std::ostream& out) {
  std::vector<std::string> labels;
  for (const auto& item : ledger.items)
    labels.push_back(item.name.in(zh) + "  " + item.detail.in(zh));
  int label_width = display_width(total_label);
  for (const auto& l : labels) label_width = std::max(label_width, display_width(l));
  // Each seat's column as wide as its widest cell (at least 8), two spaces apart: a large
  // amount or a long name never touches its neighbour. A name over 16 columns is cut, marked.
  std::vector<RowNet> nets;
  for (const auto& item : ledger.items) nets.push_back(row_net(item));
  std::array<std::string, kSeats> heads;
  std::array<int, kSeats> width{};
  for (int s = 0; s < kSeats; ++s)
    heads[static_cast<std::size_t>(s)] = truncate_to(seat_name(t, s, zh), 16);
  // Two long names cut to the same heading would read as one seat: each such heading
  // ends with its seat instead (东 E), still 16 columns at most.
  std::array<bool, kSeats> clash{};
  for (std::size_t s = 0; s < kSeats; ++s)
    for (std::size_t o = 0; o < kSeats; ++o)
      clash[s] = clash[s] || (o != s && heads[o] == heads[s]);
  constexpr std::string_view kSeatTag[2][kSeats] = {{"E", "S", "W", "N"}, {"东", "南", "西", "北"}};
  for (int s = 0; s < kSeats; ++s)
    if (auto i = static_cast<std::size_t>(s); clash[i])
      heads[i] = truncate_to(seat_name(t, s, zh), 13) + " " + std::string(kSeatTag[zh][i]);
  for (int s = 0; s < kSeats; ++s) {
    auto i = static_cast<std::size_t>(s);
    width[i] =
        std::max({8, display_width(heads[i]), display_width(signed_points(ledger.totals[i]))});
    for (const auto& r : nets)
      if (r.touched[i]) width[i] = std::max(width[i], display_width(signed_points(r.net[i])));
  }
  out << pad_right("", label_width);
  for (std::size_t s = 0; s < kSeats; ++s) out << "  " << pad_left(heads[s], width[s]);
  out << '\n';
  for (std::size_t i = 0; i < ledger.items.size(); ++i) {
    out << pad_right(labels[i], label_width);
    for (std::size_t s = 0; s < kSeats; ++s)
      out << "  " << pad_left(nets[i].touched[s] ? signed_points(nets[i].net[s]) : "·", width[s]);
    out << '\n';
    for (const auto& line : ledger.items[i].lines) out << "    " << line.in(zh) << '\n';
  }
  out << pad_right(total_label, label_width);
  for (std::size_t s = 0; s < kSeats; ++s)
    out << "  " << pad_left(signed_points(ledger.totals[s]), width[s]);
  out << '\n';
}

}  // namespace

void ledger_text(const Ledger& ledger, const Table& t, const Ruleset& rules, bool zh, bool narrow,
                 std::ostream& out, int columns) {
  out << rules.name().in(zh);
  if (auto price = rules.price()) out << "  " << price->name(zh) << ' ' << price->value;
  out << (zh ? "  庄家 " : "  dealer ") << seat_name(t, t.dealer, zh)
      << (zh ? "  连庄 " : "  streak ") << t.streak << '\n';
  if (ledger.declared)  // nothing was checked against tiles: the table's word for it
    out << (zh ? "报称（未核对牌）\n" : "declared (tiles not checked)\n");
  checks_text(ledger, t, rules, zh, narrow, out);
  std::string total_label = zh ? "合计" : "Total";
  if (narrow)
    narrow_rows(ledger, t, zh, total_label, out, columns);
  else
    wide_rows(ledger, t, zh, total_label, out);
  for (const auto& n : ledger.notes) out << (zh ? "说明  " : "Note  ") << n.in(zh) << '\n';
  out << (zh ? "下一局  庄家 " : "Next hand  dealer ") << seat_name(t, ledger.next_dealer, zh)
      << (zh ? "，连庄 " : ", streak ") << ledger.next_streak << '\n';
}

void statement_text(const Ledger& ledger, const Table& t, int seat, bool zh, std::ostream& out) {
  out << seat_name(t, seat, zh) << (zh ? " 的个人结算\n" : ": statement\n");
  if (ledger.declared) out << (zh ? "报称（未核对牌）\n" : "declared (tiles not checked)\n");
  // Columns sized to their widest cell, so that no name runs into its amount.
  struct Row {
    std::string name, amount, detail;
  };
  std::vector<std::pair<int, std::vector<Row>>> parts;
  int name_width = 0, amount_width = 0;
  for (int other = 0; other < kSeats; ++other) {
    if (other == seat) continue;
    std::vector<Row> rows;
    for (const auto& item : ledger.items)
      for (const auto& tr : item.transfers) {
        bool in = tr.to == seat && tr.from == other, outgoing = tr.from == seat && tr.to == other;
        if (!in && !outgoing) continue;
        rows.push_back(
            {item.name.in(zh), signed_points(in ? tr.points : -tr.points), item.detail.in(zh)});
        name_width = std::max(name_width, display_width(rows.back().name));
        amount_width = std::max(amount_width, display_width(rows.back().amount));
      }
    parts.emplace_back(other, std::move(rows));
  }
  for (const auto& [other, rows] : parts) {
    std::int64_t sum =
        0;  // the per-counterparty net, from the transfers (each fits; so does their sum)
    for (const auto& item : ledger.items)
      for (const auto& tr : item.transfers) {
        if (tr.to == seat && tr.from == other) sum += tr.points;
        if (tr.from == seat && tr.to == other) sum -= tr.points;
      }
    out << (zh ? "  与 " : "  with ") << seat_name(t, other, zh) << (zh ? "：" : ": ")
        << signed_points(sum) << '\n';
    for (const auto& r : rows)
      out << "    " << pad_right(r.name, std::max(24, name_width)) << "  "
          << pad_left(r.amount, std::max(6, amount_width)) << "  " << r.detail << '\n';
  }
  out << (zh ? "  合计 " : "  Total ")
      << signed_points(ledger.totals[static_cast<std::size_t>(seat)]) << '\n';
}

std::string settle_rows_heading(char sep) {
  std::string out;
  for (const char* cell : {"line", "seat", "name", "points", "dealer"}) out.append(cell) += sep;
  return out + "streak\n";
}

void append_settle_rows(std::string& out, const Ledger& ledger, const Table& t, long line, int seat,
                        char sep, bool zh) {
  for (int s = 0; s < kSeats; ++s) {
    if (seat >= 0 && s != seat) continue;
    for (std::string cell :
         {std::to_string(line), std::to_string(s), csv_cell(seat_name(t, s, zh), sep),
          std::to_string(ledger.totals[static_cast<std::size_t>(s)]),
          std::string(t.dealer == s ? "1" : "0")})
      out.append(cell) += sep;
    out += std::to_string(t.streak);
    out += '\n';
  }
}

}  // namespace qianmj
