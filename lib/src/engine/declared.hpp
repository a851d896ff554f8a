// A declared table (Table::declared): the checks that stand in for the tiles' (each seat's
// pattern resolved by the rule set and fitted to what the table says), and the facts the
// rule sets' settle reads from it instead of a hand.
#pragma once

#include <optional>

#include "qianmj/engine/settle.hpp"

namespace qianmj {

// Checks the declared records of `c.table` under `rules` and resolves their patterns into
// c.declared. An error names the field (seats[i].declared.pattern …).
std::optional<Error> check_declared(CheckedTable& c, const Ruleset& rules);

// A declared seat's record (the default where the seat is not named).
const Declared& declared_of(const Table& t, int seat);

}  // namespace qianmj
