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
from fuda.i18n import Text, language, localize, t
from fuda.table.boards import known_cards
from fuda.table.labels import printed
from fuda.table.questions import question
from fuda.table.transcript import entries, kind_label, option_label, pick_label

__all__ = ["Choice", "Prompt", "TableError", "TableSession", "kind_label", "pick_label"]

_WORD = re.compile(r"[a-z0-9][a-z0-9-]*(?:#\d+)?")  # a card id, maybe with the engine's copy suffix


class TableError(ValueError):
    """A refused request, in one line (a :class:`~fuda.i18n.Text`: English as ``str``, either
    language with :meth:`text`)."""

    def text(self, lang: str = "ja") -> str:
        """The reason in ``lang``."""
        return localize(self, lang)


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
        """The question in ``lang``: the engine's Japanese prompt with the count and the rule
        clause, or the same question as an English sentence (:mod:`fuda.table.questions`)."""
        return question(self.seat, self.kind, self.prompt, self.min, self.max, self.rule, lang)


@dataclass
class _Answer:
    """A human answer as undo needs it: how many answers came before, whose it was, what each
    human seat saw face up just before it, and the first seat shown something since (or None)."""

    answers: int
    seat: int
    known: dict
    events: int
    revealed: int | None = None


@dataclass
class TableSession:
    """One game between agents and people; ``humans`` are the seats a person plays."""

    game: object
    agents: dict[int, object]
    humans: frozenset[int]
    cards: dict = field(default_factory=dict)  # card id -> the database Card, for ?N and faces
    auto_forced: bool = False
    _forced_seen: int = 0
    labels: object = None  # the rule set's printed labels (kinds, fields, values)
    _history: list = field(default_factory=list)  # one _Answer per human answer given through answer()
    _said: dict = field(default_factory=dict)  # answer ordinal -> the labels of the options picked
    _by_name: dict | None = None  # card name -> the database cards of that name

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
        from fuda.database.ruleset import ruleset_for

        session = cls(game, bots, frozenset(humans), cards, auto_forced,
                      labels=ruleset_for(registry.game.rules).labels(registry.game))
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

    def prompt(self, seat: int | None = None, lang: str | None = None) -> Prompt | None:
        """The pending question of a human seat (of ``seat`` only, when given); None when the game
        is over or it is another seat's turn. With ``lang``, each option's label as
        :func:`fuda.table.transcript.option_label` words it (the log says an answer the same way)."""
        decision = self.game.pending
        if decision is None or (seat is not None and decision.player != seat):
            return None
        choices = []
        for n, o in enumerate(decision.options, 1):
            card, label = self._card_of(o.id), self._named(o.label or o.id)
            shown = None
            if card is not None:  # two printings of one name are told apart (博麗霊夢（ハード）)
                name, shown = self.cards[card].name, self.display_name(card)
                at = label.find(name)
                if shown != name and at >= 0 and not label.startswith("（", at + len(name)):
                    label = label[:at] + shown + label[at + len(name):]
            choices.append(Choice(n, o.id, option_label(self, decision.kind, o.id, label, lang), card))
        choices = tuple(choices)
        return Prompt(f"{len(self.game.log)}-{self.game.decisions}", decision.player, decision.kind,
                      decision.rule, decision.min, decision.max, choices, decision.prompt)

    def forced_since(self, lang: str | None = None) -> list[str]:
        """The forced steps of human seats since the last call, as readable lines in ``lang`` (a
        step with one legal option is shown, never passed silently): the narration's own line for
        it when it has one (Japanese), else what the question is about and the answer."""
        lang = lang or language()
        events = self.game.log.events
        narrator = self._narrator(lang)
        out = []
        for event in events[self._forced_seen:]:
            if event.kind == "decision" and event.data.get("forced") and event.player in self.humans:
                who = f"P{event.player + 1}"
                what = narrator.line(event, event.player).strip() if lang == "ja" else ""
                what = what.removeprefix(who).strip()
                if not what:
                    kind = event.data.get("kind", "")
                    picks = "、".join(pick_label(kind, p, lang) for p in event.data.get("picks", ()))
                    what = t("table.forced_pick", lang, kind=kind_label(kind, lang), pick=picks or t("table.log.no_pick", lang))
                out.append(t("table.forced", lang, seat=event.player + 1, what=self._named(what)))
        self._forced_seen = len(events)
        return out

    def state(self, seat: int | None = None) -> str:
        """The human seat's view of the position, with card ids shown by name."""
        return self._named(self.game.narrator().state(self.seat if seat is None else seat))

    def log(self, last: int = 12, seat: int | None = None) -> list[str]:
        """The last ``last`` lines of the transcript as the human seat may read it."""
        lines = self.game.narrator().lines(self.game.log.events, self.seat if seat is None else seat)
        return [self._named(line) for line in lines[-last:]]

    def entries(self, seat: int, lang: str | None = None, start: int = 0) -> list[dict]:
        """The transcript from event ``start`` as ``seat`` may read it (see
        :func:`fuda.table.transcript.entries`)."""
        return entries(self, seat, lang or language(), start)

    def display_name(self, card_id: str) -> str:
        """The printed name, with the printed difference when another card of the database has
        the same name (博麗霊夢（ハード）)."""
        card = self.cards.get(card_id)
        if card is None:
            return card_id
        if self._by_name is None:  # worked out once: the log names cards on every request
            self._by_name = {}
            for c in self.cards.values():
                self._by_name.setdefault(c.name, []).append(c)
        same = [c for c in self._by_name[card.name] if c.id != card.id]
        if not same:
            return card.name
        for key, value in card.data.items():
            if key in ("id", "name", "text", "flavor", "art", "abilities") or isinstance(value, (dict, list)):
                continue
            if all(c.data.get(key) != value for c in same):
                shown = (self.labels.kind(value) if key == "kind" else self.labels.value(key, value)) if self.labels else None
                return f"{card.name}（{shown or value}）"
        return card.name

    def card_text(self, card_id: str, lang: str | None = None) -> str:
        """A card's full printed text with its name, kind and numbers (what the card *is*), the
        field names, the printed difference of its name and the brackets in ``lang``."""
        lang = lang or language()
        card = self.cards.get(card_id)
        if card is None:
            return card_id
        fields = self.labels.fields if self.labels else {}
        kinds = self.labels.kinds if self.labels else {}

        def word(table, key):
            label = table.get(key)
            return (label.ja if lang == "ja" else label.en) if label else key

        numbers = "  ".join(f"{word(fields, k)}: {v}" for k, v in card.data.items()
                            if isinstance(v, (int, float)) and not isinstance(v, bool))
        name = printed(self.display_name(card_id), lang, self.labels)  # 犬走椛（ノーマル） / 犬走椛 (normal)
        kind = f"［{word(kinds, card.kind)}］" if lang == "ja" else f" [{word(kinds, card.kind)}]"
        return f"{name}{kind} {numbers}\n{card.text}".rstrip()

    def outcome_text(self, lang: str = "ja") -> str:
        """Who won and why in ``lang`` (P2 の勝ち（P1 のデッキ切れ）); empty while the game goes on."""
        outcome = getattr(self.game, "outcome", None)
        if not self.game.finished:
            return ""
        if outcome is None:
            return self.game.reason
        why = outcome.text(lang)
        if not outcome.winners:
            said = "引き分け" in why or why.lower().startswith("draw")
            return why if said else t("table.result.draw", lang, why=why)
        if "の勝ち" in why or re.search(r"\bwins\b", why):
            return why  # the engine already says who won (ryomen: P2 の勝ち（合計 5・11）)
        seats = "・".join(f"P{w + 1}" for w in outcome.winners)
        return t("table.result.won", lang, seats=seats, why=why)

    # -- what the person does ---------------------------------------------------------------

    def _pending_for(self, prompt_id: str, seat: int | None) -> Prompt:
        current = self.prompt()
        if current is None:
            raise TableError(Text("err.table.over"))
        if current.seat not in self.humans or (seat is not None and current.seat != seat):
            raise TableError(Text("err.table.not_yours"))
        if prompt_id != current.id:
            raise TableError(Text("err.table.stale"))
        return current

    def check(self, prompt_id: str, picks, seat: int | None = None) -> None:
        """Would ``picks`` be accepted now? Raises TableError (the reason, one line) when not;
        the game is not changed."""
        self._pending_for(prompt_id, seat)
        try:
            self.game.pending.check(tuple(picks))
        except ChoiceError as exc:
            raise TableError(Text("err.table.illegal", reason=exc)) from None

    def answer(self, prompt_id: str, picks, seat: int | None = None) -> None:
        """Answer the pending question ``prompt_id`` with option ids (as ``seat``, when given);
        refused (TableError, one line) when it is not the pending question or the answer is
        illegal."""
        current = self._pending_for(prompt_id, seat)
        before, events = len(self.game.log.answers()), len(self.game.log.events)
        known = {h: known_cards(self.game, h) for h in self.humans}
        try:
            self.game.choose(tuple(picks))
        except ChoiceError as exc:
            raise TableError(Text("err.table.illegal", reason=exc)) from None
        self._history.append(_Answer(before, current.seat, known, events))
        labels = {c.id: c.label for c in current.choices}
        self._said[before] = tuple(labels.get(p, p) for p in picks)  # what the log shows of the answer
        self._note_seen()
        self._play_bots()

    def undo(self, seat: int | None = None) -> bool:
        """Take back the last answer of ``seat`` (default: any human seat's) and the agents'
        answers after it. Refused (TableError, one line) when there is nothing to take back,
        when another person answered since, or when a step since then showed a human seat
        something hidden (undoing it would let it see the future)."""
        if not self._history:
            raise TableError(Text("err.table.undo_nothing"))
        last = self._history[-1]
        if seat is not None and last.seat != seat:
            raise TableError(Text("err.table.undo_other", seat=last.seat + 1))
        self._note_seen()
        if last.revealed is not None:
            raise TableError(Text("err.table.undo_reveal", seat=last.revealed + 1))
        keep = self.game.log.answers()[: last.answers]
        game = self.game.fresh()
        game.start()
        for picks in keep:
            game.choose(picks)
        self.game = game
        self._history.pop()
        self._forced_seen = 0
        return True

    def _note_seen(self) -> None:
        """Mark the answers after which a human seat has now seen a card it had not seen when
        the answer was given (or a chance outcome came out): those cannot be undone."""
        if not self._history or self._history[-1].revealed is not None:
            return
        events = self.game.log.events
        now = {h: known_cards(self.game, h) for h in self.humans}
        for k in range(len(self._history) - 1, -1, -1):  # the latest first: a later reveal is after every earlier answer
            a = self._history[k]
            if a.revealed is not None:
                break
            if any(e.kind == "chance" for e in events[a.events:]):
                a.revealed = a.seat
            for h in sorted(self.humans):
                if a.revealed is None and now[h] - a.known[h]:
                    a.revealed = h
            if a.revealed is not None:
                for earlier in self._history[:k]:
                    earlier.revealed = a.revealed if earlier.revealed is None else earlier.revealed
                break

    # -- inner workings ---------------------------------------------------------------------

    def _narrator(self, lang: str):
        """The game's narrator, speaking ``lang`` where it can (a custom game's can)."""
        narrator = self.game.narrator()
        if hasattr(narrator, "lang"):
            narrator.lang = lang
        return narrator

    def _play_bots(self) -> None:
        game = self.game
        while game.pending is not None and game.pending.player not in self.humans:
            game.choose(ask(self.agents[game.pending.player], game, game.pending))
            if self._history:
                self._note_seen()

    def _card_of(self, option_id: str) -> str | None:
        for word in _WORD.findall(option_id):
            word = word.split("#", 1)[0]
            if word in self.cards:
                return word
        return None

    def _named(self, text: str) -> str:
        cards = self.cards

        def name(match):
            word = match.group(0)
            base = word.split("#", 1)[0]
            return self.display_name(base) if base in cards else word

        return _WORD.sub(name, text)
