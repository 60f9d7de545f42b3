// A whole human game of Wumpus in the browser: the reference bot's moves of seed 12, played by
// clicking the buttons named by the protocol words, the arrow keys and the console.
"use strict";
const assert = require("node:assert/strict");
const fs = require("node:fs");

module.exports = {
  async "a human plays a whole game by clicking and sees the revealed cave"({ browser, harness }) {
    const dir = harness.tempDir("play");
    const text = harness.playReplay(dir, "wumpus-12.jsonl", ["wumpus", "mode=classic", "--seed", "12", "--seat", "hero=bot:reference"]);
    const lines = text.trim().split("\n").map((l) => JSON.parse(l));
    const header = lines[0], turns = lines.filter((l) => l.type === "turn");
    const server = await harness.startServer(dir);
    harness.atEnd(async () => {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    const page = await harness.newPage(browser);
    await page.goto(server.url + "play/wumpus?mode=classic&seed=12");
    const percepts = page.locator("#percepts");
    const keys = { go: "ArrowUp", rotateL: "ArrowLeft", rotateR: "ArrowRight" };
    for (let i = 0; i < turns.length; ++i) {
      const t = turns[i];
      const button = page.getByRole("button", { name: t.action, exact: true });
      await assert.doesNotReject(button.waitFor());
      await page.waitForFunction((name) => !document.querySelector(`button[name="${name}"]`).disabled, t.action);
      // What the bot was told is what the human sees.
      assert.match(await percepts.textContent(), new RegExp("^percepts: " + t.percept + "\\n"));
      assert.match(await percepts.textContent(), new RegExp("actions: " + i + " / 96"));
      if (i === 1) {
        await page.getByLabel("console").fill(t.action);
        await page.getByLabel("console").press("Enter");
      } else if (i % 2 === 0 && keys[t.action]) {
        await page.getByLabel("console").blur();  // keys typed into the console are the console's
        await page.keyboard.press(keys[t.action]);
      } else {
        await button.click();
      }
      if (i + 1 < turns.length)
        await page.waitForFunction((n) => /actions: (\d+)/.exec(document.querySelector("#percepts").textContent)[1] === String(n), i + 1)
          .catch(async (e) => { throw new Error("turn " + (i + 1) + " (" + t.action + "): " + await percepts.textContent() + "\n" + await page.locator("#transcript").textContent()); });
    }
    await page.locator("#replay-link").waitFor();
    assert.match(await page.locator("#result").textContent(), /scores hero 994; winner hero/);
    assert.match(await percepts.textContent(), /game over: score 994, exit_with_gold, 6 actions/);
    // The whole cave, revealed at the end.
    assert.equal(await page.locator("circle.pit").count(), header.cave.pits.length);
    assert.equal(await page.locator("rect.cell.fog").count(), 0);
    assert.match(await page.locator("#transcript").textContent(), /^< start 4 4 1 1 20 96\n< /);
    await harness.screenshot(page, "wumpus-play.png");
    // The kept replay opens in the viewer, by a link anyone can use.
    await page.locator("#replay-link").click();
    await page.locator("svg.wumpus").waitFor();
    assert.equal(await page.locator("#frame").textContent(), "step 0 / " + turns.length);
    assert.deepEqual(page.errors, []);
    await page.close();
  },

  async "the buttons' accessible names are the protocol words"({ browser, harness }) {
    const dir = harness.tempDir("names");
    const server = await harness.startServer(dir);
    harness.atEnd(async () => {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    const page = await harness.newPage(browser);
    await page.goto(server.url + "play/wumpus?seed=5");
    for (const w of ["go", "rotateL", "rotateR", "shot", "grab", "exit"])
      await page.getByRole("button", { name: w, exact: true }).waitFor();
    await page.waitForFunction(() => !document.querySelector('button[name="exit"]').disabled);
    await page.getByRole("button", { name: "exit", exact: true }).click();
    await page.locator("#replay-link").waitFor();
    assert.match(await page.locator("#result").textContent(), /scores hero -1; no winner/);
    // A bad parameter is a message in the page.
    await page.goto(server.url + "play/wumpus?mode=weird");
    await page.locator("#error").waitFor();
    assert.equal(await page.locator("#error").textContent(), "mode: must be classic, random, advanced or custom");
    await page.close();
  },
};
