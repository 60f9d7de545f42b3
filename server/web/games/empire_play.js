// Empire Builder: a human player in the browser (docs/web.md, "Human play"), the manual client of
// spec §8.2 with the map. The page registers, keeps every log entry the server sends (§5.5-§5.6:
// the same entries as the record a replay holds, so the replay viewer's own build and render draw
// the board as the player may know it) and answers each query (§5.7) with the S-expression a
// person would type at eb-client's prompts. Clicks on the map write that answer: a city for the
// start, a path of mileposts for the track to build, mileposts to move through; the answer stays
// editable (acquire-good, drop-good, make-delivery are typed). The server judges every answer,
// exactly as it judges a bot's.
(function () {
  // The shell may declare Arena with const/let (not a property of globalThis): name it directly.
  var A = typeof Arena !== "undefined" ? Arena : (globalThis.Arena = { games: {} });
  A.games = A.games || {};

  var PROMPTS = { START: "Start Location: click a city", BUILD: "Build Command: click the mileposts of a path",
                  MOVE: "Move Command: click the mileposts to move through" };

  // The shell's element builder (Arena.el): attributes, then the text.
  function h() { return A.el.apply(null, arguments); }
  function pointText(p) { return "(" + p[0] + " " + p[1] + ")"; }

  // The answer a person would type for the clicked mileposts.
  function answerFor(query, path) {
    if (!path.length) return "";
    if (query === "START") return pointText(path[path.length - 1]);
    if (query === "BUILD") {
      var edges = [];
      for (var i = 1; i < path.length; i++) edges.push("(" + pointText(path[i - 1]) + " " + pointText(path[i]) + ")");
      return edges.length ? "(" + edges.join(" ") + ")" : "";
    }
    return "(" + path.map(function (p) { return "(move-to-point " + pointText(p) + ")"; }).join(" ") + ")";
  }

  function mount(root, session) {
    var game = A.games.empire, header = { game: "empire", roles: [] };
    var entries = [], model = null, me = null, query = "", path = [], svg = null, marks = null;
    var board = h("div", { id: "empire-board", "class": "board" });
    var state = h("pre", { id: "empire-state", "class": "text", "aria-label": "your state" }, "registering…");
    var prompt = h("p", { id: "prompt", role: "status" });
    var answer = h("input", { id: "answer", "aria-label": "answer", size: "60", placeholder: "an S-expression, or nil" });
    var reply = h("p", { id: "reply", "aria-label": "reply" });
    var transcript = h("pre", { id: "transcript", "class": "transcript", "aria-label": "transcript" });
    function button(name, fn) {
      var b = h("button", { type: "button", name: name }, name);
      b.addEventListener("click", fn);
      return b;
    }
    var buttons = h("div", { "class": "actions" });
    buttons.append(button("send", function () { send(answer.value.trim() || "nil"); }),
                   button("pass", function () { send("nil"); }),
                   button("clear", function () { path = []; answer.value = ""; drawMarks(); }),
                   button("upgrade train", function () { if (query === "BUILD") answer.value = "(upgrade-train)"; }));
    root.replaceChildren(board, prompt, answer, buttons, reply, state, transcript);

    function setQuery(q) {
      query = q;
      root.setAttribute("data-awaiting", q ? q.toLowerCase() : "");
      prompt.textContent = q ? PROMPTS[q] : "";
      buttons.querySelectorAll("button").forEach(function (b) { b.disabled = !q; });
    }
    function send(text) {
      if (!query) return;
      transcript.append("> " + text + "\n");
      session.send(text + "\n");
      path = [];
      answer.value = "";
      setQuery("");
      drawMarks();
    }

    function drawMarks() {
      if (!svg || !model) return;
      if (marks && marks.parentNode) marks.parentNode.removeChild(marks);
      marks = A.svgInto("g", { "class": "pending" }, svg);
      path.forEach(function (p, i) {
        var q = toScreen(p);
        A.svgInto("circle", { cx: q[0], cy: q[1], r: 3, fill: "none", stroke: "#000", "stroke-width": 1.5,
                              "class": "picked", "data-step": i }, marks);
      });
    }
    // Milepost (x, y) <-> map coordinates, from the drawn map's own size (empire.js lays (x, y)
    // out on a regular grid with a 10-unit margin).
    function grid() {
      var vb = svg.viewBox.baseVal, m = model.map;
      return { dx: (vb.width - 20) / (m.w - 1), dy: (vb.height - 20) / (m.h - 1), m: m };
    }
    function toScreen(p) {
      var g = grid();
      return [10 + p[0] * g.dx, 10 + (g.m.h - 1 - p[1]) * g.dy];
    }
    function onMapClick(ev) {
      if (!query || !model) return;
      var g = grid(), ctm = svg.getScreenCTM();
      if (!ctm) return;
      var pt = svg.createSVGPoint();
      pt.x = ev.clientX; pt.y = ev.clientY;
      var q = pt.matrixTransform(ctm.inverse());
      var x = Math.round((q.x - 10) / g.dx), y = g.m.h - 1 - Math.round((q.y - 10) / g.dy);
      if (x < 0 || y < 0 || x >= g.m.w || y >= g.m.h || g.m.invalid[x + " " + y]) return;
      if (query === "START") path = [[x, y]];
      else path.push([x, y]);
      answer.value = answerFor(query, path);
      drawMarks();
    }

    function redraw() {
      try {
        model = game.build(header, entries);
      } catch (e) {
        return;  // before INIT-END there is no board yet
      }
      game.render(board, model, model.steps.length - 1);
      var drawn = board.querySelector("svg.empire-map");
      if (drawn !== svg) {
        svg = drawn;
        svg.addEventListener("click", onMapClick);
      }
      drawMarks();
      var st = model.steps[model.steps.length - 1], mine = me !== null ? st.players[me] : null;
      if (!mine) return;
      var hand = Object.keys(mine.hand).map(function (c) {
        return "card " + c + ": " + mine.hand[c].map(function (d) { return "(" + d.join(" ") + ")"; }).join(" ");
      });
      state.textContent = "you are player " + me + " · cash " + mine.cash + " · " + mine.train +
        (mine.pos ? " at " + pointText(mine.pos) : "") + " · cargo " + (mine.cargo.length ? mine.cargo.join(" ") : "none") +
        "\n" + (hand.join("\n") || "no cards") + "\n" +
        st.players.filter(function (p) { return p.id !== me; }).map(function (p) {
          return "player " + p.id + " " + p.name + ": cash " + p.cash + ", " + p.train;
        }).join("\n");
    }

    answer.addEventListener("keydown", function (e) { if (e.key === "Enter") send(answer.value.trim() || "nil"); });
    session.on("start", function () {
      transcript.append("> (register \"human\")\n");
      session.send("(register \"human\")\n");
    });
    session.on("request", function (m) {
      var text = m.text.replace(/\s+$/, "");
      transcript.append("< " + text + "\n");
      var q = /^\(CHOOSE-(START|BUILD|MOVE)\)$/.exec(text);
      if (q) {
        path = [];
        answer.value = "";
        setQuery(q[1]);
        redraw();
        return;
      }
      if (text === "(TIMEOUT)") {
        // §5.9: a client that reads (TIMEOUT) sends (sync) at once and forgets its answer.
        setQuery("");
        reply.textContent = "(TIMEOUT): your answer came too late";
        transcript.append("> (sync)\n");
        session.send("(sync)\n");
        return;
      }
      if (/^\((BUILD-TURN|MOVE-TURN|ERROR|REGISTER)/.test(text) || /^[A-Z-]+$/.test(text)) {
        if (text !== "EMPIRE-BUILDER" && text !== "SYNCED") reply.textContent = text;
        return;
      }
      var you = /^\(YOU (\d+)\)$/.exec(text);
      if (you) me = +you[1];
      if (text[0] === "(") {
        entries.push({ type: "event", line: text });
        if (/^\((INIT-END|GAME-OVER)/.test(text)) redraw();
      }
    });
    session.on("end", function () {
      setQuery("");
      redraw();
    });
    setQuery("");
  }

  var g = A.games.empire = A.games.empire || {};
  g.play = { mount: mount };
})();
