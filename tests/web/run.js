// Runs the browser tests: every tests/web/*.test.js (or the files named), each exporting
// {name: async ({browser, ...}) => {...}}. Exit 0 all passed, 1 a failure, 77 skipped (ctest's
// SKIP_RETURN_CODE): only when chromium is missing (CMake skips the test without node).
"use strict";
const fs = require("node:fs");
const path = require("node:path");

async function main() {
  const chromium = process.env.ARENA_CHROMIUM || "/usr/bin/chromium";
  if (!fs.existsSync(chromium)) {
    console.log("SKIPPED: " + chromium + " is missing (scripts/install-deps installs Debian's chromium)");
    return 77;
  }
  try {
    require.resolve("playwright-core");
  } catch (e) {
    console.log("playwright-core is missing: run `npm ci` in tests/web (scripts/install-deps does)");
    return 1;
  }
  if (!process.env.ARENA_BIN) {
    console.log("ARENA_BIN must name the built arena binary");
    return 1;
  }
  const harness = require("./harness");
  const files = process.argv.slice(2).length
    ? process.argv.slice(2)
    : fs.readdirSync(__dirname).filter((f) => f.endsWith(".test.js")).sort();
  const { browser, close } = await harness.launchBrowser();
  let failed = 0, passed = 0;
  try {
    for (const file of files) {
      const tests = require(path.resolve(__dirname, file));
      for (const [name, fn] of Object.entries(tests)) {
        try {
          await fn({ browser, harness });
          ++passed;
          console.log("ok   " + file + ": " + name);
        } catch (e) {
          ++failed;
          console.log("FAIL " + file + ": " + name + "\n" + (e.stack || e));
        }
      }
    }
  } finally {
    await close();
    await harness.cleanup();
  }
  console.log(passed + " passed, " + failed + " failed");
  return failed ? 1 : 0;
}

main().then((code) => process.exit(code), (e) => { console.log(e.stack || e); process.exit(1); });
