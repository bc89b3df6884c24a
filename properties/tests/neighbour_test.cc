// The neighbour pairs (properties/props/neighbour_props.h): the values
// just below and above each boundary are the right ones, the property holds
// for the built-in reference, and planted bugs that sit between two adjacent
// values are caught by `<codec>/neighbours` at the default settings (the
// default seed and the certifier's 1000 cases) through the contract catalog,
// as an adapter's would be.

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cctype>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "oracles/naive_casefold.h"
#include "oracles/naive_decimal.h"
#include "properties/contract_catalog.h"
#include "properties/props/contract_reference.h"
#include "properties/props/neighbour_props.h"
#include "properties/tests/tampered_service.h"
#include "sortkey/ulid.h"

namespace sortkey::props::contract {
namespace {

using planted::entry;
using planted::quick;
using planted::Tampered;

std::vector<json> chain_of(const std::string& codec, const json& params, const json& value) {
  return neighbour_chain(*make_oracle(codec, params), value);
}

TEST(NeighbourChain, NumbersStepInTheThirtyEighthDigitAcrossExponents) {
  const std::string nines(38, '9');
  EXPECT_EQ(chain_of("number", json::object(), "1e6"),
            (std::vector<json>{"9." + nines.substr(1) + "e+5", "1e6",
                               "1." + std::string(36, '0') + "1e+6"}));
  EXPECT_EQ(chain_of("number", json::object(), "0"), (std::vector<json>{"-1e-130", "0", "1e-130"}));
  EXPECT_EQ(chain_of("number", json::object(), "-1e-130"),
            (std::vector<json>{"-1." + std::string(36, '0') + "1e-130", "-1e-130", "0"}));
  const std::string max = "9." + nines.substr(1) + "e+125";
  EXPECT_EQ(chain_of("number", json::object(), max).size(), 2u);  // nothing above the largest
}

TEST(NeighbourChain, InstantsCarryAtThePrecision) {
  const json p3 = {{"precision", 3}};
  EXPECT_EQ(chain_of("timestamp", p3, json{{"seconds", 0}, {"nanos", 123}}),
            (std::vector<json>{{{"seconds", -1}, {"nanos", 999000000}},
                               {{"seconds", 0}, {"nanos", 0}},
                               {{"seconds", 0}, {"nanos", 1000000}}}));
  const json last = {{"seconds", 253402300799}, {"nanos", 999999999}};
  EXPECT_EQ(chain_of("timestamp", {{"precision", 9}}, last).size(), 2u);
}

TEST(NeighbourChain, DigitsStopAtTheWidthAndZero) {
  EXPECT_EQ(chain_of("padded", {{"width", 3}}, "999"), (std::vector<json>{"998", "999"}));
  EXPECT_EQ(chain_of("inverse", {{"width", 3}}, "0"), (std::vector<json>{"0", "1"}));
  EXPECT_EQ(chain_of("epoch", {{"unit", "s"}, {"width", 10}}, "100"),
            (std::vector<json>{"99", "100", "101"}));
}

TEST(NeighbourChain, IdsCarryThroughTheWholeValue) {
  const json v = {{"timestamp", 1500000000}, {"payload", std::string(32, 'f')}};
  const auto c = chain_of("ksuid", json::object(), v);
  ASSERT_EQ(c.size(), 3u);
  EXPECT_EQ(c[2], (json{{"timestamp", 1500000001}, {"payload", std::string(32, '0')}}));
  const json u = {{"time", 0}, {"random", std::string(20, '0')}};
  EXPECT_EQ(chain_of("ulid", json::object(), u).front(), u);  // nothing below the first ULID
}

TEST(NeighbourChain, NamesSkipSurrogatesAndControls) {
  const json p = {{"case", "fold"}};
  EXPECT_EQ(chain_of("name", p, "a~")[2], "a\u00a0");         // U+007F..U+009F are Cc
  EXPECT_EQ(chain_of("name", p, "\ud7ff")[2], "\ue000");      // no surrogates
  EXPECT_EQ(chain_of("name", p, "\uffff")[2], "\U00010000");  // UTF-8 grows to 4 bytes
}

TEST(NeighbourChain, CompositePathsStraddleTheDelimiter) {
  EXPECT_EQ(chain_of("composite", {{"delimiter", "#"}}, json{"s", "t#"}),
            (std::vector<json>{json{"s"}, json{"s", "t\""}, json{"s", "t#"}, json{"s", "t$"},
                               json{"s\""}}));
}

TEST(NeighbourPairs, HoldForTheReferenceAtTheDefaultSettings) {
  ReferenceCodecs subject, reference;
  const props::Catalog c = contract_catalog(subject, reference, protocol_codecs());
  for (const std::string& codec : protocol_codecs()) {
    const props::RunReport r = props::run_property(entry(c, codec + "/neighbours"), quick(1000));
    EXPECT_EQ(r.verdict, props::Verdict::kPassed) << props::describe_failure(r);
  }
}

// ---- planted bugs -----------------------------------------------------------

// `subject` fails "<codec>/neighbours" at the default settings; the report.
props::RunReport caught(CodecService& subject, const std::string& codec) {
  ReferenceCodecs reference;
  const props::Catalog c = contract_catalog(subject, reference, {codec});
  return props::run_property(entry(c, codec + "/neighbours"), quick(1000));
}

TEST(NeighbourPairs, CatchATimestampThatDropsTheLastDigitAtOnePrecision) {
  // At precision 6 only, the sixth fraction digit is written as 0: the keys of
  // an instant and the microsecond after it are equal.
  Tampered subject([](const json& req, Reply& r) {
    if (req.at("op") != "encode" || req.at("codec") != "timestamp" || r.refused) return;
    if (req.at("params").at("precision") != 6) return;
    std::string key = r.ok.get<std::string>();
    key[key.size() - 2] = '0';
    r.ok = key;
  });
  const props::RunReport r = caught(subject, "timestamp");
  ASSERT_EQ(r.verdict, props::Verdict::kFailed);
  EXPECT_NE(r.message.find("the neighbours"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("\"precision\":6"), std::string::npos) << r.message;
}

TEST(NeighbourPairs, CatchANumberCodecWrongOnlyAcrossAnExponentChange) {
  // 9.99..9 x 10^s (38 nines) is written as the key of 10^(s+1) followed by
  // 38 zeros, and read back: a bijection whose keys are in order everywhere
  // except between that value and the next, 10^(s+1).
  auto helper = std::make_shared<ReferenceCodecs>();
  const std::string zeros(38, '0');
  Tampered subject([helper, zeros](const json& req, Reply& r) {
    if (req.at("codec") != "number") return;
    if (req.at("op") == "encode" && !r.refused) {
      const auto n = oracle::read_number(req.at("value").get<std::string>()).value;
      if (n.negative || n.digits != std::string(38, '9') || n.sci >= 125) return;
      const json a = helper->answer(
          encode_request("number", json::object(), "1e" + std::to_string(n.sci + 1)));
      r.ok = a.at("ok").get<std::string>() + zeros;
    } else if (req.at("op") == "decode") {
      const std::string key = req.at("key").get<std::string>();
      if (key.size() <= zeros.size() || !key.ends_with(zeros)) return;
      const json a = helper->answer(
          decode_request("number", json::object(), key.substr(0, key.size() - zeros.size())));
      if (!a.contains("ok")) return;
      const auto power = oracle::read_number(a.at("ok").get<std::string>()).value;
      if (power.negative || power.digits != "1") return;
      r.refused = false;
      r.ok = oracle::canonical_text({false, std::string(38, '9'), power.sci - 1});
    }
  });
  const props::RunReport r = caught(subject, "number");
  ASSERT_EQ(r.verdict, props::Verdict::kFailed);
  EXPECT_NE(r.message.find(std::string(37, '9') + "e"), std::string::npos) << r.message;
}

// The UTF-16 code units of UTF-8 text as upper-case hex, four digits each.
std::string utf16_hex(const std::string& text) {
  std::string out;
  for (char32_t c : oracle::code_points(text)) {
    if (c < 0x10000) {
      out += fmt::format("{:04X}", static_cast<unsigned>(c));
    } else {
      out += fmt::format("{:04X}{:04X}", 0xD800 + ((c - 0x10000) >> 10),
                         0xDC00 + ((c - 0x10000) & 0x3FF));
    }
  }
  return out;
}

// The inverse of utf16_hex, or nullopt for any other text.
std::optional<std::string> from_utf16_hex(const std::string& hex) {
  if (hex.size() % 4 != 0) return std::nullopt;
  std::vector<unsigned> units;
  for (std::size_t i = 0; i < hex.size(); i += 4) {
    unsigned u = 0;
    for (char c : hex.substr(i, 4)) {
      if (!std::isxdigit(static_cast<unsigned char>(c)) || std::islower(c)) return std::nullopt;
      u = u * 16 + static_cast<unsigned>(std::isdigit(c) ? c - '0' : c - 'A' + 10);
    }
    units.push_back(u);
  }
  std::string out;
  for (std::size_t i = 0; i < units.size(); ++i) {
    char32_t c = units[i];
    if (c >= 0xDC00 && c <= 0xDFFF) return std::nullopt;
    if (c >= 0xD800 && c <= 0xDBFF) {
      if (i + 1 == units.size() || units[i + 1] < 0xDC00 || units[i + 1] > 0xDFFF)
        return std::nullopt;
      c = 0x10000 + ((c - 0xD800) << 10) + (units[++i] - 0xDC00);
    }
    out += oracle::utf8_of(c);
  }
  return out;
}

TEST(NeighbourPairs, CatchANameCodecOrderedByUtf16CodeUnits) {
  // The normalized name's UTF-16 code units in hex: U+FFFF sorts above
  // U+10000, as in every UTF-16 string comparison, and not by code points.
  auto helper = std::make_shared<ReferenceCodecs>();
  Tampered subject([helper](const json& req, Reply& r) {
    if (req.at("codec") != "name") return;
    if (req.at("op") == "encode" && !r.refused) r.ok = utf16_hex(r.ok.get<std::string>());
    if (req.at("op") != "decode") return;
    const auto text = from_utf16_hex(req.at("key").get<std::string>());
    const json a = text ? helper->answer(decode_request("name", req.at("params"), *text))
                        : json{{"error", "not UTF-16 in hex"}};
    r.refused = !a.contains("ok");
    if (r.refused) r.error = a.at("error").get<std::string>();
    if (!r.refused) r.ok = a.at("ok");
  });
  const props::RunReport r = caught(subject, "name");
  ASSERT_EQ(r.verdict, props::Verdict::kFailed);
  EXPECT_NE(r.message.find("the neighbours"), std::string::npos) << r.message;
}

// `key` with every escape of `byte` written as the raw byte (the escape
// byte is the delimiter + 1, then two upper-case hex digits).
std::string unescape_one(const std::string& key, char delimiter, char byte) {
  const std::string escape =
      fmt::format("{}{:02X}", static_cast<char>(delimiter + 1), static_cast<unsigned char>(byte));
  std::string out;
  for (std::size_t i = 0; i < key.size(); ++i) {
    if (key[i] == delimiter + 1 && key.compare(i, 3, escape) == 0) {
      out += byte;
      i += 2;
    } else {
      out += key[i];
    }
  }
  return out;
}

TEST(NeighbourPairs, CatchACompositeCodecThatLeavesTheByteBelowTheDelimiterRaw) {
  // The byte just below the delimiter ('"' for '#') is not escaped, so
  // ("s", "t") = s#t sorts after ("s\"") = s", which the tuple order puts after it.
  auto helper = std::make_shared<ReferenceCodecs>();
  Tampered subject([helper](const json& req, Reply& r) {
    if (req.at("codec") != "composite") return;
    const char d = req.at("params").at("delimiter").get<std::string>()[0];
    const char low = static_cast<char>(d - 1);
    if (req.at("op") == "encode" && !r.refused) {
      r.ok = unescape_one(r.ok.get<std::string>(), d, low);
    } else if (req.at("op") == "decode") {
      const std::string key = req.at("key").get<std::string>();
      std::string escaped;
      for (char c : key)
        escaped += c == low ? fmt::format("{}{:02X}", static_cast<char>(d + 1),
                                          static_cast<unsigned char>(low))
                            : std::string(1, c);
      const bool canonical = unescape_one(key, d, low) == key;
      const json a = canonical
                         ? helper->answer(decode_request("composite", req.at("params"), escaped))
                         : json{{"error", "an escaped byte that is written raw"}};
      r.refused = !a.contains("ok");
      if (r.refused) r.error = a.at("error").get<std::string>();
      if (!r.refused) r.ok = a.at("ok");
    }
  });
  const props::RunReport r = caught(subject, "composite");
  ASSERT_EQ(r.verdict, props::Verdict::kFailed);
  EXPECT_NE(r.message.find("the neighbours"), std::string::npos) << r.message;
}

// A tamper that swaps the keys of two values: `a` is written with b's key
// and b with a's, and each read back; a bijection still, wrong between them.
// `partner(params, v)` is the value v changes places with, if any (both
// inside the domain under those params).
using Partner = std::function<std::optional<json>(const json& params, const json& value)>;
Tampered swapped_keys(std::string codec, Partner partner) {
  auto helper = std::make_shared<ReferenceCodecs>();
  return Tampered([=](const json& req, Reply& r) {
    if (req.at("codec") != codec || r.refused) return;
    const json& params = req.at("params");
    if (req.at("op") == "encode") {
      if (auto other = partner(params, req.at("value"))) {
        r.ok = helper->answer(encode_request(codec, params, *other)).at("ok");
      }
    } else if (req.at("op") == "decode") {
      if (auto other = partner(params, r.ok)) r.ok = *other;
    }
  });
}

TEST(NeighbourPairs, CatchSwappedKeysAtADigitCountChangeAndAnIdCarry) {
  // padded: 10^k - 1 and 10^k change places for k = 2 (99 and 100).
  Tampered padded = swapped_keys("padded", [](const json& p, const json& v) -> std::optional<json> {
    if (p.at("width") < 3) return std::nullopt;
    if (v == "99") return json("100");
    if (v == "100") return json("99");
    return std::nullopt;
  });
  EXPECT_EQ(caught(padded, "padded").verdict, props::Verdict::kFailed);
  // ulid: a random part of all 0xFF and the next millisecond's all 0x00 change places.
  Tampered ulid = swapped_keys("ulid", [](const json&, const json& v) -> std::optional<json> {
    const std::int64_t t = v.at("time").get<std::int64_t>();
    std::string random = v.at("random").get<std::string>();
    for (char& c : random) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (random == std::string(20, 'f') && t < kUlidMaxTime)
      return json{{"time", t + 1}, {"random", std::string(20, '0')}};
    if (random == std::string(20, '0') && t > 0)
      return json{{"time", t - 1}, {"random", std::string(20, 'f')}};
    return std::nullopt;
  });
  EXPECT_EQ(caught(ulid, "ulid").verdict, props::Verdict::kFailed);
}

}  // namespace
}  // namespace sortkey::props::contract
