#include "properties/props/contract_reference.h"

#include <fmt/format.h>

#include <array>
#include <optional>
#include <string>

#include "sortkey/composite.h"
#include "sortkey/epoch.h"
#include "sortkey/inverse.h"
#include "sortkey/ksuid.h"
#include "sortkey/name.h"
#include "sortkey/number.h"
#include "sortkey/padded.h"
#include "sortkey/timestamp.h"
#include "sortkey/uint128.h"
#include "sortkey/ulid.h"

namespace sortkey::props::contract {
namespace {

// A refusal: what the reference says when it will not (or cannot) answer.
struct Refusal {
  std::string message;
};

template <class T>
T checked(Result<T> r) {
  if (!r) throw Refusal{describe(r.error())};
  return std::move(*r);
}

const json& field(const json& object, const char* name) {
  if (!object.is_object() || !object.contains(name))
    throw Refusal{fmt::format("missing \"{}\"", name)};
  return object.at(name);
}

int int_field(const json& object, const char* name, int lo, int hi) {
  const json& v = field(object, name);
  if (!v.is_number_integer() || v.get<std::int64_t>() < lo || v.get<std::int64_t>() > hi) {
    throw Refusal{
        fmt::format("\"{}\" must be an integer from {} to {}, got {}", name, lo, hi, v.dump())};
  }
  return static_cast<int>(v.get<std::int64_t>());
}

std::int64_t int64_field(const json& object, const char* name) {
  const json& v = field(object, name);
  if (!v.is_number_integer())
    throw Refusal{fmt::format("\"{}\" must be an integer, got {}", name, v.dump())};
  if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX)) {
    throw Refusal{fmt::format("\"{}\" {} is out of range", name, v.dump())};
  }
  return v.get<std::int64_t>();
}

const std::string& string_field(const json& object, const char* name) {
  const json& v = field(object, name);
  if (!v.is_string()) throw Refusal{fmt::format("\"{}\" must be a string, got {}", name, v.dump())};
  return v.get_ref<const std::string&>();
}

const std::string& string_value(const json& v, const char* what) {
  if (!v.is_string()) throw Refusal{fmt::format("the {} must be a string, got {}", what, v.dump())};
  return v.get_ref<const std::string&>();
}

UInt128 count_value(const json& v) {
  const std::string& s = string_value(v, "value");
  if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos) {
    throw Refusal{fmt::format("{} is not the decimal string of a non-negative integer", v.dump())};
  }
  return checked(parse_decimal(s));
}

template <std::size_t N>
std::array<std::uint8_t, N> hex_bytes(const std::string& hex, const char* what) {
  if (hex.size() != 2 * N)
    throw Refusal{fmt::format("\"{}\" must be {} hex digits, got {}", what, 2 * N, hex.size())};
  std::array<std::uint8_t, N> out{};
  for (std::size_t i = 0; i < 2 * N; ++i) {
    const char c = hex[i];
    int v = -1;
    if (c >= '0' && c <= '9') v = c - '0';
    if (c >= 'a' && c <= 'f') v = c - 'a' + 10;
    if (c >= 'A' && c <= 'F') v = c - 'A' + 10;
    if (v < 0)
      throw Refusal{fmt::format("\"{}\" holds the byte 0x{:02X}, not a hex digit", what,
                                static_cast<unsigned char>(c))};
    out[i / 2] = static_cast<std::uint8_t>(out[i / 2] * 16 + v);
  }
  return out;
}

template <std::size_t N>
std::string hex_text(const std::array<std::uint8_t, N>& bytes) {
  std::string out;
  for (std::uint8_t b : bytes) out += fmt::format("{:02x}", b);
  return out;
}

EpochUnit unit_param(const json& params) {
  return checked(parse_epoch_unit(string_field(params, "unit")));
}
CaseMode case_param(const json& params) {
  return checked(parse_case_mode(string_field(params, "case")));
}
char delimiter_param(const json& params) {
  const std::string& d = string_field(params, "delimiter");
  if (d.size() != 1)
    throw Refusal{fmt::format("\"delimiter\" must be one character, got {}", json(d).dump())};
  return d[0];
}

json encode(const std::string& codec, const json& params, const json& value) {
  if (codec == "padded")
    return checked(encode_padded(count_value(value), int_field(params, "width", 1, 38)));
  if (codec == "inverse")
    return checked(encode_inverse(count_value(value), int_field(params, "width", 1, 38)));
  if (codec == "epoch") {
    (void)unit_param(params);
    return checked(encode_epoch_count(count_value(value), int_field(params, "width", 1, 38)));
  }
  if (codec == "timestamp") {
    const int precision = int_field(params, "precision", 0, 9);
    const Instant t{int64_field(value, "seconds"),
                    static_cast<std::uint32_t>(int_field(value, "nanos", 0, 999999999))};
    return checked(encode_timestamp(t, precision));
  }
  if (codec == "number") return checked(encode_number(string_value(value, "value")));
  if (codec == "name")
    return checked(normalize_name(string_value(value, "value"), case_param(params)));
  if (codec == "composite") {
    if (!value.is_array())
      throw Refusal{fmt::format("the value must be an array of strings, got {}", value.dump())};
    Path path;
    for (const json& s : value) path.push_back(string_value(s, "segment"));
    return checked(encode_composite(path, delimiter_param(params)));
  }
  if (codec == "ksuid") {
    const auto payload = hex_bytes<kKsuidPayloadSize>(string_field(value, "payload"), "payload");
    return encode_ksuid(checked(make_ksuid(int64_field(value, "timestamp"), payload)));
  }
  if (codec == "ulid") {
    const auto entropy = hex_bytes<kUlidEntropySize>(string_field(value, "random"), "random");
    return encode_ulid(checked(make_ulid(int64_field(value, "time"), entropy)));
  }
  throw Refusal{fmt::format("unknown codec {}", json(codec).dump())};
}

json decode(const std::string& codec, const json& params, const std::string& key) {
  if (codec == "padded")
    return to_decimal(checked(decode_padded(key, int_field(params, "width", 1, 38))));
  if (codec == "inverse")
    return to_decimal(checked(decode_inverse(key, int_field(params, "width", 1, 38))));
  if (codec == "epoch") {
    (void)unit_param(params);
    return to_decimal(checked(decode_epoch_count(key, int_field(params, "width", 1, 38))));
  }
  if (codec == "timestamp") {
    const Instant t = checked(decode_timestamp(key, int_field(params, "precision", 0, 9)));
    return {{"seconds", t.seconds}, {"nanos", t.nanos}};
  }
  if (codec == "number") return to_string(checked(decode_number(key)));
  if (codec == "name") return checked(decode_name(key, case_param(params)));
  if (codec == "composite") return checked(decode_composite(key, delimiter_param(params)));
  if (codec == "ksuid") {
    const Ksuid k = checked(decode_ksuid(key));
    return {{"timestamp", k.unix_seconds()}, {"payload", hex_text(k.payload())}};
  }
  if (codec == "ulid") {
    const Ulid u = checked(decode_ulid_key(key));
    return {{"time", u.unix_ms()}, {"random", hex_text(u.entropy())}};
  }
  throw Refusal{fmt::format("unknown codec {}", json(codec).dump())};
}

template <class Generator>
typename Generator::Options monotonic() {
  typename Generator::Options options;
  options.monotonic = true;
  return options;
}

}  // namespace

struct ReferenceCodecs::Generators {
  KsuidGenerator ksuid{monotonic<KsuidGenerator>()};
  UlidGenerator ulid{monotonic<UlidGenerator>()};
};

ReferenceCodecs::ReferenceCodecs() : generators_(std::make_unique<Generators>()) {}
ReferenceCodecs::~ReferenceCodecs() = default;

json ReferenceCodecs::answer(const json& request) {
  try {
    const std::string& op = string_field(request, "op");
    const std::string& codec = string_field(request, "codec");
    const json& params = field(request, "params");
    if (op == "encode") return {{"ok", encode(codec, params, field(request, "value"))}};
    if (op == "decode") return {{"ok", decode(codec, params, string_field(request, "key"))}};
    if (op == "generate") {
      const int count = int_field(params, "count", 1, 1000);
      json ids = json::array();
      for (int i = 0; i < count; ++i) {
        if (codec == "ksuid") {
          ids.push_back(encode_ksuid(checked(generators_->ksuid.next())));
        } else if (codec == "ulid") {
          ids.push_back(encode_ulid(checked(generators_->ulid.next())));
        } else {
          throw Refusal{fmt::format("generate knows ksuid and ulid, not {}", json(codec).dump())};
        }
      }
      return {{"ok", ids}};
    }
    throw Refusal{fmt::format("unknown op {}", json(op).dump())};
  } catch (const Refusal& r) {
    return {{"error", r.message}};
  }
}

std::vector<Reply> ReferenceCodecs::call(const std::vector<json>& requests) {
  std::vector<Reply> replies;
  replies.reserve(requests.size());
  for (const json& request : requests) {
    const std::int64_t id = next_id_++;
    const json a = answer(request);
    Reply r;
    r.request = request_line(id, request);
    r.refused = a.contains("error");
    if (r.refused) {
      r.error = a.at("error").get<std::string>();
      r.response = fmt::format("{{\"id\":{},\"error\":{}}}", id, a.at("error").dump());
    } else {
      r.ok = a.at("ok");
      r.response = fmt::format("{{\"id\":{},\"ok\":{}}}", id, r.ok.dump());
    }
    replies.push_back(std::move(r));
  }
  return replies;
}

}  // namespace sortkey::props::contract
