// Checks the Dockerfile without Docker (no registry is reachable from the
// test run), reading it with dockerfile-ast as Docker's parser reads it:
//   - every stage starts from debian:bookworm-slim (or an earlier stage);
//   - every package a RUN installs with apt-get exists in Debian 12's main
//     archive (apt-cache policy on this Debian 12 machine);
//   - the build stage installs only packages of ci/install_deps.sh and builds
//     with the release preset;
//   - the last stage installs every package that owns a library the built
//     sortkey links (ci/runtime_packages.sh: ldd and dpkg -S), and nothing
//     else but the few it names below with their reasons; it copies from an
//     earlier stage and its entry point is sortkey.
//   - .dockerignore keeps build trees, npm installs and .git out of the context.
//
//   node ci/node/check_dockerfile.mjs DOCKERFILE SORTKEY_BINARY
//
// Exit status: 0 every check holds, 1 a check failed (each failure printed),
// 2 the checks could not run.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DockerfileParser } from "dockerfile-ast";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const base = "debian:bookworm-slim";
// Runtime packages that are not libraries sortkey links, and why each is there.
const runtimeExtras = {
  "ca-certificates": "libcurl verifies HTTPS endpoints against its CA bundle",
  python3: "the Python reference adapter and adapters like it",
  nodejs: "the Node.js reference adapter and adapters like it",
};

const failures = [];
const fail = (message) => failures.push(message);

function stop(message) {
  console.error(`check_dockerfile.mjs: ${message}`);
  process.exit(2);
}

function run(command, args) {
  try {
    return execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    stop(`${command} ${args.join(" ")} failed: ${(error.stderr || error.message).trim()}`);
  }
}

// The stages: their name, base, apt-get packages and instructions.
function readStages(file) {
  const dockerfile = DockerfileParser.parse(fs.readFileSync(file, "utf8"));
  const stages = [];
  for (const instruction of dockerfile.getInstructions()) {
    const keyword = instruction.getKeyword();
    if (keyword === "FROM") {
      stages.push({ name: instruction.getBuildStage(), base: instruction.getImage(), packages: [], instructions: [] });
      continue;
    }
    if (stages.length === 0) stop(`${file}: ${keyword} before the first FROM`);
    const stage = stages[stages.length - 1];
    stage.instructions.push(instruction);
    if (keyword === "RUN") stage.packages.push(...aptPackages(instruction));
  }
  return stages;
}

// The packages of every `apt-get install` in a RUN's shell words.
function aptPackages(instruction) {
  const words = instruction.getArguments().map((a) => a.getValue());
  const packages = [];
  let command = [];
  const flush = () => {
    const start = command.findIndex((w) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w));
    const argv = start < 0 ? [] : command.slice(start);
    if ((argv[0] === "apt-get" || argv[0] === "apt") && argv.includes("install")) {
      for (const word of argv.slice(argv.indexOf("install") + 1)) {
        if (word.startsWith("-")) continue;
        if (!/^[a-z0-9][a-z0-9+.-]+$/.test(word)) {
          fail(`RUN installs "${word}": write plain package names (no variables, versions or globs)`);
        } else packages.push(word);
      }
    }
    command = [];
  };
  for (const word of words) {
    if (["&&", "||", ";", "|"].includes(word)) flush();
    else if (word.endsWith(";")) {
      command.push(word.slice(0, -1));
      flush();
    } else command.push(word);
  }
  flush();
  return packages;
}

function checkDebian12() {
  const release = fs.readFileSync("/etc/os-release", "utf8");
  if (!/^ID=debian$/m.test(release) || !/^VERSION_ID="12"$/m.test(release)) {
    stop("this check asks apt what Debian 12 holds, and this machine is not Debian 12");
  }
  const lists = fs.readdirSync("/var/lib/apt/lists").filter((f) => f.endsWith("_Packages"));
  if (lists.length === 0) {
    if (process.getuid() !== 0) stop("apt has no package lists: run apt-get update as root first");
    run("apt-get", ["update", "-qq"]);
  }
}

// Packages with a candidate version from Debian 12's main archive (bookworm,
// bookworm-updates, bookworm-security), what debian:bookworm-slim's apt reads.
function inDebian12(packages) {
  const found = new Set();
  const policy = run("apt-cache", ["policy", ...packages]);
  for (const block of policy.split(/^(?=\S)/m)) {
    const name = block.match(/^(\S+):/)?.[1];
    const candidate = block.match(/^\s+Candidate: (\S+)/m)?.[1];
    if (!name || !candidate || candidate === "(none)") continue;
    if (/ bookworm(-updates|\/updates|-security)?\/main /.test(block)) found.add(name);
  }
  return found;
}

function installDepsPackages() {
  const text = fs.readFileSync(path.join(root, "ci/install_deps.sh"), "utf8");
  const list = text.match(/^packages=\(([^)]*)\)/m);
  if (!list) stop("ci/install_deps.sh has no packages=( ... ) list");
  return new Set(list[1].split(/\s+/).filter(Boolean));
}

function checkStages(stages, binary) {
  if (stages.length < 2) fail(`${stages.length} stage(s): a build stage and a runtime stage are expected`);
  const names = new Set();
  for (const stage of stages) {
    if (stage.base !== base && !names.has(stage.base)) fail(`a stage starts from ${stage.base}, not ${base}`);
    if (stage.name) names.add(stage.name);
  }
  const [build, runtime] = [stages[0], stages[stages.length - 1]];
  const deps = installDepsPackages();
  for (const p of build.packages) {
    if (!deps.has(p)) fail(`the build stage installs ${p}, which ci/install_deps.sh does not`);
  }
  const runs = build.instructions.filter((i) => i.getKeyword() === "RUN").map((i) => i.getArgumentsContent());
  if (!runs.some((r) => /cmake --preset release\b/.test(r))) fail("the build stage does not run cmake --preset release");

  const linked = run("bash", [path.join(root, "ci/runtime_packages.sh"), binary]).split("\n").filter(Boolean);
  for (const p of linked) {
    if (!runtime.packages.includes(p)) fail(`the runtime stage lacks ${p}, which owns a library sortkey links`);
  }
  for (const p of runtime.packages) {
    if (!linked.includes(p) && !(p in runtimeExtras)) {
      fail(`the runtime stage installs ${p}, which sortkey does not link and no adapter needs`);
    }
  }
  const copies = runtime.instructions.filter((i) => i.getKeyword() === "COPY");
  const from = copies.flatMap((i) => i.getFlags().filter((f) => f.getName() === "from").map((f) => f.getValue()));
  if (!from.some((name) => names.has(name))) fail("the runtime stage copies nothing from an earlier stage");
  const entrypoint = runtime.instructions.filter((i) => i.getKeyword() === "ENTRYPOINT").pop();
  const argv = entrypoint?.getJSONStrings?.().map((s) => s.getJSONValue()) ?? [];
  if (argv.length !== 1 || path.basename(argv[0]) !== "sortkey") {
    fail(`the entry point is ${entrypoint ? entrypoint.getArgumentsContent() : "missing"}, not ["sortkey"] in exec form`);
  }
  return { linked, all: [...new Set(stages.flatMap((s) => s.packages))] };
}

function checkDockerignore(dockerfile) {
  const file = path.join(path.dirname(dockerfile), ".dockerignore");
  if (!fs.existsSync(file)) return fail("no .dockerignore beside the Dockerfile");
  const lines = fs.readFileSync(file, "utf8").split("\n").map((l) => l.trim());
  for (const want of [".git", "build/", "**/node_modules/"]) {
    if (!lines.includes(want)) fail(`.dockerignore does not exclude ${want}`);
  }
}

const [dockerfile, binary] = process.argv.slice(2);
if (!dockerfile || !binary) stop("usage: check_dockerfile.mjs DOCKERFILE SORTKEY_BINARY");
checkDebian12();
const stages = readStages(dockerfile);
const { linked, all } = checkStages(stages, binary);
checkDockerignore(dockerfile);
const known = all.length > 0 ? inDebian12(all) : new Set();
for (const p of all) if (!known.has(p)) fail(`${p} is not a package of Debian 12 (bookworm main)`);
if (failures.length > 0) {
  for (const f of failures) console.log(`${dockerfile}: ${f}`);
  process.exit(1);
}
console.log(
  `${dockerfile}: ${stages.length} stages from ${base}; ${all.length} packages, all in Debian 12; ` +
    `the runtime stage has the ${linked.length} packages sortkey links (${linked.join(", ")}) and ` +
    `${Object.keys(runtimeExtras).join(", ")}; the entry point is sortkey`,
);
