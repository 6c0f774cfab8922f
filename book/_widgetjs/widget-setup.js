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
   * scripts/fetch_widget_js.py lays the fonts out -- also on pages in
   * sub-folders.  data-content_root ("../" etc.) is set by Sphinx >= 7.2. */
  var root = document.documentElement.dataset.content_root;
  if (root === undefined) {
    root = "";
  }
  window.require = { baseUrl: root + "_static/lib/" };
})();
