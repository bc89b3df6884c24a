// File: properties/props/contract_reference.h
//
// The built-in codecs as a protocol v1 codec service, in process: the
// reference an external adapter's keys are compared with, and the baseline
// of the contract properties (contract_props.h) — run against this service
// they must all hold, and they run fast.
//
// Each request is answered as an adapter would answer it, and the reply
// carries the very lines an adapter exchange would show, so failure
// messages read the same for both. Malformed requests (an unknown codec,
// params outside the protocol's table, a value of the wrong shape) are
// refused with a message, never thrown.
//
// Example:
//
//   sortkey::props::contract::ReferenceCodecs reference;
//   auto r = reference.call_one(encode_request("padded", {{"width", 5}}, "157"));
//   // r.ok == "00157"; r.response == R"({"id":1,"ok":"00157"})"

#ifndef SORTKEY_PROPERTIES_CONTRACT_REFERENCE_H_
#define SORTKEY_PROPERTIES_CONTRACT_REFERENCE_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "properties/props/contract_props.h"

namespace sortkey::props::contract {

class ReferenceCodecs : public CodecService {
 public:
  ReferenceCodecs();
  ~ReferenceCodecs() override;
  std::vector<Reply> call(const std::vector<json>& requests) override;

  // The answer to one request: {"ok": ...} or {"error": "..."}, without an id.
  json answer(const json& request);

 private:
  struct Generators;
  std::unique_ptr<Generators> generators_;  // the monotonic KSUID and ULID generators
  std::int64_t next_id_ = 1;
};

}  // namespace sortkey::props::contract

#endif  // SORTKEY_PROPERTIES_CONTRACT_REFERENCE_H_
