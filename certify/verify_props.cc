#include "certify/verify_props.h"

#include "certify/digest.h"
#include "certify/signature.h"
#include "support/json_input.h"

namespace sortkey::certify {

using props::Outcome;

Outcome certificate_check_clean(const Result<CertificateCheck>& got, std::string_view name) {
  if (got) return Outcome::holds();
  const Error& e = got.error();
  if (e.code != ErrorCode::kBadParameter && e.code != ErrorCode::kNonCanonical) {
    return Outcome::fails("an error of another kind: " + describe(e));
  }
  if (e.message.rfind(name, 0) != 0)
    return Outcome::fails("an error not naming the file: " + e.message);
  return Outcome::holds();
}

Result<std::string> seal_certificate(nlohmann::json cert, const std::string& private_key) {
  const std::string digest = certificate_digest(cert);
  auto signature = sign_ed25519(private_key, digest);
  if (!signature) return signature.error();
  cert["digest"] = {{"algorithm", "sha256"}, {"value", digest}};
  cert["signature"] = {{"algorithm", "ed25519"}, {"value", *signature}};
  return cert.dump();
}

Outcome certificate_sealed(const Result<std::string>& sealed) {
  if (sealed) return Outcome::holds();
  return Outcome::fails(sealed.error().message);
}

Outcome sealed_certificate_holds(const nlohmann::json& cert, const std::string& sealed,
                                 std::uint64_t hash, const std::string& name,
                                 const std::string& public_key) {
  const std::string& text = sealed;
  const auto plain = check_certificate_text(text, name, "");
  const auto keyed = check_certificate_text(text, name, public_key);
  if (!plain || !keyed) {
    return Outcome::fails("a sealed certificate is refused: " +
                          (plain ? keyed : plain).error().message);
  }
  const auto certified = cert.find("certified");
  const bool want = certified != cert.end() && *certified == true;
  if (plain->certified != want || keyed->certified != want) {
    return Outcome::fails("the verdict is not the certificate's \"certified\"");
  }
  // One byte changed, at a place and to a value the hash picks.
  std::string edited = text;
  const std::size_t at = hash % edited.size();
  edited[at] = static_cast<char>(edited[at] ^ static_cast<char>(1 + (hash >> 32) % 255));
  auto before = support::parse_json(text, "sealed");
  auto after = support::parse_json(edited, "edited");
  if (!after || *after == *before) return Outcome::holds();
  if (check_certificate_text(edited, name, public_key)) {
    return Outcome::fails("an edited certificate passes with the key: byte " + std::to_string(at) +
                          " of " + text.substr(0, 2000) + "\n   edited: " + edited.substr(0, 2000));
  }
  return Outcome::holds();
}

}  // namespace sortkey::certify
