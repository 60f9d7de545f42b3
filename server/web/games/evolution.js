// Evolution: the replay viewer (spec shared/specs/evolution.md §6 and §8.5; replay of
// docs/evolution.md "Replays"). Every event line (a Start, Choose or State message and its reply)
// and every end-of-turn line is one step. A player's boards, bag and hand are the latest ones the
// replay shows: its own Start and State messages, and every player's in the Configuration written
// at the end of each turn; the watering hole comes from the latest message that carries it.
(function () {
  // The shell may declare Arena with const/let (not a property of globalThis): name it directly.
  var A = typeof Arena !== "undefined" ? Arena : (globalThis.Arena = { games: {} });
  A.games = A.games || {};

  function pairs(list, where) {
    if (!Array.isArray(list)) throw new Error("evolution: " + where + ": expected a list of [key, value] pairs");
    var o = {};
    list.forEach(function (p) {
      if (!Array.isArray(p) || p.length !== 2 || typeof p[0] !== "string")
        throw new Error("evolution: " + where + ": expected [key, value] pairs");
      o[p[0]] = p[1];
    });
    return o;
  }
  function species(s, where) {
    var o = pairs(s, where);
    if (typeof o.population !== "number" || !Array.isArray(o.traits))
      throw new Error("evolution: " + where + ": a species without population or traits");
    return { food: o.food || 0, body: o.body || 0, population: o.population, traits: o.traits,
             fat: o["fat-food"] || 0 };
  }
  function boards(los, where) {
    if (!Array.isArray(los)) throw new Error("evolution: " + where + ": boards are not a list");
    return los.map(function (s) { return species(s, where); });
  }
  function copyPlayers(ps) {
    var c = {};
    Object.keys(ps).forEach(function (id) {
      var p = ps[id];
      c[id] = { id: p.id, seat: p.seat, name: p.name, species: p.species, bag: p.bag, cards: p.cards,
                ejected: p.ejected };
    });
    return c;
  }

  function build(header, lines) {
    if (!header || typeof header !== "object") throw new Error("evolution: the replay has no header line");
    if (header.game !== "evolution")
      throw new Error("evolution: this replay is of game '" + header.game + "', not evolution");
    if (!Array.isArray(header.players)) throw new Error("evolution: the header has no 'players'");
    if (!Array.isArray(lines)) throw new Error("evolution: the replay's lines are not a list");
    var players = {}, order = [];
    header.players.forEach(function (p) {
      players[p.id] = { id: p.id, seat: p.seat, name: p.name, species: [], bag: 0, cards: [], ejected: null };
      order.push(p.id);
    });
    var hole = 0, steps = [], logs = [], result = null, turns = 0;
    function snap(line, turn) { steps.push({ line: line, turn: turn, players: copyPlayers(players), hole: hole }); }
    snap(null, 0);
    lines.forEach(function (l, idx) {
      var where = "line " + (idx + 2);
      if (!l || typeof l !== "object") throw new Error("evolution: " + where + " is not a JSON object");
      if (l.type === "result") { result = l; return; }
      if (l.type === "log") { logs.push(l); return; }
      if (l.type === "turn") {
        if (!Array.isArray(l.configuration) || l.configuration.length !== 3)
          throw new Error("evolution: " + where + ": the turn line has no Configuration");
        var cfg = l.configuration;
        cfg[0].forEach(function (pl) {
          var o = pairs(pl, where), p = players[o.id];
          if (!p) throw new Error("evolution: " + where + ": player id " + o.id + " is not in the header");
          p.species = boards(o.species || [], where); p.bag = o.bag || 0; p.cards = o.cards || [];
        });
        hole = cfg[1];
        turns = l.turn;
        snap(l, l.turn);
        return;
      }
      if (l.type !== "event") return;
      var p = players[l.id];
      if (l.event === "ejected" || l.event === "dropped") {
        if (p) p.ejected = l.reason || l.event;
        snap(l, l.turn);
        return;
      }
      if (!p) throw new Error("evolution: " + where + ": player id " + l.id + " is not in the header");
      var m = l.message;
      if (l.call === "start") {
        if (!Array.isArray(m) || m.length !== 4) throw new Error("evolution: " + where + ": a Start message has 4 elements");
        hole = m[0]; p.bag = m[1]; p.species = boards(m[2], where); p.cards = m[3];
      } else if (l.call === "feedNext") {
        if (!Array.isArray(m) || m.length !== 5) throw new Error("evolution: " + where + ": a State message has 5 elements");
        p.bag = m[0]; p.species = boards(m[1], where); p.cards = m[2]; hole = m[3];
      } else if (l.call !== "choose") throw new Error("evolution: " + where + ": unknown call '" + l.call + "'");
      snap(l, l.turn);
    });
    return { header: header, order: order, steps: steps, logs: logs, result: result, turns: turns };
  }

  function speciesText(s) {
    return "[food " + s.food + "/" + s.population + ", body " + s.body + (s.fat ? ", fat " + s.fat : "") +
           (s.traits.length ? ", " + s.traits.join(" ") : "") + "]";
  }

  // §6: FeedingChoice and RemoteAction4 in words.
  function describeReply(l) {
    var r = l.reply;
    if (l.call === "feedNext") {
      if (r === false) return ": declines to feed";
      if (typeof r === "number") return ": feeds species " + r;
      if (Array.isArray(r) && r.length === 2) return ": stores " + r[1] + " fat food on species " + r[0];
      if (Array.isArray(r) && r.length === 3)
        return ": carnivore " + r[0] + " attacks species " + r[2] + " of the " + ["first", "second", "third", "fourth",
          "fifth", "sixth", "seventh"][r[1]] + " other player";
      return "";
    }
    if (l.call === "choose" && Array.isArray(r) && r.length === 5) {
      var parts = ["card " + r[0] + " to the watering hole"];
      if (r[1].length) parts.push(r[1].length + " population growth");
      if (r[2].length) parts.push(r[2].length + " body growth");
      if (r[3].length) parts.push(r[3].length + " new species");
      if (r[4].length) parts.push(r[4].length + " trait replacement");
      return ": " + parts.join(", ");
    }
    return "";
  }

  function text(model, k) {
    var st = model.steps[k], out = [], n = model.steps.length, l = st.line;
    if (!l) out.push("Step 0 of " + (n - 1) + ": " + model.order.length + " players sign up");
    else if (l.type === "turn") out.push("Step " + k + " of " + (n - 1) + ": end of turn " + l.turn);
    else if (l.event) out.push("Step " + k + " of " + (n - 1) + ": turn " + l.turn + ", " + l.seat + " " + l.event +
                               (l.reason ? ": " + l.reason : ""));
    else {
      out.push("Step " + k + " of " + (n - 1) + ": turn " + l.turn + ", " + l.seat + " (id " + l.id + ") " + l.call +
               (typeof l.ms === "number" ? ", " + l.ms.toFixed(1) + " ms" : ""));
      if (l.verdict) out.push("  verdict " + l.verdict + (l.detail ? ": " + l.detail : ""));
      else if (l.call !== "start") out.push("  verdict ok, reply " + JSON.stringify(l.reply) + describeReply(l));
    }
    out.push("Watering hole: " + st.hole);
    model.order.forEach(function (id) {
      var p = st.players[id];
      out.push(p.seat + " (" + p.name + ", id " + id + "): bag " + p.bag + ", " + p.cards.length + " cards" +
               (p.ejected ? ", ejected (" + p.ejected + ")" : "") + "; " +
               (p.species.length ? p.species.map(speciesText).join(" ") : "no species"));
    });
    if (k === n - 1) {
      model.logs.forEach(function (g) {
        var bits = [];
        ["start_error", "exit", "stderr"].forEach(function (f) { if (g[f]) bits.push(f + ": " + g[f]); });
        if (bits.length) out.push("log " + (g.seat || g.role || "") + ": " + bits.join(", "));
      });
      var r = model.result;
      if (r) {
        var sc = r.scores || {};
        out.push("Result: winner " + (r.winner === null || r.winner === undefined ? "none" : r.winner) + " · scores " +
                 Object.keys(sc).map(function (x) { return x + " " + sc[x]; }).join(", ") +
                 (r.result && r.result.turns !== undefined ? " · " + r.result.turns + " turns" : ""));
      } else out.push("No result yet (the match is still running or the replay was cut).");
    }
    return out;
  }

  function el(name, attrs, parent) { return A.svgInto(name, attrs, parent); }  // games/svg.js

  function render(root, model, k) {
    var st = model.steps[k], ids = model.order;
    var maxSpecies = 1;
    ids.forEach(function (id) { maxSpecies = Math.max(maxSpecies, st.players[id].species.length); });
    var W = Math.max(600, 170 + maxSpecies * 130), rowH = 96, H = 80 + ids.length * rowH;
    while (root.firstChild) root.removeChild(root.firstChild);
    var svg = el("svg", { width: "100%", viewBox: "0 0 " + W + " " + H, "class": "evolution-board", role: "img",
                          "aria-label": "Evolution boards" }, root);
    el("rect", { x: 0, y: 0, width: W, height: H, fill: "#f5f8f0" }, svg);
    var hole = el("g", { "class": "watering-hole" }, svg);
    el("ellipse", { cx: W / 2, cy: 36, rx: 60, ry: 24, fill: "#7fb3e0", stroke: "#2c6fa8" }, hole);
    var ht = el("text", { x: W / 2, y: 41, "text-anchor": "middle", "font-size": 14, fill: "#08306b" }, hole);
    ht.textContent = "food " + st.hole;
    var acting = st.line && st.line.id;
    ids.forEach(function (id, row) {
      var p = st.players[id], y = 70 + row * rowH;
      var g = el("g", { "class": "player", "data-seat": p.seat }, svg);
      el("rect", { x: 4, y: y, width: W - 8, height: rowH - 6, rx: 6, fill: id === acting ? "#fff6d5" : "#fff",
                   stroke: p.ejected ? "#c00" : "#999" }, g);
      var name = el("text", { x: 12, y: y + 20, "font-size": 13, "font-weight": "bold" }, g);
      name.textContent = p.seat + " " + p.name;
      var info = el("text", { x: 12, y: y + 38, "font-size": 11 }, g);
      info.textContent = "bag " + p.bag + " · " + p.cards.length + " cards" + (p.ejected ? " · ejected" : "");
      p.species.forEach(function (s, i) {
        var x = 160 + i * 130, sg = el("g", { "class": "species" }, g);
        el("rect", { x: x, y: y + 6, width: 122, height: rowH - 18, rx: 4, fill: "#eef5e6", stroke: "#6a8f4e" }, sg);
        var bars = [["food", s.food, "#e0a030"], ["pop", s.population, "#4e8f3a"], ["body", s.body, "#7a5c3a"]];
        bars.forEach(function (b, j) {
          var by = y + 12 + j * 13;
          var lt = el("text", { x: x + 4, y: by + 8, "font-size": 9 }, sg);
          lt.textContent = b[0] + " " + b[1];
          el("rect", { x: x + 44, y: by, width: Math.min(7, b[1]) * 10, height: 8, fill: b[2] }, sg);
        });
        var tt = el("text", { x: x + 4, y: y + 62, "font-size": 9, fill: "#333" }, sg);
        tt.textContent = s.traits.join(", ") + (s.fat ? " (fat " + s.fat + ")" : "");
      });
    });
  }

  A.games.evolution = {
    title: "Evolution",
    build: build,
    frameCount: function (model) { return model.steps.length; },
    render: render,
    text: text,
    options: [],
  };
})();
