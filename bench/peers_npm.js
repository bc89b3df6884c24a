#!/usr/bin/env node
// The npm packages `ksuid`, `ulid` and `ulidx` (ci/peers, pinned) doing what
// bench/ksuid_bench.cc and bench/ulid_bench.cc measure, on the IDs of
// bench/ids_inputs.txt, under the same benchmark names. Run by bench/peers.sh;
// prints one JSON object: {"<package> <benchmark>": CPU ns per operation}.
//
//   node bench/peers_npm.js [--inputs FILE] [--ms MS]
//
// Method: a warm-up, then 3 runs of at least MS milliseconds of CPU time each
// (default 300); the median is reported. CPU time (user + system), as Google
// Benchmark's CPU column and the Go benchmarks' cpu-ns/op: on a loaded machine
// wall time would charge either side for the other processes.
//
// Where a package has no such operation it is absent: `ksuid` has no
// monotonic generator; `ulid` and `ulidx` take and give ULIDs as text and
// UUIDs, so their "format" is uuidToULID (UUID text -> ULID text) and their
// "parse" ulidToUUID (ULID text -> UUID text, after checking the alphabet).
'use strict';

const fs = require('fs');
const path = require('path');
const { createRequire } = require('module');

const args = process.argv.slice(2);
const argValue = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const runMs = Number(argValue('--ms', 300));
const inputsPath = argValue('--inputs', path.resolve(__dirname, 'ids_inputs.txt'));
if (!(runMs > 0)) {
  console.error(`peers_npm.js: --ms must be a positive number of milliseconds, got ${argValue('--ms')}`);
  process.exit(2);
}

const peerRequire = createRequire(path.resolve(__dirname, '../ci/peers/package.json'));
const packages = {};
for (const name of ['ksuid', 'ulid', 'ulidx']) {
  try {
    packages[name] = peerRequire(name);
  } catch (e) {
    console.error(`peers_npm.js: cannot load the npm package ${name} (run bash ci/install_npm.sh): ${e.message}`);
    process.exit(2);
  }
}
const KSUID = packages.ksuid;

// The texts of one set of the inputs file.
function inputs(set) {
  let text;
  try {
    text = fs.readFileSync(inputsPath, 'utf8');
  } catch (e) {
    console.error(`peers_npm.js: cannot read the ID inputs: ${e.message}`);
    process.exit(2);
  }
  const texts = text
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f.length === 2 && f[0] === set)
    .map((f) => f[1]);
  if (texts.length === 0) {
    console.error(`peers_npm.js: the ID inputs ${inputsPath} hold no ID of the set ${set}`);
    process.exit(2);
  }
  return texts;
}

let sink = 0; // keeps results alive
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
  once(Math.max(20, runMs / 4));
  const runs = [once(runMs), once(runMs), once(runMs)].sort((a, b) => a - b);
  return runs[1];
}

// cycle(xs)(i): the inputs in turn, as the C++ and Go benchmarks take them.
const cycle = (xs) => (i) => xs[i % xs.length];

const cases = [];
for (const [set, name] of [['go-ksuid', 'go_input'], ['ksuid', 'varied']]) {
  const texts = inputs(set);
  const ids = texts.map((t) => KSUID.parse(t));
  const id = cycle(ids);
  const text = cycle(texts);
  cases.push(['ksuid', `KsuidFormat/${name}`, (i) => id(i).string]);
  cases.push(['ksuid', `KsuidParse/${name}`, (i) => KSUID.parse(text(i))]);
}
for (const pkg of ['ulid', 'ulidx']) {
  const ULID = packages[pkg];
  for (const [set, name] of [['go-ulid', 'go_input'], ['ulid', 'varied']]) {
    const texts = inputs(set);
    const uuid = cycle(texts.map((t) => ULID.ulidToUUID(t)));
    const text = cycle(texts);
    cases.push([pkg, `UlidFormat/${name}`, (i) => ULID.uuidToULID(uuid(i))]);
    cases.push([pkg, `UlidParse/${name}`, (i) => ULID.ulidToUUID(text(i))]);
  }
  const monotonic = ULID.monotonicFactory();
  cases.push([pkg, 'UlidGenerateMonotonicAndFormat', () => monotonic()]);
}

const results = {};
for (const [pkg, name, fn] of cases) results[`${pkg} ${name}`] = measure(fn);
console.log(JSON.stringify(results));
if (sink === 42) console.error('');
