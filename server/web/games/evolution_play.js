// Evolution: a human player in the browser (docs/web.md, "Human play"). The page is one remote
// player of spec §8: it signs up with a JSON string, keeps its boards and hand from each Start,
// answers each Choose with a RemoteAction4 and each State with a FeedingChoice, all as the JSON
// text a bot program would write. The server's hint (games/evolution/human_hint.h) says what each
// message is, lists the feeding answers the rules allow and suggests the Silly player's answers,
// so the page knows no rules: an action it builds is judged by the dealer, and a cheating one
// ejects the human exactly as it would eject a bot (§5.4).
(function () {
  // The shell may declare Arena with const/let (not a property of globalThis): name it directly.
  var A = typeof Arena !== "undefined" ? Arena : (globalThis.Arena = { games: {} });
  A.games = A.games || {};

  function pairsOf(list) {
    var o = {};
    (list || []).forEach(function (p) { if (Array.isArray(p) && p.length === 2) o[p[0]] = p[1]; });
    return o;
  }
  function speciesText(s, i) {
    var o = pairsOf(s);
    return "board " + i + ": food " + o.food + ", body " + o.body + ", population " + o.population +
      ", traits " + ((o.traits || []).join(", ") || "none") + (o["fat-food"] ? ", fat " + o["fat-food"] : "");
  }
  function boardsText(los) { return los.length ? los.map(speciesText).join("\n") : "no boards"; }
  function playersText(lob, label) {
    return lob.map(function (los, k) { return label(k) + "\n" + boardsText(los).replace(/^/gm, "  "); }).join("\n");
  }

  // The shell's element builder (Arena.el): attributes, then the text.
  function h() { return A.el.apply(null, arguments); }
  function numberInput(label, name) {
    return h("input", { type: "number", min: "0", value: "0", name: name, "aria-label": label, style: "width: 4em" });
  }

  // §5.1 items 2 and 3, so a slip is shown before it is sent (the dealer still judges it).
  function problems(action, cards, boards) {
    var out = [], seen = {};
    if (!Array.isArray(action) || action.length !== 5) return ["an action is [food card, GP, GB, BT, RT]"];
    var newBoards = Array.isArray(action[3]) ? action[3].length : 0;
    function card(c) {
      if (typeof c !== "number" || c < 0 || c >= cards) out.push("card " + c + " is not in your hand (0.." + (cards - 1) + ")");
      else if (seen[c]) out.push("card " + c + " is used twice");
      seen[c] = true;
    }
    function board(b) {
      if (typeof b !== "number" || b < 0 || b >= boards + newBoards) out.push("board " + b + " does not exist");
    }
    card(action[0]);
    (action[1] || []).forEach(function (g) { board(g[0]); card(g[1]); });
    (action[2] || []).forEach(function (g) { board(g[0]); card(g[1]); });
    (action[3] || []).forEach(function (bt) { (bt || []).forEach(card); });
    (action[4] || []).forEach(function (rt) { board(rt[0]); card(rt[2]); });
    return out;
  }

  function mount(root, session) {
    var me = { hole: 0, bag: 0, boards: [], cards: [], suggested: null }, awaiting = "", turn = 0;
    var status = h("pre", { id: "evo-state", "class": "text", "aria-label": "your state" }, "signing up…");
    var others = h("pre", { id: "evo-others", "class": "text", "aria-label": "the others" });
    var choose = h("div", { id: "choose", "class": "actions" });
    var feed = h("div", { id: "feed", "class": "actions" });
    var consoleIn = h("input", { id: "console", "aria-label": "console", placeholder: "type a JSON answer, Enter" });
    var transcript = h("pre", { id: "transcript", "class": "transcript", "aria-label": "transcript" });
    var consoleLabel = h("label", {}, "console ");
    consoleLabel.appendChild(consoleIn);
    root.replaceChildren(status, choose, feed, others, consoleLabel, transcript);

    function setAwaiting(what) {
      awaiting = what;
      root.setAttribute("data-awaiting", what);
      choose.hidden = what !== "choose";
      feed.hidden = what !== "feed";
    }
    function send(text) {
      if (!awaiting) return;
      transcript.append("> " + text + "\n");
      session.send(text + "\n");
      setAwaiting("");
    }
    function showMe() {
      status.textContent = "turn " + turn + " · watering hole " + me.hole + " · bag " + me.bag + "\n" +
        boardsText(me.boards) + "\nhand:\n" +
        (me.cards.map(function (c, i) { return "card " + i + ": " + c[0] + " " + c[1]; }).join("\n") || "empty");
    }

    // The action builder: each button adds one trade to the action text, which stays editable.
    var action = h("input", { id: "action", "aria-label": "action", size: "48" });
    var notes = h("p", { id: "problems", role: "status" });
    function current() { try { return JSON.parse(action.value); } catch (e) { return null; } }
    function check() {
      var a = current();
      var p = a ? problems(a, me.cards.length, me.boards.length) : ["not JSON yet"];
      notes.textContent = p.length ? "check: " + p.join("; ") : "";
    }
    function edit(fn) {
      var a = current() || [0, [], [], [], []];
      fn(a);
      action.value = JSON.stringify(a);
      check();
    }
    var food = numberInput("food card", "food");
    food.addEventListener("input", function () { edit(function (a) { a[0] = +food.value; }); });
    function trade(label, fields, add) {
      var row = h("div", { "class": "trade" });
      var inputs = fields.map(function (f) { var i = numberInput(label + " " + f, f); row.appendChild(h("span", {}, f + " ")); row.appendChild(i); return i; });
      var b = h("button", { type: "button", name: label }, label);
      b.addEventListener("click", function () { edit(function (a) { add(a, inputs.map(function (i) { return +i.value; })); }); });
      row.appendChild(b);
      return row;
    }
    var traitCards = h("input", { name: "traits", "aria-label": "trait cards", placeholder: "trait cards, e.g. 1 3", size: "8" });
    var newBoard = trade("new board", ["pay card"], function (a, v) {
      var t = traitCards.value.trim() ? traitCards.value.trim().split(/[\s,]+/).map(Number) : [];
      a[3].push([v[0]].concat(t));
    });
    newBoard.insertBefore(traitCards, newBoard.lastChild);
    var suggest = h("button", { type: "button", name: "suggested" }, "suggested");
    suggest.addEventListener("click", function () { action.value = JSON.stringify(me.suggested || [0, [], [], [], []]); check(); });
    var sendAction = h("button", { type: "button", name: "send action" }, "send action");
    sendAction.addEventListener("click", function () { send(action.value.trim()); });
    action.addEventListener("input", check);
    var foodRow = h("div", { "class": "trade" }, "food card ");
    foodRow.appendChild(food);
    choose.replaceChildren(h("h3", {}, "Your card actions"), foodRow,
      trade("grow population", ["board", "card"], function (a, v) { a[1].push(v); }),
      trade("grow body", ["board", "card"], function (a, v) { a[2].push(v); }), newBoard,
      trade("replace trait", ["board", "trait", "card"], function (a, v) { a[4].push(v); }),
      action, suggest, sendAction, notes);

    function offer(hint) {
      feed.replaceChildren(h("h3", {}, "Feed"));
      (hint && hint.options || []).forEach(function (o) {
        var text = JSON.stringify(o.choice);
        var b = h("button", { type: "button", "class": "feed-option" + (JSON.stringify(hint.suggested) === text ? " suggested" : ""),
                              "data-choice": text }, o.text);
        b.addEventListener("click", function () { send(text); });
        feed.appendChild(b);
      });
    }

    consoleIn.addEventListener("keydown", function (e) {
      if (e.key === "Enter" && consoleIn.value.trim()) { send(consoleIn.value.trim()); consoleIn.value = ""; }
    });
    session.on("start", function () {
      // §8.4: the player speaks first, with any JSON string.
      transcript.append("> \"human\"\n");
      session.send("\"human\"\n");
    });
    session.on("request", function (m) {
      var text = m.text.replace(/\s+$/, "");
      transcript.append("< " + text + "\n");
      var msg;
      try { msg = JSON.parse(text); } catch (e) { status.textContent = "unreadable message: " + e.message; return; }
      var hint = m.hint && !m.hint.error ? m.hint : null;
      var kind = hint ? hint.message : typeof msg === "string" ? "signed-up" :
        ({ 4: "start", 2: "choose", 5: "feed" })[msg.length];
      if (m.hint && m.hint.error) transcript.append("! no hint: " + m.hint.error + "\n");
      if (kind === "signed-up") { status.textContent = "signed up; waiting for the other players…"; return; }
      if (kind === "start") {
        turn += 1;
        me = { hole: msg[0], bag: msg[1], boards: msg[2], cards: msg[3], suggested: hint ? hint.suggested : null };
        others.textContent = "";
        showMe();
        return;
      }
      if (kind === "choose") {
        others.textContent = playersText(msg[0], function (k) { return "before you, player " + (k + 1); }) +
          (msg[0].length && msg[1].length ? "\n" : "") +
          playersText(msg[1], function (k) { return "after you, player " + (k + 1); });
        action.value = JSON.stringify([0, [], [], [], []]);
        check();
        setAwaiting("choose");
        return;
      }
      if (kind === "feed") {
        me.bag = msg[0]; me.boards = msg[1]; me.cards = msg[2]; me.hole = msg[3];
        showMe();
        others.textContent = playersText(msg[4], function (k) { return "player +" + (k + 1); });
        offer(hint);
        setAwaiting("feed");
      }
    });
    session.on("end", function (m) {
      setAwaiting("");
      var r = m.result && m.result.result;
      if (!r || !r.ranking) return;
      status.textContent = "game over after " + r.turns + " turns\n" + r.ranking.map(function (x) {
        return x.place + ". " + x.seat + " score " + x.score;
      }).join("\n") + (r.ejected && r.ejected.length ? "\nejected: " + JSON.stringify(r.ejected) : "");
    });
    setAwaiting("");
  }

  var game = A.games.evolution = A.games.evolution || {};
  game.play = { mount: mount };
})();
