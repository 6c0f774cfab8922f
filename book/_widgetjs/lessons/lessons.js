/* dominolab lessons: exercises with instant feedback, stars and progress, without a kernel.
 * The page data, the DOM contract (data-exercise, data-state, data-stars, data-answer, data-answer-input,
 * data-feedback) and the storage ("dominolab.lessons/1", per lesson and id@version) are described in
 * dominolab/book/lessons.py and on the book page "Üben". Stars: 3 first try without hint, a hint or a
 * wrong try costs one (at least 1 when solved), the shown solution 0 (also when the shown answer is then
 * entered). Feedback on a wrong answer never gives the right value away; the solution comes only on request.
 * Every text comes from the words table (_static/words.js, ScriptWords.lessons, loaded before this script by
 * load.js or the page) in the page's language (<html lang>); the exercises' own texts come in the page data. */
(function () {
  "use strict";
  var KEY = "dominolab.lessons/1";

  /* the page's language and its words, read when used (words.js may load after this script) */
  function lang() {
    var all = window.DominolabWords || {};
    var l = String(document.documentElement.lang || "").toLowerCase().split("-")[0];
    return Object.prototype.hasOwnProperty.call(all, l) ? l : "de";
  }
  function W() {
    var all = window.DominolabWords || {};
    return (all[lang()] || all.de || {}).lessons || {};
  }
  function fillIn(template, fields) {
    return String(template === undefined ? "" : template).replace(/\{(\w+)\}/g, function (whole, name) {
      return fields && Object.prototype.hasOwnProperty.call(fields, name) ? String(fields[name]) : whole;
    });
  }

  var store = (function () {
    var ok = true, memory = {};
    try {
      var probe = "dominolab.lessons.probe";
      window.localStorage.setItem(probe, "1");
      window.localStorage.removeItem(probe);
    } catch (e) { ok = false; }
    function load() {
      if (!ok) return memory;
      try { return JSON.parse(window.localStorage.getItem(KEY) || "{}") || {}; } catch (e) { return {}; }
    }
    function save(data) {
      if (!ok) { memory = data; return; }
      try { window.localStorage.setItem(KEY, JSON.stringify(data)); } catch (e) { ok = false; memory = data; }
    }
    return {
      ok: function () { return ok; },
      get: function (lesson, key) {
        var l = (load().lessons || {})[lesson];
        return l && Object.prototype.hasOwnProperty.call(l, key) ? l[key] : null;
      },
      set: function (lesson, key, stars) {
        var d = load(); d.lessons = d.lessons || {}; d.lessons[lesson] = d.lessons[lesson] || {};
        var old = d.lessons[lesson][key];
        if (old == null || stars > old) d.lessons[lesson][key] = stars;
        save(d);
      },
      lesson: function (lesson) { return (load().lessons || {})[lesson] || {}; },
      resetLesson: function (lesson) { var d = load(); if (d.lessons) delete d.lessons[lesson]; save(d); },
      resetAll: function () { save({}); }
    };
  })();


  function h(tag, attrs, children) {
    var el = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") el.textContent = attrs[k];
      else if (k === "html") el.innerHTML = attrs[k];
      else el.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) el.appendChild(c); });
    return el;
  }
  function starsText(n) { return "★★★".slice(0, n) + "☆☆☆".slice(0, 3 - n); }
  function starsEl(n) {
    var said = fillIn(W().stars, {n: n});
    return h("span", {"class": "dl-stars", "aria-label": said, title: said, text: starsText(n)});
  }
  /* page data: JSON, zlib-compressed, base64 (dominolab.lessons.page.pack) */
  function unpack(text) {
    var bin = atob(text.trim()), bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
    return new Response(stream).text().then(JSON.parse);
  }
  /* the folder above the _static/ the lesson scripts came from: the English edition (en/) uses the
   * root's _static/ (issue 31), so the page's own content_root is only the fallback */
  function siteRoot() {
    var s = document.querySelector('script[src*="_static/lessons/"]');
    if (s) return s.getAttribute("src").split("_static/")[0];
    var r = document.documentElement.dataset.content_root;
    return r !== undefined ? r : "";
  }
  var poolLoads = {};
  function loadPool(game) {
    if (!poolLoads[game]) {
      poolLoads[game] = new Promise(function (resolve, reject) {
        var have = window.DominolabPools && window.DominolabPools[game];
        if (have) { resolve(); return; }
        var el = document.createElement("script");
        /* one pool file per game and language (tools/book/build_lesson_pools.py) */
        el.src = siteRoot() + "_static/lessons/pool-" + game + "." + lang() + ".js";
        el.onload = function () { resolve(); };
        el.onerror = function () { poolLoads[game] = null; reject(new Error("pool")); };
        document.head.appendChild(el);
      }).then(function () { return unpack(window.DominolabPools[game]); });
    }
    return poolLoads[game];
  }

  function button(label, attrs) {
    var b = h("button", attrs || {}); b.type = "button"; b.textContent = label; return b;
  }

  /* put back what the page data shares between exercises (dominolab.lessons.page.shared_tables) */
  function expand(ex, shared) {
    if (ex.key) return ex;
    ex.key = ex.id + "@" + ex.version;
    ex.rules = ex.rules.map(function (r) { return typeof r === "string" ? {id: r, de: shared.rules[r]} : r; });
    ex.tokens = ex.tokens === true ? shared.tokens : (ex.tokens || []);
    ex.points = {};
    Array.prototype.forEach.call((ex.svg.match(/data-point="[^"]+"/g) || []), function (m) {
      var p = m.slice(12, -1), dot = p.lastIndexOf(".");
      var side = p.slice(dot + 1);   /* an ordinary tile's end is named by its number (shared.sides.end) */
      ex.points[p] = p.slice(0, dot) + ", " + (side === "low" || side === "high"
        ? shared.sides.end.replace("{pips}", p.charAt(side === "low" ? 1 : 3)) : shared.sides[side]);
    });
    ex.hand.forEach(function (t) { if (!t.svg) t.svg = tilePictures[t.tile]; });
    return ex;
  }

  function renderExercise(ex, ctx, shared) {
    ex = expand(ex, shared);
    var words = shared.words, L = W();
    var st = {wrong: 0, hint: false, tile: null, done: false, revealed: false};
    var el = h("div", {"class": "dl-exercise", "data-exercise": ex.id, "data-version": ex.version,
                       "data-kind": ex.kind, "data-state": "open"});
    var qid = "dlq-" + ex.id;
    el.setAttribute("role", "group");
    el.setAttribute("aria-labelledby", qid);
    el.appendChild(h("p", {"class": "dl-kind", text: ex.kindWords}));
    el.appendChild(h("p", {"class": "dl-question", id: qid, text: ex.question}));
    el.appendChild(h("p", {"class": "dl-info", text: ex.info}));
    var rules = h("details", {"class": "dl-rules"}, [h("summary", {text: L.rule})]);
    ex.rules.forEach(function (r) { rules.appendChild(h("p", {text: r.de})); });
    el.appendChild(rules);

    var boardRoot = h("div", {"class": "dl-board"});
    if (ex.svg) boardRoot.appendChild(h("div", {"class": "dl-drawing", html: ex.svg}));
    var hand = h("div", {"class": "dl-hand", role: "group", "aria-label": L.your_hand});
    hand.appendChild(h("span", {"class": "dl-hand-label", text: L.your_hand_label}));
    ex.hand.forEach(function (t) {
      var svg = t.svg || t.tile;
      var tileEl = ex.pickTile ? h("button", {"class": "dl-tile", "data-tile": t.tile, type: "button",
                                              "aria-label": fillIn(L.tile, {tile: t.tile}), html: svg})
                               : h("span", {"class": "dl-tile dl-tile-static", "data-hand-tile": t.tile,
                                            html: svg, title: t.tile});
      hand.appendChild(tileEl);
    });
    boardRoot.appendChild(hand);
    el.appendChild(boardRoot);
    if (ex.others.length) {
      var others = h("ul", {"class": "dl-others", "aria-label": L.others});
      ex.others.forEach(function (o) {
        others.appendChild(h("li", {text: o.name + ": " + (o.tiles.join(" ") || L.no_tiles)}));
      });
      el.appendChild(others);
    }

    var answerArea = h("div", {"class": "dl-answer"});
    var status = h("p", {"class": "dl-status"});
    var feedback = h("div", {"class": "dl-feedback", "data-feedback": "", "aria-live": "polite"});
    var hintBox = h("p", {"class": "dl-hint-text", hidden: ""});
    var checkBtn = null;
    var inputs = [];
    var choiceOf = {};
    ex.choices.forEach(function (c) { choiceOf[c.value] = c; });

    var board = window.DominolabBoard.attach(boardRoot, {
      labels: ex.points,
      multi: ex.kind === "where-may-it-go",
      onTile: function (tile) {
        if (st.done || !ex.pickTile) return;
        st.tile = tile;
        board.select("tile", tile, true);
        board.points().forEach(function (p) { p.setAttribute("data-answer", tile + "@" + p.getAttribute("data-point")); });
        status.textContent = fillIn(L.chosen, {tile: tile});
      },
      onPoint: function (point, mark) {
        if (st.done) return;
        if (ex.kind === "where-may-it-go") {
          board.select("point", point, !mark.classList.contains("dl-selected"));
          var n = board.selected("point").length;
          status.textContent = n ? fillIn(n === 1 ? L.places_one : L.places_many, {n: n}) : "";
          return;
        }
        if (!ex.pickTile) return;
        if (!st.tile) { say(L.tile_first, "info"); return; }
        answer(st.tile + "@" + point);
      }
    });

    if (ex.kind === "where-may-it-go") {
      board.points().forEach(function (p) { p.setAttribute("data-answer", ex.tile + "@" + p.getAttribute("data-point")); });
      answerArea.appendChild(h("p", {"class": "dl-how", text: fillIn(L.how_where, {tile: ex.tile})}));
      checkBtn = button(L.check, {"class": "dl-check", "data-check": ""});
      checkBtn.addEventListener("click", checkWhere);
      answerArea.appendChild(checkBtn);
    } else if (ex.pickTile) {
      answerArea.appendChild(h("p", {"class": "dl-how", text: L.how_pick}));
    } else if (ex.inputs.length) {
      var form = h("form", {"class": "dl-inputs"});
      ex.inputs.forEach(function (inp) {
        var field = h("input", {type: "number", inputmode: "numeric", min: "0", step: "1",
                                "data-answer-input": inp.name, "class": "dl-input"});
        inputs.push({el: field, spec: inp});
        form.appendChild(h("label", {}, [h("span", {text: inp.label + " "}), field]));
      });
      checkBtn = button(L.check, {"class": "dl-check", "data-check": ""});
      checkBtn.type = "submit";
      form.appendChild(checkBtn);
      form.addEventListener("submit", function (ev) { ev.preventDefault(); checkNumbers(); });
      answerArea.appendChild(form);
    } else if (ex.tokens.length) {
      var group = h("div", {"class": "dl-tokens", role: "group", "aria-label": L.answers});
      ex.tokens.forEach(function (t) {
        var b = button(t.label, {"class": "dl-token", "data-answer": t.value});
        b.addEventListener("click", function () { if (!st.done) answer(t.value, b); });
        group.appendChild(b);
      });
      answerArea.appendChild(group);
    }
    answerArea.appendChild(status);
    el.appendChild(answerArea);

    var actions = h("div", {"class": "dl-actions"});
    var hintBtn = button(L.hint_button, {"class": "dl-hintbtn", "data-hint": ""});
    hintBtn.addEventListener("click", function () {
      if (st.done) return;
      st.hint = true; hintBtn.disabled = true;
      hintBox.hidden = false; hintBox.textContent = fillIn(L.hint, {hint: ex.hint});
    });
    var revealBtn = button(L.reveal, {"class": "dl-reveal", "data-reveal": ""});
    revealBtn.addEventListener("click", function () { if (!st.done && !st.revealed) reveal(); });
    actions.appendChild(hintBtn);
    actions.appendChild(revealBtn);
    if (ctx.hasPool(ex.kind)) {
      var newBtn = button(L.new, {"class": "dl-new", "data-new": ""});
      newBtn.addEventListener("click", function () {
        newBtn.disabled = true;
        ctx.replace(el, ex).catch(function () {
          newBtn.disabled = false;
          say(L.pool_failed, "info");
        });
      });
      actions.appendChild(newBtn);
    }
    el.appendChild(actions);
    el.appendChild(hintBox);
    el.appendChild(feedback);

    function say(text, kind, extra) {
      feedback.innerHTML = "";
      var p = h("p", {"class": "dl-fb dl-fb-" + kind});
      var lead = {right: L.lead_right, wrong: L.lead_wrong, info: "", solution: L.lead_solution}[kind];
      if (lead) { p.appendChild(h("strong", {text: lead})); p.appendChild(document.createTextNode(" ")); }
      p.appendChild(document.createTextNode(text));
      feedback.appendChild(p);
      if (extra) feedback.appendChild(extra);
      /* a puzzle's solution: how the bot computed it, folded (ex.puzzle.howLabel) */
      if (ex.puzzle && ex.puzzle.how && (kind === "right" || kind === "solution")) {
        feedback.appendChild(h("details", {"class": "dl-puzzle-how"}, [h("summary", {text: ex.puzzle.howLabel}),
                                                                       h("p", {text: ex.puzzle.how})]));
      }
    }

    function answer(value, btn) {
      var choice = choiceOf[value];
      if (!choice) { say(L.not_expected, "info"); return; }
      if (choice.correct) { solved(choice.feedback); return; }
      st.wrong += 1;
      if (btn) btn.classList.add("dl-tried");
      /* the choice's own reason only: the right answer and its explanation come with the reveal button */
      wrongSay(choice.feedback);
    }

    function wrongSay(text, extra) {
      if (st.revealed) { say(text, "wrong", extra); return; }
      var box = h("div", {}, [extra, h("p", {"class": "dl-retry", text: words.retry})]);
      say(text, "wrong", box);
    }

    function solved(text) {
      if (st.revealed) finish("revealed", 0, false, text);
      else finish("solved", Math.max(1, 3 - st.wrong - (st.hint ? 1 : 0)), false, text);
    }

    /* the reveal button: no star from here on (kept as 0 at once); the answer controls stay open, so the
     * learner may still enter the shown answer, which is then right but earns nothing */
    function reveal() {
      st.revealed = true;
      status.textContent = "";
      el.setAttribute("data-state", "revealed");
      el.setAttribute("data-stars", "0");
      hintBtn.disabled = true; revealBtn.disabled = true;
      markAnswers();
      say(ex.explanation, "solution", h("p", {"class": "dl-result"}, [starsEl(0),
        document.createTextNode(" " + words.revealed)]));
      store.set(ctx.lesson, ex.key, 0); ctx.progress();
    }

    function markAnswers() {
      ex.answers.forEach(function (a) {
        var at = a.indexOf("@") >= 0 ? a.split("@")[1] : null;
        if (at) board.points().forEach(function (p) {
          if (p.getAttribute("data-point") === at) p.classList.add("dl-correct");
        });
        Array.prototype.forEach.call(el.querySelectorAll('.dl-token[data-answer="' + a + '"]'),
                                     function (b) { b.classList.add("dl-correct"); });
      });
    }

    function checkWhere() {
      if (st.done) return;
      var chosen = board.selected("point").map(function (p) { return ex.tile + "@" + p; });
      if (!chosen.length) { say(L.choose_place, "info"); return; }
      var wrong = chosen.filter(function (v) { return !choiceOf[v] || !choiceOf[v].correct; });
      var missing = ex.answers.filter(function (v) { return chosen.indexOf(v) < 0; });
      if (!wrong.length && !missing.length) { solved(); return; }
      st.wrong += 1;
      var list = h("ul", {"class": "dl-reasons"});
      wrong.forEach(function (v) {
        var c = choiceOf[v];
        list.appendChild(h("li", {text: (ex.points[v.split("@")[1]] || v) + ": " + (c ? c.feedback : "")}));
      });
      if (missing.length) {
        list.appendChild(h("li", {text: missing.length === 1 ? L.missing_one : fillIn(L.missing_many, {n: missing.length})}));
      }
      wrongSay(wrong.length ? L.not_every : L.not_all, list);
    }

    function checkNumbers() {
      if (st.done) return;
      var bad = [];
      inputs.forEach(function (i) {
        var v = i.el.value.trim();
        if (v === "" || Number(v) !== i.spec.value) bad.push(i);
        i.el.setAttribute("aria-invalid", v !== "" && Number(v) !== i.spec.value ? "true" : "false");
      });
      if (inputs.some(function (i) { return i.el.value.trim() === ""; })) {
        say(L.fill_every, "info"); return;
      }
      if (!bad.length) { solved(); return; }
      st.wrong += 1;
      /* which field is wrong and in which direction, never the right value or the computation */
      var which = bad.map(function (i) {
        return (Number(i.el.value) > i.spec.value ? words.tooHigh : words.tooLow).replace("{label}", i.spec.label);
      }).join("; ");
      /* and the rule each wrong field asks for (from the game's description, never its value) */
      var rules = bad.filter(function (i) { return i.spec.rule && words.ruleIs; }).map(function (i) {
        return words.ruleIs.replace("{label}", i.spec.label).replace("{rule}", i.spec.rule);
      });
      wrongSay([words.wrongNumbers.replace("{which}", which)].concat(rules).join(" "));
    }

    function finish(state, stars, silent, text) {
      st.done = true;
      status.textContent = "";          /* no selection prompt outlives the answer */
      el.setAttribute("data-state", state);
      el.setAttribute("data-stars", String(stars));
      board.disable();
      inputs.forEach(function (i) { i.el.disabled = true; i.el.value = String(i.spec.value); });
      Array.prototype.forEach.call(el.querySelectorAll(".dl-token,.dl-check,[data-hint],[data-reveal]"),
                                   function (b) { b.disabled = true; });
      markAnswers();
      var answered = state === "solved" || st.revealed;     /* the learner gave the right answer */
      var extra = h("p", {"class": "dl-result"}, [starsEl(stars),
        document.createTextNode(state === "solved" ? " " + fillIn(L.result, {n: stars}) :
                                st.revealed ? " " + words.solvedAfterReveal : " " + words.revealed.split(".")[0] + ".")]);
      /* the choice's feedback without its own "right" lead (the lead is shown in bold) */
      var prefix = L.right_prefix || "";
      var why = answered && text ? (prefix && text.indexOf(prefix) === 0 ? text.slice(prefix.length).replace(/^\s+/, "") : text)
                                 : ex.explanation;
      say(why, answered ? "right" : "solution", extra);
      if (!silent) { store.set(ctx.lesson, ex.key, stars); ctx.progress(); }
    }

    var kept = store.get(ctx.lesson, ex.key);
    if (kept != null) finish(kept > 0 ? "solved" : "revealed", kept, true);
    return el;
  }

  function initLesson(section) {
    if (section.getAttribute("data-ready")) return null;
    section.setAttribute("data-ready", "1");
    var block = section.querySelector(".dl-lesson-data");
    var got = block.getAttribute("data-encoding") === "deflate-base64" ? unpack(block.textContent)
                                                                         : Promise.resolve(JSON.parse(block.textContent));
    return got.then(function (data) { buildLesson(section, data); });
  }

  function buildLesson(section, data) {
    var poolIndex = {};
    var loading = section.querySelector(".dl-lesson-loading");
    if (loading) loading.parentNode.removeChild(loading);

    var head = h("div", {"class": "dl-lesson-head"});
    head.appendChild(h("p", {"class": "dl-lesson-title", text: data.title}));
    var progress = h("p", {"class": "dl-lesson-progress", "data-lesson-progress": "", "aria-live": "polite"});
    head.appendChild(progress);
    head.appendChild(h("p", {"class": "dl-stars-rule", text: data.shared.words.starsRule}));
    var L = W();
    var reset = button(L.reset_lesson, {"class": "dl-reset", "data-reset-lesson": data.lesson});
    head.appendChild(reset);
    if (!store.ok()) head.appendChild(h("p", {"class": "dl-storage-note", role: "status", text: L.storage_note}));
    section.appendChild(head);
    var list = h("ol", {"class": "dl-exercises"});
    section.appendChild(list);

    var ctx = {
      lesson: data.lesson,
      hasPool: function (kind) { return (data.poolKinds || []).indexOf(kind) >= 0; },
      replace: function (old, ex) {
        return loadPool(data.game).then(function (pools) {
          var pool = pools.kinds[ex.kind];
          var i = poolIndex[ex.kind] == null ? -1 : poolIndex[ex.kind];
          do { i = (i + 1) % pool.length; } while (pool[i].id === ex.id && pool.length > 1);
          poolIndex[ex.kind] = i;
          var fresh = renderExercise(pool[i], ctx, pools.shared);
          old.parentNode.replaceChild(fresh, old);
          var q = fresh.querySelector(".dl-question");
          if (q) { q.setAttribute("tabindex", "-1"); q.focus(); }
        });
      },
      progress: update
    };

    function fill() {
      list.innerHTML = "";
      data.exercises.forEach(function (ex) { list.appendChild(h("li", {}, [renderExercise(ex, ctx, data.shared)])); });
      update();
    }
    function update() {
      var kept = store.lesson(data.lesson), stars = 0, solved = 0;
      data.exercises.forEach(function (ex) {
        var s = kept[ex.key];
        if (s != null) { stars += s; if (s > 0) solved += 1; }
      });
      progress.textContent = fillIn(L.progress, {stars: stars, max: 3 * data.exercises.length, solved: solved,
                                               n: data.exercises.length});
    }
    reset.addEventListener("click", function () { store.resetLesson(data.lesson); fill(); });
    fill();
  }

  function initMap(section) {
    if (section.getAttribute("data-ready")) return;
    section.setAttribute("data-ready", "1");
    var entries = JSON.parse(section.querySelector(".dl-map-data").textContent);
    var loading = section.querySelector(".dl-lesson-loading");
    if (loading) loading.parentNode.removeChild(loading);
    var L = W();
    if (!store.ok()) section.appendChild(h("p", {"class": "dl-storage-note", role: "status", text: L.storage_note}));
    var list = h("ul", {"class": "dl-map"});
    section.appendChild(list);
    var all = button(L.reset_all, {"class": "dl-reset", "data-reset-all": ""});
    section.appendChild(all);
    function fill() {
      list.innerHTML = "";
      entries.forEach(function (e) {
        var kept = store.lesson(e.lesson), stars = 0;
        e.exercises.forEach(function (k) { if (kept[k] != null) stars += kept[k]; });
        var max = 3 * e.exercises.length;
        var full = max ? Math.round(3 * stars / max) : 0;
        var r = button(L.reset, {"class": "dl-reset", "data-reset-lesson": e.lesson,
                                 "aria-label": fillIn(L.reset_of, {title: e.title})});
        r.addEventListener("click", function () { store.resetLesson(e.lesson); fill(); });
        list.appendChild(h("li", {"class": "dl-map-entry", "data-map-lesson": e.lesson, "data-map-stars": String(stars)}, [
          h("a", {href: e.href, text: e.title}),
          h("span", {"class": "dl-map-game", text: " (" + e.game + ") "}),
          starsEl(full),
          h("span", {"class": "dl-map-count", text: " " + fillIn(L.map_count, {stars: stars, max: max}) + " "}),
          r]));
      });
    }
    all.addEventListener("click", function () { store.resetAll(); fill(); });
    fill();
  }

  var tilePictures = {};
  function init() {
    var tiles = window.DominolabTiles ? unpack(window.DominolabTiles).then(function (t) { tilePictures = t; })
                                      : Promise.resolve();
    var pending = [tiles].concat(Array.prototype.map.call(document.querySelectorAll(".dl-lesson"), function (s) {
      return tiles.then(function () { return initLesson(s); });
    }));
    Array.prototype.forEach.call(document.querySelectorAll(".dl-lesson-map"), initMap);
    Promise.all(pending).then(function () {
      document.documentElement.setAttribute("data-lessons-ready", "1");
      if (window.performance && performance.mark) performance.mark("dominolab-lessons-ready");
    }, function (err) {
      Array.prototype.forEach.call(document.querySelectorAll(".dl-lesson-loading"), function (p) {
        p.textContent = W().load_failed;
      });
      document.documentElement.setAttribute("data-lessons-error", String(err));
    });
  }
  /* Another page shows exercises it got elsewhere (the play page: puzzles made of the learner's own
   * decisions, page data as dominolab.webapi's review_practice gives it) with this same machinery:
   * answers, feedback, stars, progress kept under the data's lesson. Replaces what `section` showed. */
  function show(section, data) {
    section.innerHTML = "";
    section.setAttribute("data-ready", "1");
    buildLesson(section, data);
  }
  window.DominolabLessons = {init: init, storageOk: store.ok, show: show};
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
