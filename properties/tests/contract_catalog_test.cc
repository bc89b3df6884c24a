// The contract catalog on in-process services: every property holds for the
// built-in reference itself (no false alarms), and a planted bug in a
// service is caught by the property meant for it, with the exact lines.

#include "properties/contract_catalog.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <memory>

#include "properties/props/common.h"
#include "properties/props/contract_foreign_keys.h"
#include "properties/props/contract_reference.h"
#include "properties/runner.h"
#include "properties/tests/tampered_service.h"
#include "sortkey/composite.h"

namespace sortkey::props::contract {
namespace {

using planted::entry;
using planted::quick;
using planted::Tampered;

TEST(ContractCatalog, EveryPropertyHoldsForTheReference) {
  props::contract::ReferenceCodecs subject, reference;
  const props::Catalog c = contract_catalog(subject, reference, props::contract::protocol_codecs());
  ASSERT_EQ(c.entries().size(), 9u * 7 + 6 + 2);  // 7 each, fixed_width x6, generate x2
  for (const auto& e : c.entries()) {
    const props::RunReport r = props::run_property(e, quick(150));
    EXPECT_EQ(r.verdict, props::Verdict::kPassed) << props::describe_failure(r);
  }
}

TEST(ContractCatalog, OnlyTheListedCodecs) {
  props::contract::ReferenceCodecs subject, reference;
  const props::Catalog c = contract_catalog(subject, reference, {"ulid", "padded", "nosuch"});
  for (const auto& e : c.entries()) EXPECT_TRUE(e.codec == "padded" || e.codec == "ulid") << e.id();
  EXPECT_EQ(c.entries().front().codec, "padded");
}

TEST(ContractCatalog, UnpaddedNumbersFailOrderWithTheLines) {
  Tampered subject([](const json& req, Reply& r) {
    if (req.at("op") == "encode" && req.at("codec") == "padded" && !r.refused) {
      std::string k = r.ok.get<std::string>();
      const auto nz = k.find_first_not_of('0');
      r.ok = nz == std::string::npos ? "0" : k.substr(nz);
    }
  });
  props::contract::ReferenceCodecs reference;
  const props::Catalog c = contract_catalog(subject, reference, {"padded"});
  const props::RunReport r = props::run_property(entry(c, "padded/order"), quick(200));
  ASSERT_EQ(r.verdict, props::Verdict::kFailed);
  EXPECT_NE(r.message.find("request:  {\"id\":"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("\"op\":\"encode\",\"codec\":\"padded\""), std::string::npos)
      << r.message;
  EXPECT_NE(r.message.find("response: "), std::string::npos) << r.message;
  EXPECT_EQ(props::run_property(entry(c, "padded/fixed_width"), quick(200)).verdict,
            props::Verdict::kFailed);
  EXPECT_EQ(props::run_property(entry(c, "padded/matches_reference"), quick(200)).verdict,
            props::Verdict::kFailed);
}

TEST(ContractCatalog, AcceptingOutOfRangeFailsRefusals) {
  Tampered subject([](const json& req, Reply& r) {
    if (req.at("op") == "encode" && r.refused) {
      r.refused = false;
      r.ok = "99999";
    }
  });
  props::contract::ReferenceCodecs reference;
  const props::Catalog c =
      contract_catalog(subject, reference, {"inverse", "timestamp", "number", "ulid"});
  for (const char* id : {"inverse/refuses_out_of_range", "timestamp/refuses_out_of_range",
                         "number/refuses_out_of_range", "ulid/refuses_out_of_range"}) {
    const props::RunReport r = props::run_property(entry(c, id), quick(200));
    EXPECT_EQ(r.verdict, props::Verdict::kFailed) << id;
    EXPECT_NE(r.message.find("is outside the domain"), std::string::npos) << r.message;
  }
}

TEST(ContractCatalog, RefusingInsideTheDomainFails) {
  Tampered subject([](const json& req, Reply& r) {
    if (req.at("op") == "encode" && req.at("codec") == "name" && !r.refused &&
        req.at("value").get<std::string>().size() > 3) {
      r.refused = true;
      r.error = "too long";
    }
  });
  props::contract::ReferenceCodecs reference;
  const props::Catalog c = contract_catalog(subject, reference, {"name"});
  const props::RunReport r = props::run_property(entry(c, "name/round_trip"), quick(200));
  ASSERT_EQ(r.verdict, props::Verdict::kFailed);
  EXPECT_NE(r.message.find("a value inside the domain: too long"), std::string::npos) << r.message;
}

TEST(ContractCatalog, TruncatedTimestampFractionFailsRoundTripAndReference) {
  // The classic: trailing zeros of the fraction trimmed ("...00.5Z" for "...00.500Z").
  Tampered subject([](const json& req, Reply& r) {
    if (req.at("op") == "encode" && req.at("codec") == "timestamp" && !r.refused) {
      std::string k = r.ok.get<std::string>();
      if (k.find('.') != std::string::npos) {
        k.pop_back();
        while (k.back() == '0') k.pop_back();
        if (k.back() == '.') k.pop_back();
        r.ok = k + "Z";
      }
    }
  });
  props::contract::ReferenceCodecs reference;
  const props::Catalog c = contract_catalog(subject, reference, {"timestamp"});
  EXPECT_EQ(props::run_property(entry(c, "timestamp/fixed_width"), quick(200)).verdict,
            props::Verdict::kFailed);
  EXPECT_EQ(props::run_property(entry(c, "timestamp/order"), quick(300)).verdict,
            props::Verdict::kFailed);
  EXPECT_EQ(props::run_property(entry(c, "timestamp/matches_reference"), quick(200)).verdict,
            props::Verdict::kFailed);
}

TEST(ContractCatalog, DifferentButCorrectDesignsOnlyDisagree) {
  // A number codec with one more leading byte is still correct: the
  // agreement is reported, the properties hold.
  Tampered subject([](const json& req, Reply& r) {
    if (req.at("codec") != "number") return;
    if (req.at("op") == "encode" && !r.refused) r.ok = "N" + r.ok.get<std::string>();
  });
  props::contract::ReferenceCodecs reference;
  const props::Catalog c = contract_catalog(subject, reference, {"number"});
  props::RunReport r = props::run_property(entry(c, "number/agrees_with_reference"), quick(100));
  EXPECT_EQ(r.verdict, props::Verdict::kPassed);
  int differ = 0;
  for (const auto& [tags, count] : r.distribution) {
    if (tags.find("differs from the reference") != std::string::npos) differ += count;
  }
  EXPECT_GT(differ, 0);
  EXPECT_TRUE(is_informational("number/agrees_with_reference"));
  EXPECT_FALSE(is_informational("padded/matches_reference"));
  EXPECT_EQ(props::run_property(entry(c, "number/order"), quick(100)).verdict,
            props::Verdict::kPassed);
}

TEST(ContractCatalog, NonMonotonicGeneratorFails) {
  Tampered subject([](const json& req, Reply& r) {
    if (req.at("op") == "generate" && r.ok.size() >= 2) std::swap(r.ok[0], r.ok[1]);
  });
  props::contract::ReferenceCodecs reference;
  const props::Catalog c = contract_catalog(subject, reference, {"ulid"});
  const props::RunReport r = props::run_property(entry(c, "ulid/generate_monotonic"), quick(100));
  ASSERT_EQ(r.verdict, props::Verdict::kFailed);
  EXPECT_NE(r.message.find("not monotonic"), std::string::npos) << r.message;
}

// A decoder made lenient: where the reference refuses `key`, it answers the
// reference's decode of lenient(key) instead, if that decodes.
Tampered lenient_decoder(std::string codec, std::function<std::string(std::string)> lenient) {
  auto helper = std::make_shared<props::contract::ReferenceCodecs>();
  return Tampered([=](const json& req, Reply& r) {
    if (req.at("op") != "decode" || req.at("codec") != codec || !r.refused) return;
    const json a = helper->answer(
        decode_request(codec, req.at("params"), lenient(req.at("key").get<std::string>())));
    if (!a.contains("ok")) return;
    r.refused = false;
    r.ok = a.at("ok");
  });
}

props::RunReport run_foreign(props::contract::CodecService& subject, const std::string& codec) {
  props::contract::ReferenceCodecs reference;
  const props::Catalog c = contract_catalog(subject, reference, {codec});
  return props::run_property(entry(c, codec + "/refuses_foreign_keys"), quick(150));
}

TEST(ContractCatalog, LenientDecodersFailRefusesForeignKeys) {
  // A padded key shorter than the width, read as if zero-padded.
  Tampered short_padded = lenient_decoder("padded", [](std::string k) {
    return k.empty() || k.size() >= 38 ? k : std::string(1, '0') + k;
  });
  // A ULID 'U' read as 'V'.
  Tampered u_as_v = lenient_decoder("ulid", [](std::string k) {
    std::replace(k.begin(), k.end(), 'U', 'V');
    return k;
  });
  // A KSUID above 2^160 - 1 read as the largest one, instead of refused.
  Tampered ksuid_clamps = lenient_decoder("ksuid", [](std::string k) {
    return k.size() == 27 && k > "aWgEPTl1tmebfsQzFP4bxwgy80V" ? "aWgEPTl1tmebfsQzFP4bxwgy80V" : k;
  });
  // A Number key with trailing zero digits.
  Tampered trailing_zeros = lenient_decoder("number", [](std::string k) {
    while (k.size() > 5 && k[0] == '3' && k.back() == '0') k.pop_back();
    return k;
  });
  for (auto [subject, codec] : {std::pair<Tampered*, const char*>{&short_padded, "padded"},
                                {&u_as_v, "ulid"},
                                {&ksuid_clamps, "ksuid"},
                                {&trailing_zeros, "number"}}) {
    const props::RunReport r = run_foreign(*subject, codec);
    ASSERT_EQ(r.verdict, props::Verdict::kFailed) << codec;
    EXPECT_NE(r.message.find("second spelling"), std::string::npos) << r.message;
    EXPECT_NE(r.message.find("\"op\":\"decode\",\"codec\":\"" + std::string(codec)),
              std::string::npos)
        << r.message;
    EXPECT_NE(r.message.find("response: "), std::string::npos) << r.message;
  }
}

TEST(ContractCatalog, TheUlidSpecsLeniencyHoldsAndIsReported) {
  // Decoding case-insensitively, with Crockford's aliases, is the ULID spec's
  // own leniency: it holds, and the distribution says so.
  Tampered spec_decoder = lenient_decoder("ulid", [](std::string k) {
    for (char& c : k) {
      c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      if (c == 'I' || c == 'L') c = '1';
      if (c == 'O') c = '0';
    }
    return k;
  });
  const props::RunReport r = run_foreign(spec_decoder, "ulid");
  EXPECT_EQ(r.verdict, props::Verdict::kPassed) << props::describe_failure(r);
  int lower = 0, aliases = 0;
  for (const auto& [tags, count] : r.distribution) {
    if (tags.find(kLowerCaseLeniency) != std::string::npos) lower += count;
    if (tags.find(kAliasLeniency) != std::string::npos) aliases += count;
  }
  EXPECT_GT(lower, 0);
  EXPECT_GT(aliases, 0);
}

TEST(ContractCatalog, ForeignVariantsAreForeign) {
  // Every variant of a real key is one the reference refuses to decode, or
  // one that is the key of the value it decodes to.
  props::contract::ReferenceCodecs reference;
  const auto o = make_oracle("ksuid", json::object());
  const std::string key = "0ujtsYcgvSTl8PAuAdqWYSMnLOv";
  const auto variants = foreign_variants(*o, key);
  EXPECT_GT(variants.size(), 30u);
  bool above = false;
  for (const auto& v : variants) {
    EXPECT_NE(v.key, key);
    if (v.key == "aWgEPTl1tmebfsQzFP4bxwgy80W") above = true;
  }
  EXPECT_TRUE(above);
  std::vector<std::string> none;
  const Outcome held = refuses_foreign_keys(
      reference, reference, *o, json{{"timestamp", 1500000000}, {"payload", std::string(32, 'f')}},
      0, {"aWgEPTl1tmebfsQzFP4bxwgy80W"}, &none);
  EXPECT_EQ(held.kind(), Outcome::Kind::kHolds) << held.message();
  EXPECT_TRUE(none.empty());
}

TEST(ContractCatalog, CompositeForeignVariantsAreRefused) {
  // For every delimiter, every variant of a key holding escapes is one the
  // built-in decoder refuses, or the key of the path it decodes to.
  for (char d : std::string("!\"#$%&'()*+,-./")) {
    const auto o = make_oracle("composite", json{{"delimiter", std::string(1, d)}});
    const std::string key = *encode_composite({"A", std::string(1, d) + "b", ""}, d);
    const auto variants = foreign_variants(*o, key);
    EXPECT_GT(variants.size(), 20u);
    int escapes = 0;
    for (const auto& v : variants) {
      const auto decoded = decode_composite(v.key, d);
      if (decoded) {
        EXPECT_EQ(*encode_composite(*decoded, d), v.key) << v.what;
      }
      if (v.what.find("escape") == std::string::npos) continue;
      ++escapes;
      EXPECT_FALSE(decoded.has_value()) << show_key(v.key) << ": " << v.what;
    }
    EXPECT_GE(escapes, 12) << d;
  }
}

}  // namespace
}  // namespace sortkey::props::contract
