// The tournament pages in a real browser: a real tournament played by `arena tournament run`,
// `arena serve --db` reading it, the standings, and a match opened in the viewer from its link.
"use strict";
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { execFileSync } = require("node:child_process");

let shared = null;
async function setup(harness) {
  if (shared) return shared;
  const dir = harness.tempDir("tournament");
  const db = path.join(dir, "t.db");
  const arena = (...args) => execFileSync(harness.ARENA, args, { stdio: ["ignore", "pipe", "pipe"] }).toString();
  arena("tournament", "run", "t", "--game", "wumpus", "--bot", "a=bot:reference", "--bot", "b=bot:random",
    "--games-per-pairing", "2", "--seed", "1", "--db", db);
  const report = JSON.parse(arena("tournament", "report", "t", "--db", db, "--json"));
  const matches = JSON.parse(arena("tournament", "matches", "t", "--db", db, "--json")).matches;
  const server = await harness.startServer(dir, ["--db", db]);
  shared = { report, matches, server };
  harness.atEnd(async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return shared;
}

module.exports = {
  async "the standings of a played tournament, and a match's replay from its link"({ browser, harness }) {
    const { report, matches, server } = await setup(harness);
    const page = await harness.newPage(browser);
    await page.goto(server.url);
    await page.getByRole("link", { name: "Tournaments" }).click();
    await page.waitForURL(/\/tournaments$/);
    assert.deepEqual(await page.locator("#tournaments tbody td").allTextContents(), ["t", "wumpus", "round-robin", "4 / 4"]);
    await page.getByRole("link", { name: "t", exact: true }).click();
    await page.waitForURL(/\/tournament\/t$/);

    // Standings: what `arena tournament report t --json` says, one row per entrant in its order.
    assert.equal(await page.locator("#summary").textContent(),
      "wumpus, round-robin: 4 of 4 matches played; rated by mean score");
    const rows = page.locator("#standings tbody tr");
    assert.equal(await rows.count(), 2);
    for (const [i, s] of report.standings.entries()) {
      const cells = await rows.nth(i).locator("td").allTextContents();
      assert.deepEqual([cells[0], cells[1], cells[4], cells[5]], [String(s.rank), s.entrant, "2", "none"]);
      assert.match(cells[2], new RegExp("^" + s.mean_score.toFixed(1).replace("-", "\\-") + " ± \\d+\\.\\d$"));
    }
    assert.deepEqual(report.standings.map((s) => s.entrant), ["a", "b"]);  // reference beats random

    // Every match is listed with its seed, seat and result, and links to its replay.
    const matchRows = page.locator("#matches tbody tr");
    assert.equal(await matchRows.count(), matches.length);
    const first = await matchRows.nth(0).locator("td").allTextContents();
    assert.deepEqual(first.slice(0, 3), ["0", matches[0].seed, "hero=" + matches[0].seats[0].entrant]);
    assert.match(first[3], new RegExp("scores hero " + matches[0].result.scores.hero + "$"));
    await harness.screenshot(page, "tournament.png");

    await matchRows.nth(0).getByRole("link", { name: "view" }).click();
    await page.waitForURL(/\/tournament\/t\/match\/0/);
    await page.locator("svg.wumpus").waitFor();
    const turns = matches[0].replay.trim().split("\n").map((l) => JSON.parse(l)).filter((l) => l.type === "turn");
    assert.equal(await page.locator("#frame").textContent(), "step 0 / " + turns.length);
    assert.equal(await page.locator("polygon.hero").count(), 1);
    assert.match(await page.locator("#result").textContent(), new RegExp("scores hero " + matches[0].result.scores.hero + ";"));
    // The viewer's URL follows the turn, so it can be shared, and opens at that turn.
    await page.getByRole("button", { name: "step", exact: true }).click();
    await page.waitForURL(/\/tournament\/t\/match\/0#turn=1$/);
    const url = page.url();
    const other = await harness.newPage(browser);
    await other.goto(url);
    await other.locator("svg.wumpus").waitFor();
    assert.equal(await other.locator("#frame").textContent(), "step 1 / " + turns.length);
    // The header links back to the standings.
    await other.locator("#tournament-link").click();
    await other.waitForURL(/\/tournament\/t$/);
    assert.deepEqual(page.errors, []);
    assert.deepEqual(other.errors, []);
    await page.close();
    await other.close();
  },

  async "an unknown tournament or match is a one-line 404"({ browser, harness }) {
    const { server } = await setup(harness);
    const page = await harness.newPage(browser);
    const res = await page.goto(server.url + "tournament/nope");
    assert.equal(res.status(), 404);
    assert.equal(await page.locator("body").textContent(), "no tournament named 'nope'\n");
    const missing = await page.goto(server.url + "tournament/t/match/9");
    assert.equal(missing.status(), 404);
    assert.equal(await page.locator("body").textContent(), "tournament 't' has no match 9 (it has 4)\n");
    assert.deepEqual(page.errors, []);
    await page.close();
  },
};
