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
  ["../words.js", "tiles.js", "../board/board.js", "lessons.js"].forEach(function (file) {
    var s = document.createElement("script");
    s.src = base + file;
    s.async = false;                 /* fetched in parallel, run in this order */
    document.head.appendChild(s);
  });
})();
