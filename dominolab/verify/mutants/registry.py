"""The registry of mutants: named patches, the mutant specs (``field:...``, ``patch:...``) and their helpers.

A patch module of this package (:mod:`.deal`, :mod:`.turns`, :mod:`.outcome`, :mod:`.scoring`,
:mod:`.layout`) registers each patch with :func:`patch`; :func:`parse` reads a spec and
:func:`apply` applies it in a fresh process. See the package text (:mod:`dominolab.verify.mutants`).
"""

from __future__ import annotations

import dataclasses
import sys
import tomllib
from dataclasses import dataclass
from typing import Any, Callable

from dominolab.core.errors import DominoError
from dominolab.verify.rules_coverage import patch_descriptions


class MutantError(DominoError):
    """A mutant that cannot be read or applied (one line)."""


# -- the registry of patches --------------------------------------------------------------

@dataclass(frozen=True)
class Patch:
    name: str
    target: str          #: the function (or value) it changes, ``module:qualname``
    description: str     #: one line
    apply: Callable[[], None]
    de: str = ""         #: the same in German (for the book)


PATCHES: dict[str, Patch] = {}

#: The description of every patch in German (the book's language): data for the book, kept beside the
#: statements' German in rules_coverage.toml (table ``patch_de``).
GERMAN = patch_descriptions()




def patch(name: str, target: str) -> Callable[[Callable[[], None]], Callable[[], None]]:
    """Register ``fn`` as the patch ``name`` changing ``target``; its docstring describes it."""
    def register(fn: Callable[[], None]) -> Callable[[], None]:
        if name in PATCHES:
            raise ValueError(f"patch {name} registered twice")
        PATCHES[name] = Patch(name, target, " ".join((fn.__doc__ or "").split()), fn, GERMAN.get(name, ""))
        return fn
    return register


@dataclass(frozen=True)
class Mutant:
    spec: str            #: as written in rules_coverage.toml
    kind: str            #: "field" or "patch"
    target: str          #: what it changes
    description: str
    de: str = ""         #: the description in German


def _field_parts(spec: str) -> tuple[str, str, object]:
    body = spec.removeprefix("field:")
    left, eq, value_text = body.partition("=")
    game, dot, name = left.partition(".")
    if not eq or not dot or not game or not name:
        raise MutantError(f"mutant {spec!r}: a field mutant is 'field:GAME.FIELD=VALUE'")
    try:
        value = tomllib.loads(f"v = {value_text}")["v"]
    except tomllib.TOMLDecodeError:
        raise MutantError(f"mutant {spec!r}: {value_text!r} is not a TOML value") from None
    if isinstance(value, list):
        value = tuple(value)
    return game, name, value


def parse(spec: str) -> Mutant:
    """The mutant a spec names (checked: the game, the field and the patch exist)."""
    from dominolab.core.rules import GAMES, GameRules

    if not isinstance(spec, str):
        raise MutantError(f"a mutant is a text, not {type(spec).__name__}")
    if spec.startswith("field:"):
        game, name, value = _field_parts(spec)
        if game not in GAMES:
            raise MutantError(f"mutant {spec!r}: no game {game!r}")
        if name not in {f.name for f in dataclasses.fields(GameRules)}:
            raise MutantError(f"mutant {spec!r}: GameRules has no field {name!r}")
        old = getattr(GAMES[game], name)
        if old == value:
            raise MutantError(f"mutant {spec!r}: {game} already has {name} = {value!r}; nothing changes")
        return Mutant(spec, "field", f"GameRules.{name} ({game})",
                      f"{GAMES[game].title}: {name} = {value!r} instead of {old!r}",
                      f"{GAMES[game].title}: Feld {name} = {_shown(value)} statt {_shown(old)}.")
    if spec.startswith("patch:"):
        name = spec.removeprefix("patch:")
        if name not in PATCHES:
            raise MutantError(f"mutant {spec!r}: no patch named {name!r} in dominolab.mutants")
        p = PATCHES[name]
        return Mutant(spec, "patch", p.target, p.description, p.de)
    raise MutantError(f"mutant {spec!r}: write 'field:GAME.FIELD=VALUE' or 'patch:NAME'")


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str):
        return f"„{value}“"
    if isinstance(value, tuple):
        return "(" + ", ".join(map(str, value)) + ")"
    return str(value)


def replace_game(game: str, **changes: object) -> None:
    """Give the registered game object the values of ``dataclasses.replace(game, **changes)``, in place."""
    from dominolab.core import engine
    from dominolab.core.rules import GAMES

    rules = GAMES[game]
    values: dict[str, Any] = dict(changes)
    changed = dataclasses.replace(rules, **values)        # checked by GameRules.__post_init__
    for f in dataclasses.fields(changed):
        object.__setattr__(rules, f.name, getattr(changed, f.name))
    engine._MATCH_SETUPS.clear()
    engine._CREDIT_CACHE.clear()


def apply(spec: str) -> Mutant:
    """Apply a mutant to this process (irreversible: meant for the fresh process of one run)."""
    mutant = parse(spec)
    if mutant.kind == "field":
        game, name, value = _field_parts(spec)
        try:
            replace_game(game, **{name: value})
        except DominoError as exc:
            raise MutantError(f"mutant {spec!r}: {exc}") from None
    else:
        PATCHES[spec.removeprefix("patch:")].apply()
    return mutant


# -- helpers of the patches ------------------------------------------------------------------

def wrap(owner: Any, name: str, make: Callable[[Any], Any]) -> None:
    """Replace the attribute ``name`` of ``owner`` (a class or a module) by ``make(old)``."""
    setattr(owner, name, make(getattr(owner, name)))



def replace_everywhere(module: Any, name: str, new: Any) -> Any:
    """Set ``module.name`` to ``new`` and also in every loaded dominolab module that imported the
    old object by name (``from module import name``); return the old object. Modules imported
    later import the new one."""
    old = getattr(module, name)
    for mod in list(sys.modules.values()):
        if getattr(mod, "__name__", "").startswith("dominolab") and getattr(mod, name, None) is old:
            setattr(mod, name, new)
    setattr(module, name, new)
    return old


def wrap_everywhere(module: Any, name: str, make: Callable[[Any], Any]) -> None:
    """Replace ``module.name`` by ``make(old)`` wherever it is held (:func:`replace_everywhere`)."""
    replace_everywhere(module, name, make(getattr(module, name)))

