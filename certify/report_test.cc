#include "certify/report.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace sortkey::certify {
namespace {

Certification sample(bool failing) {
  Certification c;
  c.suite_version = "0.1.0";
  c.target_kind = "adapter";
  c.target = "demo <codec> & \"friends\"";
  c.seed = 42;
  c.cases = 10;
  c.started_at = "2026-11-30T00:00:00Z";
  props::RunReport ok;
  ok.id = "padded/order";
  ok.verdict = props::Verdict::kPassed;
  ok.cases = 10;
  ok.settings.seed = 42;
  c.properties.push_back({ok, "padded", "key order is value order", ""});
  if (failing) {
    props::RunReport bad;
    bad.id = "padded/round_trip";
    bad.verdict = props::Verdict::kFailed;
    bad.cases = 3;
    bad.seconds = 0.5;
    bad.seconds_to_failure = 0.125;
    bad.settings.seed = 42;
    bad.message = "111 < 1000 but keys \"111\" > \"1000\"";
    bad.counterexample = {{"std::uint64_t", "111"}, {"bytes", std::string("a\x01<b", 4)}};
    bad.replay =
        "sortkey certify --codec-cmd 'x' --seed 42 --cases 10 --property padded/round_trip";
    c.properties.push_back({bad, "padded", "decode(encode(v)) == v", ""});
  }
  return c;
}

TEST(Report, VerdictCountsFailures) {
  EXPECT_TRUE(sample(false).certified());
  EXPECT_FALSE(sample(true).certified());
  EXPECT_EQ(sample(true).failed(), 1u);
  EXPECT_FALSE(Certification{}.certified()) << "nothing run certifies nothing";
}

TEST(Report, TallyCountsEachGroupApart) {
  Certification c = sample(true);
  props::RunReport snap;
  snap.id = "padded/snapshot";
  snap.verdict = props::Verdict::kPassed;
  c.properties.push_back({snap, "padded", "the keys are the recorded ones", "snapshot checks"});
  EXPECT_EQ(c.tally(true), "1 of 2 properties and 0 of 1 snapshot check");
  EXPECT_EQ(c.tally(false), "1 of 2 properties and 1 of 1 snapshot check");
  EXPECT_EQ(sample(false).tally(false), "1 of 1 property");
}

TEST(Report, CertificateDigestVerifiesAndDetectsTampering) {
  nlohmann::json cert = certificate_json(sample(true));
  EXPECT_EQ(cert["format"], "sortkey-certificate/1");
  EXPECT_EQ(cert["properties"].size(), 2u);
  EXPECT_EQ(cert["properties"][1]["counterexample"][0]["value"], "111");
  EXPECT_TRUE(verify_certificate(cert).has_value());
  cert["properties"][1]["result"] = "passed";
  const auto tampered = verify_certificate(cert);
  ASSERT_FALSE(tampered.has_value());
  EXPECT_NE(tampered.error().message.find("digest mismatch"), std::string::npos);
  EXPECT_FALSE(verify_certificate(nlohmann::json::object()).has_value());
}

// A failure records the cases and the seconds it took to meet, shrinking
// excluded; a pass has no time to failure.
TEST(Report, CertificateRecordsTheTimeToFailure) {
  const nlohmann::json cert = certificate_json(sample(true));
  EXPECT_EQ(cert["properties"][1]["cases"], 3);
  EXPECT_EQ(cert["properties"][1]["seconds"], 0.5);
  EXPECT_EQ(cert["properties"][1]["seconds_to_failure"], 0.125);
  EXPECT_FALSE(cert["properties"][0].contains("seconds_to_failure"));
}

TEST(Report, JunitEscapesAndCarriesTheReplayCommand) {
  const std::string xml = junit_xml(sample(true));
  EXPECT_NE(xml.find("tests=\"2\" failures=\"1\""), std::string::npos);
  EXPECT_NE(xml.find("demo &lt;codec&gt; &amp; &quot;friends&quot;"), std::string::npos);
  EXPECT_NE(xml.find("<property name=\"replay\" value=\"sortkey certify --codec-cmd &apos;x&apos;"),
            std::string::npos);
  EXPECT_NE(xml.find("<failure type=\"FAILED\""), std::string::npos);
  EXPECT_NE(xml.find("a\\x01&lt;b"), std::string::npos) << "control bytes cannot appear in XML";
  EXPECT_EQ(xml.find('\x01'), std::string::npos);
}

TEST(Report, MarkdownShowsVerdictTableAndFailure) {
  const std::string md = markdown(sample(true));
  EXPECT_NE(md.find("## sortkey certify: NOT CERTIFIED"), std::string::npos);
  EXPECT_NE(md.find("| `padded/order` | 10 | passed |"), std::string::npos);
  EXPECT_NE(md.find("#### `padded/round_trip`"), std::string::npos);
  EXPECT_NE(markdown(sample(false)).find("CERTIFIED"), std::string::npos);
  // A design check's summary is headed by its own command.
  Certification design = sample(true);
  design.target_kind = "design";
  EXPECT_EQ(markdown(design).rfind("## sortkey design check: NOT CERTIFIED", 0), 0u);
}

TEST(Report, CorpusDigestDependsOnNamesAndContent) {
  const auto dir = std::filesystem::temp_directory_path() / "sortkey_report_test_corpus";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "sub");
  std::ofstream(dir / "sub" / "a") << "one";
  const auto first = corpus_digest(dir.string());
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->size(), 64u);
  std::ofstream(dir / "sub" / "a") << "two";
  EXPECT_NE(*corpus_digest(dir.string()), *first);
  std::filesystem::remove_all(dir);
  EXPECT_FALSE(corpus_digest(dir.string()).has_value());
}

TEST(Report, StepSummaryIsAppendedOrItsFailureNamed) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "sortkey-step-summary";
  std::filesystem::create_directories(dir);
  const std::string file = (dir / "summary.md").string();
  std::filesystem::remove(file);
  setenv("GITHUB_STEP_SUMMARY", file.c_str(), 1);
  ASSERT_TRUE(append_step_summary("one\n"));
  ASSERT_TRUE(append_step_summary("two\n"));
  std::ifstream in(file);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "one\ntwo\n");
  setenv("GITHUB_STEP_SUMMARY", dir.c_str(), 1);  // a directory: cannot be appended to
  auto failed = append_step_summary("x");
  ASSERT_FALSE(failed);
  EXPECT_NE(failed.error().message.find("$GITHUB_STEP_SUMMARY (" + dir.string() + ")"),
            std::string::npos);
  unsetenv("GITHUB_STEP_SUMMARY");
  std::filesystem::remove_all(dir);
}

TEST(Report, Sha256KnownAnswer) {
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

// An endpoint run: one divergence met by two properties, listed once with
// its total; a note on the budget.
Certification endpoint_sample() {
  Certification c = sample(false);
  c.target_kind = "endpoint";
  props::RunReport query;
  query.id = "endpoint/query";
  query.verdict = props::Verdict::kFailed;
  query.message = "1 distinct divergence";
  CertifiedProperty q(query, "endpoint", "queries match");
  q.note = "explored 12 of 300 cases: its share of the 50 s budget was spent (--budget)";
  const nlohmann::json signature = {{"operation", "Query/Scan"},      {"outcome", "rejected"},
                                    {"error", "ValidationException"}, {"message", "Syntax error"},
                                    {"feature", "filter NOT NOT …"},  {"values", ""}};
  q.divergences.push_back({{"id", "e908b7a8c0"},
                           {"signature", signature},
                           {"count", 3},
                           {"known", nullptr},
                           {"first_property", "endpoint/query"}});
  props::RunReport scan = query;
  scan.id = "endpoint/scan";
  CertifiedProperty sc(scan, "endpoint", "scans match");
  sc.divergences.push_back({{"id", "e908b7a8c0"},
                            {"signature", signature},
                            {"count", 2},
                            {"known", nullptr},
                            {"first_property", "endpoint/query"}});
  c.properties.push_back(q);
  c.properties.push_back(sc);
  return c;
}

// What print_table() writes for `c`.
std::string printed_table(const Certification& c) {
  char* buffer = nullptr;
  std::size_t size = 0;
  std::FILE* out = open_memstream(&buffer, &size);
  print_table(c, out);
  std::fclose(out);
  const std::string table(buffer, size);
  std::free(buffer);
  return table;
}

TEST(Report, DivergencesAreListedOnceWithTheirCount) {
  const Certification c = endpoint_sample();
  const std::string table = printed_table(c);
  EXPECT_NE(table.find("divergences: 1 distinct"), std::string::npos) << table;
  EXPECT_NE(table.find("e908b7a8c0     5x Query/Scan; rejected"), std::string::npos) << table;
  EXPECT_NE(table.find("endpoint/query: explored 12 of 300 cases"), std::string::npos) << table;
  const std::string md = markdown(c);
  EXPECT_NE(md.find("### Divergences"), std::string::npos) << md;
  EXPECT_NE(md.find("| `e908b7a8c0` | 5 |"), std::string::npos) << md;
  EXPECT_NE(md.find("**new**"), std::string::npos) << md;
  const nlohmann::json cert = certificate_json(c);
  EXPECT_EQ(cert["properties"][1]["divergences"][0]["count"], 3);
  EXPECT_EQ(cert["properties"][1]["note"],
            "explored 12 of 300 cases: its share of the 50 s budget was spent (--budget)");
  EXPECT_TRUE(verify_certificate(cert).has_value());
  EXPECT_NE(junit_xml(c).find("name=\"note\""), std::string::npos);
}

// A divergence an unsettled rule explains is listed as such, in the table
// and the Markdown, and its rule is in the certificate.
TEST(Report, UnsettledDivergencesAreListedAsSuch) {
  Certification c = endpoint_sample();
  c.properties[0].run.verdict = props::Verdict::kPassed;
  c.properties[1].run.verdict = props::Verdict::kPassed;
  const nlohmann::json rule = {{"rule", "size-of-non-ascii-string"},
                               {"what", "size() of a String that is not ASCII"},
                               {"model", "UTF-8 bytes"},
                               {"others", "UTF-16 code units"},
                               {"sources", "reference sections 8(f), 9.4"}};
  for (auto& p : c.properties) p.divergences[0]["unsettled"] = nlohmann::json::array({rule});
  const std::string table = printed_table(c);
  EXPECT_NE(table.find("[unsettled: size-of-non-ascii-string]"), std::string::npos) << table;
  EXPECT_NE(table.find("CERTIFIED"), std::string::npos) << table;
  const std::string md = markdown(c);
  EXPECT_NE(md.find("unsettled: `size-of-non-ascii-string`"), std::string::npos) << md;
  EXPECT_EQ(md.find("**new**"), std::string::npos) << md;
  const nlohmann::json cert = certificate_json(c);
  EXPECT_EQ(cert["properties"][0]["divergences"][0]["unsettled"][0]["rule"],
            "size-of-non-ascii-string");
  EXPECT_TRUE(verify_certificate(cert).has_value());
}

}  // namespace
}  // namespace sortkey::certify
