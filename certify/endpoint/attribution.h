// File: certify/endpoint/attribution.h
//
// The root-cause signature of a divergence (divergences.h, Signature), found
// by replaying parts of its request against the endpoint:
//
//   * a write that was refused: the item's table key alone, then the key with
//     each other attribute alone; the first attribute that is refused is the
//     cause ("attribute N", "index key S", "table key"). Each class of value
//     it holds (a leading '+', empty, multibyte, ...) is kept only when the
//     write goes through once that class is taken out of the value;
//   * a write that was taken though DynamoDB refuses it: the oracle's rule
//     ("invalid item: index_key_empty (S)");
//   * a request DynamoDB refuses that was taken: the rule it breaks
//     ("invalid request: Select SPECIFIC_ATTRIBUTES without a projection");
//   * a step of a write script: the operation and its case ("PutItem
//     attribute_not_exists of a key held", "UpdateItem of an index key"),
//     with the classes of the values it writes;
//   * a Query of a partition over 1 MB: "a partition over 1 MB read with
//     Limit" or "without Limit";
//   * a request the endpoint gave no answer to (a timeout, or the connection
//     lost with it) or answered with a server error (a 5xx through the
//     client's attempts): nothing is replayed; an invalid request, a script step
//     or a partition over 1 MB is named as above, a write "write of an
//     item" with the classes of its values, and a read by its whole filter
//     when the request had one ("filter (path BETWEEN N) AND (…)"), else by
//     its key condition, with " with Limit" when it had a Limit;
//   * an answer that is not DynamoDB's JSON (an item, a key, a member of the
//     wrong type, a body that is not an object): "the answer's JSON", with
//     the error "HTTP <status>" and what is wrong as its message;
//   * a Query or Scan: the request without its filter first. When that still
//     diverges in the same way (outcome, error, masked message), the cause is
//     the key condition, the target and the start key ("key BETWEEN on S from
//     a start key"); otherwise the smallest subtree of the filter that
//     diverges alone is ("filter size(path) = N", "filter NOT NOT …"), with
//     the classes of its constants and of the values it reads in the items
//     whose answer differs (multibyte and high-bytes only where bytes or
//     order matter: ordering comparisons, BETWEEN, begins_with, contains,
//     size).
//
// Root causes. The first time a signature is met (per connection), variants
// of its case are replayed and what does not change the divergence (same
// operation, outcome, error and masked message) is left out of it, so that
// one cause is one signature whatever else the case held:
//
//   * a filter's operator: an IN of one value diverging as `=` does is named
//     "path {=, <>} T"; a BETWEEN diverging on one of its bounds alone as
//     `>=` or `<=` is named by the order family;
//   * a filter's type: a cause that shows with the other type of its pair
//     (L and M, a list as the map of its positions; S and B, the same bytes)
//     is named by the pair: "path {=, <>} {L, M}";
//   * a key condition on an index that diverges alike on a table keyed as
//     the index is loses " of an index";
//   * each class of values of a read is kept only when the divergence goes
//     once the class is taken out of the constants (and then of the items);
//   * a refused write whose classes are refused alike in a value attribute
//     of a clean key is named "a value";
//   * a taken invalid item: a bad Number's text taken alone as a value
//     attribute's N is "invalid item: number"; a zero taken with an
//     exponent out of range either way is "zero out of range"; a key of S
//     taken alike as B (or back) loses its type; an invalid item a script
//     step wrote (a conditional PutItem, a batch) that a plain PutItem also
//     gets taken is that PutItem's signature;
//   * a request sent beside the case's checks (a probe of another action
//     than the one checked: a write narrowed, a table restored) that got
//     no answer or a server error: its own request's form
//     (request_feature), never the case's;
//   * a Query or Scan answered with a server error (nothing else is
//     replayed for it) that is answered once the whitespace of its
//     expressions is plain spaces: "KeyConditionExpression holding a tab".
//
// Probes of a read only read the case's table; probes of a write go to a
// table of the same schema kept for them (`probe_table`), never to the
// case's. Every probe is one more request or check, so attributing costs a
// few requests per divergence; the cause it names does not depend on what
// else the request or item held.

#ifndef SORTKEY_CERTIFY_ENDPOINT_ATTRIBUTION_H_
#define SORTKEY_CERTIFY_ENDPOINT_ATTRIBUTION_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "certify/endpoint/divergences.h"
#include "certify/endpoint/workload.h"

namespace sortkey::certify::endpoint {

// The classes of a value (divergences.h, Signature::values): `deep` looks
// inside lists, maps and sets; `encoding` adds multibyte and high-bytes.
void value_classes(const oracle::NValue& v, bool deep, bool encoding, std::set<std::string>& out);
// The value without `value_class` (a leading '+' dropped, an empty value
// made non-empty, text made ASCII, bytes made < 0x80, false made true, a
// value at a size limit shortened), inside lists, maps and sets too.
oracle::NValue without_class(const oracle::NValue& v, const std::string& value_class);
// Joined with '+', "" for none.
std::string join_classes(const std::set<std::string>& classes);

// The feature of a request failed beside the case's checks
// (CheckContext::alone), from the request alone ({"action", "params"}):
// "scan of an index with a filter", "query of the table with Limit",
// "UpdateItem SET, REMOVE; a condition; ReturnValues UPDATED_NEW" (the
// clauses by keyword), "PutItem; a condition", else the action.
std::string request_feature(const nlohmann::json& request);

// The filter feature a person reads: "path = L", "size(path) < N",
// "path IN (S, N)", "NOT NOT …", "… AND …".
std::string describe_filter_feature(const oracle::NCond& c);

// The filter subtree a read's divergence was attributed to, with the style
// of the probe that showed it alone.
struct Hint {
  oracle::NCond filter;
  std::uint64_t style = 0;
};

// The root causes found, (signature first met, whether plain) -> its root,
// shared by the lanes of one run: a root depends on the case it is found
// from, so a cache of each lane's own named one cause apart on one and on
// four connections; shared, the first found names it wherever it is met.
struct RootCache {
  std::mutex mutex;
  std::map<std::pair<Signature, bool>, Signature> roots;
};

class Attribution {
 public:
  // `probe_table`: a table of the schema for write probes (created on demand).
  using ProbeTable = std::function<std::string(const oracle::NSchema&)>;
  Attribution(Workload& workload, ProbeTable probe_table,
              std::shared_ptr<RootCache> roots = std::make_shared<RootCache>())
      : w_(workload), probe_table_(std::move(probe_table)), roots_(std::move(roots)) {}

  // The signature of `d`, met in `context`. Throws TransportError.
  // The signature is the root cause's (see "Root causes" above): the first
  // time a signature is met, variants of its case are replayed and what does
  // not change the divergence is left out; later occurrences reuse it.
  Signature classify(const Divergence& d, const CheckContext& context);
  // Whether `p` diverges as a divergence of signature `s` does (operation,
  // outcome, error and masked message), in a case on `schema`.
  // After classify() of a read whose filter is involved: the culprit.
  const std::optional<Hint>& hint() const { return hint_; }
  static bool same_symptom(const Divergence& p, const Signature& s, const oracle::NSchema& schema,
                           const std::string& table);

 private:
  Signature classify_raw(const Divergence& d, const CheckContext& context);
  // A variant of a read's case (its spec, and its items when given, loaded
  // into the probe table): the variant's own signature, or nullopt when it
  // does not diverge.
  std::optional<Signature> read_variant(const CheckContext& context,
                                        const std::optional<props::QuerySpec>& query,
                                        const std::optional<props::ScanSpec>& scan,
                                        const std::vector<oracle::NItem>* items,
                                        const oracle::NSchema* schema = nullptr);
  // A read's case as its variants change it: the request, narrowed to the
  // filter subtree blamed when `filter`.
  struct RootRead {
    std::optional<props::QuerySpec> q;
    std::optional<props::ScanSpec> sc;
    bool filter = false;
    oracle::NCond filter_now() const { return q ? *q->filter : *sc->filter; }
    void set_filter(const oracle::NCond& f) {
      if (q) q->filter = f;
      if (sc) sc->filter = f;
    }
  };
  void read_root(const CheckContext& context, Signature& s);
  void root_operator(const CheckContext& context, RootRead& r, Signature& s);
  void root_index(const CheckContext& context, const RootRead& r, Signature& s);
  void root_type(const CheckContext& context, RootRead& r, Signature& s);
  void root_values(const CheckContext& context, const RootRead& r,
                   const std::string& narrowed_feature, Signature& s);
  void write_root(const CheckContext& context, Signature& s);
  void accepted_root(const oracle::NSchema& schema, const oracle::NItem& item, Signature& s);
  void step_root(const CheckContext& context, Signature& s);
  void server_error_root(const Divergence& d, const CheckContext& context, Signature& s);
  // Whether the endpoint takes a PutItem of `item` on a probe table of `schema`.
  bool put_taken(const oracle::NSchema& schema, const oracle::NItem& item);
  void write_cause(const Divergence& d, const CheckContext& context, Signature& s);
  void read_cause(const Divergence& d, const CheckContext& context, Signature& s);
  void step_cause(const props::WriteStep& step, const CheckContext& context, Signature& s);
  void unanswered_cause(const Divergence& d, const CheckContext& context, Signature& s);
  bool put_refused(const std::string& table, const oracle::NItem& item);

  Workload& w_;
  ProbeTable probe_table_;
  std::optional<Hint> hint_;
  std::shared_ptr<RootCache> roots_;
  bool in_variant_ = false;
  // Whether the divergence whose root is sought is plain (explained by no
  // unsettled rule): a variant only an unsettled rule's other reading
  // explains is then not the same cause (read_variant).
  bool root_of_plain_ = true;
};

// Whether `name` is a key attribute of an index of `schema`.
bool is_index_key(const oracle::NSchema& schema, const std::string& name);
// Why DynamoDB refuses the first bad Number text of `v`: "not a number",
// "overflow", "underflow", "too precise", with "zero" for a zero refused
// for its exponent; "nested" when none of its own texts is.
std::string number_class(const oracle::NValue& v);

// The attribute and index names of a schema and the table's name: what
// mask_message masks in a message from that case.
std::set<std::string> schema_names(const oracle::NSchema& schema, const std::string& table);

}  // namespace sortkey::certify::endpoint

#endif  // SORTKEY_CERTIFY_ENDPOINT_ATTRIBUTION_H_
