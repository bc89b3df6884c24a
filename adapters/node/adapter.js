#!/usr/bin/env node
// A sortkey codec adapter in Node.js: protocol v1 (adapters/PROTOCOL.md).
//
// Copy this directory, `npm ci` in it, replace the codecs with your own (or
// keep the ones you use), and certify them:
//
//   sortkey certify --codec-cmd "node adapter.js" --cases 1000
//
// The certifier writes one JSON request per line to standard input and reads
// one JSON answer per line from standard output, in order:
//
//   {"id":1,"op":"encode","codec":"padded","params":{"width":5},"value":"157"}  -> {"id":1,"ok":"00157"}
//   {"id":2,"op":"decode","codec":"ulid","params":{},"key":"01ARZ3NDEKTSV4RRFFQ69G5FAV"}
//                                      -> {"id":2,"ok":{"time":1469922850259,"random":"d6764c61efb99302bd5b"}}
//
// A codec refuses a value by throwing Refuse: that is the right answer
// outside its domain. Standard error is free for logging.
//
// KSUIDs and ULIDs come from the npm packages `ksuid` and `ulid` (encodeTime,
// decodeTime, monotonicFactory); the other codecs write the same keys as
// sortkey's built-in codecs of those names. The `name` codec is left out:
// JavaScript has Unicode upper and lower case but no case folding.
'use strict';

const crypto = require('crypto');
const readline = require('readline');
const KSUID = require('ksuid');
const ULID = require('ulid');

class Refuse extends Error {}

function intParam(params, name, lo, hi) {
  const v = params[name];
  if (!Number.isInteger(v) || v < lo || v > hi) throw new Refuse(`"${name}" must be an integer from ${lo} to ${hi}, got ${JSON.stringify(v)}`);
  return v;
}

function count(value) {
  if (typeof value !== 'string' || !/^[0-9]+$/.test(value)) throw new Refuse(`${JSON.stringify(value)} is not the decimal string of a non-negative integer`);
  return BigInt(value);
}

function digitsKey(key, width) {
  if (typeof key !== 'string' || key.length !== width || !/^[0-9]+$/.test(key)) throw new Refuse(`${JSON.stringify(key)} is not ${width} digits`);
  return BigInt(key);
}

// ---- padded, inverse, epoch: fixed-width decimal ----------------------------

function encodePadded(params, value) {
  const width = intParam(params, 'width', 1, 38);
  const text = count(value).toString();
  if (text.length > width) throw new Refuse(`${text} needs ${text.length} digits, more than the width ${width}`);
  return text.padStart(width, '0');
}

function decodePadded(params, key) {
  return digitsKey(key, intParam(params, 'width', 1, 38)).toString();
}

function encodeInverse(params, value) {
  const width = intParam(params, 'width', 1, 38);
  const n = count(value);
  const max = 10n ** BigInt(width) - 1n;
  if (n > max) throw new Refuse(`${n} needs ${n.toString().length} digits, more than the width ${width}`);
  return (max - n).toString().padStart(width, '0');
}

function decodeInverse(params, key) {
  const width = intParam(params, 'width', 1, 38);
  return (10n ** BigInt(width) - 1n - digitsKey(key, width)).toString();
}

function epochUnit(params) {
  if (!['s', 'ms', 'us', 'ns'].includes(params.unit)) throw new Refuse(`"unit" must be s, ms, us or ns, got ${JSON.stringify(params.unit)}`);
}

// ---- timestamp: RFC 3339 UTC, fixed fraction ---------------------------------

const MIN_SECONDS = -62135596800; // 0001-01-01T00:00:00Z
const MAX_SECONDS = 253402300799; // 9999-12-31T23:59:59Z

// Days since 1970-01-01 <-> proleptic Gregorian (y, m, d), exact in doubles for these years.
function civilFromDays(z) {
  z += 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

function daysFromCivil(y, m, d) {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

const pad = (n, w) => String(n).padStart(w, '0');

function encodeTimestamp(params, value) {
  const precision = intParam(params, 'precision', 0, 9);
  const { seconds, nanos } = value || {};
  if (!Number.isInteger(seconds) || !Number.isInteger(nanos) || nanos < 0 || nanos > 999999999) throw new Refuse(`${JSON.stringify(value)} is not {seconds, nanos}`);
  if (seconds < MIN_SECONDS || seconds > MAX_SECONDS) throw new Refuse(`Unix second ${seconds} is outside the years 0001-9999`);
  const days = Math.floor(seconds / 86400);
  const rest = seconds - days * 86400;
  const [y, m, d] = civilFromDays(days);
  const fraction = precision ? '.' + pad(nanos, 9).slice(0, precision) : ''; // cut, never rounded
  return `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}T${pad(Math.floor(rest / 3600), 2)}:${pad(Math.floor(rest / 60) % 60, 2)}:${pad(rest % 60, 2)}${fraction}Z`;
}

function decodeTimestamp(params, key) {
  const precision = intParam(params, 'precision', 0, 9);
  const re = new RegExp(`^(\\d{4})-(\\d\\d)-(\\d\\d)T(\\d\\d):(\\d\\d):(\\d\\d)${precision ? `\\.(\\d{${precision}})` : '()'}Z$`);
  const m = typeof key === 'string' && re.exec(key);
  if (!m) throw new Refuse(`${JSON.stringify(key)} is not YYYY-MM-DDTHH:MM:SS with ${precision} fraction digits and Z`);
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number);
  const days = daysFromCivil(y, mo, d);
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || civilFromDays(days)[2] !== d || h > 23 || mi > 59 || s > 59) throw new Refuse(`${key} is no real time`);
  return { seconds: days * 86400 + h * 3600 + mi * 60 + s, nanos: Number((m[7] || '').padEnd(9, '0')) };
}

// ---- number: DynamoDB Numbers, order-preserving (as sortkey/number.h) --------

function parseNumber(text) {
  const m = typeof text === 'string' && /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m || !(m[2] || m[3])) throw new Refuse(`${JSON.stringify(text)} cannot be converted to a numeric value`);
  const whole = m[2];
  const all = whole + (m[3] || '');
  const stripped = all.replace(/^0+/, '');
  const digits = stripped.replace(/0+$/, '');
  // A zero's range is that of its last written digit: DynamoDB refuses 0e126, takes 0.0e126.
  const exponent = digits
    ? BigInt(whole.length - (all.length - stripped.length)) + BigInt(m[4] || '0')
    : BigInt(m[4] || '0') - BigInt((m[3] || '').length) + 1n;
  if (exponent > 126n) throw new Refuse('Number overflow. Attempting to store a number with magnitude larger than supported range');
  if (exponent < -129n) throw new Refuse('Number underflow. Attempting to store a number with magnitude smaller than supported range');
  if (!digits) return { negative: false, digits: '', exponent: 0n };
  if (digits.length > 38) throw new Refuse('Attempting to store more than 38 significant digits in a Number');
  return { negative: m[1] === '-', digits, exponent: Number(exponent) };
}

const complement = (digits) => [...digits].map((c) => String(9 - Number(c))).join('');

function encodeNumber(params, value) {
  const { negative, digits, exponent } = parseNumber(value);
  if (!digits) return '2';
  if (!negative) return `3${pad(exponent + 129, 3)}${digits}`;
  return `1${pad(255 - (exponent + 129), 3)}${complement(digits)}:`;
}

function decodeNumber(params, key) {
  if (key === '2') return '0';
  const m = typeof key === 'string' && /^(?:3(\d{3})([1-9](?:\d*[1-9])?)|1(\d{3})([0-8](?:\d*[0-8])?):)$/.exec(key);
  if (!m) throw new Refuse(`${JSON.stringify(key)} is not a number key`);
  const negative = m[1] === undefined;
  const exponent = negative ? 255 - Number(m[3]) - 129 : Number(m[1]) - 129;
  const digits = negative ? complement(m[4]) : m[2];
  if (exponent < -129 || exponent > 126 || digits.length > 38) throw new Refuse(`${key} is outside DynamoDB's range`);
  let text;
  if (exponent <= 0) text = '0.' + '0'.repeat(-exponent) + digits;
  else if (exponent >= digits.length) text = digits + '0'.repeat(exponent - digits.length);
  else text = digits.slice(0, exponent) + '.' + digits.slice(exponent);
  return (negative ? '-' : '') + text;
}

// ---- composite: segments joined by a delimiter, low bytes escaped -------------

function delimiter(params) {
  const d = params.delimiter;
  if (typeof d !== 'string' || d.length !== 1 || d < '!' || d > '/') throw new Refuse(`"delimiter" must be one of !"#$%&'()*+,-./, got ${JSON.stringify(d)}`);
  return [d, String.fromCharCode(d.charCodeAt(0) + 1)];
}

function encodeComposite(params, value) {
  const [d, x] = delimiter(params);
  if (!Array.isArray(value) || value.length === 0 || !value.every((s) => typeof s === 'string')) throw new Refuse('a path is a non-empty array of strings');
  // Every character at or below the escape is ASCII: written as the escape and two upper-case hex digits.
  return value.map((s) => [...s].map((c) => (c <= x ? x + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0') : c)).join('')).join(d);
}

function decodeComposite(params, key) {
  const [d, x] = delimiter(params);
  return key.split(d).map((part) => {
    let out = '';
    for (let i = 0; i < part.length; i++) {
      if (part[i] === x) {
        const h = part.slice(i + 1, i + 3);
        if (!/^[0-9A-F]{2}$/.test(h) || parseInt(h, 16) > x.charCodeAt(0)) throw new Refuse(`bad escape in ${JSON.stringify(key)}`);
        out += String.fromCharCode(parseInt(h, 16));
        i += 2;
      } else if (part[i] < x) {
        throw new Refuse(`${JSON.stringify(part[i])} must be escaped in ${JSON.stringify(key)}`);
      } else {
        out += part[i];
      }
    }
    return out;
  });
}

// ---- ksuid (npm ksuid) and ulid (npm ulid) -------------------------------------

const KSUID_EPOCH = 1400000000;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function hexField(value, field, size) {
  const h = value && value[field];
  if (typeof h !== 'string' || !new RegExp(`^[0-9a-fA-F]{${2 * size}}$`).test(h)) throw new Refuse(`"${field}" must be ${2 * size} hex digits`);
  return h.toLowerCase();
}

function encodeKsuid(params, value) {
  const payload = Buffer.from(hexField(value, 'payload', 16), 'hex');
  const t = value.timestamp;
  if (!Number.isInteger(t) || t < KSUID_EPOCH || t > KSUID_EPOCH + 0xFFFFFFFF) throw new Refuse(`timestamp ${t} is outside 1400000000..5694967295`);
  return KSUID.fromParts(t * 1000, payload).string;
}

function decodeKsuid(params, key) {
  // KSUID.parse reads any character as a digit ('!' as -15): check the alphabet first.
  if (typeof key !== 'string' || !/^[0-9A-Za-z]{27}$/.test(key)) throw new Refuse(`${JSON.stringify(key)} is not 27 base-62 digits`);
  let k;
  try {
    k = KSUID.parse(key);
  } catch (e) {
    throw new Refuse(e.message);
  }
  return { timestamp: k.timestamp + KSUID_EPOCH, payload: k.payload.toString('hex') };
}

function encodeUlid(params, value) {
  const random = BigInt('0x' + hexField(value, 'random', 10));
  const t = value.time;
  if (!Number.isInteger(t) || t < 0 || t > ULID.TIME_MAX) throw new Refuse(`time ${t} is outside 0..${ULID.TIME_MAX}`);
  let tail = '';
  for (let i = 0n; i < 16n; i++) tail = CROCKFORD[Number((random >> (5n * i)) & 31n)] + tail;
  return ULID.encodeTime(t, 10) + tail;
}

function decodeUlid(params, key) {
  if (typeof key !== 'string' || !/^[0-7][0-9A-HJKMNP-TV-Z]{25}$/.test(key)) throw new Refuse(`${JSON.stringify(key)} is not a canonical ULID`);
  let random = 0n;
  for (const c of key.slice(10)) random = random * 32n + BigInt(CROCKFORD.indexOf(c));
  return { time: ULID.decodeTime(key), random: random.toString(16).padStart(20, '0') };
}

// Monotonic KSUIDs (the npm package has none): within one second, the last payload plus one.
let lastKsuid = null;
function nextKsuid() {
  const now = Math.floor(Date.now() / 1000);
  if (lastKsuid && now <= lastKsuid.t) {
    const p = lastKsuid.p + 1n;
    if (p >> 128n) throw new Refuse('the monotonic payload of this second is exhausted');
    lastKsuid = { t: lastKsuid.t, p };
  } else {
    lastKsuid = { t: now, p: BigInt('0x' + crypto.randomBytes(16).toString('hex')) };
  }
  return KSUID.fromParts(lastKsuid.t * 1000, Buffer.from(lastKsuid.p.toString(16).padStart(32, '0'), 'hex')).string;
}

const nextUlid = ULID.monotonicFactory();

function generate(codec, params) {
  const n = intParam(params, 'count', 1, 100000);
  const next = { ksuid: nextKsuid, ulid: () => nextUlid() }[codec];
  if (!next) throw new Refuse(`no generator for ${JSON.stringify(codec)}`);
  return Array.from({ length: n }, next);
}

// ---- the protocol -----------------------------------------------------------------

// codec -> [encode(params, value) -> key, decode(params, key) -> value]
const CODECS = {
  padded: [encodePadded, decodePadded],
  inverse: [encodeInverse, decodeInverse],
  epoch: [(p, v) => (epochUnit(p), encodePadded(p, v)), (p, k) => (epochUnit(p), decodePadded(p, k))],
  timestamp: [encodeTimestamp, decodeTimestamp],
  number: [encodeNumber, decodeNumber],
  composite: [encodeComposite, decodeComposite],
  ksuid: [encodeKsuid, decodeKsuid],
  ulid: [encodeUlid, decodeUlid],
};

function answer(request) {
  if (request.op === 'hello') return { protocol: 1, name: 'sortkey reference adapter (Node.js)', codecs: Object.keys(CODECS) };
  const codec = CODECS[request.codec];
  if (!codec) throw new Refuse(`unknown codec ${JSON.stringify(request.codec)}`);
  const params = request.params || {};
  if (request.op === 'encode') return codec[0](params, request.value);
  if (request.op === 'decode') return codec[1](params, request.key);
  if (request.op === 'generate') return generate(request.codec, params);
  throw new Refuse(`unknown op ${JSON.stringify(request.op)}`);
}

readline.createInterface({ input: process.stdin, crlfDelay: Infinity }).on('line', (line) => {
  const request = JSON.parse(line);
  let reply;
  try {
    reply = { id: request.id, ok: answer(request) };
  } catch (e) {
    if (!(e instanceof Refuse)) throw e;
    reply = { id: request.id, error: e.message };
  }
  process.stdout.write(JSON.stringify(reply) + '\n');
});
