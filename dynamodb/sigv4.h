// File: dynamodb/sigv4.h
//
// AWS Signature Version 4 for the requests the DynamoDB client sends
// (AWS, "Create a signed AWS API request"; "Elements of an AWS API request
// signature"). HMAC-SHA256 and SHA-256 come from OpenSSL.
//
//   canonical request = METHOD \n canonical URI \n canonical query \n
//                       canonical headers \n signed headers \n hex(SHA-256(payload))
//   string to sign = "AWS4-HMAC-SHA256" \n X-Amz-Date \n scope
//                    \n hex(SHA-256(canonical request))
//   scope          = YYYYMMDD / region / service / "aws4_request"
//   signing key    = HMAC(HMAC(HMAC(HMAC("AWS4" + secret, date), region), service),
//                         "aws4_request")
//   signature      = hex(HMAC(signing key, string to sign))
//
// The URI path is percent-encoded once per segment (every service except S3
// encodes once more on the wire; DynamoDB's path is "/"), the query is split
// into name=value pairs, each encoded and sorted, and header names are lower
// cased, values trimmed with inner runs of spaces folded to one, sorted.
//
// Secrets never leave this file except inside the HMAC: nothing here logs,
// and `Signed` holds only the headers to send.
//
// Example (AWS's published test suite, get-vanilla):
//
//   sortkey::endpoint::RequestToSign r;
//   r.method = "GET";
//   r.path = "/";
//   r.headers = {{"Host", "example.amazonaws.com"}};
//   auto s = sortkey::dynamodb::sign(
//       r, {"AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", ""},
//                                    "us-east-1", "service", "20150830T123600Z");
//   s.authorization;
//   // "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request,
//                     //  SignedHeaders=host;x-amz-date, Signature=5fa00fa3..."

#ifndef SORTKEY_DYNAMODB_SIGV4_H_
#define SORTKEY_DYNAMODB_SIGV4_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sortkey::dynamodb {

struct SigningKeys {
  std::string access_key_id;
  std::string secret_access_key;
  std::string session_token;  // empty: none (long-term keys)
};

struct RequestToSign {
  std::string method = "POST";
  std::string path = "/";  // not yet percent-encoded
  std::string query;       // "a=1&b=2", not yet percent-encoded; may be empty
  std::vector<std::pair<std::string, std::string>> headers;  // must include Host
  std::string payload;
};

// What to add to the request: X-Amz-Date, X-Amz-Security-Token (when the
// keys carry a session token) and Authorization, plus the intermediate
// strings, for tests against AWS's published vectors.
struct Signed {
  std::vector<std::pair<std::string, std::string>> headers;  // to send, in this order
  std::string authorization;
  std::string canonical_request;
  std::string string_to_sign;
};

// REQUIRES: amz_date is "YYYYMMDDTHHMMSSZ".
Signed sign(const RequestToSign& request, const SigningKeys& keys, std::string_view region,
            std::string_view service, std::string_view amz_date);

// The current UTC time as "YYYYMMDDTHHMMSSZ".
std::string amz_date_now();

// Lower-case hex of SHA-256 and raw HMAC-SHA256 (OpenSSL).
std::string sha256_hex(std::string_view data);
std::string hmac_sha256(std::string_view key, std::string_view data);
std::string to_hex(std::string_view bytes);

// The derived signing key for a date (YYYYMMDD), region and service.
std::string signing_key(std::string_view secret, std::string_view date, std::string_view region,
                        std::string_view service);

// RFC 3986 percent-encoding of everything but A-Z a-z 0-9 - . _ ~ (and '/'
// when `keep_slash`), with upper-case hex, as SigV4 requires.
std::string uri_encode(std::string_view text, bool keep_slash);

}  // namespace sortkey::dynamodb

#endif  // SORTKEY_DYNAMODB_SIGV4_H_
