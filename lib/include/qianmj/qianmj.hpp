// The whole public library in one include. The headers below it are in folders by layer,
// each including only the layers beneath it (docs/architecture.md):
//   core/     tiles, hands, analysis, errors, amounts
//   engine/   options, situations, scoring, waits, the Ruleset interface, the registry, settle
//   formats/  notation, JSON, table words, requests
//   answers/  sessions, rule texts, the layouts and the front door (answer, answer_json)
#pragma once

#include "qianmj/answers/answer.hpp"
#include "qianmj/answers/layout.hpp"
#include "qianmj/answers/rule_texts.hpp"
#include "qianmj/answers/session.hpp"
#include "qianmj/core/amounts.hpp"
#include "qianmj/core/analysis.hpp"
#include "qianmj/core/error.hpp"
#include "qianmj/core/hand.hpp"
#include "qianmj/core/item.hpp"
#include "qianmj/core/terminal_text.hpp"
#include "qianmj/core/tile.hpp"
#include "qianmj/engine/explain.hpp"
#include "qianmj/engine/options.hpp"
#include "qianmj/engine/registry.hpp"
#include "qianmj/engine/rules.hpp"
#include "qianmj/engine/ruleset.hpp"
#include "qianmj/engine/score.hpp"
#include "qianmj/engine/settle.hpp"
#include "qianmj/engine/situation.hpp"
#include "qianmj/engine/table_fields.hpp"
#include "qianmj/engine/waits.hpp"
#include "qianmj/formats/json.hpp"
#include "qianmj/formats/notation.hpp"
#include "qianmj/formats/request.hpp"
#include "qianmj/formats/table_words.hpp"
#include "qianmj/version.hpp"
