"""The page's API boundary under hostile input (issue 18): nothing escapes ``webapi.call``.

Surface: :func:`dominolab.webapi.call` and its argument parsing. Every case calls ``call``
directly and asserts that it returns (never raises) JSON text that is either
``{"ok": true, "result": ...}`` or ``{"ok": false, "error": "<one line of at most 300
characters>"}``: a non-string method, arguments that are not JSON or not an object, nested
100,000 deep, ``params`` given as a list or a string, a record frame index of ``"abc"``,
``null``, ``1e400``, ``[1]`` or 5,000 digits, and ``open_record`` of ``"{}"`` (an error, not
``ok: true`` wrapping ``ok: false``). Hypothesis sweeps any method name (the known ones
included) with any JSON arguments.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominolab import webapi
from dominolab.core.engine import Match, random_policy
from dominolab.core.record import match_to_record

RECORD = json.dumps(match_to_record(Match("horse-race", 2, seed=1).play(random_policy)))


def answer(method: Any, args: Any) -> dict[str, Any]:
    """``call``'s answer, checked for shape: it must return JSON with ok true or false."""
    text = webapi.call(method, args)
    assert isinstance(text, str)
    out = json.loads(text)
    assert isinstance(out, dict) and out.get("ok") in (True, False), out
    if out["ok"]:
        assert set(out) == {"ok", "result"}
    else:
        # the English line for developers and the German sentence the page shows a reader
        assert set(out) == {"ok", "error", "error_de", "error_text"}
        message, german = out["error"], out["error_de"]
        assert isinstance(message, str) and "\n" not in message and 0 < len(message) <= 300, message
        assert isinstance(german, str) and "\n" not in german and 0 < len(german) <= 300, german
    return out


def refused(method: Any, args: Any, *needles: str) -> str:
    out = answer(method, args)
    assert out["ok"] is False, out
    for needle in needles:
        assert needle in out["error"], (needle, out["error"])
    assert "internal error" not in out["error"], out["error"]
    return str(out["error"])


@pytest.fixture
def record_session() -> str:
    assert answer("open_record", json.dumps({"id": "fz", "text": RECORD, "name": "r.json"}))["ok"]
    return "fz"


METHOD_CASES: list[tuple[str, Any, tuple[str, ...]]] = [
    ("int", 5, ("method",)),
    ("none", None, ("method",)),
    ("bytes", b"catalog", ("method",)),
    ("list", ["catalog"], ("method",)),
    ("dict", {"m": 1}, ("method",)),
    ("float-nan", float("nan"), ("method",)),
    ("empty", "", ("unknown method",)),
    ("unknown", "delete_everything", ("unknown method",)),
    ("long", "m" * 100_000, ("unknown method", "characters")),
    ("nul", "catalog\x00", ("unknown method",)),
    ("case", "CATALOG", ("unknown method",)),
    ("dunder", "__class__", ("unknown method",)),
]


@pytest.mark.parametrize("method,needles", [c[1:] for c in METHOD_CASES], ids=[c[0] for c in METHOD_CASES])
def test_bad_methods(method: Any, needles: tuple[str, ...]) -> None:
    refused(method, "{}", *needles)


ARGS_CASES: list[tuple[str, Any, tuple[str, ...]]] = [
    ("int", 5, ("arguments",)),
    ("bytes", b"{}", ("arguments",)),
    ("dict-object", {"id": "x"}, ("arguments",)),
    ("not-json", "{", ("not JSON",)),
    ("trailing-junk", "{} x", ("not JSON",)),
    ("single-quotes", "{'id': 1}", ("not JSON",)),
    ("nan", '{"a": NaN}', ("NaN",)),
    ("infinity", '{"a": Infinity}', ("Infinity",)),
    ("array", "[1, 2]", ("JSON object",)),
    ("string", '"catalog"', ("JSON object",)),
    ("number", "5", ("JSON object",)),
    ("null", "null", ("JSON object",)),
    ("nested-100000-arrays", "[" * 100_000 + "]" * 100_000, ("nested",)),
    ("nested-100000-objects", '{"a":' * 100_000 + "1" + "}" * 100_000, ("nested",)),
    ("nested-100000-unclosed", "[" * 100_000, ("nested",)),
    ("digits-5000", '{"a": ' + "1" * 5000 + "}", ("4,300 digits",)),
    ("lone-surrogate", '{"a": "\\ud800"}', ()),
    ("huge-text", '{"a": "' + "x" * (9 * 1024 * 1024) + '"}', ("characters",)),
]


@pytest.mark.parametrize("args,needles", [c[1:] for c in ARGS_CASES], ids=[c[0] for c in ARGS_CASES])
@pytest.mark.parametrize("method", ["catalog", "new", "record_frame"])
def test_bad_argument_texts(method: str, args: Any, needles: tuple[str, ...]) -> None:
    out = answer(method, args)
    if out["ok"]:                                   # only a harmless lone surrogate may be accepted
        assert args == '{"a": "\\ud800"}'
        return
    for needle in needles:
        assert needle in out["error"], (needle, out["error"])


PARAMS_CASES: list[tuple[str, str]] = [
    ("list", '{"id": "p", "params": [1, 2]}'),
    ("string", '{"id": "p", "params": "game=horse-race"}'),
    ("number", '{"id": "p", "params": 5}'),
    ("true", '{"id": "p", "params": true}'),
    ("nested-list", '{"id": "p", "params": [[["x"]]]}'),
]


@pytest.mark.parametrize("method", ["new", "params"])
@pytest.mark.parametrize("args", [c[1] for c in PARAMS_CASES], ids=[c[0] for c in PARAMS_CASES])
def test_params_must_be_an_object(method: str, args: str) -> None:
    refused(method, args, "params")


INDEX_CASES: list[tuple[str, str]] = [
    ("abc", '"abc"'),
    ("null", "null"),
    ("1e400", "1e400"),
    ("list", "[1]"),
    ("object", '{"i": 1}'),
    ("true", "true"),
    ("float", "2.5"),
    ("digits-5000", "1" * 5000),
    ("digit-string-5000", '"' + "1" * 5000 + '"'),
    ("superscript", '"²"'),
    ("arabic", '"٣"'),
    ("empty-string", '""'),
]


@pytest.mark.parametrize("index", [c[1] for c in INDEX_CASES], ids=[c[0] for c in INDEX_CASES])
def test_bad_frame_indices(index: str, record_session: str) -> None:
    refused("record_frame", '{"id": "%s", "index": %s}' % (record_session, index))


@pytest.mark.parametrize("index,expected", [("0", 0), ('"3"', 3), ("-7", 0), ("99999999999999999999", -1)],
                         ids=["zero", "digit-string", "negative-clamped", "huge-clamped"])
def test_good_frame_indices_are_clamped(index: str, expected: int, record_session: str) -> None:
    out = answer("record_frame", '{"id": "%s", "index": %s}' % (record_session, index))
    assert out["ok"], out
    frames = out["result"]["frames"]
    assert out["result"]["index"] == (frames - 1 if expected < 0 else expected)


OPEN_CASES: list[tuple[str, Any]] = [
    ("empty-object", "{}"),
    ("not-json", "{"),
    ("array", "[]"),
    ("number", 5),
    ("null", None),
    ("deep", "[" * 100_000),
    ("wrong-format", '{"format": "dominolab.record/9"}'),
]


@pytest.mark.parametrize("text", [c[1] for c in OPEN_CASES], ids=[c[0] for c in OPEN_CASES])
def test_open_record_failures_are_ok_false(text: Any) -> None:
    out = answer("open_record", json.dumps({"id": "bad", "text": text, "name": "x.json"}))
    assert out["ok"] is False, out                 # never ok: true wrapping ok: false
    assert "bad" not in webapi.SESSIONS


# -- Hypothesis: any method x any JSON arguments ----------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20) | st.sampled_from(["horse-race", "fives-and-threes", "draw", "[1|4]", "strong", "t"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10)
KEYS = st.sampled_from(["id", "params", "move", "index", "text", "name", "game", "rules", "layout", "keep_good",
                        "players", "seed"])
ARGS = st.dictionaries(KEYS | st.text(max_size=6), JSON_VALUES, max_size=5)
METHODS = st.sampled_from(sorted(webapi.METHODS)) | st.text(max_size=12)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(method=METHODS, args=ARGS)
def test_any_method_with_any_json_arguments_answers_json(method: str, args: dict[str, Any]) -> None:
    out = answer(method, json.dumps(args))
    assert "internal error" not in out.get("error", ""), out     # a refusal, not a bug caught at the door


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(method=METHODS, args=JSON_VALUES)
def test_any_method_with_any_json_value_answers_json(method: str, args: Any) -> None:
    out = answer(method, json.dumps(args))
    assert "internal error" not in out.get("error", ""), out


@settings(max_examples=150, deadline=None)
@given(method=st.one_of(st.none(), st.integers(), st.binary(max_size=8), METHODS),
       args=st.one_of(st.none(), st.integers(), st.binary(max_size=8), st.text(max_size=40)))
def test_any_python_values_answer_json(method: Any, args: Any) -> None:
    answer(method, args)


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(index=JSON_VALUES)
def test_any_frame_index_answers_json(index: Any) -> None:
    answer("open_record", json.dumps({"id": "hx", "text": RECORD}))
    out = answer("record_frame", json.dumps({"id": "hx", "index": index}))
    assert "internal error" not in out.get("error", ""), out
