/* Loaded before require.js and the ipywidgets embed bundle (see _config.yml,
 * nb_ipywidgets_js).  Plain, non-deferred script: it runs before the theme's
 * deferred Font Awesome script and before require.js.
 */
(function () {
  "use strict";

  /* The theme's Font Awesome script turns <i class="fa ..."> into <svg>.
   * - By default it *replaces* the <i>; the ipywidgets Play button keeps a
   *   reference to its <i>, throws inside its event handler, and that also
   *   stops the jslink from the slider to the Stack.  "nest" keeps the <i>.
   * - Even nested, Font Awesome moves the classes from the <i> to the <svg>,
   *   so the widget's own icon-font glyph vanishes (an empty Play button) and
   *   later play/pause class changes leave the stale SVG behind.  So it must
   *   not touch widget icons at all: widgets render on window "load", after
   *   Font Awesome's one pass over the page at DOMContentLoaded; without the
   *   mutation observer it never sees them.  The theme's own icons are in the
   *   page from the start and are still converted.
   * The CSS (dominolab-widgets.css) hides any SVG nested in a widget icon. */
  window.FontAwesomeConfig = Object.assign({}, window.FontAwesomeConfig, {
    autoReplaceSvg: "nest",
    observeMutations: false,
  });

  /* require.js picks up a global "require" object as its configuration.  The
   * embed bundle derives the URL of its icon fonts from its AMD module URL
   * (baseUrl + module id), so baseUrl must be _static/lib/ -- where
   * tools/book/fetch_widget_js.py lays the fonts out -- also on pages in
   * sub-folders.  data-content_root ("../" etc.) is set by Sphinx >= 7.2. */
  var root = document.documentElement.dataset.content_root;
  if (root === undefined) {
    root = "";
  }
  /* the _static/ this script came from: the English edition (en/) uses the root's (issue 31) */
  var me = document.currentScript;
  window.require = { baseUrl: me && me.src ? new URL("lib/", me.src).href : root + "_static/lib/" };
})();

/* The words of the scripts (words.js beside this file, generated from the words table): loaded once
 * if the page has not loaded them; every part below reads them in the page's language (<html lang>). */
(function () {
  "use strict";
  if (window.DominolabWords || document.querySelector("script[data-dominolab-words]")) return;
  var me = document.currentScript, src = me ? me.getAttribute("src") || "" : "";
  if (!src) return;
  var s = document.createElement("script");
  s.src = src.slice(0, src.lastIndexOf("/") + 1) + "words.js";
  s.setAttribute("data-dominolab-words", "");
  s.onload = function () { document.dispatchEvent(new Event("dominolab-words")); };
  document.head.appendChild(s);
})();

function dominolabWidgetWords() {
  var all = window.DominolabWords || {};
  var lang = String(document.documentElement.lang || "").toLowerCase().split("-")[0];
  return ((all[lang] || all.de || {}).widgets) || {};
}

/* Steppers (dominolab.book.widgets.stepper): the current step's text, one height,
 * names for the controls in the page's language, and the round buttons of long matches.
 * The widgets render after "load"; one observer (coalesced per animation
 * frame) keeps every stepper up to date, whatever changed the step - the
 * slider, the keyboard, the Play button or a round button. */
(function () {
  "use strict";

  /* selector -> key of the words (ScriptWords.widgets) */
  var NAMES = [
    ["button:has(> i.fa-play)", "play"],
    ["button:has(> i.fa-pause)", "pause"],
    ["button:has(> i.fa-stop)", "stop"],
    ["button:has(> i.fa-repeat), button:has(> i.fa-retweet)", "repeat"],
    [".noUi-handle", "handle"],
    [".widget-readout", "readout"]
  ];

  function update(stepper) {
    var frames = stepper.querySelector(".dominolab-frames");
    var shown = stepper.querySelector(".dominolab-frames [data-frame]");
    if (shown) {
      var current = shown.getAttribute("data-frame");
      var texts = stepper.querySelectorAll(".dominolab-texts > [data-text]");
      for (var i = 0; i < texts.length; i++) {
        var on = texts[i].getAttribute("data-text") === current;
        if (texts[i].classList.contains("is-current") !== on) {
          texts[i].classList.toggle("is-current", on);
        }
      }
    }
    /* one height: the frame area never shrinks below the tallest frame seen */
    if (frames) {
      var h = frames.offsetHeight;
      var seen = parseFloat(frames.getAttribute("data-max-height") || "0");
      if (h > seen) {
        frames.setAttribute("data-max-height", String(h));
        frames.style.minHeight = h + "px";
      }
    }
    var words = dominolabWidgetWords();
    for (var k = 0; k < NAMES.length; k++) {
      var name = words[NAMES[k][1]];
      if (!name) {
        continue;
      }
      var els = stepper.querySelectorAll(NAMES[k][0]);
      for (var j = 0; j < els.length; j++) {
        if (els[j].getAttribute("aria-label") !== name) {
          els[j].setAttribute("aria-label", name);
          if (els[j].tagName === "BUTTON") {
            els[j].setAttribute("title", name);
          }
        }
      }
    }
  }

  var pending = false;
  function schedule() {
    if (pending) {
      return;
    }
    pending = true;
    window.requestAnimationFrame(function () {
      pending = false;
      var all = document.querySelectorAll(".dominolab-stepper");
      for (var i = 0; i < all.length; i++) {
        update(all[i]);
      }
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".dominolab-jump button[data-step]");
    if (!button) {
      return;
    }
    var stepper = button.closest(".dominolab-stepper");
    var target = stepper && stepper.querySelector(".noUi-target");
    if (target && target.noUiSlider) {
      /* the slider's "update" event sets the widget value; jslink moves the frames */
      target.noUiSlider.set(Number(button.getAttribute("data-step")));
    }
  });

  function start() {
    new MutationObserver(schedule).observe(document.body, { childList: true, subtree: true });
    window.addEventListener("resize", function () {
      var frames = document.querySelectorAll(".dominolab-frames[data-max-height]");
      for (var i = 0; i < frames.length; i++) {
        frames[i].removeAttribute("data-max-height");
        frames[i].style.minHeight = "";
      }
      schedule();
    });
    document.addEventListener("dominolab-words", schedule);
    schedule();
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

/* Names in the page's language for the few controls of myst-nb and the theme that keep an
 * English accessible name whatever the book's language (the words' keys are those English names). */
(function () {
  "use strict";
  function relabel() {
    var GERMAN = dominolabWidgetWords();
    var els = document.querySelectorAll("[aria-label], [title], [data-bs-title]");
    for (var i = 0; i < els.length; i++) {
      var attrs = ["aria-label", "title", "data-bs-title"];
      for (var k = 0; k < attrs.length; k++) {
        var v = els[i].getAttribute(attrs[k]);
        if (v && Object.prototype.hasOwnProperty.call(GERMAN, v.trim())) {
          els[i].setAttribute(attrs[k], GERMAN[v.trim()]);
        }
      }
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", relabel);
  } else {
    relabel();
  }
  window.addEventListener("load", relabel);
  document.addEventListener("dominolab-words", relabel);
})();

/* Book figures and tables are kept whole by readable.js (every page loads it). */
