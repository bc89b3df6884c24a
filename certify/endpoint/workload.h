// File: certify/endpoint/workload.h
//
// The endpoint certifier's workload: tables it creates and only it deletes,
// generated items written through the endpoint as the oracle says they must
// be accepted or rejected, and Queries and Scans whose every page is held to
// the naive oracle (oracles/naive_query.h), with the same rules as the query
// model's properties (properties/props/query_props.h, check_query):
//
//   1. The whole key range, read without filter or Limit, must be one order
//      DynamoDB may give (ties in an index and the order of partitions in a
//      Scan are free). On an index the read is repeated for up to
//      `index_wait_ms` until it matches, since indexes are eventually
//      consistent (ALT test_gsi.py retries for 5 s).
//   2. The request itself, paged from the start: every page is the oracle's
//      page (items and order, Count, ScannedCount), with a LastEvaluatedKey
//      exactly when DynamoDB may give one, equal to the key of the last item
//      read (index keys plus table keys on an index); the next page starts
//      there.
//   3. Resuming from the key of any item of the range continues exactly.
//   4. Every Number the endpoint returns is in DynamoDB's canonical text
//      (no exponent, no leading or trailing zeros, no '+'). Judged last: a
//      read whose answer differs otherwise too is reported for that.
//
// Every divergence a check meets goes to the caller's Observe with where it
// was met (CheckContext), and the check goes on past it.
//
// Not checked against an endpoint: consumed capacity (not every emulator
// reports it) and the exact byte of the 1 MB page cut, which DynamoDB does
// not document (check_large_query holds pages to the rule it does).
//
// Safety: TableManager creates tables named `sortkey-cert-<run>-<n>` only,
// remembers them, and deletes only those; the workload never names another
// table. Items are written with their numbers spelled as generated
// ("+1000.0", "1e3", ".5"), so the endpoint's parsing is tested too.
//
// The page form in a reproduction:
//   {"error": "ValidationException"}                         a rejection
//   {"ok": true}                                             an accepted write, or
//                                                            any answer (a Scan
//                                                            emptying a table)
//   {"Items": [...], "Count": n, "ScannedCount": n,
//    "LastEvaluatedKey": "required" | "forbidden" | "allowed" | <key>,
//    "order": "query" | "scan", "forward": true}              a page

#ifndef SORTKEY_CERTIFY_ENDPOINT_WORKLOAD_H_
#define SORTKEY_CERTIFY_ENDPOINT_WORKLOAD_H_

#include <cstdint>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "certify/endpoint/divergences.h"
#include "certify/endpoint/expression_write.h"
#include "certify/endpoint/page_answer.h"
#include "certify/endpoint/transaction_request.h"
#include "certify/endpoint/unknown_outcome.h"
#include "dynamodb/client.h"
#include "dynamodb/tables.h"
#include "oracles/naive_query.h"
#include "properties/props/query_props.h"
#include "properties/props/write_script.h"
#include "sortkey/error.h"

namespace sortkey::certify::endpoint {

// Schemas as JSON (the "table" of a reproduction) and as CreateTable.
nlohmann::json schema_to_json(const oracle::NSchema& schema);
Result<oracle::NSchema> schema_from_json(const nlohmann::json& j);
nlohmann::json create_table_request(const std::string& name, const oracle::NSchema& schema);
// An index's projection as CreateTable names it: "ALL", "KEYS_ONLY", "INCLUDE".
const char* projection_name(oracle::NIndex::Projection p);

// A Query as DynamoDB JSON parameters (TableName, expressions, Select,
// ProjectionExpression, ExclusiveStartKey, ...).
nlohmann::json query_request_json(const std::string& table, const QueryRequest& r);

// Oracle values as DynamoDB JSON, numbers spelled as the oracle holds them.
nlohmann::json naive_to_json(const oracle::NValue& v);
nlohmann::json naive_to_json(const oracle::NItem& item);

struct WorkloadOptions {
  int index_wait_ms = 5000;  // bounded re-reads of an index
};

// Where a divergence was met, for attributing it to a cause (attribution.h)
// and for replaying smaller versions of its case (minimize.h).
// The feature of a divergence of the consistent Scan emptying a table
// before a case (Workload::clear): what it met was left by earlier requests
// that the oracle did not see taken (a write an endpoint took where
// DynamoDB refuses it, met as its own divergence), so its reproduction,
// from an empty table, is not replayed, and a known-divergences entry of it
// is not required to be met by a run (session.cc).
inline constexpr const char* kEmptyingScanFeature = "emptying a table: its consistent Scan";

struct CheckContext {
  std::string table;                                // the table the case ran on
  const oracle::NaiveTable* model;                  // its content; for a write, what it held before
  const props::QuerySpec* query = nullptr;          // the Query that diverged, or
  const props::ScanSpec* scan = nullptr;            // the Scan that diverged, or
  const oracle::NItem* item = nullptr;              // the write that diverged, or
  const props::WriteStep* step = nullptr;           // the step of a write script, or
  const props::PlantedRequest* invalid = nullptr;   // the invalid request taken, or
  const ExpressionWrite* write = nullptr;           // the write with expressions, or
  const TransactionRequest* transaction = nullptr;  // a transaction or BatchGetItem; `model`
                                                    // is then its table t0's
  std::string table2 = {};                          // with `transaction`: its table t1, if any
  bool large = false;  // with `query`: a Query of a partition over 1 MB (check_large_query)
  // The consistent Scan or the deletes of Workload::clear (no request of
  // the case's; with `scan`, the Scan).
  bool emptying = false;
  // A request sent beside the case's checks (a probe of another action than
  // the one checked) that got no answer DynamoDB gives: named by its own
  // request alone (attribution.h, request_feature), never by the case.
  bool alone = false;
};

class Workload {
 public:
  Workload(dynamodb::DynamoDbClient& client, dynamodb::TableManager& tables,
           WorkloadOptions options)
      : client_(client), tables_(tables), options_(options) {}

  // Every divergence the checks meet is handed to an Observe, and the
  // workload goes on past it: a refused write is left out of the model, a
  // wrongly accepted one deleted again, the next request sent.
  using Observe = std::function<void(Divergence&, const CheckContext&)>;

  // Empties `table` (Scan, then BatchWriteItem deletes), then writes `items`
  // in order: what the oracle accepts in batches (BatchWriteItem), what it
  // rejects one by one (PutItem, which must fail). `model` (empty, with the
  // table's schema) ends holding what the table holds. A divergence when the
  // endpoint refused a valid write or took an invalid one. Returns false when
  // the table could not be brought to match the model (a wrongly accepted
  // item that cannot be deleted): the case cannot go on.
  // REQUIRES: tables_.owns(table). Throws TransportError.
  bool load(const std::string& table, oracle::NaiveTable& model,
            const std::vector<oracle::NItem>& items, const Observe& observe);
  // One PutItem of `item`, accepted or refused as the oracle says; `model`
  // follows what the table holds.
  void check_write(const std::string& table, oracle::NaiveTable& model, const oracle::NItem& item,
                   const Observe& observe);

  // A Query or Scan held to the oracle; its first divergence is observed.
  void check_query(const std::string& table, const oracle::NaiveTable& model,
                   const props::QuerySpec& q, const Observe& observe);
  void check_scan(const std::string& table, const oracle::NaiveTable& model,
                  const props::ScanSpec& s, const Observe& observe);
  // A request DynamoDB refuses (props::plant_invalid_request): a divergence
  // when it is taken, or refused with another error than ValidationException.
  void check_invalid(const std::string& table, const oracle::NaiveTable& model,
                     const props::PlantedRequest& planted, const Observe& observe);
  // A write script (props/write_script.h) on the emptied `table`: every
  // answer the oracle's, GetItem's item with Numbers in canonical text;
  // then a consistent Scan of the table and a Scan of each index, held to
  // the oracle. `model` (empty, with the table's schema) follows the
  // oracle. Returns false when the table could not be emptied or brought
  // back to the model after a write that should have been refused.
  bool check_script(const std::string& table, oracle::NaiveTable& model,
                    const std::vector<props::WriteStep>& steps, const Observe& observe);
  // One step of a script; the first divergence, or nullopt. `model` follows the oracle.
  std::optional<Divergence> step_divergence(const std::string& table, oracle::NaiveTable& model,
                                            const props::WriteStep& step);
  // A write with expressions (expression_write.h) on `table`, `model`
  // following the oracle: the verdict, the attributes returned (ReturnValues;
  // a failed condition's item with ReturnValuesOnConditionCheckFailure) and
  // then the item read back with a consistent GetItem are the oracle's; then
  // a Scan of each index the item was or is in holds the oracle's entries
  // (the item moved in or out of a sparse index). A divergence of an
  // UpdateItem of several actions is narrowed first (replayed on the item as
  // it was) to one action, and to none of its condition, where that alone
  // diverges alike: its signature names what is left. A write of unknown
  // outcome is settled as a script's steps are.
  void check_expression_write(const std::string& table, oracle::NaiveTable& model,
                              const ExpressionWrite& w, const Observe& observe);
  // The write's first divergence (answer, attributes, item read back), or
  // nullopt; `model` follows the oracle.
  std::optional<Divergence> write_divergence(const std::string& table, oracle::NaiveTable& model,
                                             const ExpressionWrite& w);
  // One table of a transaction: the endpoint's name and the oracle's table.
  struct TxTable {
    std::string name;
    oracle::NaiveTable* model = nullptr;
  };
  using TxTables = std::map<std::string, TxTable>;  // by the request's names, "t0" and "t1"

  // A TransactWriteItems, TransactGetItems or BatchGetItem
  // (transaction_request.h) over `tables`, the models following the oracle:
  // the verdict (applied, ValidationException, TransactionCanceledException
  // with the CancellationReasons' codes in action order and, for an action
  // sent with ReturnValuesOnConditionCheckFailure ALL_OLD whose condition
  // failed, the reason's Item; messages are not judged), the items of TransactGetItems in order,
  // those of BatchGetItem per table as sets (its UnprocessedKeys sent again); after a write, each
  // item it touches read back with a consistent GetItem, then a Scan of each
  // index its items were or are in (tx_indexes). A divergence of
  // several actions is narrowed (replayed on the items as they were) to one
  // action where that alone diverges alike; its signature names what is
  // left, or the oracle's rule the endpoint answers otherwise. A write of
  // unknown outcome is settled by the items it touches: applied (the answer
  // is not judged), as they were (judged), or neither (a divergence).
  void check_transaction(const TxTables& tables, const TransactionRequest& r,
                         const Observe& observe);
  // Its first divergence, or nullopt; the models follow the oracle.
  std::optional<Divergence> transaction_divergence(const TxTables& tables,
                                                   const TransactionRequest& r);
  // A Query of a partition holding over 1 MB, paged (with q.limit, or none)
  // to its end under DynamoDB's page rule, not an exact byte cut (reference
  // section 3.5): each page is the next items of the range in order, at
  // most Limit of them; a page that stops before Limit and before the end
  // has read about 1 MB (the oracle's sizes reach 1 MB within one item and a
  // 1% margin); its LastEvaluatedKey is the key of its last item.
  // REQUIRES: no filter, not count_only.
  void check_large_query(const std::string& table, const oracle::NaiveTable& model,
                         const props::QuerySpec& q, const Observe& observe);
  std::optional<Divergence> large_query_divergence(const std::string& table,
                                                   const oracle::NaiveTable& model,
                                                   const props::QuerySpec& q);
  std::optional<Divergence> invalid_divergence(const std::string& table,
                                               const oracle::NaiveTable& model,
                                               const props::PlantedRequest& planted);

  // The same checks, returning the first divergence: the probes of attribution.
  std::optional<Divergence> query_divergence(const std::string& table,
                                             const oracle::NaiveTable& model,
                                             const props::QuerySpec& q);
  std::optional<Divergence> scan_divergence(const std::string& table,
                                            const oracle::NaiveTable& model,
                                            const props::ScanSpec& s);

  // Replays a reproduction on a fresh table (created and dropped here):
  // nullopt when the endpoint now gives the expected answer, else a
  // sentence saying what still differs. The text of the Numbers in the
  // answer is judged only with `numbers` (an entry about it), and after
  // everything else. A replay whose request is not repeat_safe and was
  // answered after a retry of unknown outcome is done again, up to 3
  // times. Errors: a malformed reproduction, a table the endpoint refuses.
  // Throws TransportError.
  Result<std::optional<std::string>> replay(const nlohmann::json& reproduction, bool numbers);

  // The writes of unknown outcome settled since last taken (settled_json,
  // or {"request", "settled": "unread"} when the read-back failed), and takes them.
  std::vector<nlohmann::json> take_unknown_outcomes() {
    return std::exchange(unknown_outcomes_, {});
  }

  // Requests the workload's checks sent (pages, writes), for throughput.
  std::uint64_t checked_requests() const { return checked_; }

  // An answer as the checks read it.
  using Answer = PageAnswer;

  // One request as the checks send it (PutItem, Query, ...). A request the
  // endpoint gives no answer DynamoDB gives to is an answer of its own
  // (page_answer.h, failed_answer), with `no_answer` set, which the checks
  // report as a divergence like any other: none at all (a timeout, or a
  // connection lost with it: TransportError kTimeout, kConnectionLost), a
  // server error (kServerError), or a body that is not DynamoDB's JSON
  // (kProtocol with its answer). The endpoint is then asked something
  // harmless (answers_probe): if that fails too, the endpoint is gone
  // (gone() says why) and every later send throws TransportError
  // kUnreachable. Throws TransportError otherwise.
  Answer send(const std::string& action, const nlohmann::json& params);
  // Asks the endpoint something harmless (DescribeTable of a table that does
  // not exist) after `what_failed` ("Query got HTTP 500: ..."): true when it
  // answers; when it fails too (any TransportError but an interrupt), the
  // endpoint is gone: gone() names what failed and the probe's failure.
  // Throws TransportError kInterrupted.
  bool answers_probe(const std::string& what_failed);
  // Why the endpoint stopped answering for good, or "".
  const std::string& gone() const { return gone_; }
  // The last request without an answer DynamoDB gives (action, params and
  // the answer of failed_answer) not taken yet, and takes it: a probe's or a
  // replay's is reported by the caller too.
  struct Unanswered {
    std::string action;
    nlohmann::json params;
    Answer answer;
  };
  std::optional<Unanswered> take_unanswered() { return std::exchange(unanswered_, std::nullopt); }
  // Deletes every item of `table`: a consistent Scan of its keys (at most
  // 100 pages), then BatchWriteItem deletes. A Scan the endpoint refuses,
  // answers with a server error or with a body that is not DynamoDB's JSON
  // is observed as a divergence (no items known, "expected" {"ok": true}),
  // and then false: the case cannot go on. Throws TransportError.
  // A BatchWriteItem of those deletes the endpoint refuses, answers with a
  // server error or a body that is not DynamoDB's JSON is a divergence too
  // (the items its Scan returned, the batch, "expected" {"ok": true}); its
  // keys are then deleted one DeleteItem at a time, and false only when one
  // of those fails as well.
  bool clear(const std::string& table, const oracle::NSchema& schema, const Observe& observe);

 private:
  // One Query or Scan under check: the reads and checks both share (workload_pages.cc).
  class Read;
  // A step whose answer came after a retry of an attempt of unknown outcome
  // (unknown_outcome.h), `model` holding it applied as the oracle answers
  // `want`, `held` the item of its key before: the item read back settles
  // it. A divergence in `d` (its reproduction without "items", the caller's)
  // when it is neither, or cannot be read back (then nullopt); a key that
  // DynamoDB refuses to read, of a write it refuses, is kUnchanged;
  // kAppliedTwice (the item as `write.twice`) leaves the caller to hold the
  // item so from then on.
  struct Unsure {
    oracle::NItem key;      // the table key written
    std::string operation;  // "UpdateItem", ...
    std::string shown;      // the write, for messages
    // The item with the write applied again to the item it made, when a
    // retry can apply it twice (unknown_outcome.h, "applied twice").
    std::optional<std::optional<oracle::NItem>> twice;
  };
  std::optional<Settled> settle_unknown(const std::string& table, const oracle::NaiveTable& model,
                                        const Unsure& write, const props::StepAnswer& want,
                                        const std::optional<oracle::NItem>& held,
                                        const nlohmann::json& params, std::optional<Divergence>* d);
  // The replay of a transaction's reproduction (its tables "<table>" and
  // "more_tables"): the verdict, the cancellation codes, the items read and
  // those stored, as transaction_divergence judges them.
  Result<std::optional<std::string>> replay_transaction(const nlohmann::json& reproduction,
                                                        bool* unsure);
  // BatchGetItem's items by the endpoint's table name from answer `a` to
  // `params`, its UnprocessedKeys sent again (up to 10 times); "" when read,
  // else what went wrong and its divergence kind in `*kind`.
  std::string batch_items(nlohmann::json params, Answer a,
                          std::map<std::string, std::vector<oracle::NItem>>& out,
                          std::string* kind);
  // The items a transaction touches (`targets`, by request table name),
  // each DynamoDB can read, read back with a consistent GetItem against
  // `model`: "" when all agree, else what differs, with the first item that
  // differs (or the read refused) in `*out`; `out->items` the expected ones.
  struct TxStored {
    std::string table;
    oracle::NItem key;
    std::optional<oracle::NItem> have;
    nlohmann::json items = nlohmann::json::array();
    Answer failed;
  };
  std::string tx_stored(const std::vector<std::pair<std::string, oracle::NItem>>& targets,
                        const std::map<std::string, std::string>& names,
                        const std::map<std::string, const oracle::NaiveTable*>& model,
                        TxStored* out);
  Result<std::optional<std::string>> replay_once(const nlohmann::json& reproduction, bool numbers,
                                                 bool* unsure);
  // After a TransactWriteItems `r`, each index of a table it touches that
  // its items (`targets`, as in `before` and now) were or are in, Scanned
  // as after endpoint/writes' writes: the indexes hold what the oracle holds.
  void tx_indexes(const TxTables& tables, const std::map<std::string, oracle::NaiveTable>& before,
                  const std::vector<std::pair<std::string, oracle::NItem>>& targets,
                  const TransactionRequest& r, const Observe& observe);
  // A Scan of each index of `model` that one of `items` (the items a write
  // found and left under its keys) has a key attribute of, held to the
  // oracle as check_scan holds it: the write moved them in, out or within.
  void check_fed_indexes(const std::string& table, const oracle::NaiveTable& model,
                         const std::vector<std::optional<oracle::NItem>>& items,
                         const Observe& observe);
  // The key of `key` on the endpoint written back as `held` (none: deleted);
  // false when the endpoint refuses it.
  bool restore(const std::string& table, const oracle::NItem& key,
               const std::optional<oracle::NItem>& held);
  // clear()'s deletes of the keys its Scan returned (`scanned`: some of the
  // items, for a reproduction).
  bool delete_scanned(const std::string& table, const oracle::NSchema& schema,
                      const std::vector<nlohmann::json>& keys, const nlohmann::json& scanned,
                      const Observe& observe);
  // send() without counting the request among the checks' (clear()).
  Answer exchange(const std::string& action, const nlohmann::json& params);

  dynamodb::DynamoDbClient& client_;
  dynamodb::TableManager& tables_;
  WorkloadOptions options_;
  std::uint64_t checked_ = 0;
  std::string gone_;
  std::optional<Unanswered> unanswered_;
  std::vector<nlohmann::json> unknown_outcomes_;
};

// "none", "=", "<", "<=", ">", ">=", "BETWEEN", "begins_with".
const char* sort_op_name(oracle::NKeyCond::Op op);

// Why DynamoDB refuses an item the oracle refuses: the rule (number: a
// Number's text, table_key_missing, table_key_type, table_key_empty,
// table_key_size, index_key_type, index_key_empty, index_key_size,
// item_size, or other) and the attribute that breaks it ("" for item_size
// and other).
std::pair<std::string, std::string> rejection_cause(const oracle::NSchema& schema,
                                                    const oracle::NItem& item);

// Every Number in a DynamoDB JSON value (items, keys) that is not in
// canonical text, as "text (canonical: x)"; empty when all are canonical.
std::vector<std::string> non_canonical_numbers(const nlohmann::json& value);
// `value` with every Number that parses in its canonical text (DynamoDB's
// answer for the oracle's items).
nlohmann::json canonical_numbers(nlohmann::json value);

}  // namespace sortkey::certify::endpoint

#endif  // SORTKEY_CERTIFY_ENDPOINT_WORKLOAD_H_
