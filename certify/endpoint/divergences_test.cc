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
  return nlohmann::json{{"endpoint", "x"}, {"signatures", kSignatureVersion}, {"divergences", {e}}}
      .dump();
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
          std::string(R"({"signatures": 2, "divergences": [{"id": "a", "signature": )") + sig +
              "}]}",
          std::string(
              R"({"signatures": 2, "divergences": [{"id": "a", "reason": "", "signature": )") +
              sig + "}]}",
          std::string(R"({"signatures": 2, "divergences": [{"reason": "w", "signature": )") + sig +
              "}]}",
          std::string(
              R"({"signatures": 2, "divergences": [{"id": "a", "reason": "w", "signature": {"operation": "Query"}}]})"),
          std::string(
              R"({"signatures": 2, "divergences": [{"id": "a", "reason": "w", "signature": {"operation": 1, "outcome": "", "error": "", "message": "", "feature": "", "values": ""}}]})"),
          std::string(R"({"signatures": 2, "divergences": [{"id": "a", "reason": "w"}]})"),
          std::string(
              R"({"signatures": 2, "divergences": [{"id": "a", "reason": "w", "signature": )") +
              sig + R"(}, {"id": "a", "reason": "w", "signature": )" + sig + "}]}",
          std::string(
              R"({"signatures": 2, "divergences": [{"id": "a", "reason": "w", "signature": )") +
              sig + R"(, "reproduction": {"table": {}}}]})",
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

TEST(KnownDivergences, AFileOfEarlierSignaturesIsRefusedSayingHowToRecordItAgain) {
  nlohmann::json file = nlohmann::json::parse(entry_text(not_not(), "a", "reason"));
  for (const nlohmann::json& version :
       {nlohmann::json(nullptr), nlohmann::json(1), nlohmann::json("2"), nlohmann::json(3)}) {
    if (version.is_null()) {
      file.erase("signatures");
    } else {
      file["signatures"] = version;
    }
    auto k = parse_known_divergences(file.dump(), "old.json");
    ASSERT_FALSE(k) << version.dump();
    EXPECT_NE(k.error().message.find("old.json: recorded with signatures of another version"),
              std::string::npos)
        << k.error().message;
    EXPECT_NE(k.error().message.find("--record-divergences"), std::string::npos);
    EXPECT_EQ(k.error().message.find('\n'), std::string::npos);
  }
}

TEST(FindReproduction, ByEntryIdOrItsSignatureIdInARecordedFile) {
  const nlohmann::json reproduction = {
      {"table", {{"pk", {"pk", "S"}}}},
      {"items", nlohmann::json::array()},
      {"request", {{"action", "Query"}, {"params", nlohmann::json::object()}}},
      {"expected", {{"Items", nlohmann::json::array()}}}};
  nlohmann::json sig = not_not().to_json();
  nlohmann::json numbers = sig;
  numbers["outcome"] = "number_text";
  const nlohmann::json file = {{"signatures", kSignatureVersion},
                               {"divergences",
                                {{{"id", "query-rejected-0123456789"},
                                  {"reason", "w"},
                                  {"signature", sig},
                                  {"reproduction", reproduction}},
                                 {{"id", "numbers"},
                                  {"reason", "w"},
                                  {"signature", numbers},
                                  {"reproduction", reproduction}}}}};
  auto r = find_reproduction(file.dump(), "f.json", "0123456789");
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->id, "query-rejected-0123456789");
  EXPECT_EQ(r->reproduction, reproduction);
  EXPECT_FALSE(r->numbers);
  r = find_reproduction(file.dump(), "f.json", "numbers");
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_TRUE(r->numbers);
  // Not a part of an id.
  EXPECT_FALSE(find_reproduction(file.dump(), "f.json", "456789"));
  const nlohmann::json report = {{"properties",
                                  {{{"id", "endpoint/query"},
                                    {"divergences",
                                     {{{"id", "abcdef0123"},
                                       {"known", nullptr},
                                       {"signature", sig},
                                       {"reproduction", reproduction}}}}}}}};
  r = find_reproduction(report.dump(), "report.json", "abcdef0123");
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->reproduction, reproduction);
}

TEST(FindReproduction, AMissingIdOrAnIncompleteReproductionIsAnErrorNamingTheFile) {
  const nlohmann::json file = {
      {"divergences", {{{"id", "a"}, {"reproduction", {{"table", nlohmann::json::object()}}}}}}};
  for (const auto& [text, id] : {std::pair<std::string, std::string>{file.dump(), "a"},
                                 {file.dump(), "b"},
                                 {"not json", "a"},
                                 {"[1]", "a"}}) {
    auto r = find_reproduction(text, "f.json", id);
    ASSERT_FALSE(r) << text << " " << id;
    EXPECT_EQ(r.error().message.rfind("f.json: ", 0), 0U) << r.error().message;
  }
}

TEST(DescribeReproduction, NonPrintingCharactersAreEscapedAsJsonDoes) {
  // U+E000 (private use), U+200B (zero width space), U+202E (right-to-left
  // override), U+0085 (a C1 control), U+F0000 (private use, plane 15), a tab.
  const std::string hidden =
      "a\xEE\x80\x80"
      "b\xE2\x80\x8B\xE2\x80\xAE\xC2\x85\xF3\xB0\x80\x80\t\xC3\xA9";
  const nlohmann::json item = {{"pk", {{"S", hidden}}}};
  const nlohmann::json r = {{"table", {{"pk", {"pk", "S"}}}},
                            {"items", {item}},
                            {"request", {{"action", "PutItem"}, {"params", {{"Item", item}}}}},
                            {"expected", {{"ok", true}}},
                            {"actual", {{"ok", true}}}};
  const std::string text = describe_reproduction(r, "");
  EXPECT_EQ(text.find("\xEE\x80\x80"), std::string::npos) << text;
  EXPECT_EQ(text.find("\xE2\x80\x8B"), std::string::npos) << text;
  EXPECT_NE(text.find(R"(a\ue000b\u200b\u202e\u0085\udb80\udc00\t)"), std::string::npos) << text;
  // Printable text stays as it is, and each line is the same JSON.
  EXPECT_NE(text.find("\xC3\xA9"), std::string::npos) << text;
  const std::size_t at = text.find("items written first (1):\n  ");
  ASSERT_NE(at, std::string::npos) << text;
  const std::size_t from = at + std::string("items written first (1):\n  ").size();
  const std::string line = text.substr(from, text.find('\n', from) - from);
  EXPECT_EQ(nlohmann::json::parse(line), item) << line;
}

TEST(KnownDivergences, TheEarlierMatchFormSaysToRecordAgain) {
  auto k = parse_known_divergences(
      R"({"signatures": 2, "divergences": [{"id": "old", "why": "w", "match": {"kind": "order"}}]})",
      "old.json");
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
        {"signatures", kSignatureVersion},
        {"divergences", {{{"id", "a"}, {"reason", "w"}, {"signature", sig}}}}};
    auto k = parse_known_divergences(file.dump(), "test.json");
    ASSERT_FALSE(k) << value.dump();
    EXPECT_NE(k.error().message.find("test.json: \"a\": signature.feature must be a string"),
              std::string::npos)
        << k.error().message;
  }
}

TEST(KnownDivergences, AnEarlierDetailPatternIsRefusedNotSearched) {
  auto k = parse_known_divergences(R"({"signatures": 2, "divergences": [
      {"id": "a", "why": "w", "match": {"detail": "((((((((((a*)*)*)*)*)*)*)*)*)*)*b"}}]})",
                                   "test.json");
  ASSERT_FALSE(k);
  EXPECT_NE(k.error().message.find("--record-divergences"), std::string::npos) << k.error().message;
}

}  // namespace
}  // namespace sortkey::certify::endpoint
