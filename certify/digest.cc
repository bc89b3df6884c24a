#include "certify/digest.h"

#include <fmt/format.h>
#include <openssl/evp.h>

namespace sortkey::certify {

std::string sha256_hex(std::string_view bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  EVP_Digest(bytes.data(), bytes.size(), digest, &size, EVP_sha256(), nullptr);
  std::string out;
  for (unsigned int i = 0; i < size; ++i) out += fmt::format("{:02x}", digest[i]);
  return out;
}

std::string certificate_digest(nlohmann::json certificate) {
  certificate.erase("digest");
  certificate.erase("signature");  // signs the digest; not part of what it covers
  // Invalid UTF-8 in a counterexample must not make the digest throw.
  return sha256_hex(certificate.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

Result<void> verify_certificate(const nlohmann::json& certificate) {
  if (!certificate.is_object() || !certificate.contains("digest") ||
      !certificate["digest"].is_object() || !certificate["digest"].contains("value") ||
      !certificate["digest"]["value"].is_string()) {
    return make_error(ErrorCode::kBadFormat, 0, "not a sortkey certificate: no digest.value");
  }
  // The digest does not cover itself: nothing else may sit beside its value.
  const nlohmann::json& digest = certificate["digest"];
  if (digest.size() != 2 || !digest.contains("algorithm") || digest["algorithm"] != "sha256") {
    return make_error(ErrorCode::kNonCanonical, 0,
                      "the digest is not {\"algorithm\": \"sha256\", \"value\": ...} alone");
  }
  const std::string recorded = certificate["digest"]["value"].get<std::string>();
  const std::string actual = certificate_digest(certificate);
  if (recorded != actual) {
    return make_error(
        ErrorCode::kNonCanonical, 0,
        fmt::format("digest mismatch: recorded {}, content hashes to {}", recorded, actual));
  }
  return {};
}

}  // namespace sortkey::certify
