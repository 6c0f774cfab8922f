/* The readable-size rule of every drawing in the book (issue 32), in one place for the play page
 * (play/play.js) and the book's figures (widget-setup.js): a drawing may shrink to its box, but its
 * smallest text never below 11 CSS px on a laptop and 9 CSS px on a phone (a viewport of at most
 * 720 px). A drawing that would have to shrink further keeps that size and scrolls in its own box.
 *   DominolabReadable.least()           the smallest text size allowed now, in CSS px
 *   DominolabReadable.smallestText(svg) the smallest text of a drawing as shown now, in CSS px
 *                                       (Infinity for a drawing without text)
 *   DominolabReadable.minWidth(svg)     the width in CSS px the drawing needs for readable text,
 *                                       or 0 when it is readable at its present width
 *
 * Tables are whole as well: a wide table of numbers (class dominolab-wide: one header column, many
 * value columns) is cut into blocks of columns that fit the text column, each block repeating the
 * row headers; any other table that is still wider than its box scrolls in it, marked .dl-scrollbox
 * (an edge fade and a visible scrollbar, dominolab-widgets.css) - on a laptop the stylesheet keeps
 * the tables of this book inside the column, so that happens on a phone only. Every page loads this
 * file (html_js_files); it re-measures after load, on resize and when the page adds content. */
(function () {
  "use strict";
  var PHONE = "(max-width: 720px)";
  function least() {
    return window.matchMedia && window.matchMedia(PHONE).matches ? 9 : 11;
  }
  function smallestText(svg) {
    var smallest = Infinity;
    var texts = svg.querySelectorAll("text");
    for (var i = 0; i < texts.length; i++) {
      var ctm = texts[i].getScreenCTM();
      if (ctm) smallest = Math.min(smallest, parseFloat(getComputedStyle(texts[i]).fontSize) * Math.hypot(ctm.a, ctm.b));
    }
    return smallest;
  }
  function minWidth(svg) {
    var min = least();
    var smallest = smallestText(svg);
    var width = svg.getBoundingClientRect().width;
    return smallest < min - 0.01 && width > 0 ? Math.ceil(width * min / smallest) + 1 : 0;
  }
  window.DominolabReadable = { least: least, smallestText: smallestText, minWidth: minWidth };

  /* A wide table of numbers in blocks of columns (the original stays in the page, hidden, and is
   * cut again when the width changes). */
  function wrapWide(table) {
    var blocks = table.nextElementSibling && table.nextElementSibling.classList.contains("dl-blocks")
      ? table.nextElementSibling : null;
    var box = (blocks || table).parentElement;
    var room = box.clientWidth;
    if (blocks && table.dataset.cutAt === String(room)) return;     /* cut for this width already */
    table.hidden = false;
    if (blocks) blocks.remove();
    table.dataset.cutAt = String(room);
    if (table.getBoundingClientRect().width <= room + 1) return;
    var rows = Array.prototype.slice.call(table.rows);
    if (!rows.length) return;
    var head = rows[0].cells[0].getBoundingClientRect().width;
    var widest = 0;
    for (var c = 1; c < rows[0].cells.length; c++) widest = Math.max(widest, rows[0].cells[c].getBoundingClientRect().width);
    var per = Math.max(1, Math.floor((room - head - 2) / Math.max(1, widest)));
    var total = rows[0].cells.length - 1;
    blocks = document.createElement("div");
    blocks.className = "dl-blocks";
    for (var start = 1; start <= total; start += per) {
      var part = table.cloneNode(false);
      part.classList.add("dl-block");
      var body = document.createElement("tbody");
      for (var r = 0; r < rows.length; r++) {
        var tr = rows[r].cloneNode(false);
        tr.appendChild(rows[r].cells[0].cloneNode(true));
        for (var k = start; k < Math.min(start + per, total + 1); k++) tr.appendChild(rows[r].cells[k].cloneNode(true));
        body.appendChild(tr);
      }
      part.appendChild(body);
      blocks.appendChild(part);
    }
    table.hidden = true;
    table.after(blocks);
  }

  /* A table (or the theme's box around one) still wider than its box scrolls in it, with the cue. */
  function markScrolling(article) {
    var boxes = article.querySelectorAll("table.dominolab-table, .pst-scrollable-table-container, .dominolab-scroll, pre");
    for (var i = 0; i < boxes.length; i++) {
      var b = boxes[i];
      if (!b.getClientRects().length || b.closest(".dominolab-play")) continue;
      var scrolls = getComputedStyle(b).overflowX !== "visible" && b.scrollWidth > b.clientWidth + 1;
      b.classList.toggle("dl-scrollbox", scrolls);
    }
  }

  /* Book figures (steppers, single figures, lesson drawings): a drawing keeps its own size or shrinks
   * to its column, down to the readable size; only then it gets that minimum width and scrolls in its
   * own box, marked .dl-scrollbox. The play page measures its own drawings (play.js). */
  var HOLDERS = ".dominolab-frame, .dominolab-single, .dominolab-figure, .dl-drawing";
  function fit(svg) {
    var holder = svg.closest(HOLDERS);
    if (!holder || svg.closest(".dominolab-play") || svg.closest("button")) return;
    if (!svg.getClientRects().length) return;            /* a hidden step: measured when shown */
    svg.style.minWidth = "";
    var need = minWidth(svg);
    if (need) svg.style.minWidth = need + "px";
    /* wider than its box (so, or by the stylesheet's --dl-min-width): it scrolls, with the cue */
    holder.classList.toggle("dl-scrollbox", svg.getBoundingClientRect().width > holder.clientWidth + 1);
  }

  var pending = false;
  function schedule() {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(function () {
      pending = false;
      var article = document.querySelector("article.bd-article");
      if (!article) return;
      var all = article.querySelectorAll("svg.dl");
      for (var i = 0; i < all.length; i++) fit(all[i]);
      var wide = article.querySelectorAll("table.dominolab-wide:not(.dl-block)");
      for (var k = 0; k < wide.length; k++) wrapWide(wide[k]);
      markScrolling(article);
      document.documentElement.dataset.tablesReady = "1";       /* for automation: measured once */
    });
  }
  function start() {
    new MutationObserver(function (records) {
      for (var i = 0; i < records.length; i++) {
        var added = records[i].addedNodes;
        for (var k = 0; k < added.length; k++) {
          /* new or replaced content; not the blocks of a cut table (wrapWide) */
          if (!(added[k].classList && added[k].classList.contains("dl-blocks"))) { schedule(); return; }
        }
        if (records[i].removedNodes.length) { schedule(); return; }
      }
    }).observe(document.body, { childList: true, subtree: true });
    window.addEventListener("resize", schedule);
    window.addEventListener("load", schedule);
    document.addEventListener("click", schedule);
    schedule();
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
