// The JSON answers as nlohmann DOMs, built field by field (the library's form before it wrote
// them directly): the reference the direct writers are compared with.
#pragma once

#include "qianmj/formats/json.hpp"

namespace qianmj::test::dom {

Json score(const Score& sc, const Ruleset& rules);
Json ledger(const Ledger& ledger, const Table& table, const Ruleset& rules);
Json statement(const Ledger& ledger, const Table& table, const Ruleset& rules, int seat);

}  // namespace qianmj::test::dom
