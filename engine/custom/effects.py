"""The closed vocabulary of custom games: one function per effect word, registered in one table.

``TABLE`` (an :class:`~fuda.engine.core.OpTable`) declares every word with its parameters; the
compiler (:mod:`.compile`) checks a card's words against it and against the game's declarations
(zones, counters, fields, keywords), and hands the engine runnable ops whose zone and counter
names are indices and whose filters are parsed :class:`~.filters.Filter` values. A word that
asks a player (a target, a card to discard) is a generator function; the rules run it with
``yield from``. Target parameters are shared by every word that takes targets (see
:func:`targets`).
"""

from __future__ import annotations

from typing import Any

from fuda.engine.core import Bool, Decision, Either, Enum, Int, OpTable, Option, Param, ParamError
from fuda.engine.core.decision import one_of
from fuda.engine.custom import rules as R
from fuda.engine.custom.state import GONE, GRANT, MOD, matches, pile, value

TABLE = OpTable("custom")


class Word(Param):
    """A non-empty text (a zone, counter, field, keyword or card id, or a filter): what it must
    name is checked against the game's declarations by the compiler."""

    def convert(self, value, compile_ops):
        if not isinstance(value, str) or not value.strip():
            raise ParamError(f"expected {self.expects}, got {value!r}")
        return value

    @property
    def expects(self) -> str:
        return "a word"


class Branches(Param):
    """The options of ``choose``: a list of ``{label, effect}`` (each effect a list of words)."""

    def convert(self, value, compile_ops):
        if not isinstance(value, (list, tuple)) or len(value) < 2:
            raise ParamError("expected a list of at least two options {label, effect}")
        out = []
        for k, item in enumerate(value):
            if not hasattr(item, "keys") or set(item.keys()) != {"label", "effect"}:
                raise ParamError("each option of choose is {label: ..., effect: [...]}", (k,))
            if not isinstance(item["label"], str) or not isinstance(item["effect"], (list, tuple)):
                raise ParamError("an option's label is a text and its effect a list of words", (k,))
            out.append((item["label"], compile_ops(item["effect"])))
        return tuple(out)

    @property
    def expects(self) -> str:
        return "a list of options {label, effect}"


WHO = Enum(values=("you", "opponent")).optional("you")
COUNT = Int(min=1, max=40).optional(1)
#: the parameters of every word that takes targets (see :func:`targets`)
TARGET: dict[str, Any] = {  # (Any: ** into TABLE.op's keywords, which mypy matches against doc and kind too)
    "target": Enum(values=("self",)).optional(None),
    "zone": Word().optional("field"),
    "owner": Enum(values=("you", "opponent", "any")).optional("any"),
    "filter": Word().optional(None),
    "count": COUNT,
    "all": Bool().optional(False),
    "other": Bool().optional(False),
    "chooser": Enum(values=("you", "opponent", "random")).optional("you"),
}
UNTIL = Enum(values=("turn-end", "permanent")).optional("turn-end")


def player(ctx, who: str) -> int:
    """The seat ``you``/``opponent`` names for the controller of the running ability."""
    return ctx.me if who == "you" else 1 - ctx.me


def _chooser(ctx, who: str):
    return None if who == "random" else player(ctx, who)


def targets(st, ctx, a, kind: str, rule: str):
    """The cards a word's target parameters select (a generator: the chooser may be asked).

    ``target: self`` is the ability's own card; else the cards of ``zone`` whose owner (``you``,
    ``opponent`` or ``any``, seen from the controller) and ``filter`` fit, less ``other``'s own
    card; ``all`` takes every one (a protected card too: nothing is chosen), otherwise ``count``
    of those not protected from this source are chosen by ``chooser`` (no question when there are
    no more than that)."""
    if a.get("target") == "self":
        return [ctx.src] if ctx.src >= 0 and st.where[ctx.src] >= 0 else []
    zone = a["zone"]
    owner = a["owner"]
    me = ctx.me
    seats = (me,) if owner == "you" else (1 - me,) if owner == "opponent" else (me, 1 - me)
    flt = a["filter"]
    every = a["all"]
    found = []
    for q in seats:
        for c in st.piles[pile(st, zone, q)]:
            if (a["other"] and c == ctx.src) or not matches(st, c, flt):
                continue
            if not every and ctx.src >= 0 and R.protected(st, c, ctx.src):
                continue  # (protection keeps a card from being chosen; `all` chooses nobody)
            found.append(c)
    count = a["count"]
    if a["all"] or len(found) <= count:
        return found
    who = _chooser(ctx, a["chooser"])
    if who is None:
        return st.rng.sample(found, count)
    picks = yield from R.pick_cards(st, who, kind, found, rule, count, ctx.src)
    return picks


def _targets_or_fizzle(st, ctx, a, kind, rule, word):
    cards = yield from targets(st, ctx, a, kind, rule)
    if not cards:
        st.push(("fizzle", ctx.me, ("card", "word"), R.card_id(st, ctx.src), word))
    return cards


@TABLE.op("draw", "the player draws count cards", count=COUNT, who=WHO)
def draw(st, ctx, count, who):
    p = player(ctx, who)
    for _ in range(count):
        R.draw(st, p)


@TABLE.op("discard", "the player discards count cards from hand, picked by chooser", count=COUNT, who=WHO,
          chooser=Enum(values=("you", "opponent", "random")).optional(None))
def discard(st, ctx, count, who, chooser):
    p = player(ctx, who)
    hand = list(st.piles[pile(st, st.static.rules.hand, p)])
    if len(hand) <= count:
        picked = hand
    else:
        by = p if chooser is None else _chooser(ctx, chooser)
        if by is None:
            picked = st.rng.sample(hand, count)
        else:
            picked = yield from R.pick_cards(st, by, "discard", hand, "CU-EFFECT-2", count, ctx.src)
    for c in picked:
        R.move(st, c, st.static.rules.discard, how="discard")


@TABLE.op("destroy", "the targets go to their owner's discard", **TARGET)
def destroy(st, ctx, **a):
    for c in (yield from _targets_or_fizzle(st, ctx, a, "target", "CU-EFFECT-3", "destroy")):
        R.destroy(st, c)


@TABLE.op("return", "the targets go to their owner's hand", **TARGET)
def return_(st, ctx, **a):
    for c in (yield from _targets_or_fizzle(st, ctx, a, "target", "CU-EFFECT-4", "return")):
        R.move(st, c, st.static.rules.hand, how="return")


@TABLE.op("move", "the targets go to their owner's zone `to`", to=Word(), **TARGET)
def move(st, ctx, to, **a):
    kind = "boost" if a["owner"] == "you" else "target"
    for c in (yield from _targets_or_fizzle(st, ctx, a, kind, "CU-EFFECT-5", "move")):
        R.move(st, c, to, how="move")


@TABLE.op("modify", "add `by` to an integer field of the targets, until the end of the turn or for good",
          field=Word(), by=Int(min=-99, max=99), until=UNTIL, **TARGET)
def modify(st, ctx, field, by, until, **a):
    kind = "boost" if by > 0 else "target"
    for c in (yield from _targets_or_fizzle(st, ctx, a, kind, "CU-EFFECT-6", "modify")):
        if until == "permanent":
            m = st.mods[c] = dict(st.mods[c] or {})
            m[field] = m.get(field, 0) + by
        else:
            st.temp.append((MOD, c, field, by))
        st.push(("modify", st.owner[c], ("card", "field", "by", "until"), R.card_id(st, c), field, by, until))


#: a number, or the name of an integer field of the ability's own card (``amount: power``)
AMOUNT = Either(choices=(Int(min=1, max=99), Word())).optional(1)


def amount_of(st, ctx, amount) -> int:
    """The number an ``amount`` stands for: itself, or the ability's card's current value of the
    field it names (0 when the card is gone)."""
    if type(amount) is int:
        return amount
    return max(value(st, ctx.src, amount) or 0, 0) if ctx.src >= 0 else 0


@TABLE.op("gain", "add `amount` to the player's counter", counter=Word(), amount=AMOUNT, who=WHO)
def gain(st, ctx, counter, amount, who):
    R.add(st, player(ctx, who), counter, amount_of(st, ctx, amount))


@TABLE.op("lose", "take `amount` from the player's counter", counter=Word(), amount=AMOUNT, who=WHO)
def lose(st, ctx, counter, amount, who):
    R.add(st, player(ctx, who), counter, -amount_of(st, ctx, amount))


@TABLE.op("search", "choose count matching cards of your deck, put them into `to`, then shuffle",
          filter=Word().optional(None), count=COUNT, to=Word().optional("hand"))
def search(st, ctx, filter, count, to):
    rules = st.static.rules
    deck = st.piles[pile(st, rules.deck, ctx.me)]
    found = [c for c in deck if matches(st, c, filter)]
    if found:
        if len(found) <= count:
            picked = found
        else:
            picked = yield from R.pick_cards(st, ctx.me, "search", found, "CU-EFFECT-8", count, ctx.src)
        for c in picked:
            R.move(st, c, to, how="search")
    else:
        st.push(("fizzle", ctx.me, ("card", "word"), R.card_id(st, ctx.src), "search"))
    R.shuffle(st, ctx.me)


@TABLE.op("shuffle", "shuffle the player's deck", who=WHO)
def shuffle(st, ctx, who):
    R.shuffle(st, player(ctx, who))


@TABLE.op("look", "look at the top count cards of your deck and put them back in any order", count=COUNT)
def look(st, ctx, count):
    deck = st.piles[pile(st, st.static.rules.deck, ctx.me)]
    top = deck[:count]
    st.push(("look", ctx.me, ("cards",), [R.card_id(st, c) for c in top]))
    order = []
    left = list(top)
    while len(left) > 1:
        c = yield from R.pick_cards(st, ctx.me, "look", left, "CU-EFFECT-10", 1, ctx.src)
        order.append(c[0])
        left.remove(c[0])
    deck[:len(top)] = order + left


@TABLE.op("token", "create count copies of a database card in the player's zone `to`", card=Word(),
          count=COUNT, to=Word().optional("field"), who=WHO)
def token(st, ctx, card, count, to, who):
    p = player(ctx, who)
    for _ in range(count):
        R.make_token(st, p, card, to)


@TABLE.op("grant", "give the targets a keyword (or cannot-attack / cannot-block)", keyword=Word(), until=UNTIL,
          **TARGET)
def grant(st, ctx, keyword, until, **a):
    kind = "target" if keyword.startswith("cannot-") else "boost"
    for c in (yield from _targets_or_fizzle(st, ctx, a, kind, "CU-EFFECT-12", "grant")):
        if until == "permanent":
            st.kws[c] = st.kws[c] + (keyword,)
        else:
            st.temp.append((GRANT, c, keyword, None))
        st.push(("grant", st.owner[c], ("card", "keyword", "until"), R.card_id(st, c), keyword, until))


@TABLE.op("counter", "(in a response) the answered card does nothing and goes to the discard",
          filter=Word().optional(None))
def counter(st, ctx, filter):
    c = ctx.answering
    if c >= 0 and st.where[c] == GONE and matches(st, c, filter) and not R.protected(st, c, ctx.src):
        st.countered = c
        st.push(("countered", ctx.me, ("card",), R.card_id(st, c)))
    else:
        st.push(("fizzle", ctx.me, ("card", "word"), R.card_id(st, ctx.src), "counter"))


@TABLE.op("choose", "the controller chooses one of the options and does its effect", options=Branches())
def choose(st, ctx, options):
    opts = tuple(Option(f"option:{k + 1}", label, k) for k, (label, _) in enumerate(options))
    pick = yield one_of(Decision, ctx.me, "choose", opts, "CU-EFFECT-14", "どれか１つを選ぶ")
    k = int(pick[0].split(":")[1]) - 1
    yield from R.run_ops(st, ctx, options[k][1])


_PROTECT: dict[str, Any] = {"from": Word().optional(None), **{k: v for k, v in TARGET.items() if k in ("owner", "filter", "other")}}


@TABLE.op("protect", "(static) the targets cannot be targeted by the opponent's cards matching `from`",
          kind="static", **_PROTECT)
def protect(st, ctx, **a):
    """A static word: read by :func:`.rules.protected`, never run."""
    return None


STATIC_WORDS = ("modify", "protect")


__all__ = ["STATIC_WORDS", "TABLE", "targets"]
