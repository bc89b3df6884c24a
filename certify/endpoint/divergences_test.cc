#include "certify/endpoint/divergences.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "src/testing/source_dir.h"
#include "support/json_input.h"

namespace sortkey::certify::endpoint {
namespace {

Signature not_not() {
  return {"Query",
          "rejected",
          "ValidationException",
          "Invalid FilterExpression: Syntax error; Expected \"…\" but \"…\" found.",
          "filter NOT NOT …",
          ""};
}

std::string entry_text(const Signature& s, std::string_view id, std::string_view reason_key) {
  nlohmann::json e = {{"id", std::string(id)},
                      {std::string(reason_key), "DynamoDB takes NOT NOT."},
                      {"signature", s.to_json()}};
  return nlohmann::json{{"endpoint", "x"}, {"divergences", {e}}}.dump();
}

TEST(Signature, MatchesOnEveryFieldExactly) {
  auto k = parse_known_divergences(entry_text(not_not(), "a", "reason"), "test.json");
  ASSERT_TRUE(k) << k.error().message;
  EXPECT_EQ(k->endpoint, "x");
  EXPECT_NE(k->match(not_not()), nullptr);
  for (const std::string& f : Signature::fields()) {
    Signature other = not_not();
    other.field(f) += "x";
    EXPECT_EQ(k->match(other), nullptr) << "a different " << f << " must not match";
  }
}

TEST(Signature, AFieldMayListSeveralValues) {
  nlohmann::json file = nlohmann::json::parse(entry_text(not_not(), "a", "reason"));
  file["divergences"][0]["signature"]["operation"] = {"Query", "Scan"};
  auto k = parse_known_divergences(file.dump(), "test.json");
  ASSERT_TRUE(k) << k.error().message;
  Signature scan = not_not();
  scan.operation = "Scan";
  EXPECT_NE(k->match(scan), nullptr);
  scan.operation = "PutItem";
  EXPECT_EQ(k->match(scan), nullptr);
}

TEST(Signature, IdIsStableAndDiffersPerCause) {
  EXPECT_EQ(not_not().id(), not_not().id());
  EXPECT_EQ(not_not().id().size(), 10u);
  Signature other = not_not();
  other.values = "empty";
  EXPECT_NE(other.id(), not_not().id());
}

TEST(KnownDivergences, ReadsTheEarlierWhyAsTheReason) {
  auto k = parse_known_divergences(entry_text(not_not(), "a", "why"), "test.json");
  ASSERT_TRUE(k) << k.error().message;
  EXPECT_EQ(k->entries[0].reason, "DynamoDB takes NOT NOT.");
}

TEST(KnownDivergences, RejectsEntriesWithoutReasonsOrWholeSignatures) {
  const std::string sig = not_not().to_json().dump();
  for (
      const std::string& text : {
          std::string(R"({"divergences": [{"id": "a", "signature": )") + sig + "}]}",
          std::string(R"({"divergences": [{"id": "a", "reason": "", "signature": )") + sig + "}]}",
          std::string(R"({"divergences": [{"reason": "w", "signature": )") + sig + "}]}",
          std::string(
              R"({"divergences": [{"id": "a", "reason": "w", "signature": {"operation": "Query"}}]})"),
          std::string(
              R"({"divergences": [{"id": "a", "reason": "w", "signature": {"operation": 1, "outcome": "", "error": "", "message": "", "feature": "", "values": ""}}]})"),
          std::string(R"({"divergences": [{"id": "a", "reason": "w"}]})"),
          std::string(R"({"divergences": [{"id": "a", "reason": "w", "signature": )") + sig +
              R"(}, {"id": "a", "reason": "w", "signature": )" + sig + "}]}",
          std::string(R"({"divergences": [{"id": "a", "reason": "w", "signature": )") + sig +
              R"(, "reproduction": {"table": {}}}]})",
          std::string(R"({"nothing": []})"),
          std::string("not json"),
      }) {
    auto k = parse_known_divergences(text, "bad.json");
    EXPECT_FALSE(k) << text;
    if (!k) {
      EXPECT_NE(k.error().message.find("bad.json"), std::string::npos) << k.error().message;
    }
  }
}

TEST(KnownDivergences, TheEarlierMatchFormSaysToRecordAgain) {
  auto k = parse_known_divergences(
      R"({"divergences": [{"id": "old", "why": "w", "match": {"kind": "order"}}]})", "old.json");
  ASSERT_FALSE(k);
  EXPECT_NE(k.error().message.find("--record-divergences"), std::string::npos) << k.error().message;
}

TEST(MaskMessage, MasksValuesNamesAndLabelledTokens) {
  const std::set<std::string> names = {"pk", "g 5", "sortkey-cert-1-2"};
  EXPECT_EQ(mask_message("The parameter cannot be converted to a numeric value: +10", names),
            "The parameter cannot be converted to a numeric value: …");
  EXPECT_EQ(mask_message("The parameter cannot be converted to a numeric value: +3e5", names),
            mask_message("The parameter cannot be converted to a numeric value: +1", names));
  EXPECT_EQ(mask_message("Syntax error; Expected \"(\" but \"N\" found.", names),
            "Syntax error; Expected \"…\" but \"…\" found.");
  EXPECT_EQ(mask_message("lower bound operand: AttributeValue: {S:a}, upper bound: {S:{x}}", names),
            "lower bound operand: AttributeValue: …, upper bound: …");
  EXPECT_EQ(mask_message("Type mismatch for Index Key g 5 Expected: S Actual: N", names),
            "Type mismatch for Index Key <name> Expected: S Actual: …");
  EXPECT_EQ(mask_message("Requested resource not found: Table: sortkey-cert-1-2 not found", names),
            "Requested resource not found: Table: <name> not found");
  EXPECT_EQ(mask_message("limit of 2048 bytes for pk, not pkx", names),
            "limit of # bytes for <name>, not pkx");
  EXPECT_EQ(mask_message("operator: =, first operand: [doc, Size]", names),
            "operator: …, first operand: …");
  EXPECT_EQ(mask_message("a: b c: d) e: f; g: ", names), "a: b c: …) e: …; g: ");
  EXPECT_LE(mask_message(std::string(5000, 'a'), names).size(), 300u);
  EXPECT_LE(mask_message(": " + std::string(1998, 'x'), names).size(), 300u);
}

class RecordDivergences : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = (std::filesystem::temp_directory_path() /
             ("record_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
              ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".json"))
                .string();
    std::filesystem::remove(path_);
  }
  void TearDown() override { std::filesystem::remove(path_); }

  static Divergence divergence(const Signature& s) {
    Divergence d;
    d.signature = s;
    d.reproduction = {{"table", {{"pk", {"pk", "S"}}}},
                      {"items", nlohmann::json::array()},
                      {"request", {{"action", "Query"}, {"params", nlohmann::json::object()}}},
                      {"expected", nlohmann::json::object()},
                      {"actual", {{"error", "ValidationException"}}}};
    return d;
  }

  std::string path_;
};

TEST_F(RecordDivergences, CreatesAddsAndNeverRepeats) {
  Signature other = not_not();
  other.operation = "Scan";
  auto added = record_divergences(path_, {recorded_entry(divergence(not_not()), "a")}, "dyn");
  ASSERT_TRUE(added) << added.error().message;
  EXPECT_EQ(*added, 1u);
  added = record_divergences(
      path_, {recorded_entry(divergence(not_not()), "a"), recorded_entry(divergence(other), "a")},
      "dyn");
  ASSERT_TRUE(added) << added.error().message;
  EXPECT_EQ(*added, 1u) << "the first is there already; the second is new";
  auto k = load_known_divergences(path_);
  ASSERT_TRUE(k) << k.error().message;
  ASSERT_EQ(k->entries.size(), 2u);
  EXPECT_EQ(k->entries[0].id, "a");
  EXPECT_EQ(k->entries[1].id, "a-2");
  EXPECT_TRUE(k->entries[1].reason_to_write());
  EXPECT_NE(k->match(other), nullptr);
  EXPECT_EQ(k->endpoint, "dyn");
}

TEST_F(RecordDivergences, KeepsWhatAPersonWrote) {
  {
    std::ofstream out(path_);
    out << entry_text(not_not(), "written", "why");
  }
  Signature other = not_not();
  other.values = "empty";
  auto added = record_divergences(
      path_,
      {recorded_entry(divergence(not_not()), "dup"), recorded_entry(divergence(other), "new")},
      "dyn");
  ASSERT_TRUE(added) << added.error().message;
  EXPECT_EQ(*added, 1u);
  auto k = load_known_divergences(path_);
  ASSERT_TRUE(k) << k.error().message;
  ASSERT_EQ(k->entries.size(), 2u);
  EXPECT_EQ(k->entries[0].id, "written");
  EXPECT_EQ(k->entries[0].reason, "DynamoDB takes NOT NOT.");
  EXPECT_EQ(k->entries[1].id, "new");
}

TEST_F(RecordDivergences, RefusesAFileThatIsNotOne) {
  {
    std::ofstream out(path_);
    out << "{\"not\": 1}";
  }
  EXPECT_FALSE(record_divergences(path_, {recorded_entry(divergence(not_not()), "a")}, "dyn"));
}

// The file the test run certifies dynalite with: every entry explained.
TEST(DynaliteDivergences, EveryEntryHasAReason) {
  auto k =
      load_known_divergences(sortkey::testing::source_path("corpus/divergences/dynalite.json"));
  ASSERT_TRUE(k) << k.error().message;
  EXPECT_FALSE(k->entries.empty());
  for (const KnownDivergence& e : k->entries) {
    EXPECT_FALSE(e.reason_to_write()) << e.id << " still needs its reason";
    EXPECT_GE(e.reason.size(), 40u) << e.id << ": a reason is a sentence";
    EXPECT_FALSE(e.reproduction.is_null()) << e.id << " needs a reproduction";
  }
}

TEST(KnownDivergences, SignatureTextOfAnotherTypeIsAnErrorNamingTheEntryAndField) {
  nlohmann::json sig = not_not().to_json();
  for (const nlohmann::json& value : {nlohmann::json(7), nlohmann::json::array({"Query", 3}),
                                      nlohmann::json::array(), nlohmann::json::object()}) {
    sig["feature"] = value;
    const nlohmann::json file = {
        {"divergences", {{{"id", "a"}, {"reason", "w"}, {"signature", sig}}}}};
    auto k = parse_known_divergences(file.dump(), "test.json");
    ASSERT_FALSE(k) << value.dump();
    EXPECT_NE(k.error().message.find("test.json: \"a\": signature.feature must be a string"),
              std::string::npos)
        << k.error().message;
  }
}

TEST(KnownDivergences, AnEarlierDetailPatternIsRefusedNotSearched) {
  auto k = parse_known_divergences(R"({"divergences": [
      {"id": "a", "why": "w", "match": {"detail": "((((((((((a*)*)*)*)*)*)*)*)*)*)*b"}}]})",
                                   "test.json");
  ASSERT_FALSE(k);
  EXPECT_NE(k.error().message.find("--record-divergences"), std::string::npos) << k.error().message;
}

}  // namespace
}  // namespace sortkey::certify::endpoint
