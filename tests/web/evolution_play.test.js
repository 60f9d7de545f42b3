// Human Evolution in the browser: the page signs up, shows the human's boards and hand, builds
// each card action from the Silly player's suggestion, answers each feeding by a click on one of
// the answers the server's hint allows, and the game runs to its ranking. A cheating action typed
// in the console ejects the human, as it would a bot (spec §5.4), and the game goes on without it.
"use strict";
const assert = require("node:assert/strict");
const fs = require("node:fs");

module.exports = {
  async "a human plays a whole game from the suggestions and is ranked"({ browser, harness }) {
    const { server, dir } = await harness.serveTemp("evo-play");
    const page = await harness.newPage(browser);
    const sent = [];
    page.on("websocket", (ws) => ws.on("framesent", (f) => sent.push(JSON.parse(f.payload).text)));
    await page.goto(server.url + "play/evolution?seed=3");
    let chooses = 0, feeds = 0;
    for (let state = await harness.awaiting(page); state !== "end"; state = await harness.awaiting(page)) {
      if (state === "choose") {
        assert.match(await page.locator("#evo-state").textContent(), /^turn \d+ · watering hole \d+ · bag \d+\nboard 0: /);
        await page.getByRole("button", { name: "suggested", exact: true }).click();
        assert.equal(await page.locator("#problems").textContent(), "");
        if (chooses === 1) await harness.screenshot(page, "evolution-play.png");
        await page.getByRole("button", { name: "send action", exact: true }).click();
        ++chooses;
      } else {
        const options = page.locator("button.feed-option");
        assert.ok(await options.count() >= 2, "a State is only sent with two or more answers (§3.8.1)");
        const suggested = page.locator("button.feed-option.suggested");
        await (await suggested.count() ? suggested.first() : options.first()).click();
        ++feeds;
      }
    }
    assert.ok(chooses >= 3, "chooses " + chooses);
    assert.match(await page.locator("#evo-state").textContent(), /^game over after \d+ turns\n1\. p\d score \d+/);
    assert.doesNotMatch(await page.locator("#evo-state").textContent(), /ejected/);
    // The kept replay holds exactly what the page sent: the sign-up, then every answer.
    const file = await page.locator("#replay-link").textContent();
    const lines = fs.readFileSync(dir + "/" + file, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    assert.equal(lines[0].seats.p1, "human");
    const answers = lines.filter((l) => l.type === "event" && l.seat === "p1" && l.call !== "start");
    assert.equal(answers.length, chooses + feeds);
    assert.equal(sent[0], "\"human\"\n");
    answers.forEach((a, i) => assert.equal(JSON.stringify(a.reply) + "\n", sent[i + 1]));
    const result = lines[lines.length - 1];
    assert.deepEqual(result.result.ejected, []);
    assert.ok(result.result.ranking.some((r) => r.seat === "p1"));
    assert.deepEqual(page.errors, []);
    await page.close();
  },

  async "a cheating action typed in the console ejects the human"({ browser, harness }) {
    const { server } = await harness.serveTemp("evo-cheat");
    const page = await harness.newPage(browser);
    await page.goto(server.url + "play/evolution?seed=5");
    assert.equal(await harness.awaiting(page), "choose");
    await page.getByLabel("console").fill("[99,[],[],[],[]]");
    await page.getByLabel("console").press("Enter");
    assert.equal(await harness.awaiting(page), "end");
    const status = await page.locator("#evo-state").textContent();
    assert.match(status, /ejected/);
    assert.doesNotMatch(status.split("ejected")[0], /p1 score/);
    assert.deepEqual(page.errors, []);
    await page.close();
  },
};
