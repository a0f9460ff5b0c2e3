"""What one seat of a RAISE×BLAZE game may know (:class:`RBView`, a frozen value).

By the rule page: a core fighter is put on the field face down (「コアフィールドに伏せて出します」)
and turned face up when the game starts; the deck is shuffled and its order hidden from everyone;
life cards lie face down (「裏向きのままコアフィールドのライフゾーンに置きます」); a set spell is a
trap the opponent may not look at (「相手の手札や伏せスペル…を覗き見る」 is a foul). Fighters, face-up
spells, power-up cards on the core, graveyards and the piles under fighters are open. So a seat
sees its own hand, its own set spells and its own core choice, the open zones of both players,
and of the opponent the sizes of the hidden zones and the hand cards it saw go there (a fighter
or face-up spell returned to the hand, a card taken from the graveyard). ``defs`` names every card of the seat's
own decks (it built them, not their order) and the opponent's cards it has seen; ``None`` for the
others. Powers and the attack in progress are open, worked out by the rules (the view does not
change the game: it only reads).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from fuda.engine.core.hidden import Pool
from fuda.engine.core.view import TwoSides, seen_defs
from fuda.engine.raise_blaze.field import fighters as fighters_of
from fuda.engine.raise_blaze.field import power

if TYPE_CHECKING:
    from fuda.engine.raise_blaze.state import RBGame


@dataclass(frozen=True)
class Fighter:
    """A fighter in a fighter zone: card number, current power, the cards underneath (open)."""

    card: int
    power: int
    under: tuple[int, ...]
    attacked: bool  # it attacked this turn


@dataclass(frozen=True)
class Side:
    """One player's side as the viewing seat sees it (``None``: hidden from that seat)."""

    core: int | None  # the chosen core fighter (the opponent's only once revealed)
    core_power: int | None
    core_attacked: bool
    ups: tuple[int, ...]  # power-up cards on the core (open)
    life: int  # life cards left (face down: a count)
    hand: tuple[int, ...] | None
    hand_size: int
    deck_size: int
    grave: tuple[int, ...]
    fighters: tuple[Fighter, ...]  # in zone order
    free_zones: int
    spell: tuple[int | None, ...]  # the spell zone bottom to top; None: a face-down card the seat cannot see
    spell_face_up: tuple[bool, ...]
    core_deck: tuple[int, ...] | None
    core_deck_size: int
    known_hand: tuple[int, ...] = ()  # the hand cards the viewing seat knows (all of its own hand; of
    # the opponent's, those it saw go there: a fighter returned to the hand, a card from the graveyard)

    def fighter_cards(self) -> tuple[int, ...]:
        """The fighters' card numbers, in zone order."""
        return tuple(f.card for f in self.fighters)


@dataclass(frozen=True)
class Attack:
    """The attack in progress (open): who attacks what, and whether it was blocked."""

    player: int
    attacker: int
    target: int
    blocked: bool


@dataclass(frozen=True)
class RBView(TwoSides):
    """A seat's knowledge of the game: both sides (``sides[seat]`` is its own), the turn and
    phase, the attack in progress, the open powers, and the cards' definitions it may know."""

    seat: int
    turn: int
    active: int
    phase: str
    summoned: bool  # the turn player made the turn's normal / raise summon
    sides: tuple[Side, Side]
    attack: Attack | None
    powers: tuple[tuple[int, int], ...]  # (card, power) of every card on the field, cores included
    owner: tuple[int, ...]  # the owner of each card number (the numbering, not a secret)
    defs: tuple  # CardDef by card number, None for a card this seat has not seen
    finished: bool

    def power(self, card: int) -> int:
        """The current power of a card on the field (0 when it is not there)."""
        for c, value in self.powers:
            if c == card:
                return value
        return 0

    def is_core(self, card: int) -> bool:
        """Is ``card`` a core fighter on the core field?"""
        return card >= 0 and self.sides[self.owner[card]].core == card


def _seen_spell(card: int, face_up: bool, own: bool) -> int | None:
    return card if face_up or own else None


def view_of(game: RBGame, seat: int) -> RBView:
    """The view of ``seat`` of a :class:`~.game.RaiseBlaze` (reads the game, never changes it)."""
    revealed = game.turn > 0 or game.position is not None  # (RB-SETUP-6 comes right before turn 1)
    sides, shown = [], set()
    turn = game.turn
    powers = []
    for p in (0, 1):
        own = p == seat
        core = game.core[p]
        core_seen = core >= 0 and (own or revealed)
        fighters = []
        for f in fighters_of(game, p):
            value = power(game, f)
            powers.append((f, value))
            under = tuple(game.under[f])
            fighters.append(Fighter(f, value, under, game.attacked_on[f] == turn))
            shown.add(f)
            shown.update(under)
        core_power = None
        if core_seen:
            core_power = power(game, core)
            powers.append((core, core_power))
            shown.add(core)
        spell = tuple(_seen_spell(c, game.face_up[c], own) for c in game.spell[p])
        shown.update(c for c in spell if c is not None)
        shown.update(game.grave[p])
        shown.update(game.ups[p])
        seen = game.seen_in_hand[p]
        known = tuple(c for c in game.hand[p] if own or c in seen)
        shown.update(known)
        sides.append(Side(
            core=core if core_seen else None, core_power=core_power,
            core_attacked=core >= 0 and game.attacked_on[core] == turn, ups=tuple(game.ups[p]),
            life=len(game.life[p]), hand=tuple(game.hand[p]) if own else None, hand_size=len(game.hand[p]),
            deck_size=len(game.deck[p]), grave=tuple(game.grave[p]), fighters=tuple(fighters),
            free_zones=game.slots[p].count(-1), spell=spell,
            spell_face_up=tuple(game.face_up[c] for c in game.spell[p]),
            core_deck=tuple(game.core_deck[p]) if own else None, core_deck_size=len(game.core_deck[p]),
            known_hand=known,
        ))
    owner = tuple(game.owner)
    defs = seen_defs(game, seat, shown)
    atk = game.attack
    attack = None if atk is None else Attack(atk.player, atk.attacker, atk.target, atk.blocked)
    return RBView(seat=seat, turn=turn, active=game.active, phase=game.phase, summoned=game.summoned,
                  sides=(sides[0], sides[1]), attack=attack, powers=tuple(powers), owner=owner, defs=defs,
                  finished=game.finished)


def hidden_from(game: RBGame, seat: int) -> list[Pool]:
    """What ``seat`` cannot see into (for a search agent's determinizations): the opponent's hand
    (less the cards it saw go there), deck, life cards and face-down spells (a face-down spell slot takes only a spell), whose cards
    may be any of each other; the opponent's core deck (and core, before it is shown); and its own
    deck and life cards, which nobody has seen."""
    opp = 1 - seat
    defs, face_up, spells = game.defs, game.face_up, game.spell[opp]
    hand, seen = game.hand[opp], game.seen_in_hand[opp]
    unknown = Pool(tuple((hand, i) for i, c in enumerate(hand) if c not in seen))
    set_down = tuple((spells, i) for i, c in enumerate(spells) if not face_up[c])
    is_spell = lambda c: defs[c].kind == "spell"  # noqa: E731 (a slot test)
    pools = [unknown + Pool.of(game.deck[opp], game.life[opp]) + Pool(set_down, (is_spell,) * len(set_down)),
             Pool.of(game.deck[seat], game.life[seat])]
    cores = Pool.of(game.core_deck[opp])
    if game.core[opp] >= 0 and not (game.turn > 0 or game.position is not None):  # not shown yet (RB-SETUP-6)
        cores = Pool(((game.core, opp),)) + cores
    return [*pools, cores]
