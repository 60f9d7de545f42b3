// The pure parts (build, frameCount, text) of the replay viewers in server/web/games/, run under
// node against replays the real `arena` binary writes at test time. The modules are plain browser
// scripts: each is run in a fresh context holding only a minimal `Arena` global, as the page shell
// provides it. ARENA_BIN names the binary, ARENA_SOURCE_DIR the source tree (set by viewers.cmake).
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import vm from "node:vm";
import { execFileSync } from "node:child_process";

const SRC = process.env.ARENA_SOURCE_DIR || path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const BIN = process.env.ARENA_BIN || path.join(SRC, "build/bin/arena");
const GAMES = path.join(SRC, "server/web/games");
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), "arena-viewers-"));
process.on("exit", () => fs.rmSync(TMP, { recursive: true, force: true }));

function load(...files) {
  const ctx = vm.createContext({ Arena: { games: {} } });
  for (const f of files) vm.runInContext(fs.readFileSync(path.join(GAMES, f), "utf8"), ctx, { filename: f });
  return ctx.Arena;
}

let counter = 0;
function play(game, args) {
  const file = path.join(TMP, `${game}-${counter++}.jsonl`);
  execFileSync(BIN, ["play", game, ...args, "--replay", file], { stdio: ["ignore", "ignore", "pipe"] });
  const lines = fs.readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l));
  return { header: lines[0], lines: lines.slice(1), result: lines[lines.length - 1] };
}

// The final step's text names every seat's score and the winner of the result line.
function checkResultText(g, model, result) {
  const last = g.text(model, g.frameCount(model) - 1, {}).join("\n");
  assert.equal(result.type, "result");
  assert.match(last, new RegExp("Result: winner " + (result.winner ?? "none")));
  for (const [seat, score] of Object.entries(result.scores)) assert.ok(last.includes(`${seat} ${score}`), `${seat} ${score} in:\n${last}`);
}

test("dracula_map.js holds the places and connections of games/dracula/map_data.cc", () => {
  const src = fs.readFileSync(path.join(SRC, "games/dracula/map_data.cc"), "utf8");
  const places = [...src.matchAll(/\{"([A-Z]{2})", "([^"]+)", "[A-Z_]+", PlaceType::k(Land|Sea)\}/g)]
    .map((m) => [m[1], m[2], m[3].toLowerCase()]);
  const conns = [...src.matchAll(/\{(\d+), (\d+), Transport::k(Road|Rail|Boat)\}/g)].map((m) => [+m[1], +m[2], m[3].toLowerCase()]);
  const map = load("dracula_map.js").data.draculaMap;
  assert.equal(places.length, 71);
  assert.deepEqual(JSON.parse(JSON.stringify(map.places.map((p) => p.slice(0, 3)))), places);
  assert.deepEqual(JSON.parse(JSON.stringify(map.connections)), conns);
  for (const p of map.places) assert.ok(p[3] > -15 && p[3] < 35 && p[4] > 35 && p[4] < 57, `${p[0]} inside Europe`);
});

test("dracula: steps, the replayed past plays and the result of real games", () => {
  const g = load("dracula_map.js", "dracula.js").games.dracula;
  for (const [h, d, seed] of [["hunter", "dracula-v1", 3], ["b-hunt-random", "b-drac-random", 5], ["b-hunt-chase", "b-drac-greedy", 8]]) {
    const r = play("dracula", ["--seat", `hunters=bot:${h}`, "--seat", `D=bot:${d}`, "--seed", String(seed)]);
    const model = g.build(r.header, r.lines);
    const turns = r.lines.filter((l) => l.type === "turn").length;
    assert.equal(turns, r.result.result.plays);
    assert.equal(g.frameCount(model), turns + 1);
    assert.equal(model.mismatch, null, `seed ${seed}`);
    assert.equal(model.steps.at(-1).state.plays.join(" "), r.result.result.past_plays);
    const last = g.text(model, turns, {}).join("\n");
    assert.match(last, new RegExp(`Score ${r.result.result.final_score} · Dracula ${r.result.result.dracula_blood} BP`));
    r.result.result.hunter_health.forEach((hp, i) => assert.match(last, new RegExp(`${"GSHM"[i]} ${hp} LP`)));
    checkResultText(g, model, r.result);
    // Every step has text and the hunters' view never shows a place the full view hides more of.
    for (let k = 0; k < g.frameCount(model); k += 7) {
      assert.ok(g.text(model, k, {}).length >= 3);
      assert.ok(g.text(model, k, { hunters: true }).length >= 3);
    }
  }
});

// Spec §8.4: the redacted string given to the hunter making the next play; the vectors R1-R5
// of the spec, copied here so that the test runs wherever the source tree is.
const REDACTION_VECTORS = [
  ["1", "GPA.... SBR.... HMA.... MKL.... DCO.V.. GPA.... SPR.... HMA.... MKL.... DAMT... GST.... SPR.... HMA.... MCD.... DHIT...",
   "GPA.... SBR.... HMA.... MKL.... DC?.V.. GPA.... SPR.... HMA.... MKL.... DC?T... GST.... SPR.... HMA.... MCD.... DC?T..."],
  ["2", "GPA.... SBR.... HMA.... MKL.... DCO.V.. GPA.... SPR.... HMA.... MKL.... DAMT... GST.... SPR.... HMA.... MCD.... DHIT... GZU.... SVI.... HSR.... MGA.... DBUT... GZU.... SZA.... HSR.... MGA.... DLET... GZU.... SSZ.... HTO.... MGA.... DNAT... GZU.... SJM.... HMR.... MGA.... DBOT.V. GZU.... SJM.... HMS.... MCN.... DCFT.M. GMU.... SZA.... HTS.... MBS.... DGET.M.",
   "GPA.... SBR.... HMA.... MKL.... DC?.V.. GPA.... SPR.... HMA.... MKL.... DC?T... GST.... SPR.... HMA.... MCD.... DHIT... GZU.... SVI.... HSR.... MGA.... DC?T... GZU.... SZA.... HSR.... MGA.... DC?T... GZU.... SSZ.... HTO.... MGA.... DC?T... GZU.... SJM.... HMR.... MGA.... DC?T.V. GZU.... SJM.... HMS.... MCN.... DC?T.M. GMU.... SZA.... HTS.... MBS.... DC?T.M."],
  ["3", "GPA.... SBR.... HMA.... MKL.... DNU.V.. GST.... SPR.... HSR.... MKL.... DLIT... GST.... SPR.... HSR.... MCD.... DHAT... GZU.... SPR.... HTO.... MGA.... DCOT... GZU.... SPR.... HMR.... MGA.... DAMT... GZU.... SPR.... HMR.... MGA.... DBUT...",
   "GPA.... SBR.... HMA.... MKL.... DC?.V.. GST.... SPR.... HSR.... MKL.... DC?T... GST.... SPR.... HSR.... MCD.... DC?T... GZU.... SPR.... HTO.... MGA.... DC?T... GZU.... SPR.... HMR.... MGA.... DC?T... GZU.... SPR.... HMR.... MGA.... DC?T..."],
  ["4", "GPA.... SBR.... HMA.... MKL.... DNU.V.. GST.... SPR.... HSR.... MKL.... DLIT... GST.... SPR.... HSR.... MCD.... DHAT... GZU.... SPR.... HTO.... MGA.... DCOT... GZU.... SPR.... HMR.... MGA.... DAMT... GZU.... SPR.... HMR.... MGA.... DBUT... GZU....",
   "GPA.... SBR.... HMA.... MKL.... DNU.V.. GST.... SPR.... HSR.... MKL.... DC?T... GST.... SPR.... HSR.... MCD.... DC?T... GZU.... SPR.... HTO.... MGA.... DC?T... GZU.... SPR.... HMR.... MGA.... DC?T... GZU.... SPR.... HMR.... MGA.... DC?T... GZU...."],
  ["5", "GPA.... SBR.... HMA.... MKL.... DVE.V.. GPA.... SPR.... HSR.... MCD.... DFLT... GST.... SVI.... HSR.... MGA.... DGOT... GZU.... SVI.... HTO.... MGA.... DHIT... GST.... SZA.... HTO.... MCN.... DMIT... GST.... SSZ.... HMR.... MCN.... DD1T... GZU.... SJM.... HMS.... MBS.... DMUT.V. GMUTD.. SSJ.... HTS.... MVR.... DZAT.M. GZATD.. SVA.... HRO.... MSO.... DSZT.M. GZA.... SIO.... HNP.... MBC.... DKLT.M.",
   "GPA.... SBR.... HMA.... MKL.... DC?.V.. GPA.... SPR.... HSR.... MCD.... DC?T... GST.... SVI.... HSR.... MGA.... DC?T... GZU.... SVI.... HTO.... MGA.... DHIT... GST.... SZA.... HTO.... MCN.... DC?T... GST.... SSZ.... HMR.... MCN.... DD1T... GZU.... SJM.... HMS.... MBS.... DMUT.V. GMUTD.. SSJ.... HTS.... MVR.... DZAT.M. GZATD.. SVA.... HRO.... MSO.... DC?T.M. GZA.... SIO.... HNP.... MBC.... DC?T.M."],
];

test("dracula: the hunters' view is the redaction of spec §8.4 (R1-R5)", () => {
  const g = load("dracula_map.js", "dracula.js").games.dracula;
  for (const [name, full, hunter] of REDACTION_VECTORS) {
    const plays = full.split(" ");
    const lines = plays.map((p, i) => ({ type: "turn", play: i, seat: p[0], move: p.slice(1, 3) }));
    const model = g.build({ game: "dracula" }, lines);
    const s = model.steps.at(-1).state;
    assert.equal(s.plays.join(" "), full, `R${name} full`);
    assert.equal(g._rules.redactedPlays(s, Math.floor(plays.length / 5)).join(" "), hunter, `R${name} hunter`);
  }
});

test("dracula: a replay it cannot read is refused with a clear message", () => {
  const g = load("dracula_map.js", "dracula.js").games.dracula;
  const r = play("dracula", ["--seat", "hunters=bot:hunter", "--seat", "D=bot:dracula-v1", "--seed", "3"]);
  assert.throws(() => g.build({ ...r.header, game: "wumpus" }, r.lines), /not dracula/);
  assert.throws(() => g.build(r.header, r.lines.filter((l) => l.play !== 7)), /expected play 7, found 8/);
  assert.throws(() => g.build(r.header, [{ type: "turn", play: 0, seat: "G", move: "XX" }]), /'XX' is not a place/);
  assert.throws(() => g.build(r.header, [{ type: "turn", play: 0, seat: "S", move: "MA" }]), /belongs to G/);
  // A replay cut short (a live match) is read up to where it stops.
  const cut = g.build(r.header, r.lines.slice(0, 12));
  assert.equal(g.frameCount(cut), 13);
  assert.match(g.text(cut, 12, {}).join("\n"), /No result yet/);
});

test("evolution: one step per message and per turn, the result's scores", () => {
  const g = load("evolution.js").games.evolution;
  const r = play("evolution", ["--seat", "p1=bot:silly", "--seat", "p2=bot:silly", "--seat", "p3=bot:strategic", "--seed", "2"]);
  const model = g.build(r.header, r.lines);
  const events = r.lines.filter((l) => l.type === "event" || l.type === "turn").length;
  assert.equal(g.frameCount(model), events + 1);
  const turnLines = r.lines.filter((l) => l.type === "turn");
  assert.equal(turnLines.length, r.result.result.turns);
  checkResultText(g, model, r.result);
  // The bags at the end are the ranking's scores.
  for (const rank of r.result.result.ranking) assert.equal(model.steps.at(-1).players[rank.id].bag, rank.score);
  assert.throws(() => g.build({ ...r.header, game: "empire" }, r.lines), /not evolution/);
  assert.throws(() => g.build({ ...r.header, players: undefined }, r.lines), /no 'players'/);
  const bad = r.lines.map((l) => (l.call === "start" ? { ...l, message: [0, 1] } : l));
  assert.throws(() => g.build(r.header, bad), /line 2: a Start message has 4 elements/);
});

test("empire: one step per turn from the record, the map from its initialisation log", () => {
  const g = load("empire.js").games.empire;
  const r = play("empire", ["--seat", "p1=bot:reference", "--seat", "p2=bot:greedy", "--seed", "2"]);
  const model = g.build(r.header, r.lines);
  const turns = r.lines.filter((l) => l.type === "event" && l.line.startsWith("(TURN ")).length;
  assert.equal(g.frameCount(model), turns + 1);
  assert.equal(model.map.w, 59);
  assert.equal(model.map.h, 21);
  assert.equal(model.map.cities.length, r.lines.filter((l) => l.type === "event" && l.line.startsWith("(CITY ")).length);
  const final = model.steps.at(-1).players;
  for (const [seat, cash] of Object.entries(r.result.result.cash)) assert.equal(final[r.header.roles.indexOf(seat)].cash, cash);
  checkResultText(g, model, r.result);
  assert.throws(() => g.build({ ...r.header, game: "dungeon" }, r.lines), /not empire/);
  const cut = r.lines.filter((l) => !(l.type === "event" && l.line === "(INIT-END)"));
  assert.throws(() => g.build(r.header, cut), /TURN before INIT-END/);
  const garbled = r.lines.map((l) => (l.type === "event" && l.line.startsWith("(TRACK ") ? { ...l, line: "(TRACK 0 (1 2" } : l));
  assert.throws(() => g.build(r.header, garbled), /unclosed list/);
  // A seat's conduct beside the record (what it was sent, how its connection ended) is shown in
  // the turn it happened in.
  const turn3 = r.lines.findIndex((l) => l.type === "event" && l.line.startsWith("(TURN ")) + 3;
  const conduct = [...r.lines.slice(0, turn3), { type: "event", seat: "p2", sent: "(TIMEOUT)" },
    { type: "event", seat: "p2", verdict: "closed", detail: "end of stream" }, ...r.lines.slice(turn3)];
  const withConduct = g.build(r.header, conduct);
  assert.equal(g.frameCount(withConduct), g.frameCount(model));
  const shown = g.text(withConduct, 1, {}).join("\n");
  assert.match(shown, /p2: sent \(TIMEOUT\)/);
  assert.match(shown, /p2: closed: end of stream/);
});

test("dungeon: the graph regenerated from the seed, one step per record after begin", () => {
  const g = load("dungeon.js").games.dungeon;
  for (const [seed, t1] of [[2, "stress"], [47, "idle"]]) {
    const r = play("dungeon", ["--seat", "team0=bot:reference", "--seat", `team1=bot:${t1}`, "--seed", String(seed)]);
    const model = g.build(r.header, r.lines);
    const events = r.lines.filter((l) => l.type === "event" && !["connect", "register", "refused", "begin"].includes(l.ev)).length;
    assert.equal(g.frameCount(model), events + 1);
    assert.equal(model.graph.edges.length / 2, r.header.edges);
    const deaths = model.steps.at(-1).deaths;
    for (const p of [0, 1]) {
      const d = r.result.result.deaths[p];
      assert.equal(deaths[p], d.trap + d.combat, `seed ${seed} team${p} deaths`);
    }
    checkResultText(g, model, r.result);
    if (seed === 47) assert.equal(r.header.redraws, 1);
    // An heir that walks onto a monster dies in combat with no `kill` record, only its move home
    // (spec §5.2, §11.2); it counts as a death all the same.
    const begin = r.lines.findIndex((l) => l.type === "event" && l.ev === "begin");
    const eaten = [...r.lines.slice(0, begin + 1),
      { type: "event", ev: "pos", p: 1, a: 0, node: r.header.start1, cause: "combat" }, ...r.lines.slice(begin + 1)];
    assert.equal(g.build(r.header, eaten).steps.at(-1).deaths[1], deaths[1] + 1);
    assert.throws(() => g.build({ ...r.header, seed: String(seed + 1) }, r.lines), /the header says/);
    assert.throws(() => g.build({ ...r.header, nodes: undefined }, r.lines), /no 'nodes'/);
  }
});

// Live spectating (docs/web.md): the shell builds a running match from the lines so far, from the
// header alone on, and again at every new line; no result line yet.
test("live: every viewer builds a running match from its lines so far, and follows as they grow", () => {
  const cases = [
    ["dracula", ["dracula_map.js", "dracula.js"], ["--seat", "hunters=bot:hunter", "--seat", "D=bot:dracula-v1", "--seed", "3"]],
    ["evolution", ["evolution.js"], ["--seat", "p1=bot:silly", "--seat", "p2=bot:silly", "--seat", "p3=bot:strategic", "--seed", "2"]],
    ["empire", ["empire.js"], ["--seat", "p1=bot:reference", "--seat", "p2=bot:greedy", "--seed", "2"]],
    ["dungeon", ["dungeon.js"], ["--seat", "team0=bot:reference", "--seat", "team1=bot:stress", "--seed", "2"]],
  ];
  for (const [game, files, args] of cases) {
    const g = load(...files).games[game];
    const r = play(game, args);
    // What the referee streams: every line but match/'s seat logs and the result.
    const streamed = r.lines.filter((l) => l.type !== "log" && l.type !== "result");
    const cuts = new Set();
    for (let n = 0; n <= Math.min(streamed.length, 40); n++) cuts.add(n);
    for (let i = 1; i <= 40; i++) cuts.add(Math.round((streamed.length * i) / 40));
    let frames = 1;
    for (const n of [...cuts].sort((a, b) => a - b)) {
      let model;
      assert.doesNotThrow(() => { model = g.build(r.header, streamed.slice(0, n)); }, `${game}: the first ${n} lines`);
      const count = g.frameCount(model);
      assert.ok(count >= frames, `${game}: ${n} lines give ${count} frames, fewer lines gave ${frames}`);
      frames = count;
      const last = g.text(model, count - 1, {}).join("\n");
      assert.match(last, /No result yet/, `${game}: ${n} lines`);
    }
    // All of them: the frames of the whole replay, which then only adds its logs and result.
    assert.equal(frames, g.frameCount(g.build(r.header, r.lines)), game);
  }
});

test("dracula play panel: the position a seat knows, the moves at a place, the reply line", () => {
  const rules = load("dracula_map.js", "dracula.js").games.dracula._rules;
  // A hunter's redacted string: Dracula's C? stays unknown, his HI then resolves to nothing.
  const pos = rules.positionFromString("GMA.... SBU.... HFL.... MBD.... DC?.V.. GSR.... SBU.... HFL.... MBD.... DHIT...");
  assert.deepEqual([...pos.hunters], ["SR", "BU", "FL", "BD"]);
  assert.deepEqual([...pos.dlocs], [null, null]);
  const full = rules.positionFromString("GMA.... SBU.... HFL.... MBD.... DKL.V.. GSR.... SBU.... HFL.... MBD.... DD1T...");
  assert.deepEqual([...full.dlocs], ["KL", "KL"]);
  assert.throws(() => rules.positionFromString("XMA...."), /'XMA....' is not a play/);
  const hint = { moves: [{ move: "BD", location: "BD" }, { move: "KL", location: "KL" }, { move: "HI", location: "KL" }] };
  assert.deepEqual(rules.movesAt(hint, "KL").map((m) => m.move), ["KL", "HI"]);
  assert.equal(rules.movesAt(null, "KL").length, 0);
  assert.equal(rules.replyText('{"past_plays":"","messages":[]}', "MA", "hi\u00e9"), '{"move":"MA","message":"hi?"}\n');
  assert.equal(rules.replyText('{"turn":4,"past_plays":"","messages":[]}', "HI", ""), '{"turn":4,"move":"HI","message":"","done":true}\n');
});
