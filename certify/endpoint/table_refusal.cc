// A case's table that the endpoint would not make (connections.h,
// Lane::table_for): a CreateTable of a valid table refused with an API
// error, or answered with a server error or a body that is not DynamoDB's,
// while the endpoint still answers a harmless request. DynamoDB makes every
// table the workload asks for (on-demand, at most 5 global secondary
// indexes of ALL, KEYS_ONLY or INCLUDE projection: the CreateTable API
// reference), so it is a divergence with its reproduction, and the run goes
// on with the other cases. Its signature's feature is the smallest part of
// the table that makes the refusal, found by creating variants: the table
// without each index in turn, that index with the projection ALL, the table
// without any index.

#include <fmt/format.h>

#include <regex>
#include <string>

#include "certify/endpoint/connections.h"
#include "certify/endpoint/workload_internal.h"
#include "dynamodb/tables.h"
#include "properties/props/query_conversions.h"

namespace sortkey::certify::endpoint {

namespace {

// "S" or "S,N": the types of keys, in order.
std::string refusal_key_types(const std::vector<oracle::NKey>& keys) {
  std::string out;
  for (const oracle::NKey& k : keys) {
    if (!out.empty()) out += ',';
    out += oracle::naive_type_name(k.type);
  }
  return out.empty() ? "-" : out;
}

}  // namespace

std::optional<std::string> Lane::try_create(const oracle::NSchema& schema, PageAnswer* refusal) {
  try {
    auto name = tables_->create(props::to_engine(schema));
    if (name) return *name;
    // Not ACTIVE in time: not an answer of the endpoint's to judge.
    if (!tables_->last_refusal())
      throw dynamodb::TransportError(dynamodb::TransportError::Kind::kProtocol,
                                     name.error().message);
    *refusal = PageAnswer{};
    refusal->error = *tables_->last_refusal();
    return std::nullopt;
  } catch (const dynamodb::TransportError& e) {
    std::optional<PageAnswer> failed = failed_answer(e);
    // No answer at all (a timeout, a connection lost): whether a table was
    // made is unknown, and the run cannot go on as before.
    if (!failed || !failed->bad) throw;
    *refusal = std::move(*failed);
    return std::nullopt;
  }
}

std::string Lane::refused_table_feature(const oracle::NSchema& schema) {
  // Whether a table of `variant` is made; a variant refused otherwise than
  // the table is taken as refused (its cause is not the one sought).
  auto made = [&](const oracle::NSchema& variant) {
    PageAnswer again;
    std::optional<std::string> name = try_create(variant, &again);
    if (name) tables_->drop(*name);
    return name.has_value();
  };
  for (std::size_t i = 0; i < schema.indexes.size(); ++i) {
    oracle::NSchema without = schema;
    without.indexes.erase(without.indexes.begin() + static_cast<std::ptrdiff_t>(i));
    if (!made(without)) continue;
    const oracle::NIndex& index = schema.indexes[i];
    if (index.projection != oracle::NIndex::Projection::kAll) {
      oracle::NSchema all = schema;
      all.indexes[i].projection = oracle::NIndex::Projection::kAll;
      all.indexes[i].include.clear();
      if (made(all)) {
        return fmt::format("an index of {} projection", projection_name(index.projection));
      }
    }
    return fmt::format("an index keyed {} / {}", refusal_key_types(index.pk),
                       refusal_key_types(index.sk));
  }
  std::vector<oracle::NKey> keys = {schema.pk};
  if (schema.sk) keys.push_back(*schema.sk);
  if (!schema.indexes.empty()) {
    oracle::NSchema bare = schema;
    bare.indexes.clear();
    if (made(bare)) return fmt::format("{} indexes together", schema.indexes.size());
  }
  return fmt::format("a table keyed {}", refusal_key_types(keys));
}

Divergence Lane::table_divergence(const oracle::NSchema& schema, const PageAnswer& refusal) {
  const std::string what = refusal.bad
                               ? failure_text(refusal)
                               : fmt::format("{}: {}", refusal.error ? refusal.error->type : "",
                                             refusal.error ? refusal.error->message : "");
  // Gone, or only this request: a harmless one says.
  if (!workload_->answers_probe("CreateTable got " + what))
    throw dynamodb::TransportError(dynamodb::TransportError::Kind::kUnreachable, workload_->gone());
  Divergence d;
  d.kind = refusal.bad ? failure_kind(refusal) : "rejected";
  d.detail = "CreateTable of a valid table got " + what;
  nlohmann::json params = dynamodb::table_definition(props::to_engine(schema));
  d.reproduction = {{"table", schema_to_json(schema)},
                    {"items", nlohmann::json::array()},
                    {"request", workload_internal::recorded_request("CreateTable", params)},
                    {"expected", {{"ok", true}}},
                    {"actual", workload_internal::actual_json(refusal)}};
  Signature& s = d.signature;
  s.operation = "CreateTable";
  s.outcome = outcome_of(d.kind);
  s.error = d.error_type();
  // The table's name differs in every run: masked with the schema's names.
  static const std::regex kTableName(std::string(dynamodb::kTablePrefix) + "[A-Za-z0-9_.-]*");
  s.message = mask_message(std::regex_replace(d.error_message(), kTableName, "<table>"),
                           schema_names(schema, ""));
  s.feature = refused_table_feature(schema);
  return d;
}

void Lane::refused(const Divergence& d, const oracle::NSchema& schema) {
  Divergence met = d;
  met.property = log_->property;
  const oracle::NaiveTable empty(schema);
  const CheckContext context{"", &empty};
  keep(met, context);
  throw TableRefused{};
}

}  // namespace sortkey::certify::endpoint
