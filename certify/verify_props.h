// File: certify/verify_props.h
//
// What verify-certificate's checks (verify.h) promise of any text, as
// framework-free property functions: a verdict or an error that names the
// file, for any bytes; and for a certificate sealed with its digest and an
// Ed25519 signature, that it passes and that no edit outside the digest's
// and the signature's coverage goes unnoticed. They live beside the
// checks, not in properties/props/, because certify/ builds on
// properties/; the fuzz builds link them from sortkey_certify_formats.
//
// Example (a driver over any text, with a key pair of its own):
//   check(certificate_check_clean(check_certificate_text(text, "cert.json", ""), "cert.json"));
//   auto sealed = seal_certificate(cert, "key.pem");
//   check(certificate_sealed(sealed));
//   check(sealed_certificate_holds(cert, *sealed, hash, "cert.json", "pub.pem"));

#ifndef SORTKEY_CERTIFY_VERIFY_PROPS_H_
#define SORTKEY_CERTIFY_VERIFY_PROPS_H_

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "certify/verify.h"
#include "properties/props/outcome.h"
#include "sortkey/error.h"

namespace sortkey::certify {

// check_certificate_text's answer `got` on a text named `name` is a
// verdict, or an error whose message starts with `name` and whose code is
// kBadParameter (the check cannot be made) or kNonCanonical (not genuine).
props::Outcome certificate_check_clean(const Result<CertificateCheck>& got, std::string_view name);

// `cert` with its digest and an Ed25519 signature of it by the private key
// in the file `private_key`, as text, as the certifier seals a certificate.
// Errors: sign_ed25519's.
Result<std::string> seal_certificate(nlohmann::json cert, const std::string& private_key);

// A valid key pair seals any certificate: `sealed` (seal_certificate's
// answer) is a text, not the signer's refusal.
props::Outcome certificate_sealed(const Result<std::string>& sealed);

// `sealed` (cert sealed by the private key of `public_key`) passes
// check_certificate_text, named `name`, without and with the key, and its
// verdict is cert's "certified" member; with one byte changed (at hash %
// size, by xor with 1 + (hash >> 32) % 255) into another JSON value, it is
// refused with the key.
props::Outcome sealed_certificate_holds(const nlohmann::json& cert, const std::string& sealed,
                                        std::uint64_t hash, const std::string& name,
                                        const std::string& public_key);

}  // namespace sortkey::certify

#endif  // SORTKEY_CERTIFY_VERIFY_PROPS_H_
