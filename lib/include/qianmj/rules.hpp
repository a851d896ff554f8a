// Everything about rules in one include: items, situations, scores, waits, the Ruleset
// interface and checked amounts (each has its own header).
#pragma once

#include "qianmj/amounts.hpp"
#include "qianmj/item.hpp"
#include "qianmj/options.hpp"
#include "qianmj/registry.hpp"
#include "qianmj/ruleset.hpp"
#include "qianmj/score.hpp"
#include "qianmj/situation.hpp"
#include "qianmj/waits.hpp"
