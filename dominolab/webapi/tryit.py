"""The static site's „Probier es aus“ box in the page API (:class:`dominolab.pictures.tryit.TryIt`)."""

from __future__ import annotations

from dominolab.core.errors import DominoError, shorten
from dominolab.core.layout import Placement
from dominolab.core.rules import GameRules
from dominolab.core.tiles import ALL_TILES
from dominolab.pictures.svg import layout_svg
from dominolab.pictures.tryit import TryIt
from dominolab.text.language import current
from dominolab.text.narrate import points_text
from dominolab.text.steptext import step_lines
from dominolab.text.words import error_sentence, point_text
from dominolab.webapi.common import JSON, WebError, house_rules, page_words, store

__all__ = ["TryItSession", "tryit_new"]


# -- „Probier es aus“ ---------------------------------------------------------------------

class TryItSession:
    """The static site's „Probier es aus“ box: the same model as the live widget."""

    kind = "tryit"

    def __init__(self, game: str | GameRules, layout: str = ""):
        self.box = TryIt(game, layout)

    def state(self, message: str = "") -> JSON:
        box = self.box
        options = []
        playable = set(box.playable_tiles())
        for tile in ALL_TILES:
            if tile in box.layout:
                continue
            moves = []
            for trial in box.trials(tile):
                where = page_words().opening if trial.point is None else point_text(trial.point, current())
                item: JSON = {"move": str(trial.placement), "point": None if trial.point is None else str(trial.point)}
                if trial.reason is None:
                    item.update(label=page_words().try_scores.format(point=where, points=points_text(trial.points or 0, box.rules, current())),
                                legal=True, points=trial.points)
                else:
                    item.update(label=page_words().try_refused.format(point=where), legal=False, points=None,
                                why=page_words().try_why.format(why=error_sentence(trial.reason, current(), move="none", otherwise="message")))
                moves.append(item)
            options.append({"tile": str(tile), "fits": tile in playable, "moves": moves})
        box.choose(None)
        rules = box.rules
        last = box.layout.placements[-1] if box.layout.placements else None
        lines = step_lines(box.layout, last, rules, current()) if last is not None else []
        return {"layout": str(box.layout), "history": [str(p) for p in box.history], "options": options,
                "lines": lines, "title": rules.title, "message": message,
                "svg": layout_svg(box.layout, legend=True, lang=current(), rules=rules,
                            highlight=box.layout.open_points()) if box.layout.placements else ""}

    def place(self, notation: str) -> JSON:
        text = notation.strip()
        try:
            placement = Placement.parse(text)
        except DominoError as exc:
            raise WebError(f"placement {shorten(notation)}: {exc}") from None
        if placement.at is None and self.box.layout.placements:
            raise WebError(f"placement {shorten(notation)}: the layout is opened already; "
                           "name the point, e.g. [4|4]@[1|4].high")
        self.box.choose(placement.tile)
        if placement.tile in self.box.layout:
            raise WebError(f"placement {shorten(notation)}: {placement.tile} is already on the table")
        self.box.place(placement.at)
        return self.state()

    def reset(self) -> JSON:
        self.box.reset()
        return self.state()


def tryit_new(args: JSON) -> JSON:
    game = house_rules(args["rules"]) if args.get("rules") is not None else str(args.get("game", "horse-race"))
    session = TryItSession(game, str(args.get("layout", "")))
    store(str(args.get("id", "")), session)
    return session.state()
