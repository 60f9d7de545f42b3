// The Wumpus viewer in a real browser: the list, the cave as SVG, the controls, bad files.
"use strict";
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");

let shared = null;  // one server over one directory of real replays for the tests of this file
async function setup(harness) {
  if (shared) return shared;
  const dir = harness.tempDir("wumpus");
  const text = harness.playReplay(dir, "wumpus-12.jsonl", ["wumpus", "mode=classic", "--seed", "12", "--seat", "hero=bot:reference"]);
  harness.playReplay(dir, "wumpus-7.jsonl", ["wumpus", "mode=classic", "--seed", "7", "--seat", "hero=bot:reference"]);
  fs.writeFileSync(path.join(dir, "truncated.jsonl"), text.slice(0, Math.floor(text.length / 2)));
  fs.writeFileSync(path.join(dir, "not-a-replay.jsonl"), "hello\n");
  fs.writeFileSync(path.join(dir, "other-game.jsonl"), '{"type":"header","game":"chess"}\n');
  const lines = text.trim().split("\n").map((l) => JSON.parse(l));
  const server = await harness.startServer(dir);
  shared = { dir, text, header: lines[0], turns: lines.filter((l) => l.type === "turn"), server };
  harness.atEnd(async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return shared;
}

async function viewer(browser, harness, target) {
  const s = await setup(harness);
  const page = await harness.newPage(browser);
  await page.goto(s.server.url + target);
  return { s, page };
}

const text = (page) => page.locator("#text").textContent();

module.exports = {
  async "the list links every replay file to its viewer"({ browser, harness }) {
    const { s, page } = await viewer(browser, harness, "");
    const links = await page.locator("#replays a").allTextContents();
    assert.deepEqual(links, ["not-a-replay.jsonl", "other-game.jsonl", "truncated.jsonl", "wumpus-12.jsonl", "wumpus-7.jsonl"]);
    await page.getByRole("link", { name: "wumpus-12.jsonl" }).click();
    await page.waitForURL(/\/view\/wumpus-12\.jsonl/);
    await page.locator("svg.wumpus").waitFor();
    assert.equal(await page.locator("rect.cell").count(), 16);
    assert.equal(await page.locator("circle.pit").count(), s.header.cave.pits.length);
    assert.equal(await page.locator("text.wumpus-mark").count(), s.header.cave.wumpuses.length);
    assert.equal(await page.locator("polygon.hero").count(), 1);
    assert.match(await text(page), /start: 4×4 cave, 1 arrow\(s\), 1 wumpus\(es\), 20% pits, turn limit 96/);
    assert.deepEqual(page.errors, []);
    await page.close();
  },

  async "play, pause, step, back, scrub and jump move through the turns"({ browser, harness }) {
    const { s, page } = await viewer(browser, harness, "view/wumpus-12.jsonl");
    const n = s.turns.length;
    await page.getByRole("button", { name: "step", exact: true }).click();
    assert.match(await text(page), new RegExp("turn 1: percept " + s.turns[0].percept));
    assert.match(await text(page), new RegExp("action " + s.turns[0].action + "; verdict ok"));
    assert.equal(await page.locator("#scrub").inputValue(), "1");
    await page.getByRole("button", { name: "back", exact: true }).click();
    assert.equal(await page.locator("#frame").textContent(), "step 0 / " + n);
    await page.getByLabel("jump to turn").fill("3");
    await page.getByLabel("jump to turn").press("Enter");
    assert.match(await text(page), /^turn 3: /);
    await page.locator("#scrub").fill(String(n));
    assert.match(await text(page), /end: score 994, exit_with_gold/);
    assert.match(await page.locator("#result").textContent(), /scores hero 994; winner hero/);
    // play runs to the last step; pause stops it.
    await page.getByRole("button", { name: "back", exact: true }).click();
    await page.getByLabel("speed").selectOption("16");
    await page.getByRole("button", { name: "play", exact: true }).click();
    await page.waitForFunction((last) => document.querySelector("#frame").textContent === "step " + last + " / " + last, n);
    await page.getByRole("button", { name: "pause", exact: true }).click();
    await harness.screenshot(page, "wumpus-viewer.png");
    // The hero ends on the exit cell, heading as the last turn says.
    const dir = await page.locator("polygon.hero").getAttribute("data-dir");
    assert.equal(dir, s.turns[n - 1].dir);
    assert.deepEqual(page.errors, []);
    await page.close();
  },

  async "the fog hides what the hero has not visited"({ browser, harness }) {
    const { s, page } = await viewer(browser, harness, "view/wumpus-7.jsonl");
    await page.locator("svg.wumpus").waitFor();
    const cells = 16;
    await page.getByLabel("Fog").check();
    assert.equal(await page.locator("rect.cell.fog").count(), cells - 1);  // only (0,0) seen
    assert.equal(await page.locator("circle.pit").count(), 0);
    await page.getByRole("button", { name: "step", exact: true }).click();
    await page.getByLabel("Fog").uncheck();
    assert.equal(await page.locator("rect.cell.fog").count(), 0);
    await page.close();
  },

  async "a shared link opens the same replay at the same turn"({ browser, harness }) {
    const { page } = await viewer(browser, harness, "view/wumpus-12.jsonl#turn=4");
    await page.locator("svg.wumpus").waitFor();
    assert.match(await text(page), /^turn 4: /);
    await page.close();
  },

  async "bad files get a clear message, never a blank page"({ browser, harness }) {
    const cases = [
      ["view/truncated.jsonl", /Cannot show truncated\.jsonl: line \d+ is not JSON: .*\(the file looks truncated\)/],
      ["view/not-a-replay.jsonl", /Cannot show not-a-replay\.jsonl: line 1 is not JSON/],
      ["view/other-game.jsonl", /no viewer for the game 'chess'/],
      ["view/missing.jsonl", /Cannot open missing\.jsonl: no file named 'missing\.jsonl' in the replay directory \(HTTP 404\)/],
      ["view/..%2f..%2fetc%2fpasswd", /Cannot open \.\.\/\.\.\/etc\/passwd: a file name of the replay directory has no '\/'/],
    ];
    for (const [target, message] of cases) {
      const { page } = await viewer(browser, harness, target);
      await page.locator("#error").waitFor();
      assert.match(await page.locator("#error").textContent(), message, target);
      await page.close();
    }
  },

  async "a local file opens in the same viewer"({ browser, harness }) {
    const { s, page } = await viewer(browser, harness, "");
    await page.locator("#upload").setInputFiles({ name: "mine.jsonl", mimeType: "text/plain", buffer: Buffer.from(s.text) });
    await page.locator("svg.wumpus").waitFor();
    assert.match(await page.locator("#title").textContent(), /Hunt the Wumpus — mine\.jsonl/);
    assert.equal(await page.locator("rect.cell").count(), 16);
    await page.close();
  },
};
