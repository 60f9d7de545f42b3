// Every game's viewer as a user meets it: `arena serve` on a directory of replays that `arena
// play` wrote with built-in bots, the list's link opened, the board drawn, the controls stepping
// through the match to its result. (viewers_render_test.mjs checks each drawing in detail.)
"use strict";
const assert = require("node:assert/strict");
const fs = require("node:fs");

const GAMES = [
  { game: "dracula", args: ["--seat", "hunters=bot:b-hunt-chase", "--seat", "D=bot:b-drac-loop", "--seed", "2"],
    svg: "svg.dracula-map", drawn: "g.place", min: 71 },
  { game: "evolution", args: ["--seat", "p1=bot:silly", "--seat", "p2=bot:silly", "--seat", "p3=bot:silly", "--seed", "3"],
    svg: "svg.evolution-board", drawn: "g.player", min: 3 },
  { game: "empire", args: ["--seat", "p1=bot:reference", "--seat", "p2=bot:greedy", "--seed", "1"],
    svg: "svg.empire-map", drawn: "rect.node.city", min: 20 },
  { game: "dungeon", args: ["--seat", "team0=bot:reference", "--seat", "team1=bot:idle", "--seed", "1"],
    svg: "svg.dungeon-map", drawn: "circle.node", min: 10 },
];

module.exports = {
  async "arena serve opens every game's replay from its list, draws it and steps to the result"({ browser, harness }) {
    const dir = harness.tempDir("served");
    for (const g of GAMES) harness.playReplay(dir, g.game + ".jsonl", [g.game, ...g.args]);
    const server = await harness.startServer(dir);
    harness.atEnd(async () => {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    const page = await harness.newPage(browser);
    for (const g of GAMES) {
      await page.goto(server.url);
      await page.getByRole("link", { name: g.game + ".jsonl" }).click();
      await page.waitForURL(new RegExp("/view/" + g.game + "\\.jsonl"));
      await page.locator(g.svg).waitFor();
      assert.ok(await page.locator(g.drawn).count() >= g.min, g.game + ": " + g.drawn);
      const frame = await page.locator("#frame").textContent();
      const m = /^step 0 \/ (\d+)$/.exec(frame);
      assert.ok(m && +m[1] > 0, g.game + ": " + frame);
      await page.getByRole("button", { name: "step", exact: true }).click();
      assert.equal(await page.locator("#frame").textContent(), "step 1 / " + m[1]);
      await page.locator("#scrub").fill(m[1]);
      assert.match(await page.locator("#result").textContent(), /scores /, g.game);
      assert.deepEqual(page.errors, [], g.game);
    }
    await page.close();
  },
};
