// Everything about rules in one include: items, situations, scores, waits, the Ruleset
// interface and checked amounts (each has its own header).
#pragma once

#include "qianmj/core/amounts.hpp"
#include "qianmj/core/item.hpp"
#include "qianmj/engine/advice.hpp"
#include "qianmj/engine/options.hpp"
#include "qianmj/engine/registry.hpp"
#include "qianmj/engine/ruleset.hpp"
#include "qianmj/engine/score.hpp"
#include "qianmj/engine/situation.hpp"
#include "qianmj/engine/waits.hpp"
