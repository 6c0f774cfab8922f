/* Every page registers the book's service worker (sw.js at the top of the site, written by
 * tools/book/offline_site.py): after one visit the book, its lessons and the play page work offline.
 * The worker sits at the site's top folder - the folder above _static/, where this script is (the
 * English edition in en/ loads it from the root's _static/ too) - so its scope is the whole site,
 * both editions, wherever it is hosted, a sub-path included. Registered once the page has loaded, and
 * on the play page once the engine is ready, so the first visit's own downloads come first (the
 * worker then finds the engine's files in the HTTP cache). Opened from file:// it does nothing. */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
  var me = document.currentScript;
  var worker = me && me.src ? new URL("../sw.js", me.src).href
    : (document.documentElement.dataset.content_root || "./") + "sw.js";
  function register() {
    navigator.serviceWorker.register(worker).catch(function (err) {
      console.warn("dominolab: offline use not available:", err && err.message);
    });
  }
  function whenEngineReady(play) {
    if (play.dataset.state && play.dataset.state !== "loading") { register(); return; }
    var seen = new MutationObserver(function () {
      if (play.dataset.state && play.dataset.state !== "loading") { seen.disconnect(); register(); }
    });
    seen.observe(play, { attributes: true, attributeFilter: ["data-state"] });
  }
  function start() {
    var play = document.getElementById("dominolab-play");
    if (play) whenEngineReady(play); else register();
  }
  if (document.readyState === "complete") start(); else window.addEventListener("load", start);
})();
