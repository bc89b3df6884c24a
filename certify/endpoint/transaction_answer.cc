// The readers of the answers of endpoint/transactions
// (transaction_answer.h). Every member is looked at with its JSON type
// first: an answer may hold anything, and so may a reproduction's expected
// answer.

#include "certify/endpoint/transaction_answer.h"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>
#include <utility>

#include "oracles/naive_query.h"
#include "properties/props/query_conversions.h"
#include "sortkey/attribute.h"
#include "sortkey/error.h"
#include "support/text.h"

namespace sortkey::certify::endpoint {

using nlohmann::json;
using oracle::NItem;

namespace {

// Member `name` of `j`, or null when `j` is not an object or lacks it.
const json& member_of(const json& j, const char* name) {
  static const json kNull;
  if (!j.is_object()) return kNull;
  const auto it = j.find(name);
  return it == j.end() ? kNull : *it;
}

std::string string_member(const json& j, const char* name) {
  const json& m = member_of(j, name);
  return m.is_string() ? m.get<std::string>() : std::string();
}

// The endpoint's text within a sentence: one line, cut, never half a character.
std::string shown(std::string_view text) { return support::excerpt(text, 400); }

// The oracle's text of items (naive_show: escaped, one line) cut.
std::string cut(std::string text) {
  if (text.size() <= 400) return text;
  return std::string(support::utf8_prefix(text, 400)) + "…";
}

std::string show_item(const std::optional<NItem>& i) {
  return i ? cut(oracle::naive_show(*i)) : std::string("none");
}

std::string show_items(const std::vector<NItem>& items) {
  std::string out = "[";
  for (const NItem& i : items) {
    if (out.size() > 400) return cut(out);
    out += (out.size() > 1 ? ", " : "") + oracle::naive_show(i);
  }
  return cut(out + "]");
}

std::string join_codes(const std::vector<std::string>& codes) {
  std::string out = "[";
  for (const std::string& c : codes) {
    if (out.size() > 400) return shown(out);
    out += (out.size() > 1 ? ", " : "") + c;
  }
  return shown(out + "]");
}

// The expected reasons of a reproduction: each a code (no Item judged) or
// {"Code": code, "Item": item} (its Item judged: absent or null for none).
struct ExpectedReason {
  std::string code;
  bool judge_item = false;
  json item;
};

std::vector<ExpectedReason> expected_reasons(const json& expected) {
  std::vector<ExpectedReason> out;
  const json& list = member_of(expected, "CancellationReasons");
  if (!list.is_array()) return out;
  for (const json& e : list) {
    ExpectedReason r;
    if (e.is_string()) {
      r.code = e.get<std::string>();
    } else if (e.is_object()) {
      r.code = string_member(e, "Code");
      r.judge_item = true;
      r.item = member_of(e, "Item");
    }
    out.push_back(std::move(r));
  }
  return out;
}

// The Items of the reasons against the expected ones: "" when each judged
// one agrees. REQUIRES: as many reasons as expected.
std::string reason_items_kind(const std::vector<ExpectedReason>& want,
                              const std::vector<CancellationReason>& got, std::string* detail) {
  for (std::size_t i = 0; i < want.size() && i < got.size(); ++i) {
    if (!want[i].judge_item) continue;
    if (!got[i].item.is_null() && !answer_item(got[i].item)) {
      *detail = fmt::format("cancellation reason {} ({}) holds an Item that is not DynamoDB JSON",
                            i, shown(got[i].code));
      return "malformed";
    }
    const std::optional<NItem> have = answer_item(got[i].item);
    const std::optional<NItem> ought = answer_item(want[i].item);
    if (same_answer_item(have, ought)) continue;
    *detail = fmt::format(
        "cancellation reason {} ({}, ReturnValuesOnConditionCheckFailure ALL_OLD) holds Item {}, "
        "though DynamoDB gives {}",
        i, shown(got[i].code), show_item(have), show_item(ought));
    return "reason_item";
  }
  return "";
}

}  // namespace

std::optional<NItem> answer_item(const json& j) {
  if (!j.is_object()) return std::nullopt;
  auto item = parse_item(j.dump(-1, ' ', false, json::error_handler_t::replace));
  if (!item) return std::nullopt;
  return props::to_naive(*item);
}

bool same_answer_item(const std::optional<NItem>& a, const std::optional<NItem>& b) {
  if (a.has_value() != b.has_value()) return false;
  return !a || oracle::naive_items_equal(*a, *b);
}

bool same_answer_items(const std::vector<NItem>& a, std::vector<NItem> b) {
  if (a.size() != b.size()) return false;
  for (const NItem& x : a) {
    const auto it = std::find_if(b.begin(), b.end(),
                                 [&](const NItem& y) { return oracle::naive_items_equal(x, y); });
    if (it == b.end()) return false;
    b.erase(it);
  }
  return true;
}

std::optional<std::vector<CancellationReason>> cancellation_reasons(const json& body) {
  const json& reasons = member_of(body, "CancellationReasons");
  if (!reasons.is_array()) return std::nullopt;
  std::vector<CancellationReason> out;
  out.reserve(reasons.size());
  for (const json& r : reasons) {
    const json& code = member_of(r, "Code");
    if (!code.is_string()) return std::nullopt;
    out.push_back({code.get<std::string>(), member_of(r, "Item")});
  }
  return out;
}

std::optional<std::vector<std::string>> cancellation_codes(const json& body) {
  const auto reasons = cancellation_reasons(body);
  if (!reasons) return std::nullopt;
  std::vector<std::string> out;
  out.reserve(reasons->size());
  for (const CancellationReason& r : *reasons) out.push_back(r.code);
  return out;
}

std::string transaction_verdict_kind(const json& expected, const PageAnswer& a,
                                     std::string* detail) {
  if (!a.no_answer.empty()) {
    *detail = "got " + failure_text(a);
    return failure_kind(a);
  }
  const std::string want = string_member(expected, "error");
  if (want.empty()) {
    if (!a.error) return "";
    *detail = shown(fmt::format("refused: {}: {}", a.error->type, a.error->message));
    return "rejected";
  }
  if (!a.error) {
    *detail = "taken, though DynamoDB answers " + shown(want);
    return "accepted";
  }
  if (a.error->type != want) {
    *detail = shown(fmt::format("answered {}: {}, though DynamoDB answers {}", a.error->type,
                                a.error->message, want));
    return "error_type";
  }
  if (!member_of(expected, "CancellationReasons").is_array()) return "";
  const std::vector<ExpectedReason> reasons = expected_reasons(expected);
  std::vector<std::string> codes;
  for (const ExpectedReason& r : reasons) codes.push_back(r.code);
  const std::optional<std::vector<CancellationReason>> got = cancellation_reasons(a.body);
  if (!got) {
    *detail = "cancelled without CancellationReasons, though DynamoDB gives " + join_codes(codes);
    return "reasons";
  }
  std::vector<std::string> got_codes;
  for (const CancellationReason& r : *got) got_codes.push_back(r.code);
  if (got_codes != codes) {
    *detail = fmt::format("cancelled with reasons {}, though DynamoDB gives {}",
                          join_codes(got_codes), join_codes(codes));
    return "reasons";
  }
  return reason_items_kind(reasons, *got, detail);
}

std::string transact_get_kind(const PageAnswer& a, const oracle::NReadAnswer& want,
                              std::string* detail) {
  const json& responses = member_of(a.body, "Responses");
  if (!responses.is_array() || responses.size() != want.items.size()) {
    *detail = fmt::format("answered {} Responses for {} Gets",
                          responses.is_array() ? responses.size() : 0, want.items.size());
    return "items";
  }
  for (std::size_t i = 0; i < responses.size(); ++i) {
    const json& raw = member_of(responses[i], "Item");
    if (raw.is_object() && !answer_item(raw)) {
      *detail = fmt::format("Responses[{}] holds an item that is not DynamoDB JSON", i);
      return "malformed";
    }
    const std::optional<NItem> got = answer_item(raw);
    if (!same_answer_item(got, want.items[i])) {
      *detail = fmt::format("Get {} answers {}, the oracle {}", i, show_item(got),
                            show_item(want.items[i]));
      return "items";
    }
  }
  return "";
}

std::optional<std::string> transact_get_replayed(const json& expected, const PageAnswer& a) {
  const json& want = member_of(expected, "Responses");
  if (!want.is_array()) return std::nullopt;
  const json& got = member_of(a.body, "Responses");
  if (!got.is_array() || got.size() != want.size())
    return std::string("another number of Responses than expected");
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (!same_answer_item(answer_item(member_of(got[i], "Item")), answer_item(want[i])))
      return fmt::format("Responses[{}] differs from the expected", i);
  }
  return std::nullopt;
}

std::string batch_answer_items(const json& body, std::map<std::string, std::vector<NItem>>& out,
                               json* left) {
  *left = json::object();
  const json& responses = member_of(body, "Responses");
  if (responses.is_object()) {
    for (const auto& [table, items] : responses.items()) {
      std::vector<NItem>& found = out[table];  // a table answered with no item is named
      if (!items.is_array()) return "Responses of a table is not a list of items";
      for (const json& raw : items) {
        if (!raw.is_object()) return "an item of Responses is not an object";
        auto item = parse_item(raw.dump(-1, ' ', false, json::error_handler_t::replace));
        if (!item)
          return shown("an item of Responses is not DynamoDB JSON: " + describe(item.error()));
        found.push_back(props::to_naive(*item));
      }
    }
  } else if (!responses.is_null()) {
    return "Responses is not an object of tables";
  }
  const json& unprocessed = member_of(body, "UnprocessedKeys");
  if (unprocessed.is_object()) *left = unprocessed;
  return "";
}

std::string batch_kind(const std::map<std::string, std::vector<NItem>>& found,
                       const oracle::NBatchAnswer& want,
                       const std::map<std::string, std::string>& names, std::string* detail) {
  for (const auto& [n, items] : want.responses) {
    const auto name = names.find(n);
    const auto it = name == names.end() ? found.end() : found.find(name->second);
    const std::vector<NItem> got = it == found.end() ? std::vector<NItem>{} : it->second;
    if (!same_answer_items(items, got)) {
      *detail =
          fmt::format("table {} answers {}, the oracle {}", n, show_items(got), show_items(items));
      return "items";
    }
  }
  if (found.size() > want.responses.size()) {
    *detail = "Responses name a table the request does not";
    return "items";
  }
  return "";
}

json transaction_actual(const PageAnswer& a) {
  json actual = recorded_answer(a);
  const auto reasons = cancellation_reasons(a.body);
  if (!reasons || !actual.is_object()) return actual;
  json list = json::array();
  for (const CancellationReason& r : *reasons) {
    if (r.item.is_null()) {
      list.push_back(r.code);
    } else {
      list.push_back({{"Code", r.code}, {"Item", r.item}});
    }
  }
  actual["CancellationReasons"] = std::move(list);
  return actual;
}

bool validation_kept(const oracle::NTxAnswer& want, const json& reproduction) {
  const json& codes = member_of(member_of(reproduction, "actual"), "CancellationReasons");
  for (std::size_t i = 0; i < want.reasons.size(); ++i) {
    if (want.reasons[i].code != oracle::NTxReason::Code::kValidationError) continue;
    if (!codes.is_array() || i >= codes.size()) return false;
    const json& c = codes[i];
    return c == "ValidationError" || member_of(c, "Code") == "ValidationError";
  }
  return false;
}

}  // namespace sortkey::certify::endpoint
