// File: properties/props/contract_props.h
//
// The codec contract of the adapter protocol (adapters/PROTOCOL.md), as
// framework-free property functions over a codec *service*: anything that
// answers protocol v1's encode, decode and generate requests. The subject of
// a certification is an external adapter process (certify/adapter/); the
// reference is the built-in codecs behind the same requests
// (contract_reference.h). Running the contract against the reference itself
// is how these properties are tested, and how the built-in engine's
// throughput is measured on the same properties.
//
// Values and keys travel as the protocol's JSON (the params table of
// PROTOCOL.md); what is true about them is decided by the naive oracles
// (oracles/), never by the code under test:
//
//   codec      value                            order (oracle)            decode returns
//   padded     "157"                            digits, long-hand         the value
//   inverse    "157"                            reversed digits           the value
//   epoch      "1782172800123" (the count)      digits, long-hand         the value
//   timestamp  {"seconds":S,"nanos":N}          (S, N cut to precision)   S and N cut
//   number     "1e2"                            naive_decimal, by value   DynamoDB's text ("100")
//   name       "DeBrie"                         NFC(map(NFD(x)))'s code   NFC(map(NFD(x)))
//                                               points
//   composite  ["EVENT","2026-06"]              naive_tuple               the segments
//   ksuid      {"timestamp":S,"payload":HEX32}  (S, payload bytes)        the value (hex, any case)
//   ulid       {"time":MS,"random":HEX20}       (MS, random bytes)        the value (hex, any case)
//
// A refusal ({"error": ...}) is the right answer only outside a codec's
// domain: a value wider than `width`, an instant outside 0001..9999, a Number
// outside DynamoDB's range (or no Number at all), a KSUID second outside
// 1400000000..5694967295, a ULID millisecond outside 0..2^48-1. Some values
// a codec *may* refuse or accept: an empty name or one holding a control
// character; an empty path or a segment holding the delimiter or a byte
// below it (escaped or refused). Every other refusal fails the property that
// met it. What decode must refuse (the keys encode never produces) is
// contract_foreign_keys.h.

#ifndef SORTKEY_PROPERTIES_CONTRACT_PROPS_H_
#define SORTKEY_PROPERTIES_CONTRACT_PROPS_H_

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "properties/props/outcome.h"

namespace sortkey::props::contract {

using nlohmann::json;

// The codecs of protocol v1, in the order they are certified.
const std::vector<std::string>& protocol_codecs();

// The codecs whose format is a standard: for these the built-in reference
// decides (byte-for-byte agreement is a property); for the others (number,
// name, composite) several correct designs exist and agreement is reported
// only.
bool is_standard_format(std::string_view codec);

// One request and its answer, with the exact lines that went over the pipe.
struct Reply {
  std::string request;   // the request line as sent, without the newline
  std::string response;  // the response line as received, without the newline
  bool refused = false;  // the codec answered {"error": ...}
  std::string error;     // the refusal's text
  json ok;               // the result, when !refused
};

// A codec service speaking protocol v1. `call` sends the requests (objects
// with "op" and the op's fields; the service numbers them) and returns one
// reply per request, in request order. A service that cannot answer (a dead
// or garbled adapter) throws; the property then fails with that message and
// the driver learns from the service that the run cannot go on.
class CodecService {
 public:
  virtual ~CodecService() = default;
  virtual std::vector<Reply> call(const std::vector<json>& requests) = 0;
  Reply call_one(const json& request) { return call({request}).front(); }
};

json encode_request(std::string_view codec, const json& params, const json& value);
json decode_request(std::string_view codec, const json& params, std::string_view key);
json generate_request(std::string_view codec, int count);

// The line a request travels as: {"id":N,"op":...,"codec":...,"params":...,
// then the other fields}. Throws nlohmann's type_error on a string that is
// not UTF-8 (values are generated as UTF-8, so it never happens).
std::string request_line(std::int64_t id, const json& request);

// "  request:  <line>\n  response: <line>" for a failure message.
std::string show_exchange(const Reply& reply);

enum class Domain {
  kInside,     // the codec must encode it
  kOutside,    // the codec must refuse it
  kMayRefuse,  // either answer is right; an accepted value must still obey the properties
};

// What the oracles say about the values of one codec under fixed params.
class CodecOracle {
 public:
  CodecOracle(std::string codec, json params)
      : codec_(std::move(codec)), params_(std::move(params)) {}
  virtual ~CodecOracle() = default;
  const std::string& codec() const { return codec_; }
  const json& params() const { return params_; }

  // Where `value` lies; `why` (if given) says why it is outside or optional.
  virtual Domain domain(const json& value, std::string* why = nullptr) const = 0;
  // -1, 0 or 1: the order the keys of a and b must have; 0 iff their keys
  // must be identical. REQUIRES: neither is kOutside.
  virtual int compare(const json& a, const json& b) const = 0;
  // The value decode must return for the key of `value`. REQUIRES: not kOutside.
  virtual json decoded(const json& value) const = 0;
  // Whether a decoded value `got` is `want` (ksuid/ulid: hex in any case).
  virtual bool same_value(const json& want, const json& got) const { return want == got; }
  // The length every key has, if the codec has a fixed width.
  virtual std::optional<std::size_t> key_length() const { return std::nullopt; }
  // The bytes a key may hold, if the codec restricts them ("" = any).
  virtual std::string_view key_alphabet() const { return {}; }
  // The value as a person reads it in a failure message.
  virtual std::string show(const json& value) const { return value.dump(); }

 private:
  std::string codec_;
  json params_;
};

// The oracle of `codec` under `params`. nullptr for an unknown codec or
// params outside the protocol's table (the catalog never makes those).
std::unique_ptr<CodecOracle> make_oracle(std::string_view codec, const json& params);

// What every property checks of an encode reply for a value that is not
// kOutside: an answer that is no key (not a JSON string) fails; a refusal
// inside the domain fails, one where the codec may refuse discards;
// nullopt when the reply holds a key.
std::optional<Outcome> not_a_key(const CodecOracle& o, const json& value, const Reply& r);
std::optional<Outcome> refusal_problem(const CodecOracle& o, const json& value, const Reply& r);

// ---- the properties -------------------------------------------------------

// sign(key(a) <=> key(b)) == oracle.compare(a, b): strict where the value is
// exact, equal keys exactly for values equal after truncation/normalization.
Outcome order(CodecService& service, const CodecOracle& oracle, const json& a, const json& b);

// decode(encode(v)) is oracle.decoded(v).
Outcome round_trip(CodecService& service, const CodecOracle& oracle, const json& value);

// The key of every value inside the domain has the codec's length and alphabet.
Outcome fixed_width(CodecService& service, const CodecOracle& oracle, const json& value);

// A value outside the domain is refused; one inside is encoded.
Outcome refuses_out_of_range(CodecService& service, const CodecOracle& oracle, const json& value);

// Over a batch (sent as one pipelined exchange): two values get the same key
// iff the oracle says their keys must be identical.
Outcome injective(CodecService& service, const CodecOracle& oracle,
                  const std::vector<json>& values);

// The subject's answer to encode(v) is the reference's, byte for byte (a key
// equal to its key, or a refusal where it refuses). For the standard formats
// a difference fails; for the others it holds and only *agrees is set.
Outcome matches_reference(CodecService& subject, CodecService& reference, const CodecOracle& oracle,
                          const json& value, bool* agrees);

// generate(codec, count) returns `count` keys that are valid (the built-in
// decoder reads them), strictly increasing, each above `*last` (the last key
// of the previous call on this service; updated), and carrying a time within
// an hour of `now_ms`. codec: "ksuid" or "ulid".
Outcome generate_monotonic(CodecService& service, std::string_view codec, int count,
                           std::string* last, std::int64_t now_ms);

}  // namespace sortkey::props::contract

#endif  // SORTKEY_PROPERTIES_CONTRACT_PROPS_H_
