#include "dynamodb/aws_config.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

namespace sortkey::dynamodb {
namespace {

struct TempFile {
  std::string path;
  explicit TempFile(const std::string& text) {
    char name[] = "/tmp/sortkey-aws-config-XXXXXX";
    const int fd = mkstemp(name);
    path = name;
    close(fd);
    std::ofstream(path) << text;
  }
  ~TempFile() { std::remove(path.c_str()); }
};

const char kConfig[] =
    "[default]\n"
    "endpoint_url = http://global.example:1\n"
    "[profile local]\n"
    "services = local-ddb\n"
    "endpoint_url = http://profile-global.example:2\n"
    "retry_mode = standard\n"
    "max_attempts = 7\n"
    "[services local-ddb]\n"
    "s3 =\n"
    "  endpoint_url = http://s3.example:3\n"
    "dynamodb =\n"
    "  endpoint_url = http://dynamodb.example:4\n"
    "[profile nested-only]\n"
    "s3 =\n"
    "  endpoint_url = http://not-dynamodb.example:5\n"
    "[profile ignoring]\n"
    "endpoint_url = http://ignored.example:6\n"
    "ignore_configured_endpoint_urls = true\n"
    "[profile bad-retry]\n"
    "retry_mode = fast\n"
    "max_attempts = 0x10\n";

TEST(AwsConfig, NestedSettingsAreKeptApart) {
  const IniSections s = parse_ini(kConfig);
  EXPECT_EQ(s.at("services local-ddb").at("dynamodb.endpoint_url"), "http://dynamodb.example:4");
  EXPECT_EQ(s.at("services local-ddb").at("s3.endpoint_url"), "http://s3.example:3");
  EXPECT_FALSE(s.at("services local-ddb").contains("endpoint_url"));
  // A nested endpoint_url is not the profile's own.
  EXPECT_FALSE(s.at("profile nested-only").contains("endpoint_url"));
}

TEST(AwsConfig, EndpointUrlPrecedence) {
  TempFile config(kConfig);
  const auto url = [&](std::map<std::string, std::string> vars, const char* option = "") {
    vars["AWS_CONFIG_FILE"] = config.path;
    auto r = resolve_endpoint_url(map_environment(vars), option);
    return r ? r->url + " from " + r->source : "error: " + r.error().message;
  };
  // The option wins over everything.
  EXPECT_EQ(url({{"AWS_ENDPOINT_URL_DYNAMODB", "http://e:1"}}, "http://opt:9"),
            "http://opt:9 from --endpoint");
  // The service's variable, then the global one.
  EXPECT_EQ(
      url({{"AWS_ENDPOINT_URL_DYNAMODB", "http://svc:1"}, {"AWS_ENDPOINT_URL", "http://g:2"}}),
      "http://svc:1 from AWS_ENDPOINT_URL_DYNAMODB");
  EXPECT_EQ(url({{"AWS_ENDPOINT_URL", "http://g:2"}, {"AWS_PROFILE", "local"}}),
            "http://g:2 from AWS_ENDPOINT_URL");
  // The services section, then the profile's own.
  EXPECT_EQ(url({{"AWS_PROFILE", "local"}}),
            "http://dynamodb.example:4 from dynamodb.endpoint_url in the config file " +
                config.path + " [services local-ddb]");
  EXPECT_EQ(url({}), "http://global.example:1 from endpoint_url in the config file " + config.path +
                         " [default]");
  EXPECT_NE(url({{"AWS_PROFILE", "nested-only"}}).find("error: --endpoint needs a URL"),
            std::string::npos);
  // Ignoring configured URLs: by the profile or by the variable; the option still counts.
  EXPECT_NE(url({{"AWS_PROFILE", "ignoring"}}).find("ignore_configured_endpoint_urls"),
            std::string::npos);
  EXPECT_NE(
      url({{"AWS_IGNORE_CONFIGURED_ENDPOINT_URLS", "true"}, {"AWS_ENDPOINT_URL", "http://g:2"}})
          .find("error: "),
      std::string::npos);
  EXPECT_EQ(url({{"AWS_IGNORE_CONFIGURED_ENDPOINT_URLS", "true"}}, "http://opt:9"),
            "http://opt:9 from --endpoint");
}

TEST(AwsConfig, RetrySettingsPrecedence) {
  TempFile config(kConfig);
  const auto retry = [&](std::map<std::string, std::string> vars) {
    vars["AWS_CONFIG_FILE"] = config.path;
    return resolve_retry(map_environment(vars));
  };
  auto d = retry({});
  ASSERT_TRUE(d) << d.error().message;
  EXPECT_EQ(d->mode, RetryMode::kAdaptive);
  EXPECT_EQ(d->max_attempts, 10);
  EXPECT_EQ(d->server_error_attempts, 3);  // the SDKs' default: a server error is an answer
  auto p = retry({{"AWS_PROFILE", "local"}});
  ASSERT_TRUE(p) << p.error().message;
  EXPECT_EQ(p->mode, RetryMode::kStandard);
  EXPECT_EQ(p->max_attempts, 7);
  EXPECT_EQ(p->server_error_attempts, 7);  // set explicitly: for server errors too
  auto e =
      retry({{"AWS_PROFILE", "local"}, {"AWS_RETRY_MODE", "legacy"}, {"AWS_MAX_ATTEMPTS", "3"}});
  ASSERT_TRUE(e) << e.error().message;
  EXPECT_EQ(e->mode, RetryMode::kLegacy);
  EXPECT_EQ(e->max_attempts, 3);
  EXPECT_EQ(e->source, "AWS_RETRY_MODE, AWS_MAX_ATTEMPTS");
}

TEST(AwsConfig, BadRetrySettingsNameWhereTheyCameFrom) {
  TempFile config(kConfig);
  auto mode = resolve_retry(
      map_environment({{"AWS_CONFIG_FILE", config.path}, {"AWS_RETRY_MODE", "fast"}}));
  ASSERT_FALSE(mode);
  EXPECT_EQ(mode.error().message,
            "AWS_RETRY_MODE must be legacy, standard or adaptive, got \"fast\"");
  for (const char* n : {"0", "101", "-1", "3.5", "0x10", "ten"}) {
    auto a =
        resolve_retry(map_environment({{"AWS_CONFIG_FILE", config.path}, {"AWS_MAX_ATTEMPTS", n}}));
    ASSERT_FALSE(a) << n;
    EXPECT_NE(a.error().message.find("AWS_MAX_ATTEMPTS must be a whole number from 1 to 100"),
              std::string::npos);
  }
  // A value from outside is quoted escaped: a newline or an escape sequence would
  // split the message or reach the terminal.
  auto escaped = resolve_retry(map_environment({{"AWS_CONFIG_FILE", config.path},
                                                {"AWS_RETRY_MODE", "fast\x1b[2J"},
                                                {"AWS_MAX_ATTEMPTS", "3\n"}}));
  ASSERT_FALSE(escaped);
  EXPECT_EQ(escaped.error().message,
            "AWS_RETRY_MODE must be legacy, standard or adaptive, got \"fast\\u001B[2J\"");
  auto newline = resolve_retry(
      map_environment({{"AWS_CONFIG_FILE", config.path}, {"AWS_MAX_ATTEMPTS", "3\n"}}));
  ASSERT_FALSE(newline);
  EXPECT_EQ(newline.error().message,
            "AWS_MAX_ATTEMPTS must be a whole number from 1 to 100, got \"3\\n\"");
  auto file = resolve_retry(
      map_environment({{"AWS_CONFIG_FILE", config.path}, {"AWS_PROFILE", "bad-retry"}}));
  ASSERT_FALSE(file);
  EXPECT_NE(file.error().message.find("retry_mode in the config file " + config.path +
                                      " [profile bad-retry]"),
            std::string::npos);
}

TEST(AwsConfig, AnUnreadableConfigFileIsAnError) {
  auto r = resolve_endpoint_url(map_environment({{"AWS_CONFIG_FILE", "/"}}), "");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("cannot read /"), std::string::npos);
}

}  // namespace
}  // namespace sortkey::dynamodb
