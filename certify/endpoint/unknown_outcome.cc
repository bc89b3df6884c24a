#include "certify/endpoint/unknown_outcome.h"

#include <fmt/format.h>

#include <cctype>
#include <string>

#include "certify/endpoint/workload.h"

namespace sortkey::certify::endpoint {

namespace {

bool conditional_or_returning(const nlohmann::json& params) {
  if (params.contains("ConditionExpression") || params.contains("Expected")) return true;
  const auto it = params.find("ReturnValues");
  return it != params.end() && !(it->is_string() && it->get<std::string>() == "NONE");
}

// SET of values and REMOVE only: no ADD or DELETE clause, no arithmetic, no
// function (if_not_exists, list_append). Names that are not placeholders
// cannot hold '+', '-' or '(', and ADD and DELETE are reserved words.
bool assigns_values_only(const nlohmann::json& params) {
  if (params.contains("AttributeUpdates")) return false;  // the legacy form, ADD included
  const auto it = params.find("UpdateExpression");
  if (it == params.end() || !it->is_string()) return true;
  const std::string& e = it->get_ref<const std::string&>();
  if (e.find_first_of("+-(") != std::string::npos) return false;
  std::string word;
  for (std::size_t i = 0; i <= e.size(); ++i) {
    const char c = i < e.size() ? e[i] : ' ';
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '#' || c == ':') {
      word += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      continue;
    }
    if (word == "ADD" || word == "DELETE") return false;
    word.clear();
  }
  return true;
}

bool same(const std::optional<oracle::NItem>& a, const std::optional<oracle::NItem>& b) {
  return a.has_value() == b.has_value() && (!a || oracle::naive_items_equal(*a, *b));
}

nlohmann::json item_or_null(const std::optional<oracle::NItem>& item) {
  return item ? naive_to_json(*item) : nlohmann::json(nullptr);
}

}  // namespace

bool repeat_safe(std::string_view action, const nlohmann::json& params) {
  if (action == "GetItem" || action == "Query" || action == "Scan" || action == "DescribeTable" ||
      action == "BatchGetItem" || action == "TransactGetItems" || action == "ListTables" ||
      action == "BatchWriteItem") {
    return true;
  }
  if (action == "PutItem" || action == "DeleteItem") return !conditional_or_returning(params);
  if (action == "UpdateItem")
    return !conditional_or_returning(params) && assigns_values_only(params);
  return false;
}

const char* settled_name(Settled s) {
  switch (s) {
    case Settled::kApplied:
      return "applied";
    case Settled::kNotApplied:
      return "not applied";
    case Settled::kUnchanged:
      return "unchanged";
    case Settled::kNeither:
      return "neither";
    case Settled::kAppliedTwice:
      return "applied twice";
  }
  return "neither";
}

Settled settle(const std::optional<oracle::NItem>& stored,
               const std::optional<oracle::NItem>& applied,
               const std::optional<oracle::NItem>& not_applied,
               const std::optional<std::optional<oracle::NItem>>& twice) {
  if (same(applied, not_applied))
    return same(stored, applied) ? Settled::kUnchanged : Settled::kNeither;
  if (same(stored, applied)) return Settled::kApplied;
  if (same(stored, not_applied)) return Settled::kNotApplied;
  if (twice && same(stored, *twice)) return Settled::kAppliedTwice;
  return Settled::kNeither;
}

namespace {

std::map<std::string, int> tally(const std::vector<nlohmann::json>& writes) {
  std::map<std::string, int> n;
  for (const nlohmann::json& w : writes) ++n[w.value("settled", std::string())];
  return n;
}

}  // namespace

nlohmann::json unknown_outcomes_json(const std::vector<nlohmann::json>& writes) {
  if (writes.empty()) return nullptr;
  return {{"count", writes.size()}, {"settled", tally(writes)}, {"writes", writes}};
}

std::string unknown_outcomes_line(
    const std::map<std::string, std::vector<nlohmann::json>>& writes) {
  std::vector<nlohmann::json> all;
  for (const auto& [property, some] : writes) all.insert(all.end(), some.begin(), some.end());
  if (all.empty()) return "";
  std::string how;
  for (const auto& [settled, n] : tally(all))
    how += fmt::format("{}{} {}", how.empty() ? "" : ", ", n, settled);
  return fmt::format(
      "  {} write{} with an unknown outcome (a retry after the connection broke with the request "
      "sent, or after a server error), settled by reading the item back: {}\n",
      all.size(), all.size() == 1 ? "" : "s", how);
}

nlohmann::json settled_json(const nlohmann::json& request, Settled s,
                            const std::optional<oracle::NItem>& stored,
                            const std::optional<oracle::NItem>& applied,
                            const std::optional<oracle::NItem>& not_applied) {
  return {{"request", request},
          {"settled", settled_name(s)},
          {"stored", item_or_null(stored)},
          {"applied", item_or_null(applied)},
          {"not_applied", item_or_null(not_applied)}};
}

}  // namespace sortkey::certify::endpoint
