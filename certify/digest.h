// File: certify/digest.h
//
// The certificate's digest: SHA-256 over the certificate without its
// "digest" and "signature" members, serialized by nlohmann::json's dump()
// with no indent (keys sorted, UTF-8; invalid UTF-8 replaced, so that no
// certificate makes it throw). A checksum, not a signature: anyone who edits
// a certificate can compute it again (signature.h is what an auditor relies
// on). report.h writes it; verify.h checks it.
//
// Example:
//   nlohmann::json cert = ...;
//   cert["digest"] = {{"algorithm", "sha256"}, {"value", certificate_digest(cert)}};
//   verify_certificate(cert);   // ok; any later edit: "digest mismatch: ..."

#ifndef SORTKEY_CERTIFY_DIGEST_H_
#define SORTKEY_CERTIFY_DIGEST_H_

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "sortkey/error.h"

namespace sortkey::certify {

// Lowercase hex SHA-256 of `bytes`.
std::string sha256_hex(std::string_view bytes);

// The digest of `certificate` (all but "digest" and "signature"), 64 hex digits.
std::string certificate_digest(nlohmann::json certificate);

// Ok iff `certificate` carries a "digest" {"algorithm": "sha256", "value":
// V}, nothing more, with V the digest of the rest (all but "digest" and
// "signature"; see signature.h for the signature). Errors: kBadFormat (no
// digest value), kNonCanonical (another algorithm or a member beside them,
// a value that does not match).
Result<void> verify_certificate(const nlohmann::json& certificate);

}  // namespace sortkey::certify

#endif  // SORTKEY_CERTIFY_DIGEST_H_
