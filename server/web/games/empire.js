// Empire Builder: the replay viewer (spec shared/specs/empire-builder.md; the replay's events are
// the §9.3 record, one S-expression per line). The record's initialisation log carries the map
// (MAP-SIZE, MOUNTAINS, INVALID, CITY), so no map data is shipped. Step 0 is the board after
// INIT-END; step k is the end of the k-th (TURN r p), with every change of that turn.
(function () {
  // The shell may declare Arena with const/let (not a property of globalThis): name it directly.
  var A = typeof Arena !== "undefined" ? Arena : (globalThis.Arena = { games: {} });
  A.games = A.games || {};
  var COLORS = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"];

  // S-expressions of §3.1: lists, symbols, integers and "strings".
  function parseSexp(src, where) {
    var i = 0;
    function fail(msg) { throw new Error("empire: " + where + ": " + msg + " at column " + (i + 1)); }
    function ws() { while (i < src.length && /\s/.test(src[i])) i++; }
    function datum() {
      ws();
      if (i >= src.length) fail("unexpected end");
      var c = src[i];
      if (c === "(") {
        i++;
        var list = [];
        for (;;) {
          ws();
          if (i >= src.length) fail("unclosed list");
          if (src[i] === ")") { i++; return list; }
          list.push(datum());
        }
      }
      if (c === ")") fail("unexpected ')'");
      if (c === '"') {
        var j = src.indexOf('"', i + 1);
        if (j < 0) fail("unclosed string");
        var s = src.slice(i + 1, j);
        i = j + 1;
        return { str: s };
      }
      var start = i;
      while (i < src.length && !/[\s()"]/.test(src[i])) i++;
      var tok = src.slice(start, i);
      return /^-?[0-9]+$/.test(tok) ? +tok : tok;
    }
    var d = datum();
    ws();
    if (i !== src.length) fail("trailing text");
    return d;
  }
  function pt(d, where) {
    if (!Array.isArray(d) || d.length !== 2 || typeof d[0] !== "number" || typeof d[1] !== "number")
      throw new Error("empire: " + where + ": expected a point (x y)");
    return d;
  }

  function newPlayer(id) {
    return { id: id, name: "", cash: 0, train: "FREIGHT", pos: null, cargo: [], hand: {}, track: [],
             delivered: [] };
  }
  function copyPlayers(ps) {
    return ps.map(function (p) {
      var c = Object.assign({}, p);
      c.cargo = p.cargo.slice(); c.hand = Object.assign({}, p.hand); c.track = p.track.slice();
      c.delivered = p.delivered.slice();
      return c;
    });
  }

  function build(header, lines) {
    if (!header || typeof header !== "object") throw new Error("empire: the replay has no header line");
    if (header.game !== "empire")
      throw new Error("empire: this replay is of game '" + header.game + "', not empire");
    if (!Array.isArray(lines)) throw new Error("empire: the replay's lines are not a list");
    var roles = Array.isArray(header.roles) ? header.roles : [];
    var mapInfo = { w: 0, h: 0, mountains: {}, invalid: {}, cities: [] };
    var players = [], steps = [], cur = null, initDone = false, result = null, logs = [], over = null;
    function player(id, where) {
      if (typeof id !== "number" || id < 0 || id > 5) throw new Error("empire: " + where + ": bad player id");
      while (players.length <= id) players.push(newPlayer(players.length));
      return players[id];
    }
    function snapshot() {
      return { turn: cur ? cur.turn : null, events: cur ? cur.events : [], players: copyPlayers(players), over: over };
    }
    lines.forEach(function (l, idx) {
      var where = "line " + (idx + 2);
      if (!l || typeof l !== "object") throw new Error("empire: " + where + " is not a JSON object");
      if (l.type === "result") { result = l; return; }
      if (l.type === "log") { logs.push(l); return; }
      if (l.type !== "event") return;
      // A seat's conduct beside the record (game.cc SeatIo): the (TIMEOUT) or (ERROR ...) it was
      // sent, or its connection's end. Shown with the turn it happened in.
      if (typeof l.line !== "string" && typeof l.seat === "string") {
        var note = ["CONDUCT", l.seat, l.sent !== undefined ? "sent " + l.sent : l.verdict + (l.detail ? ": " + l.detail : "")];
        if (cur) cur.events.push(note);
        return;
      }
      if (typeof l.line !== "string") throw new Error("empire: " + where + ": event without a record line");
      var d = parseSexp(l.line, where);
      if (!Array.isArray(d) || typeof d[0] !== "string") throw new Error("empire: " + where + ": not a record entry");
      var tag = d[0];
      switch (tag) {
        case "MAP-SIZE": mapInfo.w = d[1]; mapInfo.h = d[2]; break;
        case "MOUNTAINS": case "INVALID":
          d.slice(1).forEach(function (p) { pt(p, where); mapInfo[tag === "MOUNTAINS" ? "mountains" : "invalid"][p[0] + " " + p[1]] = true; });
          break;
        case "CITY":
          mapInfo.cities.push({ name: d[1], goods: Array.isArray(d[2]) ? d[2] : [],
                                points: (d[3] || []).map(function (p) { return pt(p, where); }) });
          break;
        case "PLAYER": player(d[1], where).name = d[2] && d[2].str !== undefined ? d[2].str : String(d[2]); break;
        case "INIT-END":
          initDone = true;
          steps.push(snapshot());
          break;
        case "TURN":
          if (!initDone) throw new Error("empire: " + where + ": TURN before INIT-END");
          if (cur) steps.push(snapshot());
          cur = { turn: { round: d[1], player: d[2] }, events: [] };
          break;
        case "CASH": player(d[1], where).cash = d[2]; break;
        case "TRAIN": player(d[1], where).train = d[2]; break;
        case "START": player(d[1], where).pos = pt(d[2], where); break;
        case "POSITION": player(d[1], where).pos = pt(d[2], where); break;
        case "TRACK": player(d[1], where).track.push([pt(d[2], where), pt(d[3], where)]); break;
        case "CARGO": player(d[1], where).cargo = Array.isArray(d[2]) ? d[2] : []; break;
        case "CARD":
          if (Array.isArray(d[3])) player(d[1], where).hand[d[2]] = d[3];
          break;
        case "DISCARD": delete player(d[1], where).hand[d[2]]; break;
        case "DELIVERED":
          player(d[1], where).delivered.push({ city: d[4], good: d[5], amount: d[6] });
          break;
        case "GAME-OVER": over = { winners: d[1], reason: d[2], cash: d[3] }; break;
      }
      if (cur && initDone) cur.events.push(d);
    });
    // A live match (no result yet) is shown from its first line: while the initialisation log
    // still comes, one step with what it drew so far.
    var initialising = !initDone && !result;
    if (initialising) steps.push(snapshot());
    else if (!initDone) throw new Error("empire: the record has no INIT-END (cut before the game began?)");
    if (!initialising && (!mapInfo.w || !mapInfo.h)) throw new Error("empire: the record has no MAP-SIZE");
    if (cur) steps.push(snapshot());
    return { header: header, roles: roles, map: mapInfo, steps: steps, result: result, logs: logs,
             initialising: initialising };
  }

  function sx(d) {
    if (Array.isArray(d)) return "(" + d.map(sx).join(" ") + ")";
    if (d && d.str !== undefined) return '"' + d.str + '"';
    return String(d);
  }
  function seatOf(model, id) { return model.roles[id] || "player " + id; }

  function text(model, k) {
    var st = model.steps[k], out = [], n = model.steps.length;
    if (model.initialising) out.push("Step 0 of 0: the initialisation so far (the game begins after INIT-END)");
    else if (!st.turn) out.push("Step 0 of " + (n - 1) + ": the board after initialisation");
    else {
      var t = st.turn;
      out.push("Step " + k + " of " + (n - 1) + ": round " + t.round + ", " + seatOf(model, t.player) +
               " (" + (st.players[t.player] ? st.players[t.player].name : "?") + ")");
      var built = 0, cost = 0, steps = 0;
      st.events.forEach(function (e) {
        var tag = e[0];
        if (tag === "TRACK") { built++; cost += e[4]; }
        else if (tag === "POSITION") steps++;
        else if (tag === "CONDUCT") out.push("  " + e[1] + ": " + e[2]);
        else if (tag === "ASKED" || tag === "ANSWERED" || tag === "REPLIED" || tag === "TIMED-OUT" ||
                 tag === "DELIVERED" || tag === "TRAIN" || tag === "START" || tag === "PLAYER-LEFT")
          out.push("  " + sx(e));
      });
      if (built) out.push("  built " + built + " track segments for " + cost);
      if (steps) out.push("  moved " + steps + " mileposts");
    }
    st.players.forEach(function (p, i) {
      var hand = Object.keys(p.hand).map(function (c) {
        return "#" + c + " " + p.hand[c].map(function (x) { return x[1] + " " + x[2] + " " + x[3]; }).join(" / ");
      });
      out.push(seatOf(model, i) + " " + p.name + ": $" + p.cash + "M, " + p.train + ", cargo " +
               (p.cargo.length ? p.cargo.join(" ") : "none") + ", " + p.track.length + " track, " +
               p.delivered.length + " deliveries" + (hand.length ? "; cards " + hand.join("; ") : ""));
    });
    if (k === n - 1) {
      if (st.over) out.push("GAME-OVER: " + sx(st.over.winners) + " " + st.over.reason + " " + sx(st.over.cash));
      model.logs.forEach(function (l) {
        var bits = [];
        ["start_error", "exit", "stderr"].forEach(function (f) { if (l[f]) bits.push(f + ": " + l[f]); });
        if (bits.length) out.push("log " + (l.seat || l.role || "") + ": " + bits.join(", "));
      });
      var r = model.result;
      if (r) {
        var sc = r.scores || {};
        out.push("Result: winner " + (r.winner === null || r.winner === undefined ? "none" : r.winner) +
                 (r.result && r.result.reason ? " by " + r.result.reason : "") + " · scores " +
                 Object.keys(sc).map(function (x) { return x + " " + sc[x]; }).join(", "));
      } else out.push("No result yet (the match is still running or the replay was cut).");
    }
    return out;
  }

  function el(name, attrs, parent) { return A.svgInto(name, attrs, parent); }  // games/svg.js
  // The (+2,0) and (+1,+1) offsets of §2.3 drawn at nearly equal lengths: a hex milepost grid.
  var DX = 8, DY = 14;
  function px(m, p) { return [10 + p[0] * DX, 10 + (m.h - 1 - p[1]) * DY]; }

  // The same map in a later build (a live match re-builds for every line) keeps its drawing.
  function mapKey(m) {
    return [m.w, m.h, Object.keys(m.mountains).length, Object.keys(m.invalid).length,
            m.cities.map(function (c) { return c.name + c.points.join(";"); }).join(",")].join("|");
  }

  function staticView(root, model) {
    var m = model.map, W = 20 + (m.w - 1) * DX, H = 20 + (m.h - 1) * DY;
    var svg = el("svg", { width: "100%", viewBox: "0 0 " + W + " " + H, "class": "empire-map", role: "img",
                          "aria-label": "Empire Builder map" });
    el("rect", { x: 0, y: 0, width: W, height: H, fill: "#f7f3e8" }, svg);
    var nodes = el("g", { "class": "nodes" }, svg);
    var cityAt = {};
    m.cities.forEach(function (c) { c.points.forEach(function (p) { cityAt[p[0] + " " + p[1]] = c; }); });
    for (var x = 0; x < m.w; x++)
      for (var y = 0; y < m.h; y++) {
        var key = x + " " + y;
        if (m.invalid[key]) continue;
        var q = px(m, [x, y]);
        if (cityAt[key]) continue;  // drawn below, on top
        if (m.mountains[key])
          el("path", { d: "M" + (q[0] - 3) + " " + (q[1] + 2.5) + "l3 -5l3 5z", fill: "#8d6e4a", "class": "node mountain" }, nodes);
        else el("circle", { cx: q[0], cy: q[1], r: 1.2, fill: "#777", "class": "node plain" }, nodes);
      }
    var cities = el("g", { "class": "cities" }, svg);
    m.cities.forEach(function (c) {
      c.points.forEach(function (p) {
        var q = px(m, p);
        var r = el("rect", { x: q[0] - 4, y: q[1] - 4, width: 8, height: 8, fill: "#fff", stroke: "#000",
                             "class": "node city" }, cities);
        el("title", {}, r).textContent = c.name + ": " + c.goods.join(" ");
      });
      var q0 = px(m, c.points[0]);
      var t = el("text", { x: q0[0] + 5, y: q0[1] - 5, "font-size": 7, fill: "#222" }, cities);
      t.textContent = c.name;
    });
    var dyn = el("g", { "class": "dynamic" }, svg);
    root.appendChild(svg);
    return { svg: svg, dyn: dyn, key: mapKey(m) };
  }

  function render(root, model, k) {
    var view = root.__empireView;
    if (!model.map.w || !model.map.h) {  // a live match before its MAP-SIZE: nothing to draw yet
      if (view && root.contains(view.svg)) root.removeChild(view.svg);
      root.__empireView = null;
      return;
    }
    if (!view || view.key !== mapKey(model.map) || !root.contains(view.svg)) {
      if (view && root.contains(view.svg)) root.removeChild(view.svg);
      view = root.__empireView = staticView(root, model);
    }
    var dyn = view.dyn, m = model.map, st = model.steps[k];
    while (dyn.firstChild) dyn.removeChild(dyn.firstChild);
    st.players.forEach(function (p, i) {
      var off = (i - (st.players.length - 1) / 2) * 1.2;
      var d = p.track.map(function (e) {
        var a = px(m, e[0]), b = px(m, e[1]);
        return "M" + (a[0] + off) + " " + (a[1] + off) + "L" + (b[0] + off) + " " + (b[1] + off);
      }).join("");
      if (d) el("path", { d: d, stroke: COLORS[i % COLORS.length], "stroke-width": 1.6, fill: "none",
                          "class": "track", "data-player": i }, dyn);
    });
    st.players.forEach(function (p, i) {
      if (!p.pos) return;
      var q = px(m, p.pos);
      var c = el("circle", { cx: q[0], cy: q[1], r: 4.5, fill: COLORS[i % COLORS.length], stroke: "#000",
                             "class": "train", "data-player": i }, dyn);
      el("title", {}, c).textContent = seatOf(model, i) + " " + p.name + ": " + p.train + ", cargo " +
        (p.cargo.length ? p.cargo.join(" ") : "none");
    });
    if (st.turn) {
      var ev = st.events.filter(function (e) { return e[0] === "DELIVERED"; });
      ev.forEach(function (e) {
        var city = m.cities.filter(function (c) { return c.name === e[4]; })[0];
        if (!city) return;
        var q = px(m, city.points[0]);
        el("circle", { cx: q[0], cy: q[1], r: 9, fill: "none", stroke: "#e6b800", "stroke-width": 2.5,
                       "class": "delivery" }, dyn);
      });
    }
  }

  A.games.empire = {
    title: "Empire Builder",
    build: build,
    frameCount: function (model) { return model.steps.length; },
    render: render,
    text: text,
    options: [],
  };
})();
