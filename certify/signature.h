// File: certify/signature.h
//
// Ed25519 signatures of certificates (OpenSSL). The certificate's digest
// (report.h) is a checksum: anyone who edits a certificate can compute it
// again. A signature over that digest, made with a private key only its
// holder has, is what an auditor can rely on: `certify --sign KEY.pem` adds
// one, `verify-certificate --public-key PUB.pem` checks it.
//
// Keys are PEM files as `openssl genpkey -algorithm ed25519` writes them
// (and `openssl pkey -pubout` for the public half); signatures travel as
// lowercase hex of their 64 bytes.
//
// Example:
//   auto sig = sign_ed25519("key.pem", digest);           // "3f9a..." (128 hex digits)
//   auto ok = verify_ed25519("pub.pem", digest, *sig);     // ok, or "the signature does not ..."

#ifndef SORTKEY_CERTIFY_SIGNATURE_H_
#define SORTKEY_CERTIFY_SIGNATURE_H_

#include <string>
#include <string_view>

#include "sortkey/error.h"

namespace sortkey::certify {

// The signature of `message` by the Ed25519 private key in `key_path`.
// Errors: the file cannot be read, is not a PEM private key, or not Ed25519.
Result<std::string> sign_ed25519(const std::string& key_path, std::string_view message);

// Ok iff `signature_hex` is the signature of `message` by the private half
// of the Ed25519 public key in `public_key_path`. Errors name what failed.
Result<void> verify_ed25519(const std::string& public_key_path, std::string_view message,
                            std::string_view signature_hex);

}  // namespace sortkey::certify

#endif  // SORTKEY_CERTIFY_SIGNATURE_H_
