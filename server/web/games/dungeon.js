// Dungeon Race: the replay viewer (spec shared/specs/dungeon-race.md, replay of docs/dungeon.md).
// The replay header names the seed, the redraws and the special nodes but not the graph, so
// build() generates the points again (§2.1-§2.3: the `dungeon` stream, xoshiro256** seeded by
// SplitMix64 from seed xor FNV-1a(name), in BigInt; every step is exact in IEEE doubles) and
// checks the node and edge counts and the special nodes against the header. Step 0 is the
// dungeon when the game begins; every later record (move, solve, pos, kill, ...) is one step.
(function () {
  // The shell may declare Arena with const/let (not a property of globalThis): name it directly.
  var A = typeof Arena !== "undefined" ? Arena : (globalThis.Arena = { games: {} });
  A.games = A.games || {};
  var MASK = (1n << 64n) - 1n;
  var TEAM_COLORS = ["#1f5fbf", "#c0392b"];

  function rotl(x, k) { return ((x << k) | (x >> (64n - k))) & MASK; }
  function stream(seed, name) {
    var h = 0xCBF29CE484222325n;
    for (var i = 0; i < name.length; i++) h = ((h ^ BigInt(name.charCodeAt(i))) * 0x100000001B3n) & MASK;
    var sm = seed ^ h, s = [];
    for (i = 0; i < 4; i++) {
      sm = (sm + 0x9E3779B97F4A7C15n) & MASK;
      var z = sm;
      z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & MASK;
      z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & MASK;
      s.push(z ^ (z >> 31n));
    }
    return function unit() {
      var result = (rotl((s[1] * 5n) & MASK, 7n) * 9n) & MASK;
      var t = (s[1] << 17n) & MASK;
      s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
      s[2] ^= t; s[3] = rotl(s[3], 45n);
      return Number(result >> 11n) * Math.pow(2, -53);
    };
  }

  // §2.2-§2.4 for the accepted point set (the header's `redraws` sets were rejected before it).
  function generate(seedText, redraws, n) {
    var unit = stream(BigInt(seedText), "dungeon");
    for (var r = 0; r < redraws * 2 * n; r++) unit();
    var xs = new Float64Array(n), ys = new Float64Array(n);
    for (var i = 0; i < n; i++) { xs[i] = unit(); ys[i] = unit(); }
    var R2 = 0.06 * 0.06, edges = [];
    for (i = 0; i < n; i++)
      for (var j = i + 1; j < n; j++) {
        var dx = xs[i] - xs[j], dy = ys[i] - ys[j];
        if (dx * dx + dy * dy <= R2) edges.push(i, j);
      }
    var sp = { start0: -1, shrine0: -1, start1: -1, shrine1: -1 };
    for (i = 0; i < n; i++) {
      if (xs[i] >= 0.45 && xs[i] <= 0.55) {
        if (sp.start0 < 0 || ys[i] > ys[sp.start0]) sp.start0 = i;
        if (sp.shrine0 < 0 || ys[i] < ys[sp.shrine0]) sp.shrine0 = i;
      }
      if (ys[i] >= 0.45 && ys[i] <= 0.55) {
        if (sp.start1 < 0 || xs[i] < xs[sp.start1]) sp.start1 = i;
        if (sp.shrine1 < 0 || xs[i] > xs[sp.shrine1]) sp.shrine1 = i;
      }
    }
    return { xs: xs, ys: ys, edges: edges, special: sp };
  }

  var graphCache = {};

  function agentKey(p, a) { return p + "." + a; }
  function who(o) {
    if (!o) return "?";
    if (o.npc !== undefined) return "the monster at " + o.npc;
    return "team" + o.p + " agent " + o.a + (o.a === 0 ? " (heir)" : "");
  }
  function describe(e) {
    switch (e.ev) {
      case "move": return who(e) + " starts crossing " + e.from + " -> " + e.to + " (crossing " + e.crossing + ")";
      case "held": return who(e) + " holds its solution";
      case "solve": return who(e) + " solves its traps: " + e.active + " active, " + (e.survived ? "survived" : "died");
      case "pos": return who(e) + " is now at " + e.node + " (" + e.cause + ")";
      case "kill": return who(e.killer) + " kills " + who(e.victim) + " at " + e.node;
      case "cancel": return who(e) + "'s crossing is cancelled by its death";
      case "error": return "error " + e.code + " for " + (e.p !== undefined ? who(e) : "connection " + e.conn) +
                           " (" + e.req + (e.closed ? ", connection closed" : "") + ")";
      case "disconnect": return who(e) + " disconnected (" + e.reason + ")";
      default: return e.ev + " " + JSON.stringify(e);
    }
  }

  function build(header, lines) {
    if (!header || typeof header !== "object") throw new Error("dungeon: the replay has no header line");
    if (header.game !== "dungeon")
      throw new Error("dungeon: this replay is of game '" + header.game + "', not dungeon");
    ["seed", "nodes", "edges", "start0", "shrine0", "start1", "shrine1", "npcs", "redraws"].forEach(function (f) {
      if (header[f] === undefined) throw new Error("dungeon: the header has no '" + f + "'");
    });
    if (!/^[0-9]+$/.test(String(header.seed))) throw new Error("dungeon: the header's seed is not a decimal number");
    if (!Array.isArray(lines)) throw new Error("dungeon: the replay's lines are not a list");
    // A live match calls build() again for every new line: generate each dungeon once.
    var key = header.seed + "/" + header.redraws + "/" + header.nodes;
    var g = graphCache[key] || (graphCache = {}, graphCache[key] = generate(String(header.seed), header.redraws, header.nodes));
    if (g.edges.length / 2 !== header.edges)
      throw new Error("dungeon: the seed gives " + g.edges.length / 2 + " corridors, the header says " + header.edges);
    ["start0", "shrine0", "start1", "shrine1"].forEach(function (f) {
      if (g.special[f] !== header[f])
        throw new Error("dungeon: the seed gives " + f + " = " + g.special[f] + ", the header says " + header[f]);
    });
    var state = { agents: {}, npcs: {}, crossing: {}, deaths: [0, 0], crossings: 0, kills: 0 };
    header.npcs.forEach(function (n) { state.npcs[n] = true; });
    for (var p = 0; p < 2; p++)
      for (var a = 0; a < 6; a++) state.agents[agentKey(p, a)] = header["start" + p];
    function snapshot(ev) {
      return { ev: ev, agents: Object.assign({}, state.agents), npcs: Object.assign({}, state.npcs),
               crossing: Object.assign({}, state.crossing), deaths: state.deaths.slice(),
               crossings: state.crossings };
    }
    var steps = [], pre = [], logs = [], result = null;
    lines.forEach(function (l, idx) {
      if (!l || typeof l !== "object") throw new Error("dungeon: line " + (idx + 2) + " is not a JSON object");
      if (l.type === "result") { result = l; return; }
      if (l.type === "log") { logs.push(l); return; }
      if (l.type !== "event") return;
      if (typeof l.ev !== "string") throw new Error("dungeon: line " + (idx + 2) + " has no 'ev'");
      if (l.ev === "connect" || l.ev === "register" || l.ev === "refused" || l.ev === "begin") {
        pre.push(l);
        if (l.ev === "begin") steps.push(snapshot(l));
        return;
      }
      if (!steps.length) steps.push(snapshot(null));  // a replay without `begin`: still show the board
      var key = agentKey(l.p, l.a);
      switch (l.ev) {
        case "move":
          state.crossing[key] = [l.from, l.to]; state.crossings++; break;
        case "solve":
          if (!l.survived && l.p !== undefined) state.deaths[l.p]++;
          delete state.crossing[key]; break;
        case "pos":
          if (typeof l.node !== "number") throw new Error("dungeon: line " + (idx + 2) + ": pos without a node");
          state.agents[key] = l.node; if (l.cause !== "trap") delete state.crossing[key];
          // Every combat death moves its agent home with cause "combat", but only kills by an
          // agent have a `kill` record: an heir that walks onto a monster has none (spec §11.2).
          if (l.cause === "combat") state.deaths[l.p]++;
          break;
        case "kill":
          if (l.victim && l.victim.npc !== undefined) delete state.npcs[l.victim.npc];
          break;
        case "cancel": case "disconnect":
          delete state.crossing[key]; break;
      }
      steps.push(snapshot(l));
    });
    if (!steps.length) steps.push(snapshot(null));
    return { header: header, graph: g, steps: steps, pre: pre, logs: logs, result: result };
  }

  function text(model, k) {
    var st = model.steps[k], out = [], n = model.steps.length;
    var t = st.ev && typeof st.ev.ms === "number" ? " at " + st.ev.ms.toFixed(1) + " ms" : "";
    if (k === 0) out.push("Step 0 of " + (n - 1) + ": the game begins" + t + " (" + model.pre.filter(function (e) {
      return e.ev === "register"; }).length + " agents registered)");
    else out.push("Step " + k + " of " + (n - 1) + t + ": " + describe(st.ev));
    out.push("Crossings started: " + st.crossings + " · deaths team0 " + st.deaths[0] + ", team1 " + st.deaths[1] +
             " · monsters left " + Object.keys(st.npcs).length);
    for (var p = 0; p < 2; p++) {
      var sh = model.header["shrine" + p];
      out.push("team" + p + " (" + ((model.header.seats || {})["team" + p] || "?") + "): heir at " +
               st.agents[agentKey(p, 0)] + ", shrine " + sh + ", agents at " +
               [1, 2, 3, 4, 5].map(function (a) { return st.agents[agentKey(p, a)]; }).join(" "));
    }
    if (k === n - 1) {
      model.logs.forEach(function (l) {
        var bits = [];
        ["start_error", "exit", "stderr"].forEach(function (f) { if (l[f]) bits.push(f + ": " + l[f]); });
        if (bits.length) out.push("log " + (l.seat || l.role || "") + ": " + bits.join(", "));
      });
      var r = model.result;
      if (r) {
        var res = r.result || {}, sc = r.scores || {};
        out.push("Result: winner " + (r.winner === null || r.winner === undefined ? "none (draw)" : r.winner) +
                 (res.reason ? " by " + res.reason : "") + " · scores " +
                 Object.keys(sc).map(function (x) { return x + " " + sc[x]; }).join(", ") +
                 (res.duration_ms !== undefined ? " · " + res.duration_ms + " ms" : ""));
        var seats = res.seats || {};
        Object.keys(seats).forEach(function (s) {
          var v = seats[s];
          out.push(s + ": " + Object.keys(v).map(function (f) { return f + " " + v[f]; }).join(", "));
        });
      } else out.push("No result yet (the match is still running or the replay was cut).");
    }
    return out;
  }

  function el(name, attrs, parent) { return A.svgInto(name, attrs, parent); }  // games/svg.js
  var SIZE = 800;
  function px(g, i) { return [(g.xs[i] * SIZE).toFixed(1), ((1 - g.ys[i]) * SIZE).toFixed(1)]; }

  function staticView(root, model) {
    var g = model.graph, h = model.header;
    var svg = el("svg", { width: "100%", viewBox: "-10 -10 " + (SIZE + 20) + " " + (SIZE + 20), "class": "dungeon-map",
                          role: "img", "aria-label": "Dungeon graph" });
    el("rect", { x: -10, y: -10, width: SIZE + 20, height: SIZE + 20, fill: "#1b1b22" }, svg);
    var d = [];
    for (var e = 0; e < g.edges.length; e += 2) {
      var a = px(g, g.edges[e]), b = px(g, g.edges[e + 1]);
      d.push("M" + a[0] + " " + a[1] + "L" + b[0] + " " + b[1]);
    }
    el("path", { d: d.join(""), stroke: "#4a4a5a", "stroke-width": 0.6, fill: "none", "class": "corridors" }, svg);
    var nodes = el("g", { "class": "nodes" }, svg);
    for (var i = 0; i < g.xs.length; i++) {
      var q = px(g, i), shrine = i === h.shrine0 || i === h.shrine1, start = i === h.start0 || i === h.start1;
      var c = el("circle", { cx: q[0], cy: q[1], r: shrine || start ? 7 : 2.2, "class": "node", "data-node": i,
                             fill: shrine ? "#ffd700" : start ? "#ffffff" : "#8a8aa0" }, nodes);
      if (shrine || start) {
        var team = i === h.shrine0 || i === h.start0 ? 0 : 1;
        c.setAttribute("stroke", TEAM_COLORS[team]); c.setAttribute("stroke-width", 2.5);
        el("title", {}, c).textContent = (shrine ? "shrine" : "start") + " of team" + team + " (node " + i + ")";
      }
    }
    var dyn = el("g", { "class": "dynamic" }, svg);
    root.appendChild(svg);
    return { svg: svg, dyn: dyn, graph: model.graph };
  }

  function render(root, model, k) {
    var view = root.__dungeonView;
    if (!view || view.graph !== model.graph || !root.contains(view.svg)) {
      if (view && root.contains(view.svg)) root.removeChild(view.svg);
      view = root.__dungeonView = staticView(root, model);
    }
    var dyn = view.dyn, g = model.graph, st = model.steps[k];
    while (dyn.firstChild) dyn.removeChild(dyn.firstChild);
    Object.keys(st.npcs).forEach(function (n) {
      var q = px(g, +n);
      el("circle", { cx: q[0], cy: q[1], r: 4, fill: "#3cb043", "class": "npc" }, dyn);
    });
    Object.keys(st.crossing).forEach(function (key) {
      var c = st.crossing[key], a = px(g, c[0]), b = px(g, c[1]);
      el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: TEAM_COLORS[+key[0]], "stroke-width": 3,
                   "class": "crossing" }, dyn);
    });
    Object.keys(st.agents).forEach(function (key) {
      var p = +key[0], a = +key.slice(2), q = px(g, st.agents[key]), off = (a - 2.5) * 2;
      var m = el("circle", { cx: +q[0] + off, cy: +q[1] - off, r: a === 0 ? 6 : 4, fill: TEAM_COLORS[p],
                             stroke: a === 0 ? "#fff" : "none", "stroke-width": 1.5, "class": "agent",
                             "data-agent": key }, dyn);
      el("title", {}, m).textContent = "team" + p + " agent " + a + (a === 0 ? " (heir)" : "") + " at " + st.agents[key];
    });
  }

  A.games.dungeon = {
    title: "Dungeon Race",
    build: build,
    frameCount: function (model) { return model.steps.length; },
    render: render,
    text: text,
    options: [],
  };
})();
