// Checks GitHub Actions files: each is valid against GitHub's schema for a
// workflow or an action (action-validator), and every Action or reusable
// workflow it uses from another repository is pinned to a full commit SHA
// (a tag can be moved to other code; a commit cannot). `uses: ./...` (this
// repository) and `docker://...@sha256:` images are pinned by nature.
//
//   node ci/node/check_workflows.mjs FILE...
//
// Exit status: 0 all valid and pinned, 1 otherwise (each problem printed), 2 cannot run.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import YAML from "yaml";

const here = path.dirname(fileURLToPath(import.meta.url));
const validator = path.join(here, "node_modules/.bin/action-validator");
const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("usage: check_workflows.mjs FILE...");
  process.exit(2);
}
if (!fs.existsSync(validator)) {
  console.error(`check_workflows.mjs: no ${validator}: run ci/install_npm.sh`);
  process.exit(2);
}

// Every `uses` value under jobs.<id>.uses, jobs.<id>.steps[].uses or runs.steps[].uses.
function usesOf(document) {
  const found = [];
  const steps = (list) => (Array.isArray(list) ? list : []).forEach((s) => s?.uses !== undefined && found.push(s.uses));
  for (const job of Object.values(document?.jobs ?? {})) {
    if (job?.uses !== undefined) found.push(job.uses);
    steps(job?.steps);
  }
  steps(document?.runs?.steps);
  return found;
}

function pinned(uses) {
  return (
    uses.startsWith("./") ||
    /^docker:\/\/[^@\s]+@sha256:[0-9a-f]{64}$/.test(uses) ||
    /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.\/-]+@[0-9a-f]{40}$/.test(uses)
  );
}

let problems = 0;
let actions = 0;
for (const file of files) {
  const check = spawnSync(validator, [file], { encoding: "utf8" });
  if (check.status !== 0) {
    problems++;
    console.log(`${file}: not valid (action-validator):\n${check.stdout}${check.stderr}`);
  }
  const document = YAML.parse(fs.readFileSync(file, "utf8"));
  for (const uses of usesOf(document)) {
    actions++;
    if (!pinned(String(uses))) {
      problems++;
      console.log(`${file}: "uses: ${uses}" is not pinned to a full commit SHA`);
    }
  }
}
if (problems > 0) process.exit(1);
console.log(`check_workflows.mjs: ${files.length} files valid; ${actions} uses of Actions, each pinned or local`);
