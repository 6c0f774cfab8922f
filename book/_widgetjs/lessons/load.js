/* Loads the lessons once per page: stylesheet, the scripts' words (words.js, in both languages), tile pictures,
 * board.js, lessons.js (classic scripts, file:// too). */
(function () {
  if (window.__dlLessonsLoading) return;
  window.__dlLessonsLoading = 1;
  var me = document.currentScript, src = me ? me.getAttribute("src") : "";
  var base = src.slice(0, src.lastIndexOf("/") + 1);          /* …/_static/lessons/ */
  var css = document.createElement("link");
  css.rel = "stylesheet"; css.href = base + "lessons.css";
  document.head.appendChild(css);
  /* the tile pictures' titles in the page's language: tiles.<lang>.js (German when the page names none) */
  var lang = String(document.documentElement.lang || "de").toLowerCase().split("-")[0];
  var tiles = "tiles." + (/^(de|en)$/.test(lang) ? lang : "de") + ".js";
  ["../words.js", tiles, "../board/board.js", "lessons.js"].forEach(function (file) {
    var s = document.createElement("script");
    s.src = base + file;
    s.async = false;                 /* fetched in parallel, run in this order */
    document.head.appendChild(s);
  });
})();
