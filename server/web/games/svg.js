// What the game viewers share for drawing: Arena.svgInto(name, attrs, parent) makes one SVG element
// with its attributes and appends it to parent (if given). Loaded with the game modules; they
// call it only when they draw, so the order of the scripts does not matter. (The shell's own
// Arena.svg builds an element from children instead; the viewers also draw without the shell.)
(function () {
  // The shell may declare Arena with const/let (not a property of globalThis): name it directly.
  var A = typeof Arena !== "undefined" ? Arena : (globalThis.Arena = { games: {} });
  A.games = A.games || {};
  var SVGNS = "http://www.w3.org/2000/svg";
  A.svgInto = function (name, attrs, parent) {
    var e = document.createElementNS(SVGNS, name);
    for (var a in attrs) e.setAttribute(a, attrs[a]);
    if (parent) parent.appendChild(e);
    return e;
  };
})();
