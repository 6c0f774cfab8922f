/* dominolab clickable drawing (lessons now, the play page later): attach(root, {labels, onTile, onPoint, multi})
 * makes the SVG's data-point marks focusable buttons with a hit circle of at least 24 CSS px and the
 * data-tile elements selectable; Enter/Space act, arrow keys move between points; a selection is a thick
 * dashed ring plus aria-pressed, never colour alone. Plain script: works from file:// too.
 * A point's accessible name comes from the words table (_static/words.js, ScriptWords.board) in the page's
 * language (<html lang>), read when a board is attached. */
(function () {
  "use strict";
  var SVGNS = "http://www.w3.org/2000/svg";
  var MIN_TARGET_PX = 24;

  function pointName(label) {
    var all = window.DominolabWords || {};
    var lang = String(document.documentElement.lang || "").toLowerCase().split("-")[0];
    var words = ((all[lang] || all.de || {}).board || {}).point || "{label}";
    return words.replace("{label}", label);
  }

  function scaleOf(svg) {
    var vb = svg.viewBox && svg.viewBox.baseVal;
    var box = svg.getBoundingClientRect();
    if (!vb || !vb.width || !box.width) return 1;
    return box.width / vb.width;           /* CSS px per user unit */
  }

  function attach(root, options) {
    options = options || {};
    var labels = options.labels || {};
    var svg = root.querySelector("svg");
    var marks = svg ? Array.prototype.slice.call(svg.querySelectorAll("[data-point]")) : [];
    var tiles = Array.prototype.slice.call(root.querySelectorAll("[data-tile]"));
    var hits = [];

    marks.forEach(function (mark, i) {
      var point = mark.getAttribute("data-point");
      mark.setAttribute("role", "button");
      mark.setAttribute("tabindex", "0");
      mark.setAttribute("aria-pressed", "false");
      mark.setAttribute("aria-label", pointName(labels[point] || point));
      mark.classList.add("dl-point");
      var hit = document.createElementNS(SVGNS, "circle");
      hit.setAttribute("cx", mark.getAttribute("cx"));
      hit.setAttribute("cy", mark.getAttribute("cy"));
      hit.setAttribute("class", "dl-hit");
      hit.setAttribute("aria-hidden", "true");
      hit.setAttribute("data-hit-for", point);
      mark.parentNode.insertBefore(hit, mark);
      hits.push(hit);
      var act = function (ev) {
        ev.preventDefault();
        if (options.onPoint) options.onPoint(point, mark);
      };
      hit.addEventListener("click", act);
      mark.addEventListener("click", act);
      mark.addEventListener("keydown", function (ev) {
        if (ev.key === "Enter" || ev.key === " ") { act(ev); return; }
        var step = ev.key === "ArrowRight" || ev.key === "ArrowDown" ? 1 :
                   ev.key === "ArrowLeft" || ev.key === "ArrowUp" ? -1 : 0;
        if (step) {
          ev.preventDefault();
          marks[(i + step + marks.length) % marks.length].focus();
        }
      });
    });

    function resize() {
      if (!svg) return;
      var k = scaleOf(svg);
      hits.forEach(function (hit, i) {
        var r = parseFloat(marks[i].getAttribute("r")) || 4;
        hit.setAttribute("r", String(Math.max(r * 1.4, (MIN_TARGET_PX / 2 + 1) / k)));
      });
    }
    resize();
    window.addEventListener("resize", resize);
    if (window.ResizeObserver && svg) new ResizeObserver(resize).observe(svg);

    tiles.forEach(function (el) {
      var tile = el.getAttribute("data-tile");
      if (!el.hasAttribute("aria-pressed")) el.setAttribute("aria-pressed", "false");
      el.addEventListener("click", function (ev) {
        ev.preventDefault();
        if (options.onTile) options.onTile(tile, el);
      });
    });

    function mark(el, on) {
      el.classList.toggle("dl-selected", !!on);
      el.setAttribute("aria-pressed", on ? "true" : "false");
    }

    return {
      select: function (kind, value, on) {
        var list = kind === "tile" ? tiles : marks;
        var attr = kind === "tile" ? "data-tile" : "data-point";
        list.forEach(function (el) {
          if (el.getAttribute(attr) === value) mark(el, on);
          else if (!options.multi || kind === "tile") { if (on) mark(el, false); }
        });
      },
      clear: function () { tiles.concat(marks).forEach(function (el) { mark(el, false); }); },
      selected: function (kind) {
        var list = kind === "tile" ? tiles : marks;
        var attr = kind === "tile" ? "data-tile" : "data-point";
        return list.filter(function (el) { return el.classList.contains("dl-selected"); })
                   .map(function (el) { return el.getAttribute(attr); });
      },
      points: function () { return marks.slice(); },
      tiles: function () { return tiles.slice(); },
      disable: function () {
        marks.forEach(function (el) { el.setAttribute("tabindex", "-1"); el.setAttribute("aria-disabled", "true"); });
        tiles.forEach(function (el) { el.disabled = true; });
        root.classList.add("dl-board-done");
      },
      resize: resize,
      destroy: function () { window.removeEventListener("resize", resize); }
    };
  }

  window.DominolabBoard = { attach: attach, MIN_TARGET_PX: MIN_TARGET_PX };
})();
