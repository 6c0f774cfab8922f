/* The readable-size rule of every drawing in the book (issue 32), in one place for the play page
 * (play/play.js) and the book's figures (widget-setup.js): a drawing may shrink to its box, but its
 * smallest text never below 11 CSS px on a laptop and 9 CSS px on a phone (a viewport of at most
 * 720 px). A drawing that would have to shrink further keeps that size and scrolls in its own box.
 *   DominolabReadable.least()           the smallest text size allowed now, in CSS px
 *   DominolabReadable.smallestText(svg) the smallest text of a drawing as shown now, in CSS px
 *                                       (Infinity for a drawing without text)
 *   DominolabReadable.minWidth(svg)     the width in CSS px the drawing needs for readable text,
 *                                       or 0 when it is readable at its present width */
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
})();
