#!/usr/bin/env bash
# check_signing.sh SORTKEY: `certify --sign KEY.pem` signs the certificate's
# digest with Ed25519 and `verify-certificate --public-key PUB.pem` checks it.
# A certificate whose digest was made again (a valid digest, but not the one
# signed), a signature by another key, and an unsigned certificate fail;
# a key that is not Ed25519 is refused.
set -euo pipefail
sortkey=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
openssl genpkey -algorithm ed25519 -out key.pem 2>/dev/null
openssl pkey -in key.pem -pubout -out pub.pem
openssl genpkey -algorithm ed25519 -out other.pem 2>/dev/null
openssl pkey -in other.pem -pubout -out other_pub.pem
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 -out rsa.pem 2>/dev/null

run() { "$sortkey" certify --cases 5 --property padded/order --no-progress "$@" >/dev/null; }
expect() {  # expect EXIT PATTERN -- ARGS...
  local want=$1 pattern=$2
  shift 3
  local got=0
  "$sortkey" "$@" >out.txt 2>err.txt || got=$?
  if [ "$got" != "$want" ] || ! grep -Eq "$pattern" out.txt err.txt; then
    echo "sortkey $*: exit $got (want $want)"; cat out.txt err.txt; echo "(want /$pattern/)"; exit 1
  fi
}
run --sign key.pem --json signed.json
run --seed 7 --json unsigned.json
expect 0 "digest ok, signature ok; CERTIFIED" -- verify-certificate --public-key pub.pem signed.json
# The forgery: another run's certificate (its own valid digest) with the signature copied in.
python3 - <<'PY'
import json
signed = json.load(open("signed.json"))
forged = json.load(open("unsigned.json"))
forged["signature"] = signed["signature"]
json.dump(forged, open("forged.json", "w"))
PY
expect 0 "digest ok; CERTIFIED" -- verify-certificate forged.json
expect 1 "signature does not verify" -- verify-certificate --public-key pub.pem forged.json
expect 1 "signature does not verify" -- verify-certificate --public-key other_pub.pem signed.json
expect 1 "not signed" -- verify-certificate --public-key pub.pem unsigned.json
expect 2 "is not an Ed25519 key" -- certify --cases 5 --property padded/order --no-progress \
  --sign rsa.pem --json rsa.json
expect 2 "is not a PEM public key" -- verify-certificate --public-key key.pem signed.json
echo "ok: signing"
