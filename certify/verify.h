// File: certify/verify.h
//
// A certificate file checked as `sortkey verify-certificate` checks it: read
// within limits (internal/json_input.h), its digest recomputed (digest.h),
// and with a public key its Ed25519 signature checked (signature.h).
//
// Example:
//   auto check = check_certificate_file("cert.json", "pub.pem");
//   if (!check) return check.error().code == ErrorCode::kBadParameter ? 2 : 1;
//   return check->certified ? 0 : 1;

#ifndef SORTKEY_CERTIFY_VERIFY_H_
#define SORTKEY_CERTIFY_VERIFY_H_

#include <string>
#include <string_view>

#include "sortkey/error.h"

namespace sortkey::certify {

struct CertificateCheck {
  bool certified = false;  // the verdict the intact certificate records
};

// Errors, each naming the file: kBadParameter when the check cannot be made
// (unreadable, not JSON, nested too deep, a key that is not an Ed25519 public
// key); kNonCanonical when the certificate is not what it claims (a digest
// that does not match, no signature although a key was given, a signature
// that does not verify).
Result<CertificateCheck> check_certificate_file(const std::string& path,
                                                const std::string& public_key);

// The same checks on the certificate's text, `name` standing for the file in
// the messages.
Result<CertificateCheck> check_certificate_text(std::string_view text, const std::string& name,
                                                const std::string& public_key);

}  // namespace sortkey::certify

#endif  // SORTKEY_CERTIFY_VERIFY_H_
