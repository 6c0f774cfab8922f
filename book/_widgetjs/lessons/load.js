/* Loads the lessons once per page: stylesheet, tile pictures, board.js, lessons.js (classic scripts, file:// too). */
(function () {
  if (window.__dlLessonsLoading) return;
  window.__dlLessonsLoading = 1;
  var me = document.currentScript, src = me ? me.getAttribute("src") : "";
  var base = src.slice(0, src.lastIndexOf("/") + 1);          /* …/_static/lessons/ */
  var css = document.createElement("link");
  css.rel = "stylesheet"; css.href = base + "lessons.css";
  document.head.appendChild(css);
  var files = ["tiles.js", "../board/board.js", "lessons.js"];
  (function next(i) {
    if (i === files.length) return;
    var s = document.createElement("script");
    s.src = base + files[i];
    s.onload = function () { next(i + 1); };
    s.onerror = function () { next(i + 1); };     /* lessons.js reports what is missing */
    document.head.appendChild(s);
  })(0);
})();
