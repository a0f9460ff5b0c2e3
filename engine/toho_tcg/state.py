"""What a toho-tcg game is made of: :class:`TTState`, every field play changes, and
:class:`TTStatic`, what never changes in a game (OpenSpiel's ``State`` and ``Game``).

A card is a number: it indexes the static tables (``defs``, ``owner``, ``oid``, ``refs``) and the
per-card lists of the state: ``zone`` (deck, hand, trash, char, under, assister, waiting, equip,
world, stack), ``ctrl`` (controller), ``tapped``, ``damage``, ``under`` (the Normal under a Hard),
``equip``/``host`` (an equip and the character it is attached to), ``attacked``, and the effective
``atk``/``dfn``/``kw`` that :func:`.field.refresh` recomputes when ``dirty``. The rules are the
functions of :mod:`.field`, :mod:`.stack`, :mod:`.effects`, :mod:`.windows` and :mod:`.combat`,
each taking the game as :class:`TTGame` (what the rules see of a :class:`~.game.TohoTCG`), whose
``state`` and ``static`` they read.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, TypeVar

from fuda.engine.core import CompiledAbility, Decision, Option
from fuda.engine.core.hidden import CardRef
from fuda.engine.core.registry import CompiledOp

if TYPE_CHECKING:
    from fuda.engine.core.log import GameLog
    from fuda.engine.core.rng import Rng
    from fuda.engine.toho_tcg.cards import CardDef, CardPool
    from fuda.engine.toho_tcg.setup import PlayerSetup, Position

T = TypeVar("T")
#: A rule that may ask a decision: yields :class:`Decision`, is sent the picked option ids, returns T.
Steps: TypeAlias = Generator[Decision, tuple, T]
#: Effective keywords of a card: name → True, a number (resist, trash) or a tuple of types
#: (critical, protection); the value's type depends on the name, so it is not narrowed here.
Keywords: TypeAlias = dict[str, Any]
#: A keyword as granted by an effect: (name, value)
Keyword: TypeAlias = tuple[str, Any]


@dataclass(slots=True, eq=False)
class Item:
    """One entry of the stack: a spell (quick, assister, equip) or an activated/triggered ability.
    ``targets`` maps ``id(op)`` of each targeting op (or ``"attach"``) to a card or a stack entry."""

    sid: int
    kind: str
    player: int
    card: int
    ability: CompiledAbility | None
    targets: dict[object, int | Item]


@dataclass(slots=True, eq=False)
class Fight:
    """One declared attack: the attackers in order, the target (-1: the player), the kills."""

    attackers: list[int]
    target: int
    defending: int
    kills: list[tuple[int, int]] = field(default_factory=list)  # (destroyer, destroyed) in its damage step


@dataclass(slots=True)
class TTState:
    """Every field play changes (see the module docstring); :meth:`start` builds it for a game's cards."""

    zone: list[str]
    ctrl: list[int]
    tapped: list[bool]
    damage: list[int]
    under: list[int]
    equip: list[int]
    host: list[int]
    attacked: list[bool]
    atk: list[int]
    dfn: list[int]
    kw: list[Keywords]
    deck: list[list[int]]
    hand: list[list[int]]
    trash: list[list[int]]
    chars: list[list[int]]
    assisters: list[list[int]]
    waiting: list[list[int]]
    world: int = -1
    rei: list[int] = field(default_factory=lambda: [0, 0])
    qa_played: list[int] = field(default_factory=lambda: [0, 0])
    new_assisters: list[int] = field(default_factory=list)
    #: hand cards the other player saw go there from an open place
    seen_in_hand: tuple[set[int], set[int]] = field(default_factory=lambda: (set(), set()))
    #: until-end-of-turn changes: (card, attack, defense, keyword or None, source)
    eot: list[tuple[int, int, int, Keyword | None, int]] = field(default_factory=list)
    stack: list[Item] = field(default_factory=list)
    limbo: list[int] = field(default_factory=list)  # a card being played while its targets and cost are decided
    fired: list[tuple[int, int, CompiledAbility]] = field(default_factory=list)  # (controller, card, ability)
    crit: list[tuple[int, int]] = field(default_factory=list)  # (character, critical source) to destroy
    fight: Fight | None = None
    dirty: bool = True  # atk/dfn/kw are stale
    sid: int = 0  # the last stack entry's number
    active: int = 0
    first: int = 0
    turn: int = 0
    phase: str = ""
    window_name: str = ""
    targeting: CompiledOp | None = None  # the op whose target is being chosen (greedy agent)

    @classmethod
    def start(cls, owner: tuple[int, ...]) -> TTState:
        """The state before the setup: every card in its owner's deck, nothing on the field."""
        n = len(owner)
        return cls(zone=["deck"] * n, ctrl=list(owner), tapped=[False] * n, damage=[0] * n, under=[-1] * n,
                   equip=[-1] * n, host=[-1] * n, attacked=[False] * n, atk=[0] * n, dfn=[0] * n, kw=[{}] * n,
                   deck=[[], []], hand=[[], []], trash=[[], []], chars=[[], []], assisters=[[], []],
                   waiting=[[], []])


@dataclass(frozen=True)
class TTStatic:
    """What never changes in one game: the cards (numbered), the setups, the settings, the variants."""

    pool: CardPool
    setups: tuple[PlayerSetup, ...]
    position: Position | None
    variants: tuple[str, ...]
    defs: tuple[CardDef, ...]
    owner: tuple[int, ...]
    oid: tuple[str, ...]  # the readable id of each card
    by_oid: dict[str, int]
    cards_of: tuple[tuple[int, ...], ...]  # each player's cards, in setup order
    play_opts: tuple[Option, ...]  # the option playing each card
    refs: tuple[CardRef, ...]  # the option value of each card (engine.core.hidden.CardRef)
    settings: Mapping[str, Any]  # the manifest's settings
    hand_limit: int
    draw_up_to: int
    max_chars: int
    qa_limit: int
    first_attacks: bool
    qa_both_turns: bool  # the variant quick-limit-both-turns


class TTGame(Protocol):
    """What the rules see of a game (:class:`~.game.TohoTCG` is one): its state, its static value,
    its log and generator, the pending decision; the rule functions take it as ``g``."""

    state: TTState
    static: TTStatic
    log: GameLog
    rng: Rng
    pending: Decision | None
    finished: bool
    _opt_cache: dict[object, Option]  # options made once a game (activate, trash)
