"""The zones and counters of a free table (:mod:`fuda.table.sandbox`), read from the game: a
custom game's ``play: zones`` and ``play: counters``; else a deck, a hand and the zones of the
game's mat; else a field and a discard pile; a points counter when the game declares none."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from fuda.i18n import MESSAGES, t

HIDDEN, OWNER, PUBLIC = "hidden", "owner", "public"


@dataclass(frozen=True)
class ZoneDef:
    """A zone every player has: its name, label in Japanese and English, who sees into it."""

    id: str
    ja: str
    en: str
    visibility: str
    pile: bool = False

    def label(self, lang: str) -> str:
        return self.ja if lang == "ja" else self.en


def zone_defs(game) -> tuple[ZoneDef, ...]:
    """The zones of ``game``'s sandbox (see the module docstring), the deck first."""
    play = game.manifest.get("play") if isinstance(game.manifest.get("play"), Mapping) else None
    out: list[ZoneDef] = []
    if play and isinstance(play.get("zones"), Mapping):
        for zid, spec in play["zones"].items():
            spec = spec if isinstance(spec, Mapping) else {}
            vis = spec.get("visibility", PUBLIC)
            out.append(ZoneDef(str(zid), str(spec.get("label", zid)), str(zid), vis if vis in (HIDDEN, OWNER, PUBLIC) else PUBLIC,
                               pile=vis == HIDDEN))
    else:
        from fuda.table.boards import mat_layout

        boxes = mat_layout(game)
        labels = _mat_labels(game)
        for zid, label in labels.items():
            if any(other != zid and _inside(boxes.get(other), boxes.get(zid)) for other in labels):
                continue  # an area drawn around other zones (the recast zone around its places)
            hidden = "deck" in zid
            vis = HIDDEN if hidden else OWNER if zid == "hand" else PUBLIC
            out.append(ZoneDef(zid, label, _english(zid), vis, pile=hidden))
        if not any(z.visibility == PUBLIC for z in out):
            out += [ZoneDef("field", "場", "field", PUBLIC), ZoneDef("discard", "捨て札", "discard", PUBLIC)]
    if not any(z.visibility == HIDDEN for z in out):
        out.insert(0, ZoneDef("deck", "山札", "deck", HIDDEN, pile=True))
    if not any(z.id == "hand" for z in out):
        out.append(ZoneDef("hand", "手札", "hand", OWNER))
    deck = next(z for z in out if z.visibility == HIDDEN)
    return (deck, *[z for z in out if z is not deck])


def _inside(inner, outer) -> bool:
    """True when box ``inner`` lies within box ``outer`` (x, y, w, h in mm)."""
    if not inner or not outer:
        return False
    return (outer[0] <= inner[0] and outer[1] <= inner[1] and inner[0] + inner[2] <= outer[0] + outer[2]
            and inner[1] + inner[3] <= outer[1] + outer[3])


def _mat_labels(game) -> dict:
    from fuda.faces.mat import load_mat

    try:
        zones = load_mat(game).data.get("zones", [])
    except Exception:  # no mat (or a broken one): the default zones
        return {}
    return {z["id"]: str(z.get("label") or z["id"]) for z in zones
            if "id" in z and z.get("type") in ("card", "area")}


def _english(zid: str) -> str:
    key = f"table.zone.{zid}"
    return t(key, "en") if key in MESSAGES else zid.replace("-", " ")


def counter_defs(game) -> tuple[tuple[str, str, int], ...]:
    """(key, label, start) of each counter: the game's ``play: counters``, else one for points."""
    play = game.manifest.get("play") if isinstance(game.manifest.get("play"), Mapping) else None
    if play and isinstance(play.get("counters"), Mapping) and play["counters"]:
        out = []
        for k, v in play["counters"].items():
            v = v if isinstance(v, Mapping) else {}
            start = v.get("start", 0)
            out.append((str(k), str(v.get("label", k)), start if isinstance(start, int) else 0))
        return tuple(out)
    return (("points", t("table.counter.points", "ja"), 0),)
