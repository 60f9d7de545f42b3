// Live spectating: a human's game watched from a second page as it is played, and a match of
// `arena play --serve`.
"use strict";
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { spawn, execFileSync } = require("node:child_process");

// `arena play ARGS... --serve`: resolves once it printed its watch URL, with the URL, what it
// printed so far (`out()`), and `stop()`, which ends it with SIGTERM and gives its exit status.
async function playServe(harness, args) {
  const child = spawn(harness.ARENA, ["play", ...args, "--serve"], { stdio: ["ignore", "pipe", "inherit"] });
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
  const stop = async () => { child.kill("SIGTERM"); return exited; };
  harness.atEnd(stop);
  return { url, out: () => out, stop };
}

const overText = () => document.querySelector("#status") && document.querySelector("#status").textContent === "the match is over";

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
    const match = await playServe(harness, ["wumpus", "--seed", "12", "--seat", "hero=bot:reference"]);
    const page = await harness.newPage(browser);
    await page.goto(match.url);
    await page.waitForFunction(overText);
    assert.equal(await page.locator("#frame").textContent(), "step 6 / 6");
    assert.match(await page.locator("#result").textContent(), /scores hero 994; winner hero/);
    assert.match(match.out(), /hero scored 994 \(exit_with_gold, 6 actions\)/);
    await page.close();
    const { code } = await match.stop();
    assert.equal(code, 143);  // 128 + SIGTERM, after arena's own cleanup
  },

  // Dracula is a program that first waits on a FIFO: the hunters' four first plays are recorded
  // and streamed, then the match stands at his first turn until the test opens the gate. So the
  // viewer is seen drawing a match that is still running, at a step known in advance. (Were the
  // gate not to hold, the checks of step 4 fail before the test writes to it.)
  async "arena play dracula --serve: the viewer draws the match while it runs and follows it"({ browser, harness }) {
    const dir = harness.tempDir("live-dracula");
    harness.atEnd(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const gate = path.join(dir, "gate"), file = path.join(dir, "match.jsonl");
    execFileSync("mkfifo", [gate]);
    // The gate and arena are arguments, so that the sandbox shows the bot their directories.
    const dracula = `sh -c 'read go < "$1" && exec "$2" bot dracula dracula-v1 --persistent' gate ${gate} ${harness.ARENA}`;
    const match = await playServe(harness, ["dracula", "--seed", "3", "--seat", "hunters=bot:hunter",
      "--seat", "D=" + dracula, "--mode", "D=persistent", "--time-ms", "60000", "--replay", file]);
    const page = await harness.newPage(browser);
    await page.goto(match.url);
    await page.waitForFunction(() => document.querySelector("#frame") && document.querySelector("#frame").textContent === "step 4 / 4");
    assert.equal(await page.locator("#status").textContent(), "live: 4 turn(s) so far");
    assert.equal(await page.locator("svg.dracula-map").count(), 1);
    assert.equal(await page.locator(".piece.hunter").count(), 4);
    assert.equal(await page.locator(".piece.dracula").count(), 0);  // he has not moved yet
    assert.equal(await page.locator("#result").textContent(), "no result yet");
    assert.match(await page.locator("#text").textContent(), /Play 3 \(round 0\), M/);
    assert.match(await page.locator("#text").textContent(), /No result yet/);

    await fs.promises.writeFile(gate, "go\n");  // Dracula starts and answers; the match goes on
    await page.waitForFunction(overText);
    const lines = fs.readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    const plays = lines.at(-1).result.plays;
    assert.ok(plays > 5, `${plays} plays`);
    // The viewer followed the newest step to the end: the whole match, and its result.
    assert.equal(await page.locator("#frame").textContent(), `step ${plays} / ${plays}`);
    assert.match(await page.locator("#result").textContent(), new RegExp("winner " + lines.at(-1).winner));
    assert.equal(await page.locator("#error").isVisible(), false);
    assert.deepEqual(page.errors, []);
    await page.close();
    assert.equal((await match.stop()).code, 143);
  },

  // The other games, played by their built-in bots as fast as they go (Dungeon Race streams
  // thousands of lines): the viewer draws each and ends at its last step with the result.
  async "arena play --serve: evolution, empire and dungeon reach the viewer whole"({ browser, harness }) {
    const games = [
      ["evolution", ["--seat", "p1=bot:silly", "--seat", "p2=bot:silly", "--seat", "p3=bot:strategic"], "svg.evolution-board"],
      ["empire", ["--seat", "p1=bot:reference", "--seat", "p2=bot:greedy"], "svg.empire-map"],
      ["dungeon", ["--seat", "team0=bot:reference", "--seat", "team1=bot:stress"], "svg.dungeon-map"],
    ];
    for (const [game, seats, drawing] of games) {
      const match = await playServe(harness, [game, "--seed", "2", ...seats]);
      const page = await harness.newPage(browser);
      await page.goto(match.url);
      await page.waitForFunction(overText);
      assert.equal(await page.locator(drawing).count(), 1, game);
      const frame = await page.locator("#frame").textContent();
      const m = /^step (\d+) \/ (\d+)$/.exec(frame);
      assert.ok(m && m[1] === m[2] && +m[2] > 0, `${game}: ${frame}`);
      assert.match(await page.locator("#result").textContent(), /^result: scores /, game);
      assert.equal(await page.locator("#error").isVisible(), false, game);
      assert.deepEqual(page.errors, [], game);
      await page.close();
      assert.equal((await match.stop()).code, 143, game);
    }
  },
};
