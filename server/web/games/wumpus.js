// Hunt the Wumpus (spec §8 replay, §9 human play): the cave as SVG, with a fog toggle, the
// hero's percepts as text, and the human's play panel.
"use strict";
(function () {
  const { el, svg } = Arena;
  const CELL = 44;
  const DIRS = { N: [0, 1], E: [1, 0], S: [0, -1], W: [-1, 0] };

  function need(cond, message) {
    if (!cond) throw new Error(message);
  }
  const isCell = (c) => Array.isArray(c) && c.length === 2 && Number.isInteger(c[0]) && Number.isInteger(c[1]);
  const key = (c) => c[0] + "," + c[1];

  function build(header, lines) {
    const p = header.params, cave = header.cave;
    need(p && Number.isInteger(p.width) && Number.isInteger(p.height) && p.width > 0 && p.height > 0,
      "the Wumpus header has no params.width/params.height");
    need(cave && Array.isArray(cave.pits) && Array.isArray(cave.wumpuses) && isCell(cave.gold),
      "the Wumpus header has no cave (pits, wumpuses, gold)");
    const turns = lines.filter((l) => l.type === "turn");
    const start = { pos: [0, 0], dir: "N", arrows: p.arrows, has_gold: false, alive: true, score: 0,
      visited: new Set(["0,0"]), dead: new Set(), goldTaken: false, events: [] };
    const states = [start];
    turns.forEach((t, i) => {
      need(isCell(t.pos) && typeof t.dir === "string" && DIRS[t.dir],
        "turn " + (i + 1) + " (line " + (lines.indexOf(t) + 2) + "): pos or dir missing or invalid");
      const prev = states[states.length - 1];
      const s = { pos: t.pos, dir: t.dir, arrows: t.arrows, has_gold: !!t.has_gold, alive: t.alive !== false,
        score: t.score, visited: new Set(prev.visited), dead: new Set(prev.dead),
        goldTaken: prev.goldTaken || !!t.has_gold, events: t.events || [] };
      s.visited.add(key(t.pos));
      if (isCell(t.killed)) s.dead.add(key(t.killed));
      states.push(s);
    });
    return { header, p, cave, turns, states, logs: lines.filter((l) => l.type === "log"),
      result: lines.find((l) => l.type === "result") };
  }

  // The cave at one state; fog hides what the hero has not seen (unvisited cells).
  function drawCave(root, p, cave, s, fog) {
    const W = p.width, H = p.height;
    const X = (x) => x * CELL, Y = (y) => (H - 1 - y) * CELL;
    const g = svg("svg", { class: "wumpus", width: W * CELL, height: H * CELL, viewBox: `0 0 ${W * CELL} ${H * CELL}`,
      role: "img", "aria-label": "cave" });
    const hidden = (c) => fog && !s.visited.has(key(c));
    for (let y = 0; y < H; ++y)
      for (let x = 0; x < W; ++x) {
        const seen = s.visited.has(x + "," + y);
        g.append(svg("rect", { class: "cell" + (seen ? " visited" : "") + (fog && !seen ? " fog" : ""),
          x: X(x), y: Y(y), width: CELL, height: CELL, "data-cell": x + "," + y }));
      }
    g.append(svg("rect", { class: "exit", x: X(0) + 2, y: Y(0) + 2, width: CELL - 4, height: CELL - 4 }));
    if (cave) {
      for (const c of cave.pits)
        if (!hidden(c)) g.append(svg("circle", { class: "pit", cx: X(c[0]) + CELL / 2, cy: Y(c[1]) + CELL / 2, r: CELL * 0.3 }));
      for (const c of cave.wumpuses)
        if (!hidden(c)) {
          const dead = s.dead.has(key(c));
          g.append(svg("text", { class: "wumpus-mark" + (dead ? " dead" : ""), x: X(c[0]) + CELL / 2, y: Y(c[1]) + CELL * 0.68,
            "text-anchor": "middle", "font-size": CELL * 0.5 }, dead ? "w" : "W"));
        }
      if (!s.goldTaken && !hidden(cave.gold))
        g.append(svg("rect", { class: "gold", x: X(cave.gold[0]) + CELL * 0.3, y: Y(cave.gold[1]) + CELL * 0.3,
          width: CELL * 0.4, height: CELL * 0.4 }));
    }
    // The hero: a triangle pointing its heading.
    const cx = X(s.pos[0]) + CELL / 2, cy = Y(s.pos[1]) + CELL / 2, r = CELL * 0.32;
    const [dx, dy] = DIRS[s.dir] || DIRS.N;
    const tip = [cx + dx * r, cy - dy * r], l = [cx - dx * r * 0.6 - dy * r * 0.7, cy + dy * r * 0.6 - dx * r * 0.7],
      rr = [cx - dx * r * 0.6 + dy * r * 0.7, cy + dy * r * 0.6 + dx * r * 0.7];
    g.append(svg("polygon", { class: "hero" + (s.alive ? "" : " dead"), "data-dir": s.dir,
      points: [tip, l, rr].map((q) => q.join(",")).join(" ") }));
    root.replaceChildren(g);
  }

  function text(model, k) {
    const p = model.p, out = [];
    if (k === 0) {
      out.push(`start: ${p.width}×${p.height} cave, ${p.arrows} arrow(s), ${p.wumpuses} wumpus(es), ${p.pit_percent}% pits, turn limit ${p.turn_limit}`);
      const player = model.header.player || {};
      out.push(`hero: ${player.kind || "bot"} ${player.name || ""}`);
      if (model.turns[0]) out.push(`percept: ${model.turns[0].percept}`);
    } else {
      const t = model.turns[k - 1];
      out.push(`turn ${t.n}: percept ${t.percept}`);
      out.push(`answer ${JSON.stringify(t.answer)} → action ${t.action || "none"}; verdict ${t.verdict}` +
        (t.detail ? ` (${t.detail})` : "") + `; ${typeof t.ms === "number" ? t.ms.toFixed(1) : "?"} ms`);
      out.push(`score ${t.score}, arrows ${t.arrows}, ${t.has_gold ? "carrying the gold" : "no gold"}, ${t.alive ? "alive" : "dead"}`);
      if (t.events && t.events.length) out.push("events: " + t.events.join(", "));
      const next = model.turns[k];
      if (next) out.push(`next percept: ${next.percept}`);
    }
    if (k === model.states.length - 1) {
      for (const log of model.logs) {
        if (log.start_error) out.push(`${log.seat}: could not start: ${log.start_error}`);
        if (log.exit) out.push(`${log.seat}: ${log.exit}`);
        if (log.stderr) out.push(`${log.seat} stderr${log.stderr_truncated ? " (truncated)" : ""}:\n${log.stderr}`);
      }
      const r = model.result && model.result.result;
      if (r) out.push(`end: score ${r.score}, ${r.reason}, ${r.actions} actions`);
    }
    return out;
  }

  // Human play (spec §9): percepts, arrows, heading, actions, score, a fogged grid of the cave's
  // size with the visited cells; buttons named by the protocol words, arrow keys, a console.
  function mount(root, session) {
    let params = null, state = null, awaiting = false, deadline = 0, actions = 0, limit = 0;
    const board = el("div", { id: "board", class: "board" });
    const info = el("pre", { id: "percepts", class: "text", "aria-label": "percepts" }, "waiting for the game…");
    const clock = el("span", { id: "clock" });
    const transcript = el("pre", { class: "transcript", id: "transcript", "aria-label": "transcript" });
    const send = (line) => {
      if (!awaiting) return;
      awaiting = false;
      setButtons();
      transcript.append("> " + line + "\n");
      session.send(line + "\n");
    };
    const words = ["go", "rotateL", "rotateR", "shot", "grab", "exit"];
    const buttons = words.map((w) => el("button", { type: "button", name: w, "aria-label": w, disabled: true,
      on: { click: () => send(w) } }, w));
    const setButtons = () => buttons.forEach((b) => { b.disabled = !awaiting; });
    const consoleIn = el("input", { id: "console", "aria-label": "console", placeholder: "type a protocol line, Enter",
      on: { keydown: (e) => { if (e.key === "Enter") { send(consoleIn.value); consoleIn.value = ""; } } } });
    root.replaceChildren(board, el("div", { class: "actions" }, buttons), info, el("p", {}, "time left: ", clock),
      el("label", {}, "console ", consoleIn), transcript);
    document.addEventListener("keydown", (e) => {
      if (e.target === consoleIn) return;
      const w = { ArrowUp: "go", ArrowLeft: "rotateL", ArrowRight: "rotateR" }[e.key];
      if (w) { e.preventDefault(); send(w); }
    });
    setInterval(() => {
      clock.textContent = awaiting ? Math.max(0, Math.ceil((deadline - Date.now()) / 1000)) + " s" : "";
    }, 250);
    const show = (percept) => {
      if (!state) return;
      drawCave(board, params, null, state, true);
      info.textContent = [`percepts: ${percept}`, `arrows: ${state.arrows}`, `heading: ${state.dir}`,
        `actions: ${actions} / ${limit}`, `score: ${state.score}`, `position: (${state.pos[0]}, ${state.pos[1]})`].join("\n");
    };
    session.on("request", (m) => {
      const line = m.text.replace(/\r?\n$/, "");
      transcript.append("< " + line + "\n");
      const w = line.split(/\s+/);
      if (w[0] === "start") {
        params = { width: +w[1], height: +w[2], arrows: +w[3], wumpuses: +w[4], pit_percent: +w[5] };
        limit = +w[6];
        state = { pos: [0, 0], dir: "N", arrows: params.arrows, score: 0, alive: true,
          visited: new Set(["0,0"]), dead: new Set(), goldTaken: false };
        return show("");
      }
      if (w[0] === "end") return;
      awaiting = true;
      deadline = Date.now() + m.deadline_ms;
      setButtons();
      show(line);
    });
    session.on("line", (m) => {
      const t = m.line;
      if (t.type !== "turn" || !state) return;
      actions = t.n;
      state.pos = t.pos; state.dir = t.dir; state.arrows = t.arrows; state.score = t.score; state.alive = t.alive;
      state.visited.add(key(t.pos));
      if (t.verdict !== "ok") transcript.append("! " + t.verdict + (t.detail ? ": " + t.detail : "") + "\n");
      show(t.percept);
    });
    session.on("end", (m) => {
      awaiting = false;
      setButtons();
      if (!m.replay) return;
      const { header, lines } = session.parseReplay(m.replay);
      const model = build(header, lines);
      const last = model.states[model.states.length - 1];
      drawCave(board, model.p, model.cave, last, false);  // the whole cave revealed
      const r = model.result.result;
      info.textContent = `game over: score ${r.score}, ${r.reason}, ${r.actions} actions, ` +
        `${r.wumpuses_killed} wumpus(es) killed, ${r.arrows_left} arrow(s) left`;
    });
  }

  Arena.games.wumpus = {
    title: "Hunt the Wumpus",
    build,
    frameCount: (m) => m.states.length,
    render(root, model, k, opts) {
      drawCave(root, model.p, model.cave, model.states[k], !!opts.fog);
    },
    text,
    options: [{ name: "fog", label: "Fog", kind: "toggle", initial: false }],
    play: { mount },
  };
})();
