// The contract catalog on in-process services: every property holds for the
// built-in reference itself (no false alarms), and a planted bug in a
// service is caught by the property meant for it, with the exact lines.

#include "contract_catalog.h"

#include <gtest/gtest.h>

#include <functional>

#include "props/contract_reference.h"
#include "runner.h"

namespace sortkey::props::contract {
namespace {

props::RunSettings quick(int cases) {
  props::RunSettings s;
  s.cases = cases;
  return s;
}

// The reference with one answer rewritten: the planted bug.
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

const props::PropertyEntry& entry(const props::Catalog& c, const std::string& id) {
  for (const auto& e : c.entries()) {
    if (e.id() == id) return e;
  }
  throw std::runtime_error("no entry " + id);
}

TEST(ContractCatalog, EveryPropertyHoldsForTheReference) {
  props::contract::ReferenceCodecs subject, reference;
  const props::Catalog c = contract_catalog(subject, reference, props::contract::protocol_codecs());
  ASSERT_EQ(c.entries().size(), 9u * 5 + 6 + 2);  // 5 each, fixed_width x6, generate x2
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

}  // namespace
}  // namespace sortkey::props::contract
