"""The one entry point of the page API, :func:`call`: a method name and JSON arguments in, one JSON
object out; the call's ``lang`` is set once as the language context
(:mod:`dominolab.text.language`) for everything the call makes, and every refusal becomes one line."""

from __future__ import annotations

import json
from typing import Any, Callable

from dominolab.core.errors import DominoError, shorten
from dominolab.text import language
from dominolab.text.words import WORDS, error_sentence
from dominolab.webapi.common import JSON, WebError, json_type, session_of, url_params
from dominolab.webapi.play import PlaySession, catalog, new_play, parse_params, parse_params_keeping
from dominolab.webapi.records import RecordSession, frame_index, open_record, record_position
from dominolab.webapi.review import (continue_from_decision, review_plan, review_practice, review_rate,
                                     review_summary)
from dominolab.webapi.tryit import TryItSession, tryit_new

__all__ = ["MAX_ARGS_CHARS", "MAX_ARGS_DEPTH", "METHODS", "call"]

METHODS: dict[str, Callable[[JSON], Any]] = {
    "catalog": lambda a: catalog(),
    "params": lambda a: (parse_params_keeping if a.get("keep_good") else parse_params)(url_params(a)),
    "new": new_play,
    "state": lambda a: session_of(a, PlaySession).state(),
    "play": lambda a: session_of(a, PlaySession).play(str(a.get("move", ""))),
    "bot": lambda a: session_of(a, PlaySession).bot(),
    "hint": lambda a: session_of(a, PlaySession).hint(),
    "undo": lambda a: session_of(a, PlaySession).undo(),
    "next_round": lambda a: session_of(a, PlaySession).next_round(),
    "record": lambda a: session_of(a, PlaySession).record(),
    "open_record": open_record,
    "record_frame": lambda a: session_of(a, RecordSession).frame(frame_index(a)),
    "record_position": record_position,
    "tryit_new": tryit_new,
    "tryit_place": lambda a: session_of(a, TryItSession).place(str(a.get("move", ""))),
    "tryit_reset": lambda a: session_of(a, TryItSession).reset(),
    "review_plan": review_plan,
    "review_rate": review_rate,
    "review_summary": review_summary,
    "continue_from": continue_from_decision,
    "review_practice": review_practice,
}


#: Longest argument text :func:`call` reads (a record file travels in it), and deepest nesting.
MAX_ARGS_CHARS = 8 * 1024 * 1024
MAX_ARGS_DEPTH = 64


def _arguments(args_json: object) -> JSON:
    """The JSON object of a call's arguments (one-line :class:`WebError` otherwise)."""
    if args_json is None:
        args_json = "{}"
    if not isinstance(args_json, str):
        raise WebError(f"the arguments are JSON text, not {type(args_json).__name__}")
    if len(args_json) > MAX_ARGS_CHARS:
        raise WebError(f"the arguments are {len(args_json):,} characters; at most {MAX_ARGS_CHARS:,} are read")
    if _depth(args_json) > MAX_ARGS_DEPTH:
        raise WebError(f"the arguments are nested more than {MAX_ARGS_DEPTH} levels deep")

    def no_constant(name: str) -> None:
        raise WebError(f"the arguments are not JSON: {name} is not a JSON number")

    try:
        args = json.loads(args_json or "{}", parse_constant=no_constant)
    except json.JSONDecodeError as exc:
        raise WebError(f"the arguments are not JSON: {exc.msg} at character {exc.pos}") from None
    except (RecursionError, ValueError) as exc:      # too deep for the parser; 5,000-digit numbers
        if isinstance(exc, DominoError):
            raise
        why = ("a number has more than 4,300 digits" if "digits" in str(exc) else
               "they are nested too deeply" if isinstance(exc, RecursionError) else " ".join(str(exc).split())[:120])
        raise WebError(f"the arguments cannot be read: {why}") from None
    if not isinstance(args, dict):
        raise WebError(f"the arguments are a JSON object, not {type(args).__name__}")
    return args


def _depth(text: str) -> int:
    """The deepest nesting of brackets and braces outside strings (linear, no recursion)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_ARGS_DEPTH:
                    break
        elif ch in "]}":
            depth -= 1
    return deepest


def call(method: str, args_json: str = "{}") -> str:
    """Run ``method`` with JSON arguments; return ``{"ok", "result"}`` or ``{"ok": false, "error"}``.

    Nothing else crosses this boundary: any method name, any arguments (not JSON,
    nested too deep, of the wrong types) give ``{"ok": false, "error": "<one line>"}``;
    an error that is a bug of dominolab says so in that line. The call's ``lang`` is the
    language context (:func:`dominolab.text.language.use`) while the method runs, and undone after.
    """
    lang = language.DEFAULT          # a call whose arguments cannot be read is answered in German
    token = None
    try:
        if not isinstance(method, str):
            raise WebError(f"the method is a name (a string), not {type(method).__name__}")
        args = _arguments(args_json)
        lang = _lang_of(args)
        token = language.use(lang)
        func = METHODS.get(method)
        if func is None:
            raise WebError(f"unknown method {shorten(method)}; known: {', '.join(METHODS)}")
        return json.dumps({"ok": True, "result": func(args)}, ensure_ascii=False)
    except DominoError as exc:
        return _failure(str(exc), lang, exc)
    except (RecursionError, MemoryError) as exc:
        return _failure(f"the request is too large or too deeply nested ({type(exc).__name__})", lang)
    except Exception as exc:   # a bug: still one line for the page, never an exception in the worker
        return _failure(f"internal error {type(exc).__name__}: {exc} (a bug in dominolab)", lang)
    finally:
        if token is not None:
            language.reset(token)


def _lang_of(args: JSON) -> str:
    """``lang``: the language of every text and picture the call returns (``de``, ``en``; missing or null: ``de``)."""
    lang = args.get("lang")
    if lang is None:
        return language.DEFAULT
    if lang not in language.LANGUAGES:
        shown = shorten(lang, 30) if isinstance(lang, str) else json_type(lang)
        raise WebError(f"'lang' must be one of {', '.join(language.LANGUAGES)}, not {shown}")
    return str(lang)


def _failure(text: str, lang: str, exc: BaseException | None = None) -> str:
    """``{"ok": false, "error": <one English line>, "error_de": <the reader's German sentence>,
    "error_text": <the reader's sentence in the call's language>}`` (the page shows ``error_text``)."""
    try:
        line = " ".join(str(text).split())
        german, reader = (_reader_sentence(exc, tongue, line) for tongue in ("de", lang))
    except Exception:    # pragma: no cover - a message that cannot even be printed
        line, german, reader = "internal error", WORDS["de"].page.errors["general"], WORDS[lang].page.errors["general"]
    line, german, reader = (_one_line(text) for text in (line, german, reader))
    return json.dumps({"ok": False, "error": line, "error_de": german, "error_text": reader}, ensure_ascii=False)


def _reader_sentence(exc: BaseException | None, lang: str, line: str) -> str:
    """The sentence a reader sees for a refused request in ``lang``: the page's or the engine's sentence for
    its reason code (:func:`~dominolab.text.words.error_sentence`); in English, where the words table has
    none (the engine's own English messages are the interface contract), the engine's line itself."""
    general = WORDS[lang].page.errors["general"]
    if exc is None:
        return general
    sentence = error_sentence(exc, lang, page=True)
    if lang != "de" and sentence == general and line:
        return line[:1].upper() + line[1:] + ("" if line.endswith((".", "!", "?")) else ".")
    return sentence


def _one_line(text: str, limit: int = 300) -> str:
    line = " ".join(text.split())
    return line if len(line) <= limit else line[:limit - 1] + "…"
