#!/usr/bin/env node
// The npm packages `ksuid` and `ulid` (tools/node, pinned) doing what
// bench/ksuid_bench.cc and bench/ulid_bench.cc measure: generate, format,
// parse. Method: a warm-up, then 3 runs of at least `--ms` milliseconds of
// CPU time each (default 400); the median CPU ns/op is reported, to compare
// with Google Benchmark's CPU column.
//
//   node bench/ids_npm_bench.js                      the npm figures
//   node bench/ids_npm_bench.js --cpp bench.json     and the ratio to each
//       sortkey benchmark in Google Benchmark's JSON output (bench/ids_compare.sh)
'use strict';

const fs = require('fs');
const path = require('path');
const { createRequire } = require('module');

const peerRequire = createRequire(path.resolve(__dirname, '../tools/node/package.json'));
let KSUID;
let ULID;
try {
  KSUID = peerRequire('ksuid');
  ULID = peerRequire('ulid');
} catch (e) {
  console.error(`ids_npm_bench.js: cannot load the npm packages (run bash ci/install_npm.sh): ${e.message}`);
  process.exit(2);
}

const args = process.argv.slice(2);
const argValue = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const runMs = Number(argValue('--ms', 400));
const cppJson = argValue('--cpp', null);

let sink = 0; // keeps results alive
// CPU time (user + system) per operation, as Google Benchmark's "CPU"
// column: on a loaded machine wall time would charge either side for the
// other processes.
function measure(fn) {
  const once = (minMs) => {
    let n = 0;
    const start = process.cpuUsage();
    let elapsedUs = 0;
    while (elapsedUs < minMs * 1000) {
      for (let i = 0; i < 256; ++i) sink ^= fn(n++) ? 1 : 0;
      const d = process.cpuUsage(start);
      elapsedUs = d.user + d.system;
    }
    return (elapsedUs * 1000) / n;
  };
  once(Math.max(50, runMs / 4));
  const runs = [once(runMs), once(runMs), once(runMs)].sort((a, b) => a - b);
  return runs[1];
}

// Samples like the C++ benchmarks': 1024 random IDs.
const crypto = require('crypto');
const ksuids = [];
const ksuidTexts = [];
const ulidTexts = [];
const uuids = [];
for (let i = 0; i < 1024; ++i) {
  const b = crypto.randomBytes(20);
  b[0] &= 0x7f;
  const k = new KSUID(b);
  ksuids.push(k);
  ksuidTexts.push(k.string);
  const u = crypto.randomBytes(16);
  u.writeUIntBE(Math.floor(Math.random() * 4102444800000), 0, 6);
  const hex = u.toString('hex');
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  uuids.push(uuid);
  ulidTexts.push(ULID.uuidToULID(uuid));
}
const monotonic = ULID.monotonicFactory();
const now = Date.now();

// [sortkey benchmark, npm operation, what npm does]
const cases = [
  ['BM_KsuidGenerateRandom', 'ksuid KSUID.randomSync()', (i) => KSUID.randomSync()],
  ['BM_KsuidGenerateAndFormat', 'ksuid KSUID.randomSync().string', (i) => KSUID.randomSync().string],
  ['BM_KsuidFormat', 'ksuid k.string', (i) => ksuids[i & 1023].string],
  ['BM_KsuidParse', 'ksuid KSUID.parse(text)', (i) => KSUID.parse(ksuidTexts[i & 1023])],
  ['BM_UlidGenerateAndFormat', 'ulid ulid()', (i) => ULID.ulid()],
  ['BM_UlidGenerateMonotonicAndFormat', 'ulid monotonicFactory()()', (i) => monotonic(now)],
  ['BM_UlidFormat', 'ulid uuidToULID(uuid)', (i) => ULID.uuidToULID(uuids[i & 1023])],
  ['BM_UlidParse', 'ulid ulidToUUID(text)', (i) => ULID.ulidToUUID(ulidTexts[i & 1023])],
  [null, 'ulid encodeTime(ms)', (i) => ULID.encodeTime(now + (i & 1023))],
  [null, 'ulid decodeTime(text)', (i) => ULID.decodeTime(ulidTexts[i & 1023])],
];

let cpp = {};
if (cppJson) {
  const report = JSON.parse(fs.readFileSync(cppJson, 'utf8'));
  for (const b of report.benchmarks) {
    if (b.run_type === 'aggregate' && b.aggregate_name !== 'median') continue;
    const name = b.run_name || b.name;
    const ns = b.cpu_time * { ns: 1, us: 1e3, ms: 1e6, s: 1e9 }[b.time_unit || 'ns'];
    cpp[name] = ns;
  }
}

const fmt = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
console.log(`node ${process.version}, ksuid ${peerRequire('ksuid/package.json').version}, ulid ${peerRequire('ulid/package.json').version}; median of 3 runs of ${runMs} ms CPU time; sortkey: Google Benchmark CPU time, median of 3`);
console.log(cppJson ? '| sortkey benchmark | ns/op | npm operation | ns/op | npm / sortkey |' : '| npm operation | ns/op |');
console.log(cppJson ? '| --- | ---: | --- | ---: | ---: |' : '| --- | ---: |');
for (const [name, label, fn] of cases) {
  const ns = measure(fn);
  if (!cppJson) {
    console.log(`| ${label} | ${fmt(ns)} |`);
  } else if (name && cpp[name] !== undefined) {
    console.log(`| ${name} | ${fmt(cpp[name])} | ${label} | ${fmt(ns)} | ${(ns / cpp[name]).toFixed(1)}x |`);
  } else {
    console.log(`| ${name || '-'} | - | ${label} | ${fmt(ns)} | - |`);
  }
}
if (sink === 42) console.log('');
