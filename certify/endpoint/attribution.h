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
// Probes of a read only read the case's table; probes of a write go to a
// table of the same schema kept for them (`probe_table`), never to the
// case's. Every probe is one more request or check, so attributing costs a
// few requests per divergence; the cause it names does not depend on what
// else the request or item held.

#ifndef SORTKEY_CERTIFY_ENDPOINT_ATTRIBUTION_H_
#define SORTKEY_CERTIFY_ENDPOINT_ATTRIBUTION_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>

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

// The filter feature a person reads: "path = L", "size(path) < N",
// "path IN (S, N)", "NOT NOT …", "… AND …".
std::string describe_filter_feature(const oracle::NCond& c);

// The filter subtree a read's divergence was attributed to, with the style
// of the probe that showed it alone.
struct Hint {
  oracle::NCond filter;
  std::uint64_t style = 0;
};

class Attribution {
 public:
  // `probe_table`: a table of the schema for write probes (created on demand).
  using ProbeTable = std::function<std::string(const oracle::NSchema&)>;
  Attribution(Workload& workload, ProbeTable probe_table)
      : w_(workload), probe_table_(std::move(probe_table)) {}

  // The signature of `d`, met in `context`. Throws TransportError.
  Signature classify(const Divergence& d, const CheckContext& context);
  // Whether `p` diverges as a divergence of signature `s` does (operation,
  // outcome, error and masked message), in a case on `schema`.
  // After classify() of a read whose filter is involved: the culprit.
  const std::optional<Hint>& hint() const { return hint_; }
  static bool same_symptom(const Divergence& p, const Signature& s, const oracle::NSchema& schema,
                           const std::string& table);

 private:
  void write_cause(const Divergence& d, const CheckContext& context, Signature& s);
  void read_cause(const Divergence& d, const CheckContext& context, Signature& s);
  void step_cause(const props::WriteStep& step, const CheckContext& context, Signature& s);
  void unanswered_cause(const Divergence& d, const CheckContext& context, Signature& s);
  bool put_refused(const std::string& table, const oracle::NItem& item);

  Workload& w_;
  ProbeTable probe_table_;
  std::optional<Hint> hint_;
};

// The attribute and index names of a schema and the table's name: what
// mask_message masks in a message from that case.
std::set<std::string> schema_names(const oracle::NSchema& schema, const std::string& table);

}  // namespace sortkey::certify::endpoint

#endif  // SORTKEY_CERTIFY_ENDPOINT_ATTRIBUTION_H_
