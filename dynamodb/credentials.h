// File: dynamodb/credentials.h
//
// Credentials and region for the DynamoDB client, found where the AWS
// CLI looks, in its order (AWS, "Configuration and credential file
// settings"; botocore's credential chain), the files and profile as
// aws_config.h reads them:
//
//   keys    1. AWS_ACCESS_KEY_ID + AWS_SECRET_ACCESS_KEY (+ AWS_SESSION_TOKEN);
//           2. the profile's aws_access_key_id / aws_secret_access_key /
//              aws_session_token in the shared credentials file [NAME];
//           3. the profile's credential_process (the credentials file's, else
//              the config file's): the command is run with sh -c (60 s at
//              most, 64 KiB of output at most) and must print
//              {"Version": 1, "AccessKeyId": ..., "SecretAccessKey": ...,
//               "SessionToken": ... (optional), "Expiration": RFC 3339 (optional)};
//              the keys are fetched again when they are within 5 minutes of
//              expiring (DynamoDbClient);
//           4. the profile's keys in the config file ([profile NAME], or [default]);
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
// id with all but its last four characters masked, `redact` masks any
// secret or token that shows up in a text (an error body, a log line), and
// an error about credential_process output names the member that is wrong,
// never its text.

#ifndef SORTKEY_DYNAMODB_CREDENTIALS_H_
#define SORTKEY_DYNAMODB_CREDENTIALS_H_

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "dynamodb/aws_config.h"
#include "dynamodb/sigv4.h"
#include "sortkey/error.h"

namespace sortkey::dynamodb {

struct Credentials {
  SigningKeys keys;
  std::string source;  // "environment", "shared credentials file /x [dev]", "placeholder (loopback
                       // endpoint)", "credential_process of config file /x [profile dev]"
  // From credential_process: the command, and when the keys expire (none: never).
  std::string process{};
  std::optional<std::chrono::system_clock::time_point> expires{};
  // One line for logs: source and masked key id ("AKIA************MPLE"); never the secret.
  std::string describe() const;
  // `text` with the secret key and the session token replaced by "<redacted>".
  std::string redact(std::string text) const;
};

// Errors (kBadParameter): no keys found for a non-loopback endpoint, a
// profile named by AWS_PROFILE that no file holds, half a key pair, a file
// that exists but cannot be read, a credential_process that fails (see
// run_credential_process). Messages name the variables and files
// consulted, never a secret.
Result<Credentials> resolve_credentials(const Getenv& env, bool loopback_endpoint);

// Runs `command` as a credential_process (`where` names the file and
// profile it came from) and reads its answer. Errors (kBadParameter),
// "credential_process of <where>: ...": it could not be run, ran past 60 s,
// wrote more than 64 KiB, exited otherwise than with status 0 (with the
// start of its standard error), printed something that is not a JSON
// object, an unknown Version, a member of the wrong type or empty, an
// Expiration that is not RFC 3339 or already past.
Result<Credentials> run_credential_process(const std::string& command, const std::string& where);

// The keys a credential_process printed (`out`), read as the AWS CLI reads
// them: a JSON object, "Version": 1, AccessKeyId and SecretAccessKey,
// optional SessionToken and Expiration. `what` names the process in
// messages. Errors (kBadParameter): those of run_credential_process for the
// output; a message never holds the output or a part of it but an
// Expiration's first 40 bytes, escaped.
Result<Credentials> read_process_answer(const std::string& out, const std::string& what);

// The region, in the order above. `from_option` may be empty. Errors: a
// region check_header_value refuses, naming where it came from.
Result<std::string> resolve_region(const Getenv& env, std::string_view from_option,
                                   std::string_view endpoint_host);

// Whether `value` can go into an HTTP header as it is: no control character
// (below 0x20, or 0x7f), which would end the header early or start another
// (CR, LF). Every key (whatever its source, credential_process included) and
// the region are checked before a request is signed. Errors (kBadParameter),
// never quoting the value, which may be a secret: "AWS_SESSION_TOKEN holds a
// control character (byte 0x0D at offset 12): an HTTP header cannot carry it".
Result<void> check_header_value(std::string_view value, std::string_view what);

// Whether the URL's host is a loopback address or localhost.
bool is_loopback_host(std::string_view host);

}  // namespace sortkey::dynamodb

#endif  // SORTKEY_DYNAMODB_CREDENTIALS_H_
