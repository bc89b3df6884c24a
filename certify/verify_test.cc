// verify-certificate's checks on a certificate's text: every member either
// counts towards the digest or is fixed, so no edit passes.

#include "certify/verify.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "certify/digest.h"

namespace sortkey::certify {
namespace {

nlohmann::json sealed() {
  nlohmann::json cert = {{"format", "sortkey-certificate/1"}, {"certified", true}};
  cert["digest"] = {{"algorithm", "sha256"}, {"value", certificate_digest(cert)}};
  return cert;
}

TEST(VerifyCertificate, ASealedCertificatePassesWithItsVerdict) {
  auto check = check_certificate_text(sealed().dump(), "c.json", "");
  ASSERT_TRUE(check) << check.error().message;
  EXPECT_TRUE(check->certified);
}

TEST(VerifyCertificate, TheDigestObjectCannotBeEdited) {
  nlohmann::json cert = sealed();
  cert["digest"]["algorithm"] = "sha128";
  auto other = check_certificate_text(cert.dump(), "c.json", "");
  ASSERT_FALSE(other);
  EXPECT_EQ(other.error().code, ErrorCode::kNonCanonical);
  EXPECT_EQ(other.error().message.rfind("c.json: the digest is not", 0), 0u);
  cert = sealed();
  cert["digest"]["note"] = "reviewed by the auditor";
  EXPECT_FALSE(check_certificate_text(cert.dump(), "c.json", ""));
  cert = sealed();
  cert["digest"]["algorithm"] = 5;  // another type: an error, not an exception
  EXPECT_FALSE(check_certificate_text(cert.dump(), "c.json", ""));
}

}  // namespace
}  // namespace sortkey::certify
