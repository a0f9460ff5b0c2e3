"""A game with a person at the table: the engine's agents play their seats, the person's seat
is asked through :class:`Prompt` values, and the person sees only what the seat may know.

A :class:`TableSession` is the one piece both the terminal (:mod:`fuda.table.terminal`) and the
browser table (:mod:`fuda.table.server`) drive: ``prompt()`` is the pending question of a human
seat (or None when the game is over), ``answer(prompt_id, picks)`` answers it — refused with a
one-line reason when the id is not the pending question's (a stale tab, a forged request) or the
picks are not legal — and ``undo()`` takes back the person's last answer by replaying the game to
just before it. Everything shown comes from the seat's view and the seat's narration.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from fuda.engine.core import make_agent
from fuda.engine.core.decision import ChoiceError
from fuda.engine.core.runner import ask
from fuda.i18n import MESSAGES, Text, language, localize, t

_WORD = re.compile(r"[a-z0-9][a-z0-9-]*")


class TableError(ValueError):
    """A refused request, in one line (a :class:`~fuda.i18n.Text`: English as ``str``, either
    language with :meth:`text`)."""

    def text(self, lang: str = "ja") -> str:
        """The reason in ``lang``."""
        return localize(self, lang)


def kind_label(kind: str, lang: str | None = None) -> str:
    """What a question of the engines is about (``damage`` → ダメージの受け方), in ``lang``."""
    key = f"decision.{kind}"
    return t(key, lang) if key in MESSAGES else kind


def pick_label(kind: str, pick: str, lang: str | None = None) -> str:
    """A common answer in words (``damage``/``life`` → ライフで受ける); other ids as they are."""
    key = f"pick.{kind}.{pick}"
    return t(key, lang) if key in MESSAGES else pick


@dataclass(frozen=True)
class Choice:
    """One option as a person reads it: its number (from 1), id, label, and the card it is
    about (when the option names a card of the game's database)."""

    number: int
    id: str
    label: str
    card: str | None = None


@dataclass(frozen=True)
class Prompt:
    """The question a human seat must answer now."""

    id: str  # changes with every question: answers must name the question they answer
    seat: int
    kind: str
    rule: str
    min: int
    max: int
    choices: tuple[Choice, ...]
    prompt: str = ""  # the engine's own words for the question (Japanese)

    def question(self, lang: str = "ja") -> str:
        """The question in ``lang``: the engine's Japanese prompt, the count and the rule clause."""
        count = (f"{self.min}" if self.min == self.max else f"{self.min}〜{self.max}")
        if lang == "ja":
            what = self.prompt or f"「{kind_label(self.kind, lang)}」"
            return f"P{self.seat + 1}: {what}（{count}個選ぶ・ルール {self.rule}）"
        return f"P{self.seat + 1} chooses '{kind_label(self.kind, lang)}' (pick {count.replace('〜', '-')}; rule {self.rule})"


@dataclass
class TableSession:
    """One game between agents and people; ``humans`` are the seats a person plays."""

    game: object
    agents: dict[int, object]
    humans: frozenset[int]
    cards: dict = field(default_factory=dict)  # card id -> the database Card, for ?N and faces
    auto_forced: bool = False
    _forced_seen: int = 0

    @classmethod
    def open(cls, module, registry, decks, humans, agents: str = "greedy", seed: int = 0,
             auto_forced: bool = False) -> TableSession:
        """A new game of ``decks`` (database decks) with a person on each seat in ``humans``."""
        setups = [module.setup_from_deck(d) for d in decks]
        game = module.new_game(registry, setups, seed)
        names = [a.strip() for a in agents.split(",") if a.strip()] or ["greedy"]
        if len(names) == 1:
            names *= len(decks)
        bots = {seat: make_agent(names[seat], seed, seat) for seat in range(len(decks)) if seat not in humans}
        cards = {c.id: c for c in registry.game.cards}
        session = cls(game, bots, frozenset(humans), cards, auto_forced)
        game.start()
        session._play_bots()
        return session

    # -- what the person sees ---------------------------------------------------------------

    @property
    def seat(self) -> int:
        """The human seat being asked now (else the first human seat)."""
        pending = self.game.pending
        if pending is not None and pending.player in self.humans:
            return pending.player
        return min(self.humans)

    def prompt(self) -> Prompt | None:
        """The pending question of a human seat; None when the game is over."""
        decision = self.game.pending
        if decision is None:
            return None
        choices = tuple(Choice(n, o.id, o.label or o.id, self._card_of(o.id)) for n, o in enumerate(decision.options, 1))
        return Prompt(f"{len(self.game.log)}-{self.game.decisions}", decision.player, decision.kind,
                      decision.rule, decision.min, decision.max, choices, decision.prompt)

    def forced_since(self, lang: str | None = None) -> list[str]:
        """The forced steps of human seats since the last call, as readable lines in ``lang`` (a
        step with one legal option is shown, never passed silently): the narration's own line for
        it when it has one (Japanese), else what the question is about and the answer."""
        lang = lang or language()
        events = self.game.log.events
        narrator = self.game.narrator()
        out = []
        for event in events[self._forced_seen:]:
            if event.kind == "decision" and event.data.get("forced") and event.player in self.humans:
                who = f"P{event.player + 1}"
                what = narrator.line(event, event.player).strip() if lang == "ja" else ""
                what = what.removeprefix(who).strip()
                if not what:
                    kind = event.data.get("kind", "")
                    picks = "、".join(pick_label(kind, p, lang) for p in event.data.get("picks", ()))
                    what = t("table.forced_pick", lang, kind=kind_label(kind, lang), pick=picks or t("none", lang))
                out.append(t("table.forced", lang, seat=event.player + 1, what=self._named(what)))
        self._forced_seen = len(events)
        return out

    def state(self) -> str:
        """The human seat's view of the position, with card ids shown by name."""
        return self._named(self.game.narrator().state(self.seat))

    def log(self, last: int = 12) -> list[str]:
        """The last ``last`` lines of the transcript as the human seat may read it."""
        lines = self.game.narrator().lines(self.game.log.events, self.seat)
        return [self._named(line) for line in lines[-last:]]

    def card_text(self, card_id: str) -> str:
        """A card's full printed text with its name, kind and numbers (what the card *is*)."""
        card = self.cards.get(card_id)
        if card is None:
            return card_id
        numbers = "  ".join(f"{k}: {v}" for k, v in card.data.items()
                            if isinstance(v, (int, float)) and not isinstance(v, bool))
        return f"{card.name}［{card.kind}］ {numbers}\n{card.text}".rstrip()

    def outcome_text(self, lang: str = "ja") -> str:
        """The result in ``lang`` (empty while the game goes on)."""
        outcome = getattr(self.game, "outcome", None)
        if not self.game.finished:
            return ""
        if outcome is not None:
            return outcome.text(lang)
        return self.game.reason

    # -- what the person does ---------------------------------------------------------------

    def answer(self, prompt_id: str, picks) -> None:
        """Answer the pending question ``prompt_id`` with option ids; refused (TableError, one
        line) when it is not the pending question or the answer is illegal."""
        current = self.prompt()
        if current is None:
            raise TableError(Text("err.table.over"))
        if prompt_id != current.id:
            raise TableError(Text("err.table.stale"))
        if current.seat not in self.humans:
            raise TableError(Text("err.table.not_yours"))
        try:
            self.game.choose(tuple(picks))
        except ChoiceError as exc:
            raise TableError(Text("err.table.illegal", reason=exc)) from None
        self._play_bots()

    def undo(self) -> bool:
        """Take back the person's last answer (and the agents' answers after it); False when
        there is nothing to take back."""
        answers = self.game.log.answers()
        seats = [e.player for e in self.game.log.events if e.kind == "decision" and not e.data.get("forced")]
        human = [k for k, seat in enumerate(seats) if seat in self.humans]
        if not human:
            return False
        keep = answers[: human[-1]]
        game = self.game.fresh()
        game.start()
        for picks in keep:
            game.choose(picks)
        self.game = game
        self._forced_seen = 0
        return True

    # -- inner workings ---------------------------------------------------------------------

    def _play_bots(self) -> None:
        game = self.game
        while game.pending is not None and game.pending.player not in self.humans:
            game.choose(ask(self.agents[game.pending.player], game, game.pending))

    def _card_of(self, option_id: str) -> str | None:
        for word in _WORD.findall(option_id):
            if word in self.cards:
                return word
        return None

    def _named(self, text: str) -> str:
        cards = self.cards

        def name(match):
            word = match.group(0)
            card = cards.get(word)
            return card.name if card is not None else word

        return _WORD.sub(name, text)
