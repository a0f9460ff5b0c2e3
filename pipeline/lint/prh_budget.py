"""Bounding the prh patterns users write: a probe at load, and the time budgets of a lint run.

A prh pattern is a regular expression from a dictionary anyone may share, and some backtrack
without end — ``(a|a)+$``, ``(ア|アア)+イ``, ``(.+)+\\x00`` — on a run of one character that the
pattern cannot finish. Two bounds keep ``fuda lint`` (and ``fuda build``) from hanging on them:

* :meth:`Prober.probe`, at load: each pattern searches runs of :data:`PROBE_RUN` copies of a character
  (those its source names, and a few common ones) with a timeout of :data:`PROBE_TIMEOUT`; a
  pattern that runs out of time on 49 characters would take years on a card text, and the rule is
  left out with a warning at its line of the dictionary. Probing one load stops after
  :data:`PROBE_TOTAL` seconds in all; the rules not probed then are bounded by the budgets below.
* :class:`Budget`, at run time: a search may run :data:`BUDGET` seconds, a rule
  :data:`RULE_BUDGET` seconds over the whole run (all its searches, in every game that uses its
  dictionary), and all prh rules :data:`RUN_BUDGET` seconds together. A rule past its budget is
  stopped (:class:`OverBudget` ``"rule"``) and not applied to the rest of the run; when the run's
  budget is spent, no prh rule is (``"run"``); every other lint rule goes on.

Timing is the only measure a regular expression engine offers; it depends on the machine, so
only patterns that are slow by orders of magnitude are ever stopped. The probe counts processor
time, as the engine's timeout does; the budgets count the clock on the wall, which is what a
build that must finish in time waits for (on a busy machine they stop a rule sooner).
"""

from __future__ import annotations

import time

#: Seconds one prh pattern may search one text (a whole game's text, or one string).
BUDGET = 0.5
#: Seconds one rule may search in one lint run, all its searches together.
RULE_BUDGET = 2.0
#: Seconds all prh rules may search in one lint run (``fuda build`` is given 60 s for everything).
RUN_BUDGET = 10.0
#: Copies of a character in a probe text, and the seconds a probe search may take (processor
#: time, as the regex engine counts its timeout: the same on a busy machine as on an idle one).
PROBE_RUN = 48
PROBE_TIMEOUT = 0.005
#: Seconds of processor time for probing one load of a game's dictionaries.
PROBE_TOTAL = 2.0
#: Characters every pattern is probed with, besides those its source names (at most PROBE_OWN).
COMMON = ("a", "1", " ", "ア", "あ", "字")
PROBE_OWN = 8
#: What follows the run in a probe: characters a run-eating pattern rarely accepts at its end.
ENDS = ("!", "\x00")


class OverBudget(TimeoutError):
    """A search refused or stopped because a budget of the run is spent: ``scope`` is
    ``"rule"`` (the rule's own) or ``"run"`` (all prh rules')."""

    def __init__(self, scope: str):
        super().__init__(scope)
        self.scope = scope


class Budget:
    """The seconds prh rules may still search in one lint run (see the module docstring); one
    object is shared by every game of the run."""

    def __init__(self, rule: float = RULE_BUDGET, run: float = RUN_BUDGET):
        self.rule = rule
        self.run = run
        self.spent: dict = {}  # rule key (dictionary, line) -> seconds
        self.total = 0.0
        self.reported: set = set()  # rule keys and "run": each stop is reported once a run

    def search(self, rule, text: str) -> list:
        """``rule.search(text)`` within the budgets (see :meth:`_call`)."""
        return self._call(rule, lambda timeout: rule.search(text, timeout))

    def matches(self, rule, text: str) -> list:
        """``list(rule.matches(text))`` within the budgets (see :meth:`_call`)."""
        return self._call(rule, lambda timeout: list(rule.matches(text, timeout)))

    def first_report(self, key) -> bool:
        """True the first time ``key`` (a rule key or ``"run"``) is asked about in this run."""
        if key in self.reported:
            return False
        self.reported.add(key)
        return True

    def _call(self, rule, search):
        """Run ``search(timeout)``, charging its time to the rule and the run. Raises
        :class:`OverBudget` when a budget is spent (before or during the search) and a plain
        ``TimeoutError`` when the one search ran past :data:`BUDGET`."""
        key = rule_key(rule)
        run_left = self.run - self.total
        rule_left = self.rule - self.spent.get(key, 0.0)
        if run_left <= 0:
            raise OverBudget("run")
        if rule_left <= 0:
            raise OverBudget("rule")
        timeout = min(BUDGET, rule_left, run_left)
        start = time.perf_counter()
        try:
            return search(timeout)
        except TimeoutError:
            if timeout < BUDGET:
                raise OverBudget("run" if run_left <= rule_left else "rule") from None
            raise
        finally:
            took = time.perf_counter() - start
            self.spent[key] = self.spent.get(key, 0.0) + took
            self.total += took


def rule_key(rule) -> tuple:
    """What names a rule across the games of a run: its dictionary and line."""
    return (str(rule.location.file), rule.location.line)


class Prober:
    """Probes the patterns of one load, :data:`PROBE_TOTAL` seconds at most in all."""

    def __init__(self, total: float = PROBE_TOTAL):
        self.left = total

    def probe(self, runner, source: str) -> str | None:
        """The character a pattern backtracks on without end (its probe timed out), or ``None``
        (it finished every probe, or the probing time of this load is spent)."""
        own = []
        for ch in source:
            if ch.isalnum() and ch not in own and ch not in COMMON:
                own.append(ch)
        for ch in (*own[:PROBE_OWN], *COMMON):
            for end in ENDS:
                if self.left <= 0:
                    return None
                limit = min(PROBE_TIMEOUT, self.left)
                start = time.process_time()
                try:
                    runner.search(ch * PROBE_RUN + end, timeout=limit)
                except TimeoutError:  # (cut short by the load's total: not known)
                    return ch if limit == PROBE_TIMEOUT else None
                finally:
                    self.left -= time.process_time() - start
        return None
