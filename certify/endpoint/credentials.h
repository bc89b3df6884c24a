// File: certify/endpoint/credentials.h
//
// Credentials and region for the endpoint certifier, found where the AWS
// SDKs and CLI look (AWS, "Configuration and credential file settings";
// "Environment variables to configure the AWS CLI"):
//
//   keys    AWS_ACCESS_KEY_ID + AWS_SECRET_ACCESS_KEY (+ AWS_SESSION_TOKEN);
//           else the profile's aws_access_key_id / aws_secret_access_key /
//           aws_session_token in the shared credentials file
//           (AWS_SHARED_CREDENTIALS_FILE, default ~/.aws/credentials, section
//           [name]), then in the config file (AWS_CONFIG_FILE, default
//           ~/.aws/config, section [profile name], or [default]);
//   profile AWS_PROFILE, default "default";
//   region  --region; AWS_REGION; AWS_DEFAULT_REGION; the profile's `region`
//           in the config file; the endpoint host dynamodb.<region>.amazonaws.com;
//           else us-east-1 (local emulators accept any region).
//
// A loopback endpoint (127.0.0.0/8, localhost, [::1]) with no keys anywhere
// gets placeholder keys: local emulators (dynalite, DynamoDB Local) want a
// signed request but check no secret. Any other endpoint without keys is an
// error.
//
// Secrets are never printed: `describe` shows the source and the access key
// id with all but its last four characters masked, and `redact` masks any
// secret or token that shows up in a text (an error body, a log line).

#ifndef SORTKEY_CERTIFY_ENDPOINT_CREDENTIALS_H_
#define SORTKEY_CERTIFY_ENDPOINT_CREDENTIALS_H_

#include <functional>
#include <map>
#include <string>
#include <string_view>

#include "certify/endpoint/sigv4.h"
#include "sortkey/error.h"

namespace sortkey::certify::endpoint {

// The process environment, or a test's map.
using Getenv = std::function<std::string(const std::string&)>;  // "" when unset
Getenv process_environment();
Getenv map_environment(std::map<std::string, std::string> vars);

struct Credentials {
  SigningKeys keys;
  std::string source;  // "environment", "shared credentials file /x [dev]", "placeholder (loopback
                       // endpoint)"
  // One line for logs: source and masked key id ("AKIA************MPLE"); never the secret.
  std::string describe() const;
  // `text` with the secret key and the session token replaced by "<redacted>".
  std::string redact(std::string text) const;
};

// Errors (kBadParameter): no keys found for a non-loopback endpoint, a
// profile named by AWS_PROFILE that no file holds, half a key pair, a file
// that exists but cannot be read. Messages name the variables and files
// consulted, never a secret.
Result<Credentials> resolve_credentials(const Getenv& env, bool loopback_endpoint);

// The region, in the order above. `from_option` may be empty.
std::string resolve_region(const Getenv& env, std::string_view from_option,
                           std::string_view endpoint_host);

// Whether the URL's host is a loopback address or localhost.
bool is_loopback_host(std::string_view host);

// The sections of an INI file as the AWS CLI reads it: [section], key = value,
// comments after # or ; at the start of a line; names trimmed, keys lower case.
std::map<std::string, std::map<std::string, std::string>> parse_ini(std::string_view text);

}  // namespace sortkey::certify::endpoint

#endif  // SORTKEY_CERTIFY_ENDPOINT_CREDENTIALS_H_
