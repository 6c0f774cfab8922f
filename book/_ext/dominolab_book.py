"""Small Sphinx extension for the dominolab book (loaded via _config.yml).

Declares sphinx-multitoc-numbering safe for parallel reading (it is; see
below), so that the build can run the notebooks in parallel. Works around a
Sphinx 7.x duplicate-script problem: an inline script that an
extension adds after the builder is initialised (sphinx-thebe and
sphinx-togglebutton do so) is stored once with filename ``None`` and once more
with filename ``''`` (HTML builder, ``prepare_writing``).  The two do not
compare equal, so every page got the inline script twice and sphinx-thebe's
``const THEBE_JS_URL`` declaration raised a SyntaxError in the browser.

With ``language: de`` Sphinx and the themes translate most of their words; the
few the themes write in English whatever the language (navigation labels,
sidebar toggles, myst-nb's fold) are put into German in every written page
(:data:`THEME_WORDS`), so every fold, toggle and button speaks German.

Two editions (issue 31): the German at the site's root, the English (the same sources built with
``language=en`` and the catalogues of book/locales) in ``en/`` beside it. Every page names its
counterpart (``<link rel="alternate" hreflang=...>``) and offers it with a visible language link in
the header (:data:`EDITIONS`); the start page offers the other language at its top. The roles
``{de}`...``` and ``{en}`...``` mark a quotation in the other language (``<span lang="de">``).
"""

from __future__ import annotations

from docutils import nodes


def _key(js):
    filename = getattr(js, "filename", js)
    attributes = getattr(js, "attributes", {}) or {}
    return (filename or "", tuple(sorted((k, str(v)) for k, v in attributes.items())))


#: Assets of extensions Jupyter Book always loads that a page needs only when its body uses them: (a class
#: its markup then carries, the stylesheets and scripts). sphinx-design (cards, tabs) and thebe (live code,
#: switched off in _config.yml) are used by no page today: 70 KB per edition that no reader needs.
_ASSETS_IF_USED = (("sd-", ("sphinx-design.min.css", "design-tabs.js")),
                   ("thebe", ("sphinx-thebe.css", "sphinx-thebe.js")))


def _dedupe_scripts(app, pagename, templatename, context, doctree):
    scripts = context.get("script_files")
    if not isinstance(scripts, list):
        return
    seen = set()
    unique = []
    for js in scripts:
        key = _key(js)
        if key in seen:
            continue
        seen.add(key)
        unique.append(js)
    # In place: Sphinx restores this list from its own backup for every page.
    scripts[:] = unique
    body = str(context.get("body", ""))
    unused = {name for mark, names in _ASSETS_IF_USED if mark not in body for name in names}
    for assets in (scripts, context.get("css_files")):
        if isinstance(assets, list):
            assets[:] = [a for a in assets if str(getattr(a, "filename", a) or "").rsplit("/", 1)[-1] not in unused]


#: Extensions that do not say whether they may read pages in parallel, but may:
#: sphinx-multitoc-numbering only replaces the section numbering, which Sphinx
#: runs once in the main process after all pages are read; sphinx-jupyterbook-
#: latex only adds node types and transforms that act for LaTeX builders
#: (this book is built as HTML).
_PARALLEL_READ_SAFE = ("sphinx_multitoc_numbering", "sphinx_jupyterbook_latex")


def _allow_parallel_read(app):
    for name in _PARALLEL_READ_SAFE:
        ext = app.extensions.get(name)
        if ext is not None and ext.parallel_read_safe is None:
            ext.parallel_read_safe = True


#: Theme words that stay English under ``language: de`` (pydata-sphinx-theme, sphinx-book-theme,
#: myst-nb, Sphinx's heading links), as they appear in the written HTML, and their German.
THEME_WORDS = {
    'aria-label="Main"': 'aria-label="Hauptnavigation"',
    'aria-label="Page"': 'aria-label="Inhalt dieser Seite"',
    '"Toggle hidden content"': '"Verborgenen Inhalt ein- oder ausblenden"',
    '"Toggle primary sidebar"': '"Navigation ein- oder ausblenden"',
    '"Toggle secondary sidebar"': '"Inhalt dieser Seite ein- oder ausblenden"',
    '"Toggle navigation"': '"Navigation ein- oder ausblenden"',
    '"Link to this heading"': '"Link zu dieser Überschrift"',
    '"Link to this definition"': '"Link zu dieser Definition"',
    '"Link to this term"': '"Link zu diesem Begriff"',
    '"Link to this equation"': '"Link zu dieser Formel"',
    '"Link to this table"': '"Link zu dieser Tabelle"',
    '"Link to this image"': '"Link zu diesem Bild"',
    '"Link to this code"': '"Link zu diesem Code"',
    '"Search this book..."': '"Im Buch suchen …"',
    '"Download this page"': '"Diese Seite herunterladen"',
    '"Back to top"': '"Zurück zum Anfang"',
    '"Skip to main content"': '"Zum Hauptinhalt springen"',
}


def _german_theme_words(app, exception):
    """Put the theme's remaining English words into German in every page this build wrote (the
    German edition only; the English edition's folder en/ inside it is another build's)."""
    if exception is not None or app.builder.format != "html" or app.config.language != "de":
        return
    from pathlib import Path
    outdir = Path(app.outdir)
    pages = [outdir / app.builder.get_target_uri(doc) for doc in app.env.found_docs]
    pages += [outdir / "genindex.html", outdir / "search.html"]
    for page in pages:
        if not page.is_file():
            continue
        text = page.read_text(encoding="utf-8")
        new = text
        for english, german in THEME_WORDS.items():
            new = new.replace(english, german)
        if new != text:
            page.write_text(new, encoding="utf-8")


def _notebook_links(app, doctree, docname):
    """The small line at the end of a chapter that is also a notebook: download it, or open it live
    (dominolab.book.notebook; tools/book/build_lite.py writes both). Plain links: nothing of the live
    notebooks loads before a reader follows one."""
    from docutils import nodes
    from dominolab.book.notebook import NOTEBOOK_PAGES, link_line

    if docname.rsplit("/", 1)[-1] not in NOTEBOOK_PAGES or not docname.startswith("book/"):
        return
    sections = [n for n in doctree.children if isinstance(n, nodes.section)]
    line = link_line(docname, app.config.dominolab_live_start_seconds, _edition_of(app))
    (sections[-1] if sections else doctree).append(nodes.raw("", line, format="html"))


# -- two editions ---------------------------------------------------------------------------------

#: The book's editions: language code -> (folder of the edition inside the site, the language's
#: own name as the link to it shows it, the start page's offer of it). The first is the site's root
#: (and ``x-default``).
EDITIONS = {
    "de": ("", "Deutsch", "Dieses Buch auf Deutsch lesen"),
    "en": ("en/", "English", "Read this book in English"),
}


def _edition_of(app):
    language = app.config.language or "de"
    return language if language in EDITIONS else "de"


def counterpart(own: str, other: str, pagename: str, content_root: str) -> str:
    """The relative URL of page ``pagename`` (``book/hr-wertung``) in the edition ``other``, seen
    from the same page of the edition ``own`` whose way to its edition's root is ``content_root``."""
    up = "../" * EDITIONS[own][0].count("/")
    return f"{content_root}{up}{EDITIONS[other][0]}{pagename}.html"


def _alternates(app, pagename, templatename, context, doctree):
    """hreflang links in the head and the header's language link (template dominolab-language.html)."""
    root = context.get("content_root")
    if root is None:
        return
    own = _edition_of(app)
    links = [f'<link rel="alternate" hreflang="{code}" href="{counterpart(own, code, pagename, root)}">'
             for code in EDITIONS]
    first = next(iter(EDITIONS))
    links.append(f'<link rel="alternate" hreflang="x-default" href="{counterpart(own, first, pagename, root)}">')
    context["metatags"] = context.get("metatags", "") + "\n" + "\n".join(links)
    context["dominolab_other_editions"] = [
        {"code": code, "name": EDITIONS[code][1], "href": counterpart(own, code, pagename, root)}
        for code in EDITIONS if code != own]


def _language_offer(app, doctree, docname):
    """The start page offers the other edition right under its title."""
    from docutils import nodes

    if docname != app.config.root_doc or app.builder.format != "html":
        return
    own = _edition_of(app)
    root = "../" * docname.count("/")
    links = "".join(
        f'<a href="{counterpart(own, code, docname, root)}" hreflang="{code}" lang="{code}">{EDITIONS[code][2]}</a>'
        for code in EDITIONS if code != own)
    html = f'<p class="dominolab-language-offer"><strong>{links}</strong></p>'
    sections = [n for n in doctree.children if isinstance(n, nodes.section)]
    target = sections[0] if sections else doctree
    titles = [i for i, n in enumerate(target.children) if isinstance(n, nodes.title)]
    target.insert(titles[0] + 1 if titles else 0, nodes.raw("", html, format="html"))


def _template_path(app, config):
    from pathlib import Path

    here = str(Path(__file__).resolve().parent / "templates")
    if here not in config.templates_path:
        config.templates_path.append(here)


def _sort_glossaries(app, doctree):
    """A ``:sorted:`` glossary is sorted by its terms as read (the German); in a translated
    edition it is sorted again, by the translated terms."""
    if _edition_of(app) == "de":
        return
    from docutils import nodes
    from sphinx import addnodes

    for glossary in doctree.findall(addnodes.glossary):
        if not glossary.get("sorted"):
            continue
        for dlist in glossary.findall(nodes.definition_list):
            items = list(dlist.children)
            items.sort(key=lambda item: item[0].astext().casefold() if len(item) else "")
            dlist.children = []
            dlist.extend(items)


# -- glued values in translated paragraphs ---------------------------------------------------------
# Sphinx parses each translated paragraph (msgstr) into a document of its own (sphinx.transforms.i18n
# publish_msgstr; its source is "PAGE.md:LINE:<translated>"), which myst-nb reads as a notebook of its
# own without the page's executed cells - and by then myst-nb has dropped the page's renderer. So
# each page's renderer is remembered when the page's own {glue:} roles read it (the German paragraph
# is parsed before its translation), and a lookup from a translated paragraph reads the page's values.

_PAGE_RENDERERS: dict[str, object] = {}
_TRANSLATED = ":<translated>"


def _glue_in_translations():
    from myst_nb.ext.glue import directives, roles, utils

    original = utils.retrieve_glue_data
    if getattr(original, "dominolab_translations", False):
        return

    def retrieve_glue_data(document, key):
        source = str(document.get("source", ""))
        if source.endswith(_TRANSLATED):
            page = _PAGE_RENDERERS.get(source[: -len(_TRANSLATED)].rsplit(":", 1)[0])
            if page is not None:
                try:
                    return original(document, key)
                except utils.RetrievalError:
                    stand_in = nodes.document(document.settings, document.reporter)
                    stand_in["nb_renderer"] = page
                    return original(stand_in, key)
        elif "nb_renderer" in document:
            _PAGE_RENDERERS.clear()   # one page at a time per process
            _PAGE_RENDERERS[source] = document["nb_renderer"]
        return original(document, key)

    retrieve_glue_data.dominolab_translations = True
    for module in (utils, roles, directives):
        module.retrieve_glue_data = retrieve_glue_data


# -- {de}`...` and {en}`...` ------------------------------------------------------------------------

class LangSpan(nodes.inline):
    """Text in a language other than the page's: ``<span lang="...">`` (module level: doctrees
    holding it are pickled)."""


def _visit_lang_span(self, node):
    self.body.append(self.starttag(node, "span", "", lang=node["lang"]))


def _depart_lang_span(self, node):
    self.body.append("</span>")


class Details(nodes.General, nodes.Element):
    """A folded box: ``<details>`` with its :class:`Summary` first (module level: pickled with the doctree)."""


class Summary(nodes.General, nodes.TextElement):
    """The always-visible line of a :class:`Details` box: a text element with its source, so that the
    catalogues carry it and the English edition translates it like any paragraph."""


def _visit_details(self, node):
    self.body.append(self.starttag(node, "details", ""))


def _depart_details(self, node):
    self.body.append("</details>\n")


def _visit_summary(self, node):
    self.body.append(self.starttag(node, "summary", ""))


def _depart_summary(self, node):
    self.body.append("</summary>\n")


def _details_directive():
    from docutils.parsers.rst import directives
    from sphinx.util.docutils import SphinxDirective

    class DetailsDirective(SphinxDirective):
        """``{details} SUMMARY`` with MyST content: a folded box whose summary is translated (raw
        ``<details><summary>`` HTML in a page is not: the catalogues never see it)."""

        required_arguments = 1
        final_argument_whitespace = True
        has_content = True
        option_spec = {"class": directives.class_option}

        def run(self):
            box = Details(classes=self.options.get("class", []))
            text = self.arguments[0]
            summary = Summary(text, "", *self.parse_inline(text)[0])
            summary.source, summary.line = self.get_source_info()
            box += summary
            self.state.nested_parse(self.content, self.content_offset, box)
            return [box]

    return DetailsDirective


def _play_area_directive():
    from sphinx.util.docutils import SphinxDirective

    class PlayAreaDirective(SphinxDirective):
        """``{play-area}``: the play page's container (play.js fills it), with the line a reader sees while
        the engine loads - or without JavaScript - in the edition's language (the words table)."""

        def run(self):
            import html

            from dominolab.text.words import SCRIPT_WORDS

            words = SCRIPT_WORDS[self.config.language if self.config.language in SCRIPT_WORDS else "de"]
            line = html.escape(words.play["needs_javascript"])
            return [nodes.raw("", '<div id="dominolab-play" class="dominolab-play" data-state="loading" '
                              f'aria-live="off">\n<p class="dl-progress">{line}</p>\n</div>\n', format="html")]

    return PlayAreaDirective


def _translate_toc_captions(app, doctree):
    """The captions of the table of contents in the edition's language: sphinx-external-toc inserts its
    toctrees after Sphinx translated the page, so their captions (in the root page's catalogue, where the
    extraction finds them) are looked up here."""
    if app.config.language == "de" or not app.config.locale_dirs:
        return
    from os import path

    from sphinx import addnodes
    from sphinx.locale import init as init_locale
    from sphinx.util.i18n import docname_to_domain

    dirs = [path.join(app.srcdir, d) for d in app.config.locale_dirs]
    catalog, found = init_locale(dirs, app.config.language,
                                 docname_to_domain(app.env.docname, app.config.gettext_compact))
    if not found:
        return
    for node in doctree.findall(addnodes.toctree):
        caption = node.get("caption")
        if caption:
            node["caption"] = catalog.gettext(caption)


def _language_role(code):
    def role(name, rawtext, text, lineno, inliner, options=None, content=None):
        from docutils import nodes

        node = LangSpan(rawtext, "", lang=code)
        try:
            # MyST's inliner parses the words as MyST (emphasis, roles) and needs no memo
            children, messages = inliner.parse(text, lineno, None, node)
        except Exception:  # an inliner that cannot parse nested markup: the words as they are
            children, messages = [nodes.Text(text)], []
        node.extend(children)
        return [node], messages

    return role


def setup(app):
    # the chapters' notebooks: a link line at each such chapter's end
    app.connect("doctree-resolved", _notebook_links)
    # the wait the link line states (tools/bench/lite_load.py measures it)
    app.add_config_value("dominolab_live_start_seconds", 15, "html", int)
    # the theme's last English words, after every page is written
    app.connect("build-finished", _german_theme_words)
    # python -m tools build reads the pages (and runs their notebooks) in parallel
    app.connect("builder-inited", _allow_parallel_read)
    # Run after the other html-page-context handlers (myst-nb adds its
    # per-page widget scripts there).
    app.connect("html-page-context", _dedupe_scripts, priority=900)
    # two editions: counterparts, the language link, the start page's offer, {de} and {en}
    app.add_config_value("dominolab_editions", {}, "env", dict)
    app.connect("config-inited", _template_path)
    app.add_css_file("editions.css")   # book/_widgetjs/editions.css: the language link in the header's row
    app.connect("html-page-context", _alternates)
    app.connect("doctree-resolved", _language_offer)
    app.connect("doctree-read", _sort_glossaries)
    app.connect("doctree-read", _translate_toc_captions)
    app.add_node(LangSpan, html=(_visit_lang_span, _depart_lang_span))
    for code in EDITIONS:
        app.add_role(code, _language_role(code))
    # raw HTML is not translated: the play page's container and folded boxes are directives
    app.add_node(Details, html=(_visit_details, _depart_details))
    app.add_node(Summary, html=(_visit_summary, _depart_summary))
    app.add_directive("details", _details_directive())
    app.add_directive("play-area", _play_area_directive())
    # {glue:} in translated paragraphs reads the page's glued values
    _glue_in_translations()
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
