#!/usr/bin/env node
// The npm reference packages `ksuid` and `ulid` as a line-JSON peer for
// sortkey's differential test (src/ids_differential_test.cc): one request a
// line on stdin, one answer a line on stdout, in order. Bytes travel as hex.
//
//   {"op":"hello"}                                  -> {"ksuid":"3.0.0","ulid":"3.0.2","node":"v20..."}
//   {"op":"ksuid_encode","raw":HEX40}               -> {"text"}           new KSUID(buffer).string
//   {"op":"ksuid_from_parts","unix":S,"payload":HEX32} -> {"text","raw","date"}  KSUID.fromParts(S * 1000, payload)
//   {"op":"ksuid_parse","text":T}                   -> {"raw","timestamp","date"} | {"error"}
//   {"op":"ulid_encode","raw":HEX32}                -> {"text","time"}    uuidToULID, encodeTime(ms)
//   {"op":"ulid_parse","text":T}                    -> {"raw","ms","date"} | {"error"}   ulidToUUID, decodeTime
//   {"op":"ulid_monotonic","clock":[MS...],"randoms":[CHARS16...]}
//                                                   -> {"ids":[T | "error:..."]}  monotonicFactory(prng)
//
// A bad request or an unexpected exception answers {"fatal": message}. The
// process exits when stdin ends, and on its own after SORTKEY_PEER_TIMEOUT_MS
// (default 120000) so that a stuck run never hangs the test.
'use strict';

const readline = require('readline');

const timeoutMs = Number(process.env.SORTKEY_PEER_TIMEOUT_MS || 120000);
setTimeout(() => {
  process.stderr.write(`ids_peer.js: no end of input after ${timeoutMs} ms, giving up\n`);
  process.exit(3);
}, timeoutMs).unref();

let KSUID;
let ULID;
try {
  KSUID = require('ksuid');
  ULID = require('ulid');
} catch (e) {
  process.stderr.write(`ids_peer.js: cannot load the npm packages (run bash ci/install_npm.sh): ${e.message}\n`);
  process.exit(2);
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function ksuidAnswer(k) {
  return { text: k.string, raw: k.raw.toString('hex').toUpperCase(), timestamp: k.timestamp, date: k.date.toISOString() };
}

function uuidOf(hex) {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// A prng for monotonicFactory that yields the given random parts: the
// factory draws 16 characters per fresh ID, last character first.
function scriptedPrng(randoms) {
  const queue = [];
  let next = 0;
  return () => {
    if (queue.length === 0) {
      if (next >= randoms.length) throw new Error('the scripted random parts ran out');
      const chars = randoms[next++];
      for (let i = chars.length - 1; i >= 0; --i) queue.push(CROCKFORD.indexOf(chars[i]));
    }
    return queue.shift() / 32;
  };
}

const handlers = {
  hello: () => ({
    ksuid: require('ksuid/package.json').version,
    ulid: require('ulid/package.json').version,
    node: process.version,
  }),
  ksuid_encode: (r) => ({ text: new KSUID(Buffer.from(r.raw, 'hex')).string }),
  ksuid_from_parts: (r) => ksuidAnswer(KSUID.fromParts(r.unix * 1000, Buffer.from(r.payload, 'hex'))),
  ksuid_parse: (r) => {
    try {
      return ksuidAnswer(KSUID.parse(r.text));
    } catch (e) {
      return { error: e.message };
    }
  },
  ulid_encode: (r) => {
    const ms = parseInt(r.raw.slice(0, 12), 16);
    return { text: ULID.uuidToULID(uuidOf(r.raw)), time: ULID.encodeTime(ms) };
  },
  ulid_parse: (r) => {
    try {
      const raw = ULID.ulidToUUID(r.text).replace(/-/g, '');
      const ms = ULID.decodeTime(r.text);
      return { raw, ms, date: new Date(ms).toISOString() };
    } catch (e) {
      return { error: e.message };
    }
  },
  ulid_monotonic: (r) => {
    const next = ULID.monotonicFactory(scriptedPrng(r.randoms));
    return {
      ids: r.clock.map((ms) => {
        try {
          return next(ms);
        } catch (e) {
          return `error:${e.message}`;
        }
      }),
    };
  },
};

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  let answer;
  try {
    const request = JSON.parse(line);
    const handler = handlers[request.op];
    answer = handler ? handler(request) : { fatal: `unknown op ${JSON.stringify(request.op)}` };
  } catch (e) {
    answer = { fatal: `${e.name}: ${e.message}` };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
});
// When stdin ends the event loop empties and node exits (the watchdog is unref'd).
