"""Attacks of Recast Rift: attack power, the preempt timing, damage resolution, life
(a mixin of :class:`~engine.recast_rift.game.RecastRift`).

Steps 2–4 of a cast (RR-CAST-3): the attack's power is fixed (printed or text values, the
card's own 【キャスト時】 changes, then every attack-modifier static in force), the attacked
player gets a preempt timing (each preempt is processed completely, from its step 1, before
the timing continues; preempts can chain), then the attacked player resolves damage with the
values as they stand.
"""

from __future__ import annotations

from fuda.engine.core import Decision, GameOver, Termination
from fuda.engine.core.decision import Option, option
from fuda.i18n import Text


def _power(hand: int | None, life: int | None) -> str:
    return f"{'ー' if hand is None else hand}／{'ー' if life is None else life}"


_VALUES = (None, *range(20))
_POWERS = {h: {v: _power(h, v) for v in _VALUES} for h in _VALUES}  # Attack.power without formatting


class Attack:
    """One attack: who makes it, from which card, and its current power (None is ー)."""

    __slots__ = ("card", "hand", "life", "player")

    def __init__(self, player: int, card: int, hand: int | None, life: int | None):
        self.player = player
        self.card = card
        self.hand = hand
        self.life = life

    @property
    def power(self) -> str:
        """ｈ／ｌ with ー for the bar."""
        try:
            return _POWERS[self.hand][self.life]
        except KeyError:
            return _power(self.hand, self.life)


class Ctx:
    """The context of an ability: controller, card, the attack it makes and the one it answers."""

    __slots__ = ("answered", "card", "own", "player")

    def __init__(self, player: int, card: int, own=None, answered=None):
        self.player = player
        self.card = card
        self.own = own
        self.answered = answered


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


class CombatRules:
    """Attack, preempt and damage rules; expects the state attributes of RecastRift."""

    def modify_attack(self, att: Attack, dh: int, dl: int, source: int) -> None:
        """RR-CARD-7: add the deltas, clamping each value at 0; ー stays ー."""
        if att.hand is not None:
            att.hand = max(0, att.hand + dh)
        if att.life is not None:
            att.life = max(0, att.life + dl)
        self.log.push(("modify-attack", self.owner[source], ("card", "delta", "power"),
                       self.oid[source], (dh, dl), att.power))

    def apply_statics(self, att: Attack) -> None:
        """Step 2: attack-modifier statics of deployed cards (RR-DEP-2, RR-LIFT-6) — the
        attacker's cards first, then the opponent's, each from ［０］ to ［Ⅲ］ in placing order."""
        for p in (att.player, 1 - att.player):
            for card in self.deployed(p):
                mods = self.defs[card].attack_mods
                if mods:
                    ctx = self.ctx(p, card)
                    for op in mods:
                        op.fn(self, ctx, att, **op.args)

    def attack(self, att: Attack):
        """Steps 2–4 of RR-CAST-3 for an attack whose own 【キャスト時】 changes are applied."""
        self.apply_statics(att)
        defender = 1 - att.player
        self.log.push(("attack", att.player, ("card", "power"), self.oid[att.card], att.power))
        yield from self.preempt_timing(defender, att)
        yield from self.resolve_damage(att)
        if self.waiting and self.text_depth == 0:
            yield from self.resolve_waiting()

    def text_attack(self, ctx, hand, life):
        """RR-CAST-5: an attack made by card text follows the same steps."""
        att = Attack(ctx.player, ctx.card, hand, life)
        yield from self.attack(att)

    # -- preempt -------------------------------------------------------------------------------
    def preempt_options(self, p: int) -> list[Option]:
        """What p may do in a preempt timing (RR-ATK-2, RR-ATK-5, RR-AWK-2)."""
        options = []
        defs, cast_opt, cap, zones = self.defs, self.cast_opt, self.cap, self.zones[p]
        forbidders = self.forbidders[1 - p]
        for card in self.hand[p]:
            d = defs[card]
            if d.timing != "preempt":
                continue
            if forbidders:
                if self.cast_block(p, card, "preempt") is None:
                    options.append(cast_opt[card])
            elif d.kind == "spell":  # cast_block without forbidding statics: a free place is enough
                for z in d.recast:
                    if len(zones[z]) < cap:
                        options.append(cast_opt[card])
                        break
        far = self.far[p]
        if defs[far].preempt:
            if self.awaken_block(p) is None:
                options.append(self.awaken_opt[p])
            options.extend(self.activate_options(p))
        return options

    def preempt_timing(self, p: int, att: Attack):
        """RR-ATK-2..4: p may preempt the attack, again and again, until p passes."""
        while True:
            options = self.preempt_options(p)
            if not options:
                return
            options.append(option("pass", "先制しない"))
            picks = yield Decision(p, "preempt", tuple(options), "RR-ATK-2",
                                   f"《攻撃》{att.power}に先制するか", explain=self.explain_preempt)
            pick = picks[0]
            if pick == "pass":
                return
            self.log.push(("preempt", p, ("action",), pick))
            if pick == "awaken":
                yield from self.awaken(p, answered=att)
            elif pick.startswith("activate:"):
                yield from self.activate(p, int(pick[9:]), answered=att)
            else:
                yield from self.cast(p, self.by_oid[p][pick[5:]], answered=att)

    def explain_preempt(self, pick: str) -> str | None:
        """Why a known preempt-timing action is not allowed now."""
        p = self.pending.player if self.pending else 1 - self.active
        if pick.startswith("cast:") and pick[5:] in self.by_oid[p]:
            card = self.by_oid[p][pick[5:]]
            if card not in self.hand[p]:
                return Text("why.not_in_hand", name=self.defs[card].name)
            if self.defs[card].timing != "preempt":
                return Text("why.rr.preempt_only", card=self.defs[card].label)
            return self.cast_block(p, card, "preempt")
        if pick == "awaken":
            if not self.defs[self.far[p]].preempt:
                return Text("why.rr.no_preempt_awaken")
            return self.awaken_block(p)
        if pick.startswith("activate:"):
            return self.activate_block(p, pick[9:], preempt=True)
        return None

    # -- damage --------------------------------------------------------------------------------
    def resolve_damage(self, att: Attack):
        """RR-DMG-1..6: the attacked player takes the damage on hand or on life."""
        d = 1 - att.player
        h, l = att.hand, att.life
        hand = self.hand[d]
        if h is not None and len(hand) >= h:
            if l is not None:
                options = (_hand_option(h), _life_option(l))
            else:
                options = (_hand_option(h),)
        elif l is not None:
            options = (_life_option(l),)
        else:  # life is ー and the hand is too small: the whole hand (RR-DMG-2 reading)
            options = (option("hand", f"ハンドで受ける（手札{len(hand)}枚すべてを伏せ札）", len(hand)),)
        picks = yield Decision(d, "damage", options, "RR-DMG-2", f"《攻撃》{att.power}のダメージ解決",
                               explain=self._explain_damage(att))
        if picks[0] == "hand":
            n = min(h, len(hand))
            cards = yield from self.choose_hand(d, d, n, n, "guard", "RR-DMG-3", f"伏せ札にする手札{n}枚")
            self.face_down(d, cards, "guard")
            self.log.push(("guarded", d, ("count",), len(cards)))
            self.trigger(d, "guarded")
            self.trigger(att.player, "attack-guarded")
            return
        if l == 0:
            self.log.push(("no-damage", d, ()))
            return
        if not (self.deck[d] or self.facedown[d] or self.reserve[d]):
            self.log.push(("no-graze-check", d, ()))  # RR-DMG-6
        else:
            drawn = []
            for _ in range(l):
                card = self.draw_one(d, "graze-check")
                if card is None:
                    break
                drawn.append(card)
            grazers = [c for c in drawn if self.defs[c].graze]
            if grazers:
                self.seen_in_hand[d].update(grazers)  # revealed, then kept in the hand (RR-DMG-4)
                self.log.push(("graze", d, ("cards",), [self.oid[c] for c in grazers]))
                self.trigger(d, "self-grazed")
                return
        self.lose_life(d, l, hit=True, card=att.card)
        self.trigger(att.player, "attack-hit")

    def _explain_damage(self, att: Attack):
        d = 1 - att.player

        def explain(pick: str) -> str | None:
            if pick == "hand":
                if att.hand is None:
                    return Text("why.rr.hand_dash")
                return Text("why.rr.hand_short", hand=len(self.hand[d]), damage=att.hand)
            if pick == "life":
                return Text("why.rr.life_dash")
            return None

        return explain

    def lose_life(self, p: int, amount: int, hit: bool, card: int | None = None) -> None:
        """Life goes down; at 0 the player loses at once (RR-WIN-1)."""
        self.life[p] = max(0, self.life[p] - amount)
        self.log.push(("hit" if hit else "damage", p, ("amount", "life", "card"),
                       amount, self.life[p], self.oid[card] if card is not None else None))
        if self.life[p] == 0:
            raise GameOver(1 - p, f"player {p + 1}'s life reached 0", Termination.LIFE, f"P{p + 1}のライフが0")
