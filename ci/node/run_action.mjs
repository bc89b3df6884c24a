// Runs the steps of a composite GitHub Action (action.yml) the way an Actions
// runner does, on this machine: `run` steps with bash and the runner's
// variables ($GITHUB_OUTPUT, $GITHUB_STEP_SUMMARY, $GITHUB_ACTION_PATH,
// $RUNNER_TEMP, ...), `if:` conditions and `${{ }}` expressions, and stand-ins
// for the Actions it uses (actions/cache/restore and /save over a directory,
// actions/upload-artifact into a directory). It exists so that the test run
// can run action.yml itself where no runner is reachable (ci/action_test.sh).
//
//   node ci/node/run_action.mjs --action DIR --job DIR [--input NAME=VALUE]...
//
// The job directory plays one job of a workflow run and outlives this
// command, so that several runs share it: cache/<key>/ (the Actions cache),
// artifacts/<name>/ (uploaded files, one name once), summary.md (the job
// summary), temp/ ($RUNNER_TEMP), result-<n>.json (each run's steps, outputs
// and conclusion). The working directory is the workspace.
//
// Exit status: 0 the Action succeeded, 1 a step failed, 2 the Action uses
// something this runner does not know (an expression, an Action, a shell):
// never a silent pass over what it cannot run.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";

class Unsupported extends Error {}

function parseArgs(argv) {
  const args = { inputs: {} };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Unsupported(`${flag} needs a value`);
    if (flag === "--action") args.action = path.resolve(value);
    else if (flag === "--job") args.job = path.resolve(value);
    else if (flag === "--input") {
      const eq = value.indexOf("=");
      if (eq < 1) throw new Unsupported(`--input takes NAME=VALUE, got "${value}"`);
      args.inputs[value.slice(0, eq)] = value.slice(eq + 1);
    } else throw new Unsupported(`unknown option ${flag}`);
  }
  if (!args.action || !args.job) throw new Unsupported("usage: run_action.mjs --action DIR --job DIR [--input NAME=VALUE]...");
  return args;
}

// --- Expressions: the subset of GitHub's language the Action may use. -------

function tokenize(text) {
  const tokens = [];
  const re = /\s*(?:(\|\||&&|==|!=|!|\(|\)|,)|'((?:[^']|'')*)'|(-?\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z0-9_.-]*))/y;
  let at = 0;
  while (text.slice(at).trim() !== "") {
    re.lastIndex = at;
    const match = re.exec(text);
    if (match === null) throw new Unsupported(`cannot read the expression "${text}"`);
    at = re.lastIndex;
    if (match[1]) tokens.push({ op: match[1] });
    else if (match[2] !== undefined) tokens.push({ value: match[2].replace(/''/g, "'") });
    else if (match[3]) tokens.push({ value: Number(match[3]) });
    else tokens.push({ name: match[4] });
  }
  return tokens;
}

function evaluate(text, context) {
  const tokens = tokenize(text);
  let at = 0;
  const peek = (op) => tokens[at] && tokens[at].op === op;
  const expect = (op) => {
    if (!peek(op)) throw new Unsupported(`expected "${op}" in "${text}"`);
    at++;
  };
  const truthy = (v) => !(v === "" || v === 0 || v === false || v === null || v === undefined);
  const equal = (a, b) =>
    typeof a === "string" && typeof b === "string" ? a.toLowerCase() === b.toLowerCase() : (a ?? null) === (b ?? null);
  function primary() {
    const token = tokens[at++];
    if (!token) throw new Unsupported(`"${text}" ends early`);
    if (token.op === "(") {
      const v = or();
      expect(")");
      return v;
    }
    if ("value" in token) return token.value;
    if (token.name === "true" || token.name === "false") return token.name === "true";
    if (token.name === "null") return null;
    if (!token.name) throw new Unsupported(`unexpected "${token.op}" in "${text}"`);
    if (peek("(")) {
      at++;
      expect(")");
      const call = context.functions[token.name];
      if (!call) throw new Unsupported(`the function ${token.name}() is not supported`);
      return call();
    }
    const [root, ...rest] = token.name.split(".");
    if (!(root in context.values)) throw new Unsupported(`the context "${root}" is not supported (in "${text}")`);
    return rest.reduce((v, key) => (v === null || v === undefined ? null : v[key] ?? null), context.values[root]);
  }
  function unary() {
    if (peek("!")) {
      at++;
      return !truthy(unary());
    }
    const left = primary();
    if (peek("==") || peek("!=")) {
      const op = tokens[at++].op;
      const right = primary();
      return op === "==" ? equal(left, right) : !equal(left, right);
    }
    return left;
  }
  function and() {
    let v = unary();
    while (peek("&&")) {
      at++;
      const right = unary();
      v = truthy(v) ? right : v;
    }
    return v;
  }
  function or() {
    let v = and();
    while (peek("||")) {
      at++;
      const right = and();
      v = truthy(v) ? v : right;
    }
    return v;
  }
  const value = or();
  if (at !== tokens.length) throw new Unsupported(`unexpected text after the expression in "${text}"`);
  return { value, truthy: truthy(value) };
}

function substitute(text, context) {
  return String(text).replace(/\$\{\{(.*?)\}\}/gs, (_, expr) => {
    const v = evaluate(expr, context).value;
    return v === null || v === undefined ? "" : String(v);
  });
}

function condition(step, context) {
  if (step.if === undefined) return context.functions.success();
  const text = String(step.if).trim().replace(/^\$\{\{(.*)\}\}$/s, "$1");
  const usesStatus = /\b(always|success|failure|cancelled)\(\)/.test(text);
  const result = evaluate(text, context).truthy;
  return usesStatus ? result : result && context.functions.success();
}

// --- Step kinds. -------------------------------------------------------------

function readCommands(file) {
  // name=value lines, or name<<DELIMITER ... DELIMITER blocks, as the runner reads them.
  const values = {};
  if (!fs.existsSync(file)) return values;
  const lines = fs.readFileSync(file, "utf8").split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const heredoc = line.match(/^([^=<]+)<<(.+)$/);
    if (heredoc) {
      const body = [];
      while (++i < lines.length && lines[i] !== heredoc[2]) body.push(lines[i]);
      values[heredoc[1]] = body.join("\n");
    } else if (line.includes("=")) {
      values[line.slice(0, line.indexOf("="))] = line.slice(line.indexOf("=") + 1);
    }
  }
  return values;
}

function runShell(step, context, job, index) {
  if (step.shell !== "bash") throw new Unsupported(`step ${index}: only "shell: bash" is supported, got "${step.shell}"`);
  const stepDir = fs.mkdtempSync(path.join(job.temp, "step-"));
  const script = path.join(stepDir, "script.sh");
  fs.writeFileSync(script, substitute(step.run, context));
  const files = { GITHUB_OUTPUT: path.join(stepDir, "output"), GITHUB_STEP_SUMMARY: path.join(stepDir, "summary") };
  for (const file of Object.values(files)) fs.writeFileSync(file, "");
  const env = { ...process.env, ...job.env, ...files };
  for (const [name, value] of Object.entries(step.env ?? {})) env[name] = substitute(value, context);
  // The runner's bash: bash --noprofile --norc -eo pipefail {0}.
  const run = spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], { env, stdio: "inherit" });
  fs.appendFileSync(job.summary, fs.readFileSync(files.GITHUB_STEP_SUMMARY));
  return { ok: run.status === 0, outputs: readCommands(files.GITHUB_OUTPUT) };
}

function copyTree(from, to) {
  fs.rmSync(to, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.cpSync(from, to, { recursive: true });
}

function cacheEntry(job, key) {
  if (!key || /[\/,]/.test(key)) throw new Unsupported(`a cache key must be non-empty without "/" or ",", got "${key}"`);
  return path.join(job.dir, "cache", key);
}

const actions = {
  "actions/cache/restore"(inputs, job) {
    const entry = cacheEntry(job, inputs.key);
    if (!fs.existsSync(entry)) {
      console.log(`Cache not found for input keys: ${inputs.key}`);
      return { ok: true, outputs: { "cache-primary-key": inputs.key } };
    }
    copyTree(entry, inputs.path);
    console.log(`Cache restored from key: ${inputs.key}`);
    return { ok: true, outputs: { "cache-hit": "true", "cache-primary-key": inputs.key, "cache-matched-key": inputs.key } };
  },
  "actions/cache/save"(inputs, job) {
    const entry = cacheEntry(job, inputs.key);
    if (!fs.existsSync(inputs.path)) {
      console.log(`::warning::Path Validation Error: Path(s) specified in the action for caching do(es) not exist`);
    } else if (fs.existsSync(entry)) {
      console.log(`::warning::Failed to save: a cache entry for ${inputs.key} already exists`);
    } else {
      copyTree(inputs.path, entry);
      console.log(`Cache saved with key: ${inputs.key}`);
    }
    return { ok: true, outputs: {} };
  },
  "actions/upload-artifact"(inputs, job) {
    const target = path.join(job.dir, "artifacts", inputs.name);
    if (!inputs.name) return { ok: false, outputs: {}, why: "no artifact name" };
    if (fs.existsSync(target)) {
      return { ok: false, outputs: {}, why: `an artifact named ${inputs.name} was already uploaded in this job` };
    }
    const paths = String(inputs.path).split("\n").map((p) => p.trim()).filter(Boolean);
    const found = paths.filter((p) => fs.existsSync(p));
    const missing = inputs["if-no-files-found"] ?? "warn";
    if (found.length === 0 && missing === "error") return { ok: false, outputs: {}, why: "no files found" };
    if (found.length === 0 && missing === "warn") console.log("::warning::No files were found with the provided path");
    if (found.length > 0) fs.mkdirSync(target, { recursive: true });
    for (const p of found) fs.cpSync(p, path.join(target, path.basename(p)), { recursive: true });
    console.log(`Uploaded ${found.length} file(s) as the artifact ${inputs.name}`);
    return { ok: true, outputs: { "artifact-id": "1" } };
  },
};

function actionOf(step, index) {
  const match = String(step.uses).match(/^([^@]+)@([0-9a-f]{40})$/);
  if (!match) throw new Unsupported(`step ${index}: "uses: ${step.uses}" is not pinned to a full commit SHA`);
  if (!actions[match[1]]) throw new Unsupported(`step ${index}: this runner has no stand-in for ${match[1]}`);
  return match[1];
}

// Before any step runs, as a runner does when it sets up the job: every Action
// used is known and pinned, every expression reads (contexts, functions, syntax).
function precheck(action, context) {
  const dry = { values: { ...context.values, steps: {} }, functions: context.functions };
  const strings = [...Object.values(action.outputs ?? {}).map((o) => o.value)];
  action.runs.steps.forEach((step, index) => {
    if (step.uses !== undefined) actionOf(step, index);
    if (step.if !== undefined) condition(step, dry);
    strings.push(step.run ?? "", ...Object.values(step.with ?? {}), ...Object.values(step.env ?? {}));
  });
  for (const text of strings) substitute(text, dry);
}

function runUses(step, context, job, index) {
  const name = actionOf(step, index);
  const handler = actions[name];
  const inputs = {};
  for (const [name, value] of Object.entries(step.with ?? {})) inputs[name] = substitute(value, context);
  const result = handler(inputs, job);
  if (!result.ok) console.log(`::error::${name}: ${result.why}`);
  return result;
}

// --- The run. ------------------------------------------------------------------

function declaredInputs(action, given) {
  const inputs = {};
  for (const [name, spec] of Object.entries(action.inputs ?? {})) inputs[name] = String(spec.default ?? "");
  for (const [name, value] of Object.entries(given)) {
    if (!(name in inputs)) throw new Unsupported(`the Action has no input "${name}"`);
    inputs[name] = value;
  }
  return inputs;
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const action = YAML.parse(fs.readFileSync(path.join(args.action, "action.yml"), "utf8"));
  if (action.runs?.using !== "composite") throw new Unsupported(`only composite Actions run here, not "${action.runs?.using}"`);
  const job = { dir: args.job, temp: path.join(args.job, "temp"), summary: path.join(args.job, "summary.md") };
  fs.mkdirSync(job.temp, { recursive: true });
  fs.appendFileSync(job.summary, "");
  job.env = {
    CI: "true", GITHUB_ACTIONS: "true", GITHUB_ACTION_PATH: args.action, GITHUB_WORKSPACE: process.cwd(),
    RUNNER_TEMP: job.temp, RUNNER_OS: "Linux",
  };
  let failed = false;
  const steps = {};
  const context = {
    values: {
      inputs: declaredInputs(action, args.inputs),
      steps,
      github: { action_path: args.action, action_ref: "", workspace: process.cwd(), run_id: "1" },
      runner: { temp: job.temp, os: "Linux", arch: "X64" },
    },
    functions: { always: () => true, success: () => !failed, failure: () => failed, cancelled: () => false },
  };
  precheck(action, context);
  action.runs.steps.forEach((step, index) => {
    const name = step.name ?? step.uses ?? `step ${index}`;
    if (!condition(step, context)) {
      console.log(`--- ${name}: skipped`);
      if (step.id) steps[step.id] = { outcome: "skipped", conclusion: "skipped", outputs: {} };
      return;
    }
    console.log(`--- ${name}`);
    const result = step.uses !== undefined ? runUses(step, context, job, index) : runShell(step, context, job, index);
    const outcome = result.ok ? "success" : "failure";
    if (step.id) steps[step.id] = { outcome, conclusion: outcome, outputs: result.outputs };
    if (!result.ok) {
      console.log(`--- ${name}: failed`);
      failed = true;
    }
  });
  const outputs = {};
  for (const [name, spec] of Object.entries(action.outputs ?? {})) outputs[name] = substitute(spec.value, context);
  const runs = fs.readdirSync(job.dir).filter((f) => /^result-\d+\.json$/.test(f)).length;
  const record = { conclusion: failed ? "failure" : "success", inputs: context.values.inputs, steps, outputs };
  fs.writeFileSync(path.join(job.dir, `result-${runs + 1}.json`), JSON.stringify(record, null, 2) + "\n");
  console.log(`--- the Action's conclusion: ${record.conclusion}`);
  return failed ? 1 : 0;
}

try {
  process.exitCode = main();
} catch (error) {
  console.error(`run_action.mjs: ${error instanceof Unsupported ? error.message : error.stack}`);
  process.exitCode = 2;
}
