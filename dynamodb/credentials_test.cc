#include "dynamodb/credentials.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>

namespace sortkey::dynamodb {
namespace {

// A file under the test's temporary directory, removed at the end.
struct CredentialsFile {
  std::string path;
  explicit CredentialsFile(const std::string& text) {
    char name[] = "/tmp/sortkey-credentials-XXXXXX";
    const int fd = mkstemp(name);
    path = name;
    close(fd);
    std::ofstream(path) << text;
  }
  ~CredentialsFile() { std::remove(path.c_str()); }
};

TEST(Credentials, EnvironmentWins) {
  CredentialsFile creds(
      "[default]\naws_access_key_id = FILEKEY\naws_secret_access_key = filesecret\n");
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
  CredentialsFile creds(
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
  CredentialsFile config(
      "[profile ci]\nregion = eu-west-3\naws_access_key_id = CFGKEY\naws_secret_access_key = "
      "cfgsecret\n");
  const auto env = map_environment({{"AWS_CONFIG_FILE", config.path},
                                    {"AWS_PROFILE", "ci"},
                                    {"AWS_SHARED_CREDENTIALS_FILE", "/nonexistent/credentials"}});
  auto c = resolve_credentials(env, false);
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(c->keys.access_key_id, "CFGKEY");
  EXPECT_EQ(*resolve_region(env, "", "127.0.0.1"), "eu-west-3");
  EXPECT_EQ(*resolve_region(env, "ap-south-1", "127.0.0.1"), "ap-south-1");
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
  Credentials c;
  c.keys = {"AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "sessiontoken123"};
  c.source = "environment";
  const std::string d = c.describe();
  EXPECT_EQ(d.find("wJalr"), std::string::npos);
  EXPECT_EQ(d.find("AKIAIOSFODNN7"), std::string::npos);
  EXPECT_NE(d.find("MPLE"), std::string::npos);
  EXPECT_EQ(
      c.redact("bad signature for wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY and sessiontoken123"),
      "bad signature for <redacted> and <redacted>");
}

// A config file whose [default] profile runs `command` as its credential_process.
struct ProcessProfile {
  CredentialsFile config;
  explicit ProcessProfile(const std::string& command)
      : config("[default]\ncredential_process = " + command + "\n") {}
  Result<Credentials> resolve() const {
    return resolve_credentials(map_environment({{"AWS_CONFIG_FILE", config.path},
                                                {"AWS_SHARED_CREDENTIALS_FILE", "/nonexistent"}}),
                               false);
  }
};

TEST(Credentials, CredentialProcessGivesTheKeys) {
  ProcessProfile p(
      R"(printf '{"Version": 1, "AccessKeyId": "PROCKEY123", "SecretAccessKey": "procsecret", )"
      R"("SessionToken": "proctoken", "Expiration": "2100-06-01T12:30:00.250+02:00"}')");
  auto c = p.resolve();
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(c->keys.access_key_id, "PROCKEY123");
  EXPECT_EQ(c->keys.secret_access_key, "procsecret");
  EXPECT_EQ(c->keys.session_token, "proctoken");
  ASSERT_TRUE(c->expires);
  EXPECT_EQ(std::chrono::system_clock::to_time_t(*c->expires), 4115529000);
  EXPECT_NE(c->source.find("credential_process of config file"), std::string::npos);
  EXPECT_FALSE(c->process.empty());
}

TEST(Credentials, KeysInTheCredentialsFileComeBeforeCredentialProcess) {
  CredentialsFile creds(
      "[default]\naws_access_key_id = FILEKEY\naws_secret_access_key = filesecret\n");
  CredentialsFile config("[default]\ncredential_process = false\n");
  auto c = resolve_credentials(map_environment({{"AWS_CONFIG_FILE", config.path},
                                                {"AWS_SHARED_CREDENTIALS_FILE", creds.path}}),
                               false);
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(c->keys.access_key_id, "FILEKEY");
}

TEST(Credentials, HostileCredentialProcessOutputIsAnErrorNamingTheMember) {
  const std::pair<const char*, const char*> cases[] = {
      {"printf 'SECRETSECRET not json'", "its output is not a JSON object"},
      {"printf '[1]'", "its output is not a JSON object"},
      {R"(printf '{"AccessKeyId": "A", "SecretAccessKey": "S"}')",
       "\"Version\" must be the number 1, and is missing"},
      {R"(printf '{"Version": 2, "AccessKeyId": "A", "SecretAccessKey": "S"}')",
       "\"Version\" must be the number 1"},
      {R"(printf '{"Version": "1", "AccessKeyId": "A", "SecretAccessKey": "S"}')",
       "and is a string"},
      {R"(printf '{"Version": 1, "AccessKeyId": 5, "SecretAccessKey": "S"}')",
       "its \"AccessKeyId\" is a number, not a string"},
      {R"(printf '{"Version": 1, "AccessKeyId": "A"}')", "its output has no \"SecretAccessKey\""},
      {R"(printf '{"Version": 1, "AccessKeyId": "", "SecretAccessKey": "S"}')",
       "its \"AccessKeyId\" is empty"},
      {R"(printf '{"Version": 1, "AccessKeyId": "A", "SecretAccessKey": "S", "SessionToken": []}')",
       "its \"SessionToken\" is an array, not a string"},
      {R"(printf '{"Version": 1, "AccessKeyId": "A", "SecretAccessKey": "S", "Expiration": "soon"}')",
       "its \"Expiration\" is not an RFC 3339 time"},
      {R"(printf '{"Version": 1, "AccessKeyId": "A", "SecretAccessKey": "S", "Expiration": "2001-01-01T00:00:00Z"}')",
       "it gave keys that expired at 2001-01-01T00:00:00Z"},
      {"echo 'no keys for you' >&2; exit 3", "exited with status 3: no keys for you"},
      {"head -c 200000 /dev/zero", "wrote more than 65536 bytes"},
      {"/nonexistent/helper", "exited with status 127"},
  };
  for (const auto& [command, want] : cases) {
    ProcessProfile p(command);
    auto c = p.resolve();
    ASSERT_FALSE(c) << command;
    EXPECT_NE(c.error().message.find("credential_process of config file " + p.config.path +
                                     " [default]: "),
              std::string::npos)
        << c.error().message;
    EXPECT_NE(c.error().message.find(want), std::string::npos) << c.error().message;
    EXPECT_EQ(c.error().message.find("SECRETSECRET"), std::string::npos) << c.error().message;
  }
}

TEST(Credentials, RegionOrder) {
  EXPECT_EQ(
      *resolve_region(map_environment({{"AWS_REGION", "a"}, {"AWS_DEFAULT_REGION", "b"}}), "", ""),
      "a");
  EXPECT_EQ(*resolve_region(
                map_environment({{"AWS_DEFAULT_REGION", "b"}, {"HOME", "/nonexistent"}}), "", ""),
            "b");
  EXPECT_EQ(*resolve_region(map_environment({{"HOME", "/nonexistent"}}), "",
                            "dynamodb.eu-north-1.amazonaws.com"),
            "eu-north-1");
  EXPECT_EQ(*resolve_region(map_environment({{"HOME", "/nonexistent"}}), "", "localhost"),
            "us-east-1");
}

TEST(Credentials, Loopback) {
  EXPECT_TRUE(is_loopback_host("127.0.0.1"));
  EXPECT_TRUE(is_loopback_host("localhost"));
  EXPECT_TRUE(is_loopback_host("[::1]"));
  EXPECT_FALSE(is_loopback_host("dynamodb.us-east-1.amazonaws.com"));
  EXPECT_FALSE(is_loopback_host("10.0.0.1"));
}

// CR and LF end a header and start another: no key and no region may carry
// a control character into a request, whatever its source; the message names
// the source and never the value.
TEST(Credentials, AControlCharacterInAKeyOrTheRegionIsRefused) {
  auto env = resolve_credentials(map_environment({{"AWS_ACCESS_KEY_ID", "AKID"},
                                                  {"AWS_SECRET_ACCESS_KEY", "secret"},
                                                  {"AWS_SESSION_TOKEN", "token\r\nX-Injected: 1"}}),
                                 false);
  ASSERT_FALSE(env);
  EXPECT_EQ(env.error().message,
            "AWS_SESSION_TOKEN holds a control character (byte 0x0D at offset 5): an HTTP header "
            "cannot carry it");
  CredentialsFile creds("[default]\naws_access_key_id = AK\x01ID\naws_secret_access_key = s\n");
  auto file = resolve_credentials(map_environment({{"AWS_SHARED_CREDENTIALS_FILE", creds.path},
                                                   {"AWS_CONFIG_FILE", "/nonexistent"}}),
                                  false);
  ASSERT_FALSE(file);
  EXPECT_NE(file.error().message.find("aws_access_key_id of "), std::string::npos);
  EXPECT_EQ(file.error().message.find("AK\x01ID"), std::string::npos);
  auto process = run_credential_process(
      R"(printf '{"Version":1,"AccessKeyId":"A\\nB","SecretAccessKey":"s"}')", "the test");
  ASSERT_FALSE(process);
  EXPECT_EQ(process.error().message,
            "credential_process of the test: its \"AccessKeyId\" holds a control character (byte "
            "0x0A at offset 1): an HTTP header cannot carry it");
  auto region = resolve_region(map_environment({{"AWS_REGION", "us-east-1\n"}}), "", "");
  ASSERT_FALSE(region);
  EXPECT_EQ(region.error().message,
            "the region (AWS_REGION) holds a control character (byte 0x0A at offset 9): an HTTP "
            "header cannot carry it");
  EXPECT_FALSE(resolve_region(map_environment({}), "eu\x7f", ""));
}

}  // namespace
}  // namespace sortkey::dynamodb
