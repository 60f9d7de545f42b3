// The viewers' drawing and Dracula's play panel in a real browser (headless chromium, no server):
// one page holds the four modules and replays the built `arena` writes at test time, renders
// steps into <div>s, counts what the SVGs hold, drives the play panel with a fake session, and
// writes its findings into the page, which chromium's --dump-dom returns. CHROMIUM names the
// browser, ARENA_BIN and ARENA_SOURCE_DIR as for viewers_test.mjs (set by viewers.cmake).
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";

const SRC = process.env.ARENA_SOURCE_DIR || path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const BIN = process.env.ARENA_BIN || path.join(SRC, "build/bin/arena");
const CHROMIUM = process.env.CHROMIUM || "chromium";
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), "arena-render-"));
process.on("exit", () => fs.rmSync(TMP, { recursive: true, force: true }));

function replay(game, args) {
  const file = path.join(TMP, `${game}.jsonl`);
  execFileSync(BIN, ["play", game, ...args, "--replay", file], { stdio: ["ignore", "ignore", "pipe"] });
  return fs.readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l));
}

// Runs in the page: every figure the test checks, as one object.
function probe() {
  const R = window.REPLAYS, out = {};
  function show(game, k, opts) {
    const g = Arena.games[game], lines = R[game];
    const model = g.build(lines[0], lines.slice(1));
    const root = document.createElement("div");
    document.body.appendChild(root);
    const n = g.frameCount(model);
    if (k < 0) k += n;
    g.render(root, model, 0, opts);
    g.render(root, model, k, opts);  // a second step redraws into the same SVG
    return { root, model, k, n, svgs: root.querySelectorAll("svg").length };
  }
  const q = (root, sel) => root.querySelectorAll(sel).length;
  let v = show("dracula", -1, {});
  out.dracula = { svgs: v.svgs, places: q(v.root, ".place"), connections: q(v.root, ".connection"),
                  hunters: q(v.root, ".piece.hunter"), dracula: q(v.root, ".piece.dracula"),
                  traps: q(v.root, ".trap"), modelTraps: v.model.steps[v.k].state.traps.length };
  v = show("dracula", 6, { hunters: true });  // round 1: his opening place is not known
  out.draculaHunters = { dracula: q(v.root, ".piece.dracula"), revealed: v.model.steps[6].state.revealed[0] };
  v = show("evolution", 20, {});
  const ps = v.model.steps[20].players;
  out.evolution = { svgs: v.svgs, players: q(v.root, ".player"), species: q(v.root, ".species"),
                    modelPlayers: Object.keys(ps).length,
                    modelSpecies: Object.values(ps).reduce((a, p) => a + p.species.length, 0) };
  v = show("empire", -1, {});
  const m = v.model.map, last = v.model.steps[v.k].players;
  out.empire = { svgs: v.svgs, nodes: q(v.root, ".node"), expectedNodes: m.w * m.h - Object.keys(m.invalid).length,
                 tracks: q(v.root, ".track"), trains: q(v.root, ".train"),
                 withTrack: last.filter((p) => p.track.length).length, withTrain: last.filter((p) => p.pos).length };
  v = show("dungeon", -1, {});
  out.dungeon = { svgs: v.svgs, nodes: q(v.root, ".node"), agents: q(v.root, ".agent"),
                  npcs: q(v.root, ".npc"), modelNpcs: Object.keys(v.model.steps[v.k].npcs).length };

  // Live: the lines so far (no logs, no result), growing, each time built and drawn at the newest
  // step into the same root, as the shell's viewer does; the number of SVGs in it each time.
  out.live = {};
  for (const game of ["dracula", "evolution", "empire", "dungeon"]) {
    const g = Arena.games[game], header = R[game][0];
    const lines = R[game].slice(1).filter((l) => l.type !== "log" && l.type !== "result");
    const root = document.createElement("div");
    document.body.appendChild(root);
    const cuts = [0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987].filter((n) => n < lines.length);
    out.live[game] = [];
    for (const n of [...cuts, lines.length]) {
      const model = g.build(header, lines.slice(0, n));
      g.render(root, model, g.frameCount(model) - 1, {});
      out.live[game].push(root.querySelectorAll("svg").length);
    }
  }

  // The play panel, with a session that records what it sends.
  const root = document.createElement("div");
  document.body.appendChild(root);
  const sent = [];
  let deliver = null;
  Arena.games.dracula.play.mount(root, { onMessage(fn) { deliver = fn; }, send(o) { sent.push(o); } });
  const hint = { role: "D", round: 1, from: "KL",
                 moves: [{ move: "BD", location: "BD" }, { move: "KL", location: "KL" }, { move: "HI", location: "KL" }] };
  const text = JSON.stringify({ past_plays: "GMA.... SBU.... HFL.... MBD.... DKL.V.. GMA.... SBU.... HFL.... MBD....", messages: [] });
  deliver({ type: "request", role: "D", text, deadline_ms: 100000, hint });
  const panel = { legal: q(root, ".legal"), buttons: q(root, "button.move"), hunters: q(root, ".piece.hunter") };
  root.querySelector('.legal[data-code="BD"]').dispatchEvent(new MouseEvent("click", { bubbles: true }));
  panel.afterClick = q(root, ".legal");
  deliver({ type: "request", role: "D", text, deadline_ms: 100000, hint });
  root.querySelector('.legal[data-code="KL"]').dispatchEvent(new MouseEvent("click", { bubbles: true }));
  panel.offered = Array.from(root.querySelectorAll("button.move")).map((b) => b.dataset.move);
  root.querySelector('button.move[data-move="HI"]').click();
  deliver({ type: "end", result: { winner: "hunters", result: { final_score: 300 } } });
  panel.sent = sent;
  // The shell's session: handlers per message type, send(reply text).
  const root2 = document.createElement("div");
  document.body.appendChild(root2);
  const handlers = {}, texts = [];
  Arena.games.dracula.play.mount(root2, { on(type, fn) { (handlers[type] = handlers[type] || []).push(fn); },
                                          send(t) { texts.push(t); } });
  const g = { role: "G", round: 0, from: null, moves: [{ move: "MA", location: "MA" }, { move: "JM", location: "JM" }] };
  for (const fn of handlers.request) fn({ type: "request", role: "G", text: '{"turn":0,"past_plays":"","messages":[]}', hint: g });
  panel.shellLegal = q(root2, ".legal");
  root2.querySelector('.legal[data-code="JM"]').dispatchEvent(new MouseEvent("click", { bubbles: true }));
  panel.shellSent = texts;
  panel.status = root.querySelector(".play-status").textContent;
  out.panel = panel;
  return out;
}

test("the viewers draw every place, milepost and node in a real browser, and the play panel answers", () => {
  const replays = {
    dracula: replay("dracula", ["--seat", "hunters=bot:hunter", "--seat", "D=bot:dracula-v1", "--seed", "3"]),
    evolution: replay("evolution", ["--seat", "p1=bot:silly", "--seat", "p2=bot:silly", "--seat", "p3=bot:strategic", "--seed", "2"]),
    empire: replay("empire", ["--seat", "p1=bot:reference", "--seat", "p2=bot:greedy", "--seed", "2"]),
    dungeon: replay("dungeon", ["--seat", "team0=bot:reference", "--seat", "team1=bot:stress", "--seed", "2"]),
  };
  const scripts = ["svg.js", "dracula_map.js", "dracula.js", "evolution.js", "empire.js", "dungeon.js"]
    .map((f) => `<script>${fs.readFileSync(path.join(SRC, "server/web/games", f), "utf8")}</script>`).join("\n");
  const json = JSON.stringify(replays).replace(/</g, "\\u003c");
  const page = `<!doctype html><html><head><meta charset="utf-8"></head><body>
<script>const Arena = { games: {} }; window.REPLAYS = ${json};</script>
${scripts}
<script>
let result;
try { result = (${probe.toString()})(); } catch (e) { result = { error: String(e && e.stack || e) }; }
const pre = document.createElement("pre"); pre.id = "probe";
pre.textContent = "PROBE" + JSON.stringify(result) + "EBORP";
document.body.appendChild(pre);
</script></body></html>`;
  const file = path.join(TMP, "page.html");
  fs.writeFileSync(file, page);
  const dom = execFileSync(CHROMIUM, ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                      `--user-data-dir=${path.join(TMP, "profile")}`, "--dump-dom", `file://${file}`],
                           { encoding: "utf8", maxBuffer: 256 << 20, stdio: ["ignore", "pipe", "ignore"], timeout: 60000 });
  const m = dom.match(/<pre id="probe">PROBE(.*?)EBORP<\/pre>/s);
  assert.ok(m, "the page wrote its findings");
  const r = JSON.parse(m[1].replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"'));
  assert.equal(r.error, undefined, r.error);

  assert.deepEqual({ svgs: r.dracula.svgs, places: r.dracula.places, connections: r.dracula.connections },
                   { svgs: 1, places: 71, connections: 198 });
  assert.equal(r.dracula.hunters, 4);
  assert.equal(r.dracula.dracula, 1);
  assert.equal(r.dracula.traps, r.dracula.modelTraps);
  assert.equal(r.draculaHunters.dracula, r.draculaHunters.revealed ? 1 : 0);

  assert.equal(r.evolution.svgs, 1);
  assert.equal(r.evolution.players, r.evolution.modelPlayers);
  assert.equal(r.evolution.species, r.evolution.modelSpecies);
  assert.ok(r.evolution.species > 0);

  assert.equal(r.empire.svgs, 1);
  assert.equal(r.empire.nodes, r.empire.expectedNodes);
  assert.equal(r.empire.tracks, r.empire.withTrack);
  assert.equal(r.empire.trains, r.empire.withTrain);
  assert.ok(r.empire.tracks > 0);

  assert.equal(r.dungeon.svgs, 1);
  assert.equal(r.dungeon.nodes, 1000);
  assert.equal(r.dungeon.agents, 12);
  assert.equal(r.dungeon.npcs, r.dungeon.modelNpcs);

  // Live: one drawing from the first lines on (Empire's once its MAP-SIZE came), never two.
  for (const [game, svgs] of Object.entries(r.live)) {
    assert.ok(svgs.every((n) => n <= 1), `${game}: ${svgs}`);
    assert.equal(svgs.at(-1), 1, `${game}: ${svgs}`);
    if (game !== "empire") assert.ok(svgs.every((n) => n === 1), `${game}: ${svgs}`);
  }
  assert.equal(r.live.empire[0], 0);  // the header alone: no map yet, and no error

  assert.equal(r.panel.legal, 2);          // BD, and KL for both KL and HI
  assert.equal(r.panel.buttons, 3);
  assert.equal(r.panel.hunters, 4);
  assert.equal(r.panel.afterClick, 0);     // answered: nothing left to click
  assert.deepEqual(r.panel.offered, ["KL", "HI"]);
  assert.deepEqual(r.panel.sent, [{ type: "reply", text: '{"move":"BD","message":""}\n' },
                                  { type: "reply", text: '{"move":"HI","message":""}\n' }]);
  assert.match(r.panel.status, /Game over: winner hunters, final score 300/);
  assert.equal(r.panel.shellLegal, 2);
  assert.deepEqual(r.panel.shellSent, ['{"turn":0,"move":"JM","message":"","done":true}\n']);
});
