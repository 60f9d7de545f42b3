// Fury of Dracula: the replay viewer (spec shared/specs/dracula.md, replay of docs/dracula.md).
// The replay's turn lines carry only the move codes, so build() plays the rules of spec §2.6 and
// §2.8 again to get every play's encounters, the health, the score and the revealed flags (§3.4);
// the full past-plays string it produces must equal the result line's `past_plays` when there is
// one. The hunters' view is the redacted form of §3.5. Step 0 is the empty board, step k the
// position after play k-1.
(function () {
  // The shell may declare Arena with const/let (not a property of globalThis): name it directly.
  var A = typeof Arena !== "undefined" ? Arena : (globalThis.Arena = { games: {} });
  A.games = A.games || {};
  var SEATS = ["G", "S", "H", "M", "D"];
  var NAMES = { G: "Lord Godalming", S: "Dr Seward", H: "Van Helsing", M: "Mina Harker", D: "Dracula" };
  var COLORS = { G: "#1f77b4", S: "#2ca02c", H: "#9467bd", M: "#ff7f0e", D: "#d62728" };

  function map() {
    var m = A.data && A.data.draculaMap;
    if (!m) throw new Error("dracula: the map data (games/dracula_map.js) is not loaded");
    if (!m.index) {
      m.index = {};
      m.places.forEach(function (p, i) { m.index[p[0]] = i; });
    }
    return m;
  }
  function isSea(code) { var m = map(); return m.places[m.index[code]][2] === "sea"; }
  function placeName(code) {
    var m = map(), i = m.index[code];
    return i === undefined ? code : m.places[i][1];
  }

  // The state of §2.14, copied into every step.
  function initialState() {
    return {
      hunters: [0, 1, 2, 3].map(function () { return { loc: null, hp: 9, hospital: false }; }),
      moves: [], locs: [], revealed: [], bp: 40, score: 366, research: 0,
      traps: [], vampire: null, plays: [], winner: null, matured: 0, hospitals: 0,
    };
  }
  function copyState(s) {
    return {
      hunters: s.hunters.map(function (h) { return { loc: h.loc, hp: h.hp, hospital: h.hospital }; }),
      moves: s.moves.slice(), locs: s.locs.slice(), revealed: s.revealed.slice(), bp: s.bp,
      score: s.score, research: s.research, traps: s.traps.map(function (t) { return { place: t.place, move: t.move }; }),
      vampire: s.vampire && { place: s.vampire.place, move: s.vampire.move }, plays: s.plays.slice(),
      winner: s.winner, matured: s.matured, hospitals: s.hospitals,
    };
  }
  function reveal(s, j) {
    while (j >= 0 && j < s.moves.length) {
      s.revealed[j] = true;
      var m = s.moves[j];
      if (m === "HI") j -= 1;
      else if (/^D[1-5]$/.test(m)) j -= +m[1];
      else return;
    }
  }
  function pad(enc) { while (enc.length < 4) enc += "."; return enc; }

  function hunterPlay(s, h, code, round) {
    var me = s.hunters[h];
    if (me.hospital) { me.hp = 9; me.hospital = false; }
    var from = me.loc;
    me.loc = code;
    var n = s.moves.length;
    if (!isSea(code))
      for (var j = Math.max(0, n - 6); j < n; j++) if (s.locs[j] === code) reveal(s, j);
    var enc = "";
    s.traps.sort(function (a, b) { return a.move - b.move; });
    for (var t = 0; t < s.traps.length && me.hp > 0;) {
      if (s.traps[t].place === code) { me.hp -= 2; s.traps.splice(t, 1); enc += "T"; } else t++;
    }
    if (me.hp > 0 && s.vampire && s.vampire.place === code) { s.vampire = null; enc += "V"; }
    if (me.hp > 0 && n > 0 && s.locs[n - 1] === code && !isSea(code)) {
      me.hp -= 4; s.bp -= 10; enc += "D";
    }
    if (me.hp <= 0) {
      me.hospital = true; me.loc = "JM"; s.score -= 6; s.hospitals++;
    } else {
      if (round > 0 && code === from) {
        me.hp = Math.min(9, me.hp + 3);
        s.research++;
      } else s.research = 0;
      if (s.research === 4) {
        if (round >= 6) reveal(s, round - 6);
        s.research = 3;
      }
    }
    return SEATS[h] + code + pad(enc);
  }

  function draculaPlay(s, code, round, play) {
    var n = s.moves.length, loc;
    if (code === "HI") loc = s.locs[n - 1];
    else if (/^D[1-5]$/.test(code)) loc = s.locs[n - +code[1]];
    else if (code === "TP") loc = "CD";
    else loc = code;
    if (loc === undefined || map().index[loc] === undefined)
      throw new Error("dracula: play " + play + ": Dracula's move '" + code + "' has no location");
    var action = ".";
    if (n >= 6) {
      for (var t = 0; t < s.traps.length; t++)
        if (s.traps[t].move === n - 6) { s.traps.splice(t, 1); action = "M"; break; }
      if (s.vampire && s.vampire.move === n - 6) {
        s.vampire = null; s.score -= 13; s.matured++; action = "V";
      }
    }
    s.moves.push(code); s.locs.push(loc); s.revealed.push(false);
    var trap = ".", vamp = ".";
    if (isSea(loc)) s.bp -= 2;
    else {
      var here = s.traps.filter(function (t) { return t.place === loc; }).length +
                 (s.vampire && s.vampire.place === loc ? 1 : 0);
      if (here < 3) {
        if (round % 13 === 0) { s.vampire = { place: loc, move: n }; vamp = "V"; }
        else { s.traps.push({ place: loc, move: n }); trap = "T"; }
      }
    }
    if (loc === "CD") s.bp += 10;
    s.score -= 1;
    var company = !isSea(loc) && s.hunters.some(function (h) { return h.loc === loc; });
    if (loc === "CD" || company) reveal(s, n);
    return "D" + code + trap + vamp + action + ".";
  }

  // §3.5: how Dracula's move j reads to a hunter playing in round R.
  function redactedMove(s, j, R) {
    var m = s.moves[j];
    if (m === "TP" || /^D[1-5]$/.test(m)) return m;
    if (m === "HI") return s.revealed[j] || j <= R - 6 ? "HI" : "C?";
    if (s.revealed[j]) return m;
    return isSea(m) ? "S?" : "C?";
  }
  // Where the hunters can place each of Dracula's moves from the redacted codes alone (null: not).
  function knownLocations(s, R) {
    var codes = [], locs = [];
    for (var j = 0; j < s.moves.length; j++) {
      var c = redactedMove(s, j, R), l = null;
      if (c === "HI") l = j > 0 ? locs[j - 1] : null;
      else if (/^D[1-5]$/.test(c)) l = locs[j - +c[1]] || null;
      else if (c === "TP") l = "CD";
      else if (c !== "C?" && c !== "S?") l = c;
      codes.push(c); locs.push(l);
    }
    return { codes: codes, locs: locs };
  }
  function redactedPlays(s, R) {
    var known = knownLocations(s, R), d = 0;
    return s.plays.map(function (p) {
      if (p[0] !== "D") return p;
      return "D" + known.codes[d++] + p.slice(3);
    });
  }

  function build(header, lines) {
    if (!header || typeof header !== "object") throw new Error("dracula: the replay has no header line");
    if (header.game !== "dracula")
      throw new Error("dracula: this replay is of game '" + header.game + "', not dracula");
    if (!Array.isArray(lines)) throw new Error("dracula: the replay's lines are not a list");
    var s = initialState(), steps = [{ state: copyState(s), turn: null }], logs = [], result = null;
    lines.forEach(function (l, idx) {
      if (!l || typeof l !== "object") throw new Error("dracula: line " + (idx + 2) + " is not a JSON object");
      if (l.type === "turn") {
        var i = steps.length - 1;
        if (l.play !== i)
          throw new Error("dracula: line " + (idx + 2) + ": expected play " + i + ", found " + l.play);
        if (l.seat !== SEATS[i % 5])
          throw new Error("dracula: line " + (idx + 2) + ": play " + i + " belongs to " + SEATS[i % 5] + ", not " + l.seat);
        if (typeof l.move !== "string" || l.move.length !== 2)
          throw new Error("dracula: line " + (idx + 2) + ": play " + i + " has no two-character move");
        var code = l.move, round = Math.floor(i / 5);
        if (i % 5 === 4) {
          s.plays.push(draculaPlay(s, code, round, i));
        } else {
          if (map().index[code] === undefined)
            throw new Error("dracula: line " + (idx + 2) + ": play " + i + ": '" + code + "' is not a place");
          s.plays.push(hunterPlay(s, i % 5, code, round));
        }
        if (s.winner === null) {
          if (s.bp <= 0) s.winner = "hunters";
          else if (s.score <= 0) s.winner = "dracula";
        }
        steps.push({ state: copyState(s), turn: l });
      } else if (l.type === "log") logs.push(l);
      else if (l.type === "result") result = l;
    });
    var mismatch = null;
    if (result && result.result && typeof result.result.past_plays === "string") {
      var mine = s.plays.join(" ");
      if (mine !== result.result.past_plays) {
        var at = 0;
        while (mine[at] === result.result.past_plays[at]) at++;
        mismatch = "the replayed past plays differ from the result's at character " + at;
      }
    }
    return { header: header, steps: steps, logs: logs, result: result, mismatch: mismatch };
  }

  function hunterView(opts) { return !!opts && (opts.hunters === true || opts.view === "hunters"); }

  function text(model, k, opts) {
    var st = model.steps[k], s = st.state, t = st.turn, out = [];
    var hv = hunterView(opts), R = Math.floor(s.plays.length / 5);
    var n = model.steps.length - 1;
    if (!t) out.push("Step 0 of " + n + ": before the first play");
    else {
      var round = Math.floor(t.play / 5), mv = t.move;
      if (hv && t.seat === "D") mv = redactedMove(s, s.moves.length - 1, R);
      var line = "Play " + t.play + " (round " + round + "), " + t.seat + " (" + NAMES[t.seat] + "): " + mv;
      if (map().index[mv] !== undefined) line += " (" + placeName(mv) + ")";
      out.push(line);
      var v = "verdict " + (t.verdict || "?") + ", source " + (t.source || "?");
      if (t.reason) v += ", reason " + t.reason;
      if (t.end) v += ", ended " + t.end;
      if (typeof t.ms === "number") v += ", " + t.ms.toFixed(1) + " ms";
      if (t.garbled_lines) v += ", " + t.garbled_lines + " garbled lines";
      if (t.stale_lines) v += ", " + t.stale_lines + " stale lines";
      out.push(v);
      var secret = hv && t.seat === "D";  // what Dracula said could give him away
      if (t.answer && !secret) out.push("answer: " + t.answer);
      if (t.detail) out.push("detail: " + t.detail);
      var plays = hv ? redactedPlays(s, R) : s.plays;
      out.push("play string: " + plays[plays.length - 1]);
      if (t.stderr && !secret) out.push("stderr" + (t.stderr_truncated ? " (truncated)" : "") + ": " + t.stderr);
      if (t.stderr && secret) out.push("stderr: (hidden in the hunters' view)");
    }
    out.push("Score " + s.score + " · Dracula " + Math.max(0, s.bp) + " BP");
    out.push(s.hunters.map(function (h, i) {
      return SEATS[i] + " " + (h.hospital ? 0 : h.hp) + " LP" + (h.loc ? " at " + h.loc : "");
    }).join(" · "));
    var from = Math.max(0, s.moves.length - 6);
    if (hv) {
      var known = knownLocations(s, R);
      out.push("Trail as the hunters see it: " + (known.codes.slice(from).join(" ") || "-"));
    } else {
      out.push("Trail: " + s.moves.slice(from).map(function (m, i) {
        var j = from + i;
        return m + (m !== s.locs[j] ? "=" + s.locs[j] : "") + (s.revealed[j] ? "" : "*");
      }).join(" ") + (s.moves.length ? "   (* not revealed)" : ""));
      out.push("Traps: " + (s.traps.map(function (t) { return t.place; }).join(" ") || "none") +
               " · immature vampire: " + (s.vampire ? s.vampire.place : "none"));
    }
    if (k === n) {
      model.logs.forEach(function (l) {
        var bits = [];
        ["start_error", "exit", "stderr"].forEach(function (f) { if (l[f]) bits.push(f + ": " + l[f]); });
        if (bits.length) out.push("log " + (l.seat || l.role || "") + ": " + bits.join(", "));
      });
      if (model.result) {
        var r = model.result, sc = r.scores || {};
        out.push("Result: winner " + (r.winner === null || r.winner === undefined ? "none" : r.winner) +
                 " · scores " + Object.keys(sc).map(function (x) { return x + " " + sc[x]; }).join(", ") +
                 (r.result && r.result.final_score !== undefined ? " · final score " + r.result.final_score : ""));
      } else out.push("No result yet (the match is still running or the replay was cut).");
      if (model.mismatch) out.push("Warning: " + model.mismatch);
    }
    return out;
  }

  // ---- drawing ----
  function el(name, attrs, parent) { return A.svgInto(name, attrs, parent); }  // games/svg.js
  function xy(i) {
    var p = map().places[i];
    return [Math.round((p[3] + 13.5) * 0.68 * 22), Math.round((57 - p[4]) * 22)];
  }
  function staticMap(root) {
    var m = map();
    var svg = el("svg", { width: "100%", viewBox: "0 0 700 470", "class": "dracula-map", role: "img",
                          "aria-label": "Map of Europe" });
    el("rect", { x: 0, y: 0, width: 700, height: 470, fill: "#f4efe1" }, svg);
    var gEdges = el("g", { "class": "connections" }, svg);
    m.connections.forEach(function (c) {
      var a = xy(c[0]), b = xy(c[1]);
      var style = c[2] === "road" ? { stroke: "#9a8f7a", "stroke-width": 1.2 }
                : c[2] === "rail" ? { stroke: "#6b4f2a", "stroke-width": 1, "stroke-dasharray": "4 3" }
                                  : { stroke: "#5b8fd0", "stroke-width": 1, "stroke-dasharray": "1 3" };
      style.x1 = a[0]; style.y1 = a[1]; style.x2 = b[0]; style.y2 = b[1];
      style["class"] = "connection " + c[2];
      el("line", style, gEdges);
    });
    var gPlaces = el("g", { "class": "places" }, svg);
    m.places.forEach(function (p, i) {
      var q = xy(i), sea = p[2] === "sea";
      var g = el("g", { "class": "place " + p[2], "data-code": p[0] }, gPlaces);
      el("circle", { cx: q[0], cy: q[1], r: sea ? 10 : 5, fill: sea ? "#cfe0f5" : "#fffaf0",
                     stroke: sea ? "#5b8fd0" : "#333", "stroke-width": 1 }, g);
      var label = el("text", { x: q[0] + (sea ? -6 : 6), y: q[1] + (sea ? 3 : -4), "font-size": 8,
                               fill: sea ? "#2c5c9a" : "#222" }, g);
      label.textContent = p[0];
      el("title", {}, g).textContent = p[1] + " (" + p[0] + ")";
    });
    var dyn = el("g", { "class": "dynamic" }, svg);
    root.appendChild(svg);
    return { svg: svg, dyn: dyn };
  }

  function render(root, model, k, opts) {
    var view = root.__draculaView;
    if (!view || !root.contains(view.svg)) view = root.__draculaView = staticMap(root);
    var dyn = view.dyn;
    while (dyn.firstChild) dyn.removeChild(dyn.firstChild);
    var s = model.steps[k].state, m = map(), hv = hunterView(opts);
    var R = Math.floor(s.plays.length / 5);
    var locs = s.locs, codes = s.moves;
    if (hv) { var kn = knownLocations(s, R); locs = kn.locs; codes = kn.codes; }
    // The trail, oldest first, with its number of moves ago.
    var from = Math.max(0, s.moves.length - 6), pts = [];
    for (var j = from; j < s.moves.length; j++) if (locs[j]) pts.push(xy(m.index[locs[j]]));
    if (pts.length > 1)
      el("polyline", { points: pts.map(function (p) { return p.join(","); }).join(" "), fill: "none",
                       stroke: COLORS.D, "stroke-width": 2, "stroke-opacity": 0.6, "class": "trail" }, dyn);
    for (j = from; j < s.moves.length; j++) {
      if (!locs[j]) continue;
      var q = xy(m.index[locs[j]]);
      var tx = el("text", { x: q[0] - 4, y: q[1] + 14, "font-size": 8, fill: COLORS.D, "class": "trail-mark" }, dyn);
      tx.textContent = codes[j] === locs[j] ? String(s.moves.length - j) : codes[j] + "·" + (s.moves.length - j);
    }
    // Encounters: in the hunters' view only those whose placing move they can place.
    s.traps.forEach(function (t) {
      var place = hv ? locs[t.move] : t.place;
      if (!place) return;
      var q = xy(m.index[place]);
      el("rect", { x: q[0] + 5, y: q[1] + 2, width: 5, height: 5, fill: "#000", "class": "trap" }, dyn);
    });
    if (s.vampire) {
      var vp = hv ? locs[s.vampire.move] : s.vampire.place;
      if (vp) {
        var qv = xy(m.index[vp]);
        var vt = el("text", { x: qv[0] - 12, y: qv[1] + 4, "font-size": 10, "font-weight": "bold",
                              fill: "#8b0000", "class": "vampire" }, dyn);
        vt.textContent = "V";
      }
    }
    // Players: the hunters around their place, Dracula where he is (or where he was last seen).
    s.hunters.forEach(function (h, i) {
      if (!h.loc) return;
      var q = xy(m.index[h.loc]), ang = i * Math.PI / 2 + Math.PI / 4;
      var g = el("g", { "class": "piece hunter", "data-seat": SEATS[i] }, dyn);
      el("circle", { cx: q[0] + 7 * Math.cos(ang), cy: q[1] + 7 * Math.sin(ang), r: 4.5, fill: COLORS[SEATS[i]],
                     stroke: "#fff", "stroke-width": 1 }, g);
      el("title", {}, g).textContent = NAMES[SEATS[i]] + ": " + (h.hospital ? 0 : h.hp) + " LP";
    });
    var n = s.moves.length, dl = n ? locs[n - 1] : null;
    if (dl) {
      var qd = xy(m.index[dl]);
      var gd = el("g", { "class": "piece dracula", "data-seat": "D" }, dyn);
      el("circle", { cx: qd[0], cy: qd[1], r: 7, fill: "none", stroke: COLORS.D, "stroke-width": 3 }, gd);
      el("title", {}, gd).textContent = "Dracula: " + Math.max(0, s.bp) + " BP";
    }
    var status = el("text", { x: 8, y: 462, "font-size": 11, fill: "#222", "class": "status" }, dyn);
    status.textContent = "Score " + s.score + "   Dracula " + Math.max(0, s.bp) + " BP   " +
      s.hunters.map(function (h, i) { return SEATS[i] + " " + (h.hospital ? 0 : h.hp); }).join("  ") +
      (hv ? "   (what the hunters knew" + (n && !dl ? ": Dracula's position unknown" : "") + ")" : "");
  }


  // ---- human play (contract "The human seat over WebSocket") ----
  // The position a seat knows from its own request string: full for Dracula, redacted for a
  // hunter, so a human hunter never sees more than a bot hunter would.
  function positionFromString(pastPlays) {
    var plays = pastPlays ? pastPlays.split(" ") : [], hunters = [null, null, null, null], dcodes = [], dlocs = [];
    plays.forEach(function (p) {
      var seat = SEATS.indexOf(p[0]), code = p.slice(1, 3), l = null;
      if (seat < 0) throw new Error("dracula: '" + p + "' is not a play");
      if (seat < 4) { hunters[seat] = code; return; }
      if (code === "HI") l = dlocs.length ? dlocs[dlocs.length - 1] : null;
      else if (/^D[1-5]$/.test(code)) l = dlocs[dlocs.length - +code[1]] || null;
      else if (code === "TP") l = "CD";
      else if (code !== "C?" && code !== "S?") l = code;
      dcodes.push(code); dlocs.push(l);
    });
    return { plays: plays, hunters: hunters, dcodes: dcodes, dlocs: dlocs };
  }
  // The legal moves (from the server's hint) that end at `place`.
  function movesAt(hint, place) {
    if (!hint || !Array.isArray(hint.moves)) return [];
    return hint.moves.filter(function (m) { return m.location === place; });
  }
  // Exactly what a bot of this seat answers (§6.2, §6.3): one move line, with the request's turn.
  function replyText(requestText, move, message) {
    var req = {};
    try { req = JSON.parse(requestText); } catch (e) { req = {}; }
    var reply = {};
    if (req && typeof req.turn === "number") reply.turn = req.turn;
    reply.move = move;
    reply.message = String(message || "").replace(/[^\x20-\x7e]/g, "?").slice(0, 99);
    // Persistent mode (a request with a turn, as the server's human seat gets): the turn ends
    // at "done", not at the deadline.
    if (req && typeof req.turn === "number") reply.done = true;
    return JSON.stringify(reply) + "\n";
  }
  function describeMove(m) {
    if (m.move === m.location) return m.move + " (" + placeName(m.move) + ")";
    var what = m.move === "HI" ? "hide" : m.move === "TP" ? "teleport" : "double back " + m.move[1];
    return m.move + " (" + what + ": " + placeName(m.location) + ")";
  }
  // The session is the shell's (on(type, fn) for each message type, send(reply text)), an object
  // with onMessage(fn) for every parsed message and send(message object), or the seat's WebSocket.
  function connect(session, onMessage) {
    if (session && typeof session.on === "function" && typeof session.send === "function") {
      ["request", "line", "end", "error"].forEach(function (type) { session.on(type, onMessage); });
      return function (obj) { session.send(obj.text); };
    }
    if (session && typeof session.onMessage === "function" && typeof session.send === "function") {
      session.onMessage(onMessage);
      return function (obj) { session.send(obj); };
    }
    if (session && typeof session.addEventListener === "function" && typeof session.send === "function") {
      session.addEventListener("message", function (ev) {
        var m;
        try { m = JSON.parse(ev.data); } catch (e) { m = { type: "error", message: "unreadable message: " + e.message }; }
        onMessage(m);
      });
      return function (obj) { session.send(JSON.stringify(obj)); };
    }
    throw new Error("dracula: play.mount needs a WebSocket or a session with onMessage() and send()");
  }

  function mount(root, session) {
    var doc = root.ownerDocument || document;
    function h(tag, attrs, parent, txt) {
      var e = doc.createElement(tag);
      for (var a in attrs) e.setAttribute(a, attrs[a]);
      if (txt !== undefined) e.textContent = txt;
      if (parent) parent.appendChild(e);
      return e;
    }
    var box = h("div", { "class": "dracula-play" }, root);
    var status = h("p", { "class": "play-status", "aria-live": "polite" }, box, "Waiting for the game to ask you.");
    // What the referee made of this seat's last move, from the request's own string: the move
    // that was sent, or the default move it was replaced by.
    var last = h("p", { "class": "play-last" }, box, "");
    var mapBox = h("div", { "class": "play-map" }, box);
    var view = staticMap(mapBox);
    var choiceBox = h("div", { "class": "play-choices", role: "group", "aria-label": "legal moves" }, box);
    var form = h("div", { "class": "play-manual" }, box);
    h("label", { "for": "dracula-message" }, form, "Message ");
    var message = h("input", { id: "dracula-message", type: "text", maxlength: "99" }, form);
    h("label", { "for": "dracula-move" }, form, " Move ");
    var manual = h("input", { id: "dracula-move", type: "text", size: "3", maxlength: "2" }, form);
    var sendButton = h("button", { type: "button" }, form, "send");
    var current = null, send = null;

    function reply(move) {
      if (!current) return;
      send({ type: "reply", text: replyText(current.text, move, message.value) });
      status.textContent = "Sent " + move + "; waiting for the others.";
      current = null;
      draw(null);
    }
    function offer(list) {
      while (choiceBox.firstChild) choiceBox.removeChild(choiceBox.firstChild);
      list.forEach(function (m) {
        var b = h("button", { type: "button", "class": "move", "data-move": m.move }, choiceBox, describeMove(m));
        b.addEventListener("click", function () { reply(m.move); });
      });
    }
    function draw(req) {
      var dyn = view.dyn;
      while (dyn.firstChild) dyn.removeChild(dyn.firstChild);
      if (!req) { offer([]); return; }
      var pos = req.position, m = map();
      pos.hunters.forEach(function (loc, i) {
        if (!loc || m.index[loc] === undefined) return;
        var q = xy(m.index[loc]), ang = i * Math.PI / 2 + Math.PI / 4;
        el("circle", { cx: q[0] + 7 * Math.cos(ang), cy: q[1] + 7 * Math.sin(ang), r: 4.5, fill: COLORS[SEATS[i]],
                       "class": "piece hunter", "data-seat": SEATS[i] }, dyn);
      });
      var from = Math.max(0, pos.dlocs.length - 6);
      for (var j = from; j < pos.dlocs.length; j++) {
        if (!pos.dlocs[j]) continue;
        var q = xy(m.index[pos.dlocs[j]]);
        var t = el("text", { x: q[0] - 4, y: q[1] + 14, "font-size": 8, fill: COLORS.D, "class": "trail-mark" }, dyn);
        t.textContent = String(pos.dlocs.length - j);
      }
      var hint = req.hint && !req.hint.error ? req.hint : null, places = {};
      if (hint) hint.moves.forEach(function (mv) { places[mv.location] = true; });
      Object.keys(places).forEach(function (code) {
        var q = xy(m.index[code]);
        var c = el("circle", { cx: q[0], cy: q[1], r: 9, fill: "#ffd70055", stroke: "#b8860b", "stroke-width": 2,
                               "class": "legal", "data-code": code, role: "button", tabindex: 0,
                               "aria-label": "move to " + placeName(code) }, dyn);
        function pick() {
          var here = movesAt(hint, code);
          if (here.length === 1) reply(here[0].move);
          else offer(here);
        }
        c.addEventListener("click", pick);
        c.addEventListener("keydown", function (ev) { if (ev.key === "Enter" || ev.key === " ") pick(); });
      });
      offer(hint ? hint.moves : []);
    }
    sendButton.addEventListener("click", function () {
      var mv = manual.value.trim().toUpperCase();
      if (mv) reply(mv);
    });
    send = connect(session, function (msg) {
      if (!msg || typeof msg !== "object") return;
      if (msg.type === "request") {
        var req = { text: msg.text, hint: msg.hint, role: msg.role, position: null };
        try {
          var parsed = JSON.parse(msg.text);
          req.position = positionFromString(parsed.past_plays || "");
        } catch (e) {
          status.textContent = "The request could not be read: " + e.message;
          return;
        }
        current = req;
        var mine = req.position.plays.filter(function (p) { return p[0] === msg.role; });
        last.textContent = mine.length ? "Your last play: " + mine[mine.length - 1] : "";
        var secs = typeof msg.deadline_ms === "number" ? " You have " + Math.round(msg.deadline_ms / 1000) + " s." : "";
        var who = NAMES[msg.role] || msg.role;
        status.textContent = who + ", round " + Math.floor(req.position.plays.length / 5) + ": your move." + secs +
          (msg.hint && msg.hint.error ? " (No move list: " + msg.hint.error + "; type a move code.)" :
           msg.hint ? " Click a highlighted place." : " Type a move code.");
        draw(req);
      } else if (msg.type === "end") {
        current = null; draw(null);
        var r = msg.result || {};
        status.textContent = "Game over: winner " + (r.winner === undefined ? "?" : r.winner) +
          (r.result && r.result.final_score !== undefined ? ", final score " + r.result.final_score : "") + ".";
      } else if (msg.type === "error") {
        status.textContent = "Error: " + msg.message;
      }
    });
    return { reply: reply };
  }

  A.games.dracula = {
    title: "Fury of Dracula",
    build: build,
    frameCount: function (model) { return model.steps.length; },
    render: render,
    text: text,
    options: [{ name: "hunters", label: "What the hunters knew", kind: "toggle", initial: false }],
    play: { mount: mount },
    // Exposed for the tests.
    _rules: { redactedPlays: redactedPlays, knownLocations: knownLocations, positionFromString: positionFromString,
              movesAt: movesAt, replyText: replyText },
  };
})();
