"""Casting and attacks in Recast Rift: a cast's steps (RR-CAST-1..4), attack power, the preempt
timing, damage resolution, deploying and life, as functions over a
:class:`~fuda.engine.recast_rift.game.RecastRift`.

Steps 2–4 of a cast (RR-CAST-3): the attack's power is fixed (printed or text values, the
card's own 【キャスト時】 changes, then every attack-modifier static in force), the attacked
player gets a preempt timing (each preempt is processed completely, from its step 1, before
the timing continues; preempts can chain), then the attacked player resolves damage with the
values as they stand. A cast that is not answered ends by deploying its card (RR-DEP-1/4).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from fuda.engine.core import Decision, GameOver, Termination
from fuda.engine.core.decision import Option, option
from fuda.engine.recast_rift.abilities import resolve_waiting, run_ability, trigger
from fuda.engine.recast_rift.awakening import activate, activate_block, activate_options, awaken, awaken_block
from fuda.engine.recast_rift.state import Asks, Attack, Ctx, RRGame, Why, deployed, text_of
from fuda.engine.recast_rift.zones import ROMAN, ZONE_OPTIONS, choose_hand, draw_one, face_down
from fuda.i18n import Text

_HAND_OPTIONS: dict[int, Option] = {}
_LIFE_OPTIONS: dict[int, Option] = {}


def _hand_option(h: int) -> Option:
    found = _HAND_OPTIONS.get(h)
    if found is None:
        found = _HAND_OPTIONS[h] = option("hand", f"ハンドで受ける（手札{h}枚を伏せ札）", h)
    return found


def _life_option(life: int) -> Option:
    found = _LIFE_OPTIONS.get(life)
    if found is None:
        found = _LIFE_OPTIONS[life] = option("life", f"ライフで受ける（{life}ダメージ・グレイズチェック）", life)
    return found


# -- casting -------------------------------------------------------------------------------
def cast_block(game: RRGame, p: int, card: int, when: str) -> Why | None:
    """Why ``card`` cannot be cast by p now (``when`` is main or preempt), or None."""
    d = game.defs[card]
    if d.kind != "spell":
        return Why("why.not_spell", {"name": d.name})
    if when == "main" and d.timing == "full-power" and game.st.acted:
        return Why("why.rr.full_power")
    zones, cap = game.st.zones[p], game.cap
    for z in d.recast:  # (a loop, not any(): this decides every cast option of every decision)
        if len(zones[z]) < cap:
            break
    else:
        return Why("why.rr.no_place", {"zones": "/".join(ROMAN[z] for z in d.recast)})
    if game.forbidders[1 - p]:  # (the opponent has a card that forbids something, RR-PRIN-2)
        for card2 in deployed(game, 1 - p):
            for op in game.defs[card2].forbids:
                if op.fn(game, Ctx(1 - p, card2), p, d.timing, **op.args):
                    return Why("why.rr.forbids", {"name": game.defs[card2].name})
    return None


def cast(game: RRGame, p: int, card: int, answered: Attack | None = None) -> Asks[None]:
    """RR-CAST-1..4: cast abilities, attack (steps 2–4), deploy."""
    st = game.st
    st.hand[p].remove(card)
    st.seen_in_hand[p].discard(card)
    cast_zone = st.cast_zone
    cast_zone.append(card)
    d = game.defs[card]
    game.log.push(("cast", p, ("card", "answering"), game.oid[card], answered is not None))
    ctx = Ctx(p, card, Attack(p, card, d.hand, d.life) if d.is_attack else None, answered)
    for ability in d.on_cast:
        yield from run_ability(game, ctx, ability)
    if ctx.own is not None and card in cast_zone:
        yield from attack(game, ctx.own)
    if card in cast_zone:
        free = free_zones(game, p, card)
        if len(free) > 1:  # a choice: the deploy decision
            yield from deploy(game, p, card)
        else:
            deploy_to(game, p, card, free[0] if free else None)
    if st.waiting and st.text_depth == 0:
        yield from resolve_waiting(game)


def deploy(game: RRGame, p: int, card: int) -> Asks[None]:
    """RR-DEP-1/4: put a processed card from the cast zone into a free allowed zone (the
    turn player chooses, as the seed says, even for the opponent's preempt card), or, with
    none free, 1 damage to life and the card becomes reserve."""
    free = free_zones(game, p, card)
    if len(free) > 1:
        options = tuple(map(ZONE_OPTIONS.__getitem__, free))
        picks = yield Decision(game.st.active, "deploy", options, "RR-DEP-1", f"{game.defs[card].name}を展開する場所")
        deploy_to(game, p, card, int(picks[0][5:]))
    else:
        deploy_to(game, p, card, free[0] if free else None)


def free_zones(game: RRGame, p: int, card: int) -> list[int]:
    """The recast zones ``card`` may deploy to that have a free place, farthest first."""
    zones, cap = game.st.zones[p], game.cap
    return [z for z in game.defs[card].recast if len(zones[z]) < cap]


def deploy_to(game: RRGame, p: int, card: int, z: int | None) -> None:
    """The end of :func:`deploy`: ``card`` leaves the cast zone for recast zone ``z`` (it
    stays in the cast zone while its place is chosen), or with None overflows (RR-DEP-4)."""
    st = game.st
    st.cast_zone.remove(card)
    if z is None:
        st.reserve[p].append(card)
        game.log.push(("overflow", p, ("card",), game.oid[card]))
        lose_life(game, p, 1, hit=False, card=card)
        return
    st.zones[p][z].append(card)
    game.log.push(("deploy", p, ("card", "zone"), game.oid[card], z))


# -- attack power --------------------------------------------------------------------------
def modify_attack(game: RRGame, att: Attack, dh: int, dl: int, source: int) -> None:
    """RR-CARD-7: add the deltas, clamping each value at 0; ー stays ー."""
    if att.hand is not None:
        att.hand = max(0, att.hand + dh)
    if att.life is not None:
        att.life = max(0, att.life + dl)
    game.log.push(("modify-attack", game.owner[source], ("card", "delta", "power"),
                   game.oid[source], (dh, dl), att.power))


def apply_statics(game: RRGame, att: Attack) -> None:
    """Step 2: attack-modifier statics of deployed cards (RR-DEP-2, RR-LIFT-6) — the
    attacker's cards first, then the opponent's, each from ［０］ to ［Ⅲ］ in placing order."""
    defs = game.defs
    for p in (att.player, 1 - att.player):
        for card in deployed(game, p):
            mods = defs[card].attack_mods
            if mods:
                ctx = Ctx(p, card)
                for op in mods:
                    op.fn(game, ctx, att, **op.args)


def attack(game: RRGame, att: Attack) -> Asks[None]:
    """Steps 2–4 of RR-CAST-3 for an attack whose own 【キャスト時】 changes are applied."""
    apply_statics(game, att)
    defender = 1 - att.player
    game.log.push(("attack", att.player, ("card", "power"), game.oid[att.card], att.power))
    yield from preempt_timing(game, defender, att)
    yield from resolve_damage(game, att)
    st = game.st
    if st.waiting and st.text_depth == 0:
        yield from resolve_waiting(game)


def text_attack(game: RRGame, ctx: Ctx, hand: int | None, life: int | None) -> Asks[None]:
    """RR-CAST-5: an attack made by card text follows the same steps."""
    yield from attack(game, Attack(ctx.player, ctx.card, hand, life))


# -- preempt -------------------------------------------------------------------------------
def preempt_options(game: RRGame, p: int) -> list[Option]:
    """What p may do in a preempt timing (RR-ATK-2, RR-ATK-5, RR-AWK-2)."""
    defs, cast_opt = game.defs, game.cast_opt
    options = [cast_opt[card] for card in game.st.hand[p]
               if defs[card].timing == "preempt" and cast_block(game, p, card, "preempt") is None]
    far = game.far[p]
    if defs[far].preempt:
        if awaken_block(game, p) is None:
            options.append(game.awaken_opt[p])
        options.extend(activate_options(game, p))
    return options


def preempt_timing(game: RRGame, p: int, att: Attack) -> Asks[None]:
    """RR-ATK-2..4: p may preempt the attack, again and again, until p passes."""
    while True:
        options = preempt_options(game, p)
        if not options:
            return
        options.append(option("pass", "先制しない"))
        picks = yield Decision(p, "preempt", tuple(options), "RR-ATK-2",
                               f"《攻撃》{att.power}に先制するか", explain=partial(explain_preempt, game))
        pick = picks[0]
        if pick == "pass":
            return
        game.log.push(("preempt", p, ("action",), pick))
        if pick == "awaken":
            yield from awaken(game, p, answered=att)
        elif pick.startswith("activate:"):
            yield from activate(game, p, int(pick[9:]), answered=att)
        else:
            yield from cast(game, p, game.by_oid[p][pick[5:]], answered=att)


def explain_preempt(game: RRGame, pick: str) -> str | None:
    """Why a known preempt-timing action is not allowed now."""
    p = game.pending.player if game.pending else 1 - game.st.active
    if pick.startswith("cast:") and pick[5:] in game.by_oid[p]:
        card = game.by_oid[p][pick[5:]]
        if card not in game.st.hand[p]:
            return Text("why.not_in_hand", name=game.defs[card].name)
        if game.defs[card].timing != "preempt":
            return Text("why.rr.preempt_only", card=game.defs[card].label)
        return text_of(cast_block(game, p, card, "preempt"))
    if pick == "awaken":
        if not game.defs[game.far[p]].preempt:
            return Text("why.rr.no_preempt_awaken")
        return text_of(awaken_block(game, p))
    if pick.startswith("activate:"):
        return text_of(activate_block(game, p, pick[9:], preempt=True))
    return None


# -- damage --------------------------------------------------------------------------------
def resolve_damage(game: RRGame, att: Attack) -> Asks[None]:
    """RR-DMG-1..6: the attacked player takes the damage on hand or on life."""
    st = game.st
    d = 1 - att.player
    h, life = att.hand, att.life
    hand = st.hand[d]
    if h is not None and len(hand) >= h:
        if life is not None:
            options: tuple[Option, ...] = (_hand_option(h), _life_option(life))
        else:
            options = (_hand_option(h),)
    elif life is not None:
        options = (_life_option(life),)
    else:  # life is ー and the hand is too small: the whole hand (RR-DMG-2 reading)
        options = (option("hand", f"ハンドで受ける（手札{len(hand)}枚すべてを伏せ札）", len(hand)),)
    picks = yield Decision(d, "damage", options, "RR-DMG-2", f"《攻撃》{att.power}のダメージ解決",
                           explain=_explain_damage(game, att))
    if picks[0] == "hand":
        assert h is not None  # (with ー for hand, life is not ー: the hand option is not offered)
        n = min(h, len(hand))
        cards = yield from choose_hand(game, d, d, n, n, "guard", "RR-DMG-3", f"伏せ札にする手札{n}枚")
        face_down(game, d, cards, "guard")
        game.log.push(("guarded", d, ("count",), len(cards)))
        trigger(game, d, "guarded")
        trigger(game, att.player, "attack-guarded")
        return
    assert life is not None  # (the life option is offered only for a life value)
    if life == 0:
        game.log.push(("no-damage", d, ()))
        return
    if not (st.deck[d] or st.facedown[d] or st.reserve[d]):
        game.log.push(("no-graze-check", d, ()))  # RR-DMG-6
    else:
        drawn = []
        for _ in range(life):
            card = draw_one(game, d, "graze-check")
            if card is None:
                break
            drawn.append(card)
        grazers = [c for c in drawn if game.defs[c].graze]
        if grazers:
            st.seen_in_hand[d].update(grazers)  # revealed, then kept in the hand (RR-DMG-4)
            game.log.push(("graze", d, ("cards",), [game.oid[c] for c in grazers]))
            trigger(game, d, "self-grazed")
            return
    lose_life(game, d, life, hit=True, card=att.card)
    trigger(game, att.player, "attack-hit")


def _explain_damage(game: RRGame, att: Attack) -> Callable[[str], str | None]:
    d = 1 - att.player

    def explain(pick: str) -> str | None:
        if pick == "hand":
            if att.hand is None:
                return Text("why.rr.hand_dash")
            return Text("why.rr.hand_short", hand=len(game.st.hand[d]), damage=att.hand)
        if pick == "life":
            return Text("why.rr.life_dash")
        return None

    return explain


def lose_life(game: RRGame, p: int, amount: int, hit: bool, card: int | None = None) -> None:
    """Life goes down; at 0 the player loses at once (RR-WIN-1)."""
    life = game.st.life
    life[p] = max(0, life[p] - amount)
    game.log.push(("hit" if hit else "damage", p, ("amount", "life", "card"),
                   amount, life[p], game.oid[card] if card is not None else None))
    if life[p] == 0:
        raise GameOver(1 - p, f"player {p + 1}'s life reached 0", Termination.LIFE, f"P{p + 1}のライフが0")
