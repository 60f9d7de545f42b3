// The page shell (docs/web.md): one page for the replay list, the viewer, human play and live
// spectating. Game modules (games/*.js) register in Arena.games; the shell owns the controls.
"use strict";
var Arena = (function () {
  const games = {};

  // el("button", {type: "button"}, "play"): an element with attributes and children.
  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "on") for (const [ev, fn] of Object.entries(v)) e.addEventListener(ev, fn);
      else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c);
    return e;
  }
  const SVG_NS = "http://www.w3.org/2000/svg";
  function svg(tag, attrs, ...children) {
    const e = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null) e.setAttribute(k, v);
    for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c);
    return e;
  }

  // The replay container (DESIGN.md): JSON Lines, a header first. Errors name the line.
  function parseReplay(text) {
    if (typeof text !== "string" || text.trim() === "") throw new Error("the replay file is empty");
    const raw = text.split("\n");
    if (raw[raw.length - 1] === "") raw.pop();
    const parsed = [];
    raw.forEach((line, i) => {
      let v;
      try {
        v = JSON.parse(line);
      } catch (e) {
        const cut = i === raw.length - 1 && !text.endsWith("\n") ? " (the file looks truncated)" : "";
        throw new Error("line " + (i + 1) + " is not JSON: " + e.message + cut);
      }
      if (v === null || typeof v !== "object" || Array.isArray(v))
        throw new Error("line " + (i + 1) + " is not a JSON object");
      parsed.push(v);
    });
    const header = parsed[0];
    if (header.type !== "header") throw new Error("line 1 is not a header (type is " + JSON.stringify(header.type) + ")");
    if (typeof header.game !== "string") throw new Error("line 1: the header names no game");
    return { header, lines: parsed.slice(1) };
  }

  function showError(message) {
    const box = document.getElementById("error");
    box.hidden = false;
    box.textContent = message;
    document.getElementById("app").hidden = false;
  }

  function moduleFor(name) {
    const g = games[name];
    if (!g) throw new Error("no viewer for the game '" + name + "' (viewers: " + Object.keys(games).join(", ") + ")");
    return g;
  }

  // The viewer: one replay (or a live match's lines so far) and its controls.
  function Viewer(stage, header, lines, source) {
    const game = moduleFor(header.game);
    const opts = {};
    for (const o of game.options || []) opts[o.name] = o.initial;
    let model = game.build(header, lines);
    let count = game.frameCount(model);
    let k = 0, timer = null, speed = 1;
    const board = el("div", { id: "board", class: "board" });
    const text = el("pre", { id: "text", class: "text", "aria-label": "turn text" });
    const result = el("div", { id: "result", class: "result" });
    const label = el("span", { id: "frame", class: "frame" });
    const scrub = el("input", { type: "range", id: "scrub", "aria-label": "scrub", min: 0, value: 0,
      on: { input: () => go(+scrub.value) } });
    const jump = el("input", { type: "number", id: "jump", "aria-label": "jump to turn", min: 0,
      on: { change: () => go(+jump.value) } });
    const speedSel = el("select", { id: "speed", "aria-label": "speed",
      on: { change: () => { speed = +speedSel.value; if (timer) { pause(); play(); } } } },
      ["0.25", "0.5", "1", "2", "4", "8", "16"].map((s) => el("option", { value: s, selected: s === "1" }, s + "×")));
    const button = (name, fn) => el("button", { type: "button", name, on: { click: fn } }, name);
    const toggles = (game.options || []).map((o) => el("label", {},
      el("input", { type: "checkbox", name: o.name, checked: o.initial,
        on: { change: (e) => { opts[o.name] = e.target.checked; draw(); } } }), " " + o.label));
    const controls = el("div", { class: "controls", role: "toolbar", "aria-label": "replay controls" },
      button("back", () => { pause(); go(k - 1); }), button("play", play), button("pause", pause),
      button("step", () => { pause(); go(k + 1); }), scrub, label,
      el("label", {}, "speed ", speedSel), el("label", {}, "turn ", jump), toggles);
    stage.replaceChildren(el("h1", { id: "title" }, (game.title || header.game) + (source ? " — " + source : "")),
      controls, board, text, result);

    function draw() {
      game.render(board, model, k, opts);
      text.textContent = (game.text(model, k, opts) || []).join("\n");
      label.textContent = "step " + k + " / " + (count - 1);
      scrub.max = count - 1;
      scrub.value = k;
      jump.max = count - 1;
      jump.value = k;
      const res = lines.find((l) => l.type === "result");
      result.textContent = res ? resultText(res) : "no result yet";
    }
    function go(to) {
      if (!Number.isFinite(to)) return;
      k = Math.max(0, Math.min(count - 1, Math.trunc(to)));
      draw();
      if (shareable(location.pathname)) history.replaceState(null, "", "#turn=" + k);
    }
    function play() {
      if (timer) return;
      if (k >= count - 1) go(0);
      timer = setInterval(() => {
        if (k >= count - 1) return pause();
        go(k + 1);
      }, 500 / speed);
    }
    function pause() {
      if (timer) clearInterval(timer);
      timer = null;
    }
    board.replaceChildren();
    const m = /#turn=(\d+)/.exec(location.hash);
    go(m ? +m[1] : 0);
    // Live: the lines so far grow; the view follows the newest step unless the user moved away.
    this.update = function (newLines) {
      const atEnd = k >= count - 1;
      lines = newLines;
      model = game.build(header, lines);
      count = game.frameCount(model);
      if (atEnd) k = count - 1;
      go(k);
    };
  }

  // A tournament's match in the viewer: /tournament/<name>/match/<index> (name still encoded).
  const tournamentMatch = /^\/tournament\/([^/]+)\/match\/(\d+)$/;
  // The viewer's URLs that name a stored replay: the address bar follows the turn shown.
  const shareable = (path) => path.startsWith("/view/") || tournamentMatch.test(path);

  function resultText(res) {
    const scores = Object.entries(res.scores || {}).map(([r, s]) => r + " " + s).join(", ");
    return "result: " + (scores ? "scores " + scores : "no scores") +
      (res.winner ? "; winner " + res.winner : "; no winner") +
      (res.result ? "; " + Object.entries(res.result).map(([k, v]) => k + " " + JSON.stringify(v)).join(", ") : "");
  }

  // Opens replay text in the viewer; any error becomes a message in the page.
  function openText(textBytes, source) {
    const stage = document.getElementById("stage");
    document.getElementById("home").hidden = true;
    document.getElementById("app").hidden = false;
    try {
      const { header, lines } = parseReplay(textBytes);
      new Viewer(stage, header, lines, source);
    } catch (e) {
      stage.replaceChildren();
      showError("Cannot show " + source + ": " + e.message);
    }
  }

  // A replay from the server: a file of the replay directory or a tournament's match.
  async function openFile(name, url) {
    let res;
    try {
      res = await fetch(url || "/api/replay/" + encodeURIComponent(name));
    } catch (e) {
      return showError("Cannot fetch " + name + ": " + e.message);
    }
    const body = await res.text();
    if (!res.ok) return showError("Cannot open " + name + ": " + body.trim() + " (HTTP " + res.status + ")");
    openText(body, name);
  }

  // Human play: the page is one more seat of the game's referee (docs/web.md).
  function startPlay(gameName, query) {
    document.getElementById("home").hidden = true;
    document.getElementById("app").hidden = false;
    const stage = document.getElementById("stage");
    let game;
    try {
      game = moduleFor(gameName);
      if (!game.play) throw new Error(gameName + " has no human play in this page");
    } catch (e) {
      return showError(e.message);
    }
    const handlers = {};
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(proto + "//" + location.host + "/ws/play/" + encodeURIComponent(gameName) + query);
    let ended = false;
    const session = {
      game: gameName,
      query,
      on(type, fn) { (handlers[type] = handlers[type] || []).push(fn); },
      send(text) { ws.send(JSON.stringify({ type: "reply", text })); },
      parseReplay, resultText,
    };
    const status = el("p", { id: "status", role: "status" }, "connecting…");
    const root = el("div", { id: "play", class: "play" });
    const result = el("div", { id: "result", class: "result" });
    stage.replaceChildren(el("h1", { id: "title" }, (game.title || gameName) + " — your game"), status, root, result);
    game.play.mount(root, session);
    ws.onopen = () => { status.textContent = "connected"; };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return showError("bad message from the server: " + ev.data); }
      if (msg.type === "error") showError(msg.message);
      if (msg.type === "end") {
        ended = true;
        status.textContent = "game over";
        result.replaceChildren(resultText(msg.result || {}));
        if (msg.file) result.append(" — replay: ", el("a", { href: "/view/" + encodeURIComponent(msg.file), id: "replay-link" }, msg.file));
        if (msg.replay_error) result.append(" — " + msg.replay_error);
      }
      if (msg.type === "start") {
        status.textContent = "playing " + msg.game + " as " + msg.role + ", seed " + msg.seed + " — spectators: ";
        status.append(el("a", { href: "/live/" + msg.live, id: "live-link", target: "_blank" }, "/live/" + msg.live));
      }
      for (const fn of handlers[msg.type] || []) {
        try { fn(msg); } catch (e) { showError("the " + gameName + " page failed: " + e.message); }
      }
    };
    ws.onclose = () => {
      if (!ended) status.textContent = "connection closed";
    };
  }

  // Live spectating: the lines of a running match as they come (header first), then the whole
  // replay at the end.
  function startLive(id) {
    document.getElementById("home").hidden = true;
    document.getElementById("app").hidden = false;
    const stage = document.getElementById("stage");
    const status = el("p", { id: "status", role: "status" }, "waiting for the match to start…");
    const view = el("div", { id: "live-view" });
    stage.replaceChildren(status, view);
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(proto + "//" + location.host + "/ws/live/" + encodeURIComponent(id));
    let header = null, lines = [], turns = 0, viewer = null, ended = false, drawing = false;
    const show = () => {
      try {
        // Made with no line yet, so that it starts at the newest step and follows from there.
        if (!viewer) viewer = new Viewer(view, header, [], "live " + id);
        viewer.update(lines.slice());
      } catch (e) {
        showError("Cannot show the live match: " + e.message);
      }
    };
    ws.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "error") return showError(msg.message);
      if (msg.type === "line") {
        if (msg.line.type === "header") header = msg.line;
        else lines.push(msg.line);
        if (msg.line.type === "turn") ++turns;
        if (header) {
          status.textContent = "live: " + (turns ? turns + " turn(s)" : lines.length + " line(s)") + " so far";
          // A real-time game streams thousands of lines a second and each draw builds the match
          // again: draw at most once a frame, with every line come by then.
          if (!drawing) {
            drawing = true;
            requestAnimationFrame(() => { drawing = false; if (!ended) show(); });
          }
        }
      }
      if (msg.type === "end") {
        ended = true;
        status.textContent = "the match is over";
        try {
          const all = parseReplay(msg.replay);
          header = all.header;
          lines = all.lines;
          show();  // the whole replay (logs, result); a viewer at the last step stays there
        } catch (e) {
          showError("The match ended without a readable replay: " + e.message);
        }
      }
    };
    ws.onclose = () => { if (!ended) status.textContent = "connection closed"; };
  }

  function setupDrop() {
    const drop = document.getElementById("drop"), upload = document.getElementById("upload");
    if (!drop) return;
    const read = (file) => file.text().then((t) => openText(t, file.name), (e) => showError(e.message));
    upload.addEventListener("change", () => { if (upload.files[0]) read(upload.files[0]); });
    drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
    drop.addEventListener("dragleave", () => drop.classList.remove("over"));
    drop.addEventListener("drop", (e) => {
      e.preventDefault();
      drop.classList.remove("over");
      if (e.dataTransfer.files[0]) read(e.dataTransfer.files[0]);
    });
  }

  function start() {
    setupDrop();
    const path = location.pathname;
    const where = document.getElementById("where");
    const rest = (prefix) => decodeURIComponent(path.slice(prefix.length));
    try {
      if (path.startsWith("/view/")) {
        where.textContent = rest("/view/");
        openFile(rest("/view/"));
      } else if (tournamentMatch.test(path)) {
        const [, name, index] = tournamentMatch.exec(path);
        where.replaceChildren(el("a", { href: "/tournament/" + name, id: "tournament-link" }, decodeURIComponent(name)),
          " match " + index);
        openFile(decodeURIComponent(name) + " match " + index, "/api/tournament/" + name + "/replay/" + index);
      } else if (path.startsWith("/live/")) {
        where.textContent = "live " + rest("/live/");
        startLive(rest("/live/"));
      } else if (path.startsWith("/play/")) {
        where.textContent = "play " + rest("/play/");
        startPlay(rest("/play/"), location.search);
      }
    } catch (e) {
      showError(e.message);
    }
  }

  return { games, el, svg, parseReplay, resultText, openText, start };
})();
