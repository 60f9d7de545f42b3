// The browser-test harness (docs/web.md, "Tests"): starts `arena serve --port 0` on a directory of
// real replays, launches Debian's chromium through playwright-core, and gives each test a page.
"use strict";
const { spawn, execFileSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const ARENA = process.env.ARENA_BIN;
const CHROMIUM = process.env.ARENA_CHROMIUM || "/usr/bin/chromium";

function tempDir(tag) {
  return fs.mkdtempSync(path.join(os.tmpdir(), "arena-web-" + tag + "-"));
}

// `arena play ARGS... --replay DIR/NAME`: a real replay; returns its text.
function playReplay(dir, name, args) {
  const file = path.join(dir, name);
  execFileSync(ARENA, ["play", ...args, "--replay", file], { stdio: ["ignore", "ignore", "inherit"] });
  return fs.readFileSync(file, "utf8");
}

// `arena serve --port 0 --replays DIR [ARGS...]`; resolves with {url, stop} once it printed its line.
function startServer(dir, args = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(ARENA, ["serve", "--port", "0", "--replays", dir, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "", err = "";
    child.stderr.on("data", (d) => { err += d; });
    child.stdout.on("data", (d) => {
      out += d;
      const m = /arena: serving on (http:\/\/127\.0\.0\.1:(\d+)\/)\n/.exec(out);
      if (m && m[2] !== "0")
        resolve({
          url: m[1],
          stop: () => new Promise((done) => { child.once("exit", done); child.kill("SIGTERM"); }),
        });
    });
    child.on("exit", (code) => reject(new Error("arena serve exited with " + code + ": " + err)));
  });
}

// A server over a fresh temporary directory, stopped and removed after the file's tests.
async function serveTemp(tag) {
  const dir = tempDir(tag);
  const server = await startServer(dir);
  atEnd(async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { server, dir };
}

// What a human's play page waits for (its #play data-awaiting), or "end" once the replay link
// of a finished game is there.
async function awaiting(page, timeout = 30000) {
  const h = await page.waitForFunction(() => {
    if (document.querySelector("#replay-link")) return "end";
    return document.querySelector("#play").getAttribute("data-awaiting") || null;
  }, null, { timeout });
  return h.jsonValue();
}

async function launchBrowser() {
  const { chromium } = require("playwright-core");
  const profile = tempDir("profile");
  // A fresh profile directory each run (playwright passes it as --user-data-dir).
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 900, height: 700 },
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  return { browser, close: async () => { await browser.close(); fs.rmSync(profile, { recursive: true, force: true }); } };
}

// A page that fails the test on any uncaught script error.
async function newPage(browser) {
  const page = await browser.newPage();
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(e.message));
  return page;
}

// Keeps a screenshot in docs/img when ARENA_WEB_SCREENSHOTS names that directory (make docs).
async function screenshot(page, name) {
  const dir = process.env.ARENA_WEB_SCREENSHOTS;
  if (dir) await page.screenshot({ path: path.join(dir, name) });
}

// Run by run.js after the last test (servers shared by the tests of a file are stopped there).
const cleanups = [];
function atEnd(fn) {
  cleanups.push(fn);
}
async function cleanup() {
  while (cleanups.length) await cleanups.pop()();
}

module.exports = { ARENA, atEnd, cleanup, tempDir, playReplay, startServer, serveTemp, awaiting, launchBrowser, newPage,
  screenshot };
