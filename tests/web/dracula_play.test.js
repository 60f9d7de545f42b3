// Human Fury of Dracula in the browser: the seat speaks persistent mode (a turn ends at the
// reply's "done", not at the deadline), the page shows the legal places from the server's hint,
// a click answers, and the game comes back to the human the next round. A typed illegal move
// disqualifies the seat (spec §6.4): the game goes on to its end on default moves.
"use strict";
const assert = require("node:assert/strict");

// Opens the human's page; `sent` collects the reply lines the page sends to the seat, `received`
// the types of the messages the server sends the page.
async function openPlay(page, url) {
  const sent = [], received = [];
  page.on("websocket", (ws) => {
    ws.on("framesent", (f) => sent.push(JSON.parse(JSON.parse(f.payload).text)));
    ws.on("framereceived", (f) => received.push(JSON.parse(f.payload).type));
  });
  await page.goto(url);
  return { sent, received };
}

function roundIs(r) {
  return new RegExp("round " + r + ": your move").test(document.querySelector(".play-status").textContent);
}

// Waits for the human's request of each round, clicks the first legal place (and, for Dracula,
// the first move that ends there when several do) and checks the next request shows that play,
// as the referee recorded it, in the seat's own string.
async function playRounds(page, role, rounds, sent) {
  const status = page.locator(".play-status"), last = page.locator(".play-last");
  for (let round = 0; round < rounds; ++round) {
    await page.waitForFunction(roundIs, round)
      .catch(async () => { throw new Error("round " + round + ": " + await status.textContent()); });
    const legal = page.locator("circle.legal");
    assert.ok(await legal.count() > 0, "round " + round + ": no legal place shown");
    const code = await legal.first().getAttribute("data-code");
    const before = sent.length;
    await legal.first().dispatchEvent("click");
    // Still this round's request: the place has several moves, offered as buttons.
    if (await page.evaluate(roundIs, round)) await page.locator(".play-choices button.move").first().click();
    await page.waitForFunction(roundIs, round + 1)
      .catch(async () => { throw new Error("after round " + round + ": " + await status.textContent()); });
    assert.equal(sent.length, before + 1);
    const reply = sent[before];
    if (role !== "D") assert.equal(reply.move, code);
    assert.equal(reply.done, true);
    // The play string of the seat's move: its role, the move sent, then encounters.
    assert.match(await last.textContent(), new RegExp("^Your last play: " + role + reply.move + "[A-Z.]{4}$"));
  }
}

module.exports = {
  async "a human hunter clicks legal places for several rounds"({ browser, harness }) {
    const { server } = await harness.serveTemp("hunter");
    const page = await harness.newPage(browser);
    const { sent, received } = await openPlay(page, server.url + "play/dracula?role=G&seed=3");
    await playRounds(page, "G", 3, sent);
    assert.match(await page.locator("#status").textContent(), /^playing dracula as G, seed 3/);
    // The referee's turn lines hold Dracula's true moves: a hunter's page gets none of them, only
    // its requests (spectators get them at /live/<id>).
    assert.ok(received.includes("request"));
    assert.equal(received.filter((t) => t === "line").length, 0);
    assert.equal(await page.locator("#error").textContent().catch(() => ""), "");
    assert.deepEqual(page.errors, []);
    await page.close();
  },

  async "a human Dracula clicks, then a typed illegal move disqualifies him"({ browser, harness }) {
    const { server } = await harness.serveTemp("dracula");
    const page = await harness.newPage(browser);
    const { sent } = await openPlay(page, server.url + "play/dracula?role=D&seed=3");
    await playRounds(page, "D", 2, sent);
    await page.getByLabel("Move", { exact: true }).fill("ZZ");
    await page.getByRole("button", { name: "send", exact: true }).click();
    // §6.4: never asked again; the game ends on default moves and says so.
    await page.locator("#replay-link").waitFor();
    assert.match(await page.locator(".play-status").textContent(), /^Game over: winner /);
    const result = await page.locator("#result").textContent();
    assert.match(result, /winner hunters/);
    assert.match(result, /disqualified \{"D":\{"play":14,"move":"ZZ"\}\}/);
    assert.match(result, /"D":\{"program":"human","mode":"persistent"/);
    assert.deepEqual(page.errors, []);
    await page.close();
  },
};
