// Signature Version 4 against AWS's published examples: the SigV4 test
// suite (aws-sig-v4-test-suite: get-vanilla, post-vanilla,
// get-vanilla-empty-query-key, get-utf8; credentials AKIDEXAMPLE /
// wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY, 20150830T123600Z, us-east-1,
// service "service") and the IAM ListUsers example of the AWS General
// Reference ("Examples of the complete Signature Version 4 signing process").

#include "dynamodb/sigv4.h"

#include <gtest/gtest.h>

namespace sortkey::dynamodb {
namespace {

const SigningKeys kExample{"AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", ""};
constexpr const char* kDate = "20150830T123600Z";

Signed suite(const std::string& method, const std::string& path, const std::string& query) {
  RequestToSign r;
  r.method = method;
  r.path = path;
  r.query = query;
  r.headers = {{"Host", "example.amazonaws.com"}};
  return sign(r, kExample, "us-east-1", "service", kDate);
}

std::string suite_authorization(const std::string& signature) {
  std::string out =
      "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, "
      "SignedHeaders=host;x-amz-date, Signature=";
  out.append(signature);
  return out;
}

TEST(SigV4, GetVanilla) {
  const Signed s = suite("GET", "/", "");
  EXPECT_EQ(s.canonical_request,
            "GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\n"
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(
      s.authorization,
      suite_authorization("5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"));
  ASSERT_EQ(s.headers.size(), 2u);
  EXPECT_EQ(s.headers[0], (std::pair<std::string, std::string>{"X-Amz-Date", kDate}));
  EXPECT_EQ(s.headers[1].first, "Authorization");
}

TEST(SigV4, PostVanilla) {
  EXPECT_EQ(
      suite("POST", "/", "").authorization,
      suite_authorization("5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b"));
}

TEST(SigV4, QueryParameterIsCanonicalised) {
  EXPECT_EQ(
      suite("GET", "/", "Param1=value1").authorization,
      suite_authorization("a67d582fa61cc504c4bae71f336f98b97f1ea3c7a6bfe1b6e45aec72011b9aeb"));
}

TEST(SigV4, Utf8PathIsPercentEncoded) {
  const Signed s = suite("GET", "/\xE1\x88\xB4", "");
  EXPECT_NE(s.canonical_request.find("\n/%E1%88%B4\n"), std::string::npos) << s.canonical_request;
  EXPECT_EQ(
      s.authorization,
      suite_authorization("8318018e0b0f223aa2bbf98705b62bb787dc9c0e678f255a891fd03141be5d85"));
}

TEST(SigV4, IamListUsersExample) {
  EXPECT_EQ(to_hex(signing_key(kExample.secret_access_key, "20150830", "us-east-1", "iam")),
            "c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9");
  RequestToSign r;  // path "/"
  r.method = "GET";
  r.query = "Action=ListUsers&Version=2010-05-08";
  r.headers = {{"Content-Type", "application/x-www-form-urlencoded; charset=utf-8"},
               {"Host", "iam.amazonaws.com"}};
  EXPECT_EQ(sign(r, kExample, "us-east-1", "iam", kDate).authorization,
            "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/iam/aws4_request, "
            "SignedHeaders=content-type;host;x-amz-date, "
            "Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7");
}

TEST(SigV4, HeaderValuesAreTrimmedAndNamesLowerCased) {
  RequestToSign a;
  a.headers = {{"Host", "example.amazonaws.com"}, {"X-Amz-Target", "  DynamoDB_20120810.Query  "}};
  RequestToSign b;
  b.headers = {{"host", "example.amazonaws.com"}, {"x-amz-target", "DynamoDB_20120810.Query"}};
  EXPECT_EQ(sign(a, kExample, "us-east-1", "dynamodb", kDate).authorization,
            sign(b, kExample, "us-east-1", "dynamodb", kDate).authorization);
}

TEST(SigV4, PayloadIsSigned) {
  RequestToSign a;
  a.headers = {{"Host", "example.amazonaws.com"}};
  a.payload = "{}";
  RequestToSign b = a;
  b.payload = "{ }";
  EXPECT_NE(sign(a, kExample, "us-east-1", "dynamodb", kDate).authorization,
            sign(b, kExample, "us-east-1", "dynamodb", kDate).authorization);
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(SigV4, SessionTokenIsSentAndSigned) {
  RequestToSign r;
  r.headers = {{"Host", "example.amazonaws.com"}};
  SigningKeys keys = kExample;
  keys.session_token = "token-value";
  const Signed s = sign(r, keys, "us-east-1", "dynamodb", kDate);
  ASSERT_EQ(s.headers.size(), 3u);
  EXPECT_EQ(s.headers[1],
            (std::pair<std::string, std::string>{"X-Amz-Security-Token", "token-value"}));
  EXPECT_NE(s.authorization.find("SignedHeaders=host;x-amz-date;x-amz-security-token,"),
            std::string::npos);
  EXPECT_EQ(s.authorization.find("wJalrXUtnFEMI"), std::string::npos);
}

TEST(SigV4, UriEncodeKeepsOnlyUnreserved) {
  EXPECT_EQ(uri_encode("a-b_c.d~e f/g", false), "a-b_c.d~e%20f%2Fg");
  EXPECT_EQ(uri_encode("/a b/", true), "/a%20b/");
  EXPECT_EQ(amz_date_now().size(), 16u);
}

}  // namespace
}  // namespace sortkey::dynamodb
