// Human Empire Builder in the browser: the page registers, draws the board from the log the
// server sends, and writes each answer from clicks on the map (a city to start, a path of
// mileposts to build); the human then passes every query and the game runs to its end, the
// reference bot winning by CASH-GOAL.
"use strict";
const assert = require("node:assert/strict");
const fs = require("node:fs");

module.exports = {
  async "a human starts in a city, builds by clicking and plays to the end"({ browser, harness }) {
    const { server, dir } = await harness.serveTemp("empire-play");
    const page = await harness.newPage(browser);
    await page.goto(server.url + "play/empire?seed=3");
    assert.equal(await harness.awaiting(page), "start");
    assert.match(await page.locator("#empire-state").textContent(), /^you are player 0 · cash 40 · FREIGHT/);
    const city = page.locator("svg.empire-map rect.node.city").first();
    await city.click();
    const start = await page.locator("#answer").inputValue();
    assert.match(start, /^\(\d+ \d+\)$/);
    await page.getByRole("button", { name: "send", exact: true }).click();
    await page.waitForFunction(() => document.querySelector("#reply").textContent === "LOCATION-SET");
    // Build: the start city, then the milepost two columns to its right (one step of §2.3).
    assert.equal(await harness.awaiting(page), "build");
    await city.scrollIntoViewIfNeeded();
    const box = await city.boundingBox();
    const unit = box.width / 8;  // a city square is 8 map units wide
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.click(box.x + box.width / 2 + 16 * unit, box.y + box.height / 2);
    const [x, y] = start.slice(1, -1).split(" ").map(Number);
    assert.equal(await page.locator("#answer").inputValue(), `(((${x} ${y}) (${x + 2} ${y})))`);
    assert.equal(await page.locator("circle.picked").count(), 2);
    await harness.screenshot(page, "empire-play.png");
    await page.getByRole("button", { name: "send", exact: true }).click();
    await page.waitForFunction(() => /^\(BUILD-TURN/.test(document.querySelector("#reply").textContent));
    let passes = 0;
    for (let s = await harness.awaiting(page); s !== "end"; s = await harness.awaiting(page)) {
      await page.getByRole("button", { name: "pass", exact: true }).click();
      ++passes;
    }
    assert.ok(passes > 5, "passes " + passes);
    assert.match(await page.locator("#result").textContent(), /winner p2/);
    const file = await page.locator("#replay-link").textContent();
    const text = fs.readFileSync(dir + "/" + file, "utf8");
    assert.match(text, /\(START 0 \(/);
    assert.match(text, /GAME-OVER \(1\) CASH-GOAL/);
    assert.deepEqual(page.errors, []);
    await page.close();
  },

  async "an answer that comes too late: the page sends (sync) and is asked again"({ browser, harness }) {
    const { server } = await harness.serveTemp("empire-timeout");
    const page = await harness.newPage(browser);
    await page.goto(server.url + "play/empire?seed=3&time_ms=1000");
    assert.equal(await harness.awaiting(page), "start");
    // Nothing is answered: after 1 s the server says (TIMEOUT) and the page resynchronises.
    await page.waitForFunction(() => /< SYNCED\n/.test(document.querySelector("#transcript").textContent));
    const t = await page.locator("#transcript").textContent();
    assert.match(t, /< \(TIMEOUT\)\n> \(sync\)\n< SYNCED\n/);
    assert.match(await page.locator("#reply").textContent(), /^\(TIMEOUT\)/);
    assert.equal(await harness.awaiting(page), "start");
    assert.deepEqual(page.errors, []);
    await page.close();
  },
};
