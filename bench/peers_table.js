#!/usr/bin/env node
// The table of bench/peers.sh: for each ID operation, CPU ns per operation
// of sortkey, the Go references and the npm packages, with each peer's time
// as a multiple of sortkey's ("3.0x": sortkey is 3 times faster), and
// whether the goal against Go is met. Each figure is the median over the
// rounds given (one file per round and implementation).
//
//   node bench/peers_table.js --cpp R1.json [--cpp R2.json ...] --go R1.txt ... \
//        --npm R1.json ... [--baseline R1.json ...]
//
//   --cpp       Google Benchmark JSON of sortkey_bench (BM_<name>, cpu_time)
//   --baseline  the same of an earlier sortkey_bench: adds its column and the speedup
//   --go        `go test -bench` output of bench/peers_go (Benchmark<name>-N ... cpu-ns/op)
//   --npm       the JSON object of bench/peers_npm.js ("<package> <name>": ns)
//
// Exits 1 when a cell that should hold a figure has none (the table names
// it), 2 on a file it cannot read.
'use strict';

const fs = require('fs');

// [operation, input, benchmark name, npm packages that have it, goal: sortkey at least this many times faster than Go]
const kRows = [
  ['KSUID format', "Go's input (Max)", 'KsuidFormat/go_input', ['ksuid'], 5],
  ['KSUID format', '1024 random', 'KsuidFormat/varied', ['ksuid'], 5],
  ['KSUID parse', "Go's input (Max)", 'KsuidParse/go_input', ['ksuid'], 5],
  ['KSUID parse', '1024 random', 'KsuidParse/varied', ['ksuid'], 5],
  ['KSUID monotonic generation', 'clock standing still', 'KsuidGenerateMonotonic/fixed_clock', [], 1],
  ['ULID format', "Go's input", 'UlidFormat/go_input', ['ulid', 'ulidx'], 1],
  ['ULID format', '1024 random', 'UlidFormat/varied', ['ulid', 'ulidx'], 1],
  ['ULID parse (strict)', "Go's input", 'UlidParse/go_input', ['ulid', 'ulidx'], 1],
  ['ULID parse (strict)', '1024 random', 'UlidParse/varied', ['ulid', 'ulidx'], 1],
  ['ULID monotonic generation', "clock standing still (Go's 123 ms)", 'UlidGenerateMonotonic/fixed_clock', [], 1],
  ['ULID monotonic generation', 'system clock', 'UlidGenerateMonotonic/system_clock', [], 1],
  ['ULID monotonic generation + format', 'system clock', 'UlidGenerateMonotonicAndFormat', ['ulid', 'ulidx'], 1],
];
const kNpm = ['ksuid', 'ulid', 'ulidx'];

function fail(message) {
  console.error(`peers_table.js: ${message}`);
  process.exit(2);
}

function read(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (e) {
    return fail(`cannot read ${file}: ${e.message}`);
  }
}

function parseJson(file) {
  try {
    return JSON.parse(read(file));
  } catch (e) {
    return fail(`${file} is not JSON: ${e.message}`);
  }
}

// Google Benchmark JSON -> {name: ns}; with repetitions, the median aggregate.
function readGoogleBenchmark(file) {
  const out = {};
  const unit = { ns: 1, us: 1e3, ms: 1e6, s: 1e9 };
  for (const b of parseJson(file).benchmarks || []) {
    if (b.run_type === 'aggregate' && b.aggregate_name !== 'median') continue;
    const name = (b.run_name || b.name).replace(/^BM_/, '');
    out[name] = b.cpu_time * (unit[b.time_unit || 'ns'] || NaN);
  }
  return out;
}

// `go test -bench` output -> {name: cpu ns}, from the cpu-ns/op metric.
function readGoBench(file) {
  const out = {};
  for (const line of read(file).split('\n')) {
    const m = line.match(/^Benchmark(\S+?)(?:-\d+)?\s+\d+\s.*?([\d.]+) cpu-ns\/op/);
    if (m) out[m[1]] = Number(m[2]);
  }
  return out;
}

function readNpm(file) {
  return parseJson(file);
}

const args = process.argv.slice(2);
const files = { '--cpp': [], '--baseline': [], '--go': [], '--npm': [] };
for (let i = 0; i < args.length; i += 2) {
  if (!(args[i] in files) || i + 1 >= args.length) fail(`unknown or incomplete option ${args[i]}`);
  files[args[i]].push(args[i + 1]);
}
if (files['--cpp'].length === 0) fail('no --cpp results');

const median = (xs) => {
  const v = xs.filter((x) => Number.isFinite(x) && x > 0).sort((a, b) => a - b);
  if (v.length === 0) return undefined;
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};
// The median over rounds of each name.
function medians(rounds) {
  const out = {};
  const names = new Set(rounds.flatMap((r) => Object.keys(r)));
  for (const n of names) out[n] = median(rounds.map((r) => r[n]));
  return out;
}

const cpp = medians(files['--cpp'].map(readGoogleBenchmark));
const baseline = files['--baseline'].length ? medians(files['--baseline'].map(readGoogleBenchmark)) : null;
const go = medians(files['--go'].map(readGoBench));
const npm = medians(files['--npm'].map(readNpm));

const fmtNs = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const fmtRatio = (x) => `${x >= 10 ? x.toFixed(0) : x.toFixed(1)}x`;
const missing = [];
const cell = (x, what) => {
  if (x === undefined) {
    missing.push(what);
    return 'MISSING';
  }
  return fmtNs(x);
};

const header = ['operation', 'input', 'sortkey ns'];
if (baseline) header.push('sortkey before ns', 'before / after');
header.push('Go ns', 'Go / sortkey', 'goal vs Go', ...kNpm.map((p) => `${p} (npm) ns`));
const lines = [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`];
let goalsMissed = 0;
for (const [operation, input, name, npmPackages, goal] of kRows) {
  const what = `${operation}, ${input}`;
  const ours = cpp[name];
  const row = [operation, input, cell(ours, `sortkey ${what}`)];
  const ratio = (peer) => (ours !== undefined && peer !== undefined ? peer / ours : undefined);
  if (baseline) {
    const before = baseline[name];
    row.push(cell(before, `sortkey before ${what}`));
    row.push(ratio(before) === undefined ? '-' : fmtRatio(ratio(before)));
  }
  const g = go[name];
  row.push(cell(g, `Go ${what}`));
  const r = ratio(g);
  row.push(r === undefined ? '-' : fmtRatio(r));
  const met = r !== undefined && (goal > 1 ? r >= goal : r > goal);
  if (!met) ++goalsMissed;
  row.push(`${goal > 1 ? `>= ${goal}x` : 'faster'}: ${met ? 'met' : 'NOT MET'}`);
  for (const p of kNpm) {
    if (!npmPackages.includes(p)) {
      row.push('n/a');
      continue;
    }
    const ns = npm[`${p} ${name}`];
    const text = cell(ns, `npm ${p} ${what}`);
    row.push(ns === undefined ? text : `${text} (${fmtRatio(ratio(ns))})`);
  }
  lines.push(`| ${row.join(' | ')} |`);
}
console.log(lines.join('\n'));
console.log(
  `\nCPU ns per operation, median of ${files['--cpp'].length} round(s); "Nx": the peer takes N times sortkey's time; ` +
    `n/a: the package has no such operation. Goals against Go met: ${kRows.length - goalsMissed} of ${kRows.length}.`,
);
if (missing.length) {
  console.error(`peers_table.js: the table is incomplete, no figure for: ${missing.join('; ')}`);
  process.exit(1);
}
