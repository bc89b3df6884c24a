// Certificates: verify-certificate's checks (check_certificate_text,
// certify/verify.h) on any text, without and with a public key, and on the
// input sealed: when the text is a JSON object, its digest and an Ed25519
// signature made for it by the key pair below, then one byte of that text
// changed.
// Input: the certificate text (the seeds are certificates, signed, unsigned
// and forged).
//
// Checks:
//   * the check is total: a verdict, or an error naming the file that is
//     kBadParameter (the check cannot be made) or kNonCanonical (not genuine);
//   * a sealed certificate passes with and without the key, and its verdict
//     is its "certified" member;
//   * any change to a sealed certificate that reads as another JSON value is
//     refused with the key: nothing outside the digest's and the signature's
//     coverage can be edited unnoticed.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <string_view>

#include "certify/digest.h"
#include "certify/signature.h"
#include "certify/verify.h"
#include "fuzz/fuzz_adapter.h"
#include "properties/props/outcome.h"
#include "support/json_input.h"

namespace {

using namespace sortkey;
using nlohmann::json;
using props::Outcome;

// A key pair for this target only: it signs nothing else, anywhere.
constexpr const char* kPrivateKey =
    "-----BEGIN PRIVATE KEY-----\n"
    "MC4CAQAwBQYDK2VwBCIEIMJmLXH0fnupIGoule9BLhO8y1bRxaTwQfbMygKYUsfd\n"
    "-----END PRIVATE KEY-----\n";
constexpr const char* kPublicKey =
    "-----BEGIN PUBLIC KEY-----\n"
    "MCowBQYDK2VwAyEAb/kDR7IblWeaaLjU5jMU6B17WgKh6uj7iO0xDh1uRBM=\n"
    "-----END PUBLIC KEY-----\n";
constexpr const char* kName = "cert.json";

struct Keys {
  std::string private_path, public_path;
};

// The key pair as files, as the certifier reads keys; written once.
const Keys& keys() {
  static const Keys k = [] {
    const char* tmp = std::getenv("TMPDIR");
    std::string dir = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/sortkeyXXXXXX";
    if (::mkdtemp(dir.data()) == nullptr) {
      std::perror("certificate_fuzzer: mkdtemp");
      std::abort();
    }
    Keys out{dir + "/key.pem", dir + "/pub.pem"};
    std::ofstream(out.private_path) << kPrivateKey;
    std::ofstream(out.public_path) << kPublicKey;
    return out;
  }();
  return k;
}

Outcome clean(const Result<certify::CertificateCheck>& got) {
  if (got) return Outcome::holds();
  const Error& e = got.error();
  if (e.code != ErrorCode::kBadParameter && e.code != ErrorCode::kNonCanonical) {
    return Outcome::fails("an error of another kind: " + describe(e));
  }
  if (e.message.rfind(kName, 0) != 0)
    return Outcome::fails("an error not naming the file: " + e.message);
  return Outcome::holds();
}

// `cert` with its digest and signature.
std::string seal(json cert) {
  const std::string digest = certify::certificate_digest(cert);
  auto signature = certify::sign_ed25519(keys().private_path, digest);
  if (!signature) {
    sortkey::fuzz::report_failure(Outcome::fails(signature.error().message), "certificate/sign",
                                  "the target's key");
  }
  cert["digest"] = {{"algorithm", "sha256"}, {"value", digest}};
  cert["signature"] = {{"algorithm", "ed25519"}, {"value", *signature}};
  return cert.dump();
}

Outcome sealed_holds(const json& cert, std::uint64_t hash) {
  const std::string text = seal(cert);
  const auto plain = certify::check_certificate_text(text, kName, "");
  const auto keyed = certify::check_certificate_text(text, kName, keys().public_path);
  if (!plain || !keyed) {
    return Outcome::fails("a sealed certificate is refused: " +
                          (plain ? keyed : plain).error().message);
  }
  const auto certified = cert.find("certified");
  const bool want = certified != cert.end() && *certified == true;
  if (plain->certified != want || keyed->certified != want) {
    return Outcome::fails("the verdict is not the certificate's \"certified\"");
  }
  // One byte changed, at a place and to a value the input picks.
  std::string edited = text;
  const std::size_t at = hash % edited.size();
  edited[at] = static_cast<char>(edited[at] ^ static_cast<char>(1 + (hash >> 32) % 255));
  auto before = support::parse_json(text, "sealed");
  auto after = support::parse_json(edited, "edited");
  if (!after || *after == *before) return Outcome::holds();
  if (certify::check_certificate_text(edited, kName, keys().public_path)) {
    return Outcome::fails("an edited certificate passes with the key: byte " + std::to_string(at) +
                          " of " + text.substr(0, 2000) + "\n   edited: " + edited.substr(0, 2000));
  }
  return Outcome::holds();
}

std::uint64_t fnv1a(std::string_view bytes) {
  std::uint64_t h = 1469598103934665603ULL;
  for (const char c : bytes) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
  return h;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  sortkey::fuzz::set_target_name("certificate_fuzzer");
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto show = [&] { return std::string(text.substr(0, 2000)); };
  sortkey::fuzz::check(clean(certify::check_certificate_text(text, kName, "")), "certificate/check",
                       show);
  sortkey::fuzz::check(clean(certify::check_certificate_text(text, kName, keys().public_path)),
                       "certificate/check_signed", show);
  auto parsed = support::parse_json(text, "the input");
  if (parsed && parsed->is_object()) {
    sortkey::fuzz::check(sealed_holds(*parsed, fnv1a(text)), "certificate/sealed", show);
  }
  return 0;
}
