"""A tiny game on fuda.engine.core for the core's own tests: race to a target total.

Players take turns adding 1 or 2 to a shared total (3 is a known move, but illegal: the message
says why); the start total is a chance outcome; whoever reaches the target wins. Every fifth
turn the mover also discards exactly two of three tokens (a multi-pick decision).
"""

from __future__ import annotations

from dataclasses import dataclass

from fuda.engine.core import Decision, Game, GameOver, Option, Termination


@dataclass(frozen=True)
class RaceView:
    """All of the race is public: the total, the turn, the target, and who asks."""

    seat: int
    total: int
    turns: int
    target: int


class Race(Game):
    """Race to ``target``; seeded start total in 0..2."""

    RULES = "toy-race"
    ENGINE_VERSION = "t1"
    RULES_VERSION = "t1"

    def __init__(self, seed: int, target: int = 10):
        super().__init__(seed)
        self.target = target
        self.total = 0
        self.turns = 0

    def setup_json(self) -> dict:
        return {"target": self.target}

    def view(self, seat: int) -> RaceView:
        return RaceView(seat, self.total, self.turns, self.target)

    def fresh(self) -> Race:
        return Race(self.seed, self.target)

    def flow(self):
        self.total = self.rng.below(3)
        self.log.add("chance", None, what="start", result=self.total)
        player = 0
        while True:
            self.turns += 1
            if self.turns % 5 == 0:
                options = tuple(Option(t, f"token {t}") for t in ("a", "b", "c"))
                picks = yield Decision(player, "discard", options, "TOY-2", min=2, max=2,
                                       combine=lambda p: "a and c never go together" if set(p) == {"a", "c"} else None)
                self.log.add("discard", player, tokens=list(picks))
            picks = yield Decision(player, "add", (Option("1"), Option("2")), "TOY-1",
                                   explain=lambda pick: "at most 2 may be added" if pick.isdigit() else None)
            self.total += int(picks[0])
            self.log.add("add", player, amount=int(picks[0]), total=self.total)
            if self.total >= self.target:
                raise GameOver(player, f"player {player + 1} reached {self.target}", Termination.POINTS,
                               f"P{player + 1}が{self.target}に到達")
            player = 1 - player

    def describe_state(self) -> str:
        return f"total {self.total}, turn {self.turns}"
