// File: properties/tests/tampered_service.h
//
// What the contract catalog's tests plant bugs with: the built-in reference
// as a codec service with each answer rewritten by a tamper function, and
// the small helpers those tests share (the settings of a quick run, one
// entry of a catalog by its id). Tests only.
//
// Example:
//
//   Tampered subject([](const json& request, Reply& reply) {
//     if (request.at("op") == "encode" && !reply.refused) reply.ok = "0";   // every key the same
//   });
//   auto c = contract_catalog(subject, reference, {"padded"});
//   run_property(entry(c, "padded/injective"), quick(100));                 // FAILED

#ifndef SORTKEY_PROPERTIES_TESTS_TAMPERED_SERVICE_H_
#define SORTKEY_PROPERTIES_TESTS_TAMPERED_SERVICE_H_

#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "properties/catalog.h"
#include "properties/props/contract_reference.h"
#include "properties/runner.h"

namespace sortkey::props::contract::planted {

inline props::RunSettings quick(int cases) {
  props::RunSettings s;
  s.cases = cases;
  return s;
}

// The reference with its answers rewritten: the planted bug. The tamper
// sees each request and its reply and may change the reply (its `response`
// line is written again afterwards).
class Tampered : public props::contract::CodecService {
 public:
  explicit Tampered(std::function<void(const json& request, Reply& reply)> tamper)
      : tamper_(std::move(tamper)) {}
  std::vector<Reply> call(const std::vector<json>& requests) override {
    auto replies = inner_.call(requests);
    for (std::size_t i = 0; i < requests.size(); ++i) {
      tamper_(requests[i], replies[i]);
      replies[i].response = replies[i].refused ? json{{"error", replies[i].error}}.dump()
                                               : json{{"ok", replies[i].ok}}.dump();
    }
    return replies;
  }

 private:
  props::contract::ReferenceCodecs inner_;
  std::function<void(const json&, Reply&)> tamper_;
};

inline const props::PropertyEntry& entry(const props::Catalog& c, const std::string& id) {
  for (const auto& e : c.entries()) {
    if (e.id() == id) return e;
  }
  throw std::runtime_error("no entry " + id);
}

}  // namespace sortkey::props::contract::planted

#endif  // SORTKEY_PROPERTIES_TESTS_TAMPERED_SERVICE_H_
