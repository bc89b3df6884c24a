#include "certify/endpoint/credentials.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

namespace sortkey::certify::endpoint {
namespace {

// A file under the test's temporary directory, removed at the end.
struct TempFile {
  std::string path;
  explicit TempFile(const std::string& text) {
    char name[] = "/tmp/sortkey-credentials-XXXXXX";
    const int fd = mkstemp(name);
    path = name;
    close(fd);
    std::ofstream(path) << text;
  }
  ~TempFile() { std::remove(path.c_str()); }
};

TEST(Credentials, EnvironmentWins) {
  TempFile creds("[default]\naws_access_key_id = FILEKEY\naws_secret_access_key = filesecret\n");
  auto c = resolve_credentials(map_environment({{"AWS_ACCESS_KEY_ID", "ENVKEY1234"},
                                                {"AWS_SECRET_ACCESS_KEY", "envsecret"},
                                                {"AWS_SESSION_TOKEN", "envtoken"},
                                                {"AWS_SHARED_CREDENTIALS_FILE", creds.path}}),
                               false);
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(c->keys.access_key_id, "ENVKEY1234");
  EXPECT_EQ(c->keys.session_token, "envtoken");
  EXPECT_EQ(c->source, "environment");
}

TEST(Credentials, HalfAPairIsAnError) {
  auto c = resolve_credentials(map_environment({{"AWS_ACCESS_KEY_ID", "ENVKEY"}}), true);
  ASSERT_FALSE(c);
  EXPECT_NE(c.error().message.find("must be set together"), std::string::npos);
}

TEST(Credentials, SharedFileProfile) {
  TempFile creds(
      "# comment\n[default]\naws_access_key_id=DEFAULTKEY\naws_secret_access_key=defaultsecret\n\n"
      "[dev]\n  aws_access_key_id = DEVKEY0001 \naws_secret_access_key = "
      "devsecret\naws_session_token = devtoken\n");
  auto c = resolve_credentials(map_environment({{"AWS_SHARED_CREDENTIALS_FILE", creds.path},
                                                {"AWS_PROFILE", "dev"},
                                                {"HOME", "/nonexistent"}}),
                               false);
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(c->keys.access_key_id, "DEVKEY0001");
  EXPECT_EQ(c->keys.secret_access_key, "devsecret");
  EXPECT_EQ(c->keys.session_token, "devtoken");
  EXPECT_NE(c->source.find("[dev]"), std::string::npos);
}

TEST(Credentials, ConfigFileProfileSectionAndRegion) {
  TempFile config(
      "[profile ci]\nregion = eu-west-3\naws_access_key_id = CFGKEY\naws_secret_access_key = "
      "cfgsecret\n");
  const auto env = map_environment({{"AWS_CONFIG_FILE", config.path},
                                    {"AWS_PROFILE", "ci"},
                                    {"AWS_SHARED_CREDENTIALS_FILE", "/nonexistent/credentials"}});
  auto c = resolve_credentials(env, false);
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(c->keys.access_key_id, "CFGKEY");
  EXPECT_EQ(resolve_region(env, "", "127.0.0.1"), "eu-west-3");
  EXPECT_EQ(resolve_region(env, "ap-south-1", "127.0.0.1"), "ap-south-1");
}

TEST(Credentials, UnknownProfileIsNamed) {
  auto c = resolve_credentials(
      map_environment({{"AWS_PROFILE", "nosuch"}, {"HOME", "/nonexistent"}}), true);
  ASSERT_FALSE(c);
  EXPECT_NE(c.error().message.find("AWS_PROFILE=nosuch"), std::string::npos);
}

TEST(Credentials, LoopbackGetsPlaceholderOthersAnError) {
  const auto env = map_environment({{"HOME", "/nonexistent"}});
  auto local = resolve_credentials(env, true);
  ASSERT_TRUE(local);
  EXPECT_NE(local->source.find("placeholder"), std::string::npos);
  auto remote = resolve_credentials(env, false);
  ASSERT_FALSE(remote);
  EXPECT_NE(remote.error().message.find("AWS_ACCESS_KEY_ID"), std::string::npos);
}

TEST(Credentials, NeverPrintsSecrets) {
  Credentials c{
      {"AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "sessiontoken123"},
      "environment"};
  const std::string d = c.describe();
  EXPECT_EQ(d.find("wJalr"), std::string::npos);
  EXPECT_EQ(d.find("AKIAIOSFODNN7"), std::string::npos);
  EXPECT_NE(d.find("MPLE"), std::string::npos);
  EXPECT_EQ(
      c.redact("bad signature for wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY and sessiontoken123"),
      "bad signature for <redacted> and <redacted>");
}

TEST(Credentials, RegionOrder) {
  EXPECT_EQ(
      resolve_region(map_environment({{"AWS_REGION", "a"}, {"AWS_DEFAULT_REGION", "b"}}), "", ""),
      "a");
  EXPECT_EQ(resolve_region(map_environment({{"AWS_DEFAULT_REGION", "b"}, {"HOME", "/nonexistent"}}),
                           "", ""),
            "b");
  EXPECT_EQ(resolve_region(map_environment({{"HOME", "/nonexistent"}}), "",
                           "dynamodb.eu-north-1.amazonaws.com"),
            "eu-north-1");
  EXPECT_EQ(resolve_region(map_environment({{"HOME", "/nonexistent"}}), "", "localhost"),
            "us-east-1");
}

TEST(Credentials, Loopback) {
  EXPECT_TRUE(is_loopback_host("127.0.0.1"));
  EXPECT_TRUE(is_loopback_host("localhost"));
  EXPECT_TRUE(is_loopback_host("[::1]"));
  EXPECT_FALSE(is_loopback_host("dynamodb.us-east-1.amazonaws.com"));
  EXPECT_FALSE(is_loopback_host("10.0.0.1"));
}

}  // namespace
}  // namespace sortkey::certify::endpoint
