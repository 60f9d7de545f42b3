// Live spectating: a human's game watched from a second page as it is played, and a match of
// `arena play --serve`.
"use strict";
const assert = require("node:assert/strict");
const fs = require("node:fs");
const { spawn } = require("node:child_process");

module.exports = {
  async "a spectator sees a human's game as it is played"({ browser, harness }) {
    const dir = harness.tempDir("live");
    const server = await harness.startServer(dir);
    harness.atEnd(async () => {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    const player = await harness.newPage(browser);
    await player.goto(server.url + "play/wumpus?mode=classic&seed=12");
    await player.locator("#live-link").waitFor();
    const liveUrl = await player.locator("#live-link").getAttribute("href");
    const watcher = await harness.newPage(browser);
    await watcher.goto(server.url + liveUrl.slice(1));
    await watcher.locator("svg.wumpus").waitFor();
    // The spectator sees the whole cave from the start (the player does not).
    assert.equal(await watcher.locator("rect.cell").count(), 16);
    assert.equal(await watcher.locator("#frame").textContent(), "step 0 / 0");
    // The reference bot's moves of seed 12 (tests/web/wumpus_play.test.js reads them off its replay).
    for (const [i, word] of ["go", "grab", "rotateL", "rotateL", "go"].entries()) {
      await player.waitForFunction((w) => !document.querySelector(`button[name="${w}"]`).disabled, word);
      await player.getByRole("button", { name: word, exact: true }).click();
      await watcher.waitForFunction((n) => document.querySelector("#frame").textContent === `step ${n} / ${n}`, i + 1);
      if (i === 1) {
        assert.match(await watcher.locator("#text").textContent(), /turn 2: percept breeze stench glitter/);
        assert.match(await watcher.locator("#status").textContent(), /live: 2 turn\(s\) so far/);
      }
    }
    await player.waitForFunction(() => !document.querySelector('button[name="exit"]').disabled);
    await player.getByRole("button", { name: "exit", exact: true }).click();
    await watcher.waitForFunction(() => document.querySelector("#status").textContent === "the match is over");
    assert.match(await watcher.locator("#result").textContent(), /scores hero 994; winner hero/);
    assert.equal(await watcher.locator("#frame").textContent(), "step 6 / 6");
    assert.deepEqual(watcher.errors, []);
    await player.close();
    await watcher.close();
  },

  async "arena play --serve streams a bot match to the viewer"({ browser, harness }) {
    const child = spawn(harness.ARENA, ["play", "wumpus", "--seed", "12", "--seat", "hero=bot:reference", "--serve"],
      { stdio: ["ignore", "pipe", "inherit"] });
    const exited = new Promise((done) => child.once("exit", (code, signal) => done({ code, signal })));
    let out = "";
    const url = await new Promise((resolve, reject) => {
      child.stdout.on("data", (d) => {
        out += d;
        const m = /arena: watch on (http:\/\/127\.0\.0\.1:\d+\/live\/1)\n/.exec(out);
        if (m) resolve(m[1]);
      });
      child.once("exit", () => reject(new Error("arena play --serve exited: " + out)));
    });
    harness.atEnd(async () => { child.kill("SIGTERM"); await exited; });
    const page = await harness.newPage(browser);
    await page.goto(url);
    await page.waitForFunction(() => document.querySelector("#status") && document.querySelector("#status").textContent === "the match is over");
    assert.equal(await page.locator("#frame").textContent(), "step 6 / 6");
    assert.match(await page.locator("#result").textContent(), /scores hero 994; winner hero/);
    assert.match(out, /hero scored 994 \(exit_with_gold, 6 actions\)/);
    await page.close();
    child.kill("SIGTERM");
    const { code } = await exited;
    assert.equal(code, 143);  // 128 + SIGTERM, after arena's own cleanup
  },
};
