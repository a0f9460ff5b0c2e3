"""Seats, copies and outcomes of ryomen: what a seat may know (the opponents' pairings are
hidden), agents that see only that, narration for a seat, positions that copy, the typed
outcome, and the two-player turn guarded against the general turn."""

from __future__ import annotations

import copy

from fuda.engine import ryomen as ry
from fuda.engine.core import GreedyAgent, Termination, ask, make_agent, run

from ..engine import playouts
from .conftest import sample_registry

SAMPLE = playouts.Sample(ry, sample_registry)
UPS = ("remilia", "flandre", "patchouli", "sakuya", "rumia", "koakuma", "meiling", "cirno", "daiyousei")


def _table(backs_shift: int) -> ry.Table:
    """ghost-spring (every first face up) against the scarlet cards with the same faces up and
    the backs paired ``backs_shift`` places further round."""
    reg = sample_registry()
    spring = ry.PlayerSetup.from_deck(reg.game.deck("ghost-spring"), (0,) * 9)
    backs = UPS[1:] + UPS[:1]
    backs = backs[backs_shift:] + backs[:backs_shift]
    scarlet = ry.PlayerSetup(tuple(zip(UPS, backs, strict=True)), (0,) * 9, "x", "x")
    return ry.Table((spring, scarlet))


def test_a_seat_sees_the_same_view_whatever_the_opponent_paired():
    """Two games differing only in how P2 paired its cards back to back give P1 equal views and
    the same greedy answers, over the first turns played alike; P2's own views differ."""
    a = ry.new_game(sample_registry(), _table(0), 4).start()
    b = ry.new_game(sample_registry(), _table(2), 4).start()
    assert a.view(1) != b.view(1)
    for _ in range(12):  # P1 answers alike; P2 plays the same physical card and never turns one over
        assert a.view(0) == b.view(0) and a.pending.player == b.pending.player
        d = a.pending
        if d.player == 0:
            picks = [ask(GreedyAgent(s), a, d) for s in range(3)]
            assert picks == [ask(GreedyAgent(s), b, b.pending) for s in range(3)]
            a.choose(picks[0])
            b.choose(picks[0])
        elif d.min == 0:  # an optional hand flip: none
            a.choose(())
            b.choose(())
        else:
            i = len(d.options) - 1  # the last card, or "pass" in a loser reverse
            a.choose(a.pending.options[i].id)
            b.choose(b.pending.options[i].id)
    assert not a.log.of("flip") and all(e.data["card"] is None for e in a.log.of("hand-flip")), "a card turned over"
    hidden = a.view(0).sides[1].hand
    assert hidden and all(c.down is None and c.up in UPS for c in hidden)
    assert all(c.down is not None for c in a.view(0).me.hand)


def test_a_seats_transcript_shows_only_the_face_up_of_an_opponents_card(japanese):
    """In P1's transcript P2's played cards show the face up only; the spectator's shows both."""
    game = ry.new_game(sample_registry(), _table(0), 4)
    run(game, [make_agent("greedy", 4, 0), make_agent("greedy", 4, 1)])
    plays = [e for e in game.log.of("play") if e.player == 1]
    mine = "\n".join(game.transcript(0))
    spectator = "\n".join(game.transcript())
    assert "（裏: " in spectator
    for line in mine.splitlines():
        if line.startswith("  P2 サーブ") or line.startswith("  P2 レシーブ"):
            assert "（裏: " not in line
    assert len([ln for ln in mine.splitlines() if ln.startswith(("  P2 サーブ", "  P2 レシーブ"))]) == len(plays)


def test_reading_a_view_changes_nothing():
    """Every seat's view, seat dump and seat transcript read mid-game leave the game as it was:
    10 seeded games played on after reading log exactly what they log unread."""
    playouts.assert_reading_changes_nothing(SAMPLE, range(10), cut=9)


def test_a_copy_plays_on_like_the_original():
    """Mid-game copies (copy.deepcopy and clone) of 60 seeded games, played on with the same
    answers as the original, give the same log, winner and outcome."""
    playouts.assert_copy_plays_on(SAMPLE, range(30), cut=6)
    playouts.assert_copy_plays_on(SAMPLE, range(30, 60), cut=6, copy=lambda g: g.clone())
    game = playouts.advance(ry.new_game(sample_registry(), [SAMPLE.registry().game.deck(d) and
                                                            ry.setup_from_deck(SAMPLE.registry().game.deck(d))
                                                            for d in ("scarlet-gate", "ghost-spring", "scarlet-night")],
                                        5), [make_agent("random", 5, p) for p in range(3)], 12)
    twin = copy.deepcopy(game)
    for g in (game, twin):
        run(g, [make_agent("random", 6, p) for p in range(3)])
    assert twin.log.digest() == game.log.digest()


def test_the_outcome_is_typed():
    """A finished game ends on points (Termination.POINTS) with its winners and both languages."""
    for seed in range(20):
        game = playouts.play(SAMPLE.new(seed, SAMPLE.pairs()[seed % 4]), ("greedy", "random"), seed)
        out = game.outcome
        assert out.kind is Termination.POINTS and out.winner == game.winner
        assert out.ja and out.en and ("引き分け" in out.ja) == out.draw


def test_the_runners_fast_loop_plays_like_the_plain_loop():
    """500 seeded random games give the same full log through the runner's inlined fast loop as
    through its plain loop."""
    playouts.assert_fast_loop_agrees(SAMPLE, 500)


class General(ry.Ryomen):
    """A two-player game played by the general (3–4 player) turn instead of the unrolled one."""

    __slots__ = ()

    def flow(self):
        return self._play()


def test_the_two_player_turn_plays_like_the_general_turn():
    """500 seeded two-player games (random, greedy and mixed agents, every pairing) give the same
    full log through the unrolled two-player turn as through the general turn it copies."""
    pairs = SAMPLE.pairs()
    reg = sample_registry()
    for seed in range(500):
        pair = pairs[seed % len(pairs)]
        setups = [ry.setup_from_deck(reg.game.deck(d)) for d in pair]
        kinds = playouts.mixed_agents(seed)
        fast = playouts.play(ry.new_game(reg, setups, seed), kinds, seed)
        general = playouts.play(General(ry.pool_of(reg), setups, seed), kinds, seed)
        assert general.log.as_json() == fast.log.as_json(), f"seed {seed} ({pair}, {kinds})"
