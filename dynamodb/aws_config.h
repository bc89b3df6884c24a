// File: dynamodb/aws_config.h
//
// What the AWS environment variables and shared files say about the
// endpoint, read as the AWS CLI reads them (AWS SDKs and Tools Reference
// Guide: "Shared config and credentials files", "Service-specific
// endpoints", "Retry behavior"). An option typed on the command line wins
// over the environment, which wins over the files.
//
//   profile       AWS_PROFILE, default "default".
//   files         the config file: AWS_CONFIG_FILE, default ~/.aws/config,
//                 sections [default], [profile NAME] and [services NAME];
//                 the credentials file: AWS_SHARED_CREDENTIALS_FILE, default
//                 ~/.aws/credentials, sections [NAME].
//   endpoint URL  --endpoint URL; AWS_ENDPOINT_URL_DYNAMODB; AWS_ENDPOINT_URL;
//                 the profile's `services = NAME`, then `dynamodb =` with an
//                 indented `endpoint_url =` in [services NAME]; the profile's
//                 own `endpoint_url`. AWS_IGNORE_CONFIGURED_ENDPOINT_URLS=true
//                 (or the profile's ignore_configured_endpoint_urls = true)
//                 skips all but --endpoint.
//   retries       AWS_RETRY_MODE, else the profile's retry_mode: legacy,
//                 standard or adaptive (default adaptive); AWS_MAX_ATTEMPTS,
//                 else the profile's max_attempts: 1 to 100 (default 10).
//                 retry.h says what each mode does.
//
// Example:
//   const Getenv env = process_environment();
//   auto url = resolve_endpoint_url(env, "");  // AWS_ENDPOINT_URL=http://... -> that
//   auto retry = resolve_retry(env);           // AWS_RETRY_MODE=bogus -> an error naming it

#ifndef SORTKEY_DYNAMODB_AWS_CONFIG_H_
#define SORTKEY_DYNAMODB_AWS_CONFIG_H_

#include <functional>
#include <map>
#include <string>
#include <string_view>

#include "dynamodb/retry.h"
#include "sortkey/error.h"

namespace sortkey::dynamodb {

// The process environment, or a test's map.
using Getenv = std::function<std::string(const std::string&)>;  // "" when unset
Getenv process_environment();
Getenv map_environment(std::map<std::string, std::string> vars);

// The sections of an INI file as the AWS CLI reads it: [section], key = value,
// comments after # or ; at the start of a line; names trimmed, keys lower
// case. A key with no value opens nested settings: the indented lines after
// it are stored as "key.nested" ("dynamodb.endpoint_url").
using IniSections = std::map<std::string, std::map<std::string, std::string>>;
IniSections parse_ini(std::string_view text);

// One shared file, read (a missing file is an empty one).
struct SharedFile {
  std::string path;  // "" when neither its variable nor HOME names one
  bool exists = false;
  bool readable = true;
  std::string why;  // when not readable: "<path>: <the reason>"
  IniSections sections;
  // The section `name`, or null.
  const std::map<std::string, std::string>* section(const std::string& name) const;
};
SharedFile read_config_file(const Getenv& env);
SharedFile read_credentials_file(const Getenv& env);

std::string profile_name(const Getenv& env);
// "default", or "profile NAME": the profile's section in the config file.
std::string config_section_name(const std::string& profile);

// Where the endpoint URL came from, and the URL.
struct EndpointUrl {
  std::string url;
  std::string source;  // "--endpoint", "AWS_ENDPOINT_URL", "config file /x [services local]", ...
};

// The endpoint URL, in the order above. Errors (kBadParameter): none found
// (the message lists where it looked), a config file that cannot be read.
Result<EndpointUrl> resolve_endpoint_url(const Getenv& env, std::string_view from_option);

// The retry mode and attempts, in the order above. Errors (kBadParameter):
// a mode or a number of attempts that is not one of the allowed values,
// naming the variable or the file and profile it came from.
Result<RetrySettings> resolve_retry(const Getenv& env);

}  // namespace sortkey::dynamodb

#endif  // SORTKEY_DYNAMODB_AWS_CONFIG_H_
