"""Playing at the terminal: each question of a human seat with that seat's view, numbered options
and the card each is about; answers are numbers (``1 3`` for several), ``?N`` shows option N's
card in full, ``log`` the recent events, ``undo`` takes back the last answer, ``quit`` concedes.

It works over a plain pipe too: when stdin is not a terminal it reads one answer per line, so a
script (or ``yes 1``) can drive it. Input that ends before the game does concedes the game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from fuda.table.questions import count_words
from fuda.table.session import Prompt, TableError, TableSession

WORDS = {
    "ja": {"choose": "番号を入力（複数は空白区切り、?N=カード、log=記録、undo=戻す、quit=投了）",
           "forced": "選べるものが1つだけの手順です。Enter で進みます。", "bad": "入力が読めません",
           "range": "番号は 1〜{n} です", "count": "{count} 個選んでください", "nothing": "戻せる答えがありません",
           "undone": "最後の答えを取り消しました。",
           "more": "あと {n} 個選んでください（残りから番号で）", "conceded": "投了しました。", "over": "ゲーム終了",
           "view": "— あなたの見えている盤面（P{seat}）—", "log": "最近の出来事", "news": "前の答えから"},
    "en": {"choose": "enter numbers (space-separated for several; ?N card, log, undo, quit)",
           "forced": "only one option here; press Enter to go on", "bad": "cannot read that",
           "range": "numbers go from 1 to {n}", "count": "pick {count}", "nothing": "nothing to take back",
           "undone": "took back your last answer",
           "more": "pick {n} more (numbers from what is left)", "conceded": "you conceded", "over": "game over",
           "view": "— what your seat sees (P{seat}) —", "log": "recent events", "news": "since your last answer"},
}


def play(session: TableSession, lines: Iterator[str], echo: Callable[[str], None], lang: str = "ja") -> str:
    """Drive ``session`` with answers read from ``lines`` until the game ends (or the person
    concedes or the input ends); returns the outcome line."""
    w = WORDS[lang]
    since = 0  # the log events already shown
    while True:
        for step in session.forced_since(lang):
            echo(step)
            if not session.auto_forced:
                echo(w["forced"])
                if next(lines, None) is None:
                    return _concede(session, echo, w)
        prompt = session.prompt(lang=lang)
        if prompt is None:
            result = f"{w['over']}: {session.outcome_text(lang)}"
            echo(result)
            return result
        events = len(session.game.log.events)
        news = session.entries(prompt.seat, lang, start=since)
        if news:
            echo(f"— {w['news']} —")
            for entry in news:
                rule = f"  [{entry['rule']}]" if entry["rule"] else ""
                echo(f"  {entry['n']:3d}. {entry['text']}{rule}")
        since = events
        _show(session, prompt, echo, w, lang)
        chosen: tuple[str, ...] = ()  # a multi-pick answer may come a few numbers at a time
        while True:
            current = _narrowed(prompt, chosen)
            raw = next(lines, None)
            if raw is None:
                return _concede(session, echo, w)
            text = raw.strip()
            if text in ("quit", "q", "投了"):
                return _concede(session, echo, w)
            if text == "log":
                echo(f"— {w['log']} —")
                for line in session.log(seat=prompt.seat):
                    echo("  " + line)
                continue
            if text == "undo":
                try:
                    session.undo(prompt.seat)
                    echo(w["undone"])
                    since = len(session.game.log.events)
                except TableError as exc:
                    echo(exc.text(lang))
                    continue
                break
            if text.startswith("?"):
                card = _card_of(current, text[1:])
                echo(session.card_text(card, lang) if card else w["bad"])
                continue
            picks, problem = _parse(current, text, w, lang)
            if problem:
                echo(problem)
                continue
            if len(chosen) + len(picks) < prompt.min:  # keep them; ask for the rest from what is left
                chosen += picks
                rest = _narrowed(prompt, chosen)
                echo(w["more"].format(n=rest.min))
                for c in rest.choices:
                    echo(f"  {c.number:2d}. {c.label}")
                continue
            try:
                session.answer(prompt.id, chosen + picks)
            except TableError as exc:
                echo(exc.text(lang))
                chosen = ()
                continue
            break


def _show(session: TableSession, prompt: Prompt, echo, w, lang: str) -> None:
    echo("")
    echo(w["view"].format(seat=prompt.seat + 1))
    for line in board_lines(session, prompt.seat, lang):  # the table's board in words, in the user's language
        echo("  " + line)
    echo(prompt.question(lang))
    for c in prompt.choices:
        card = session.cards.get(c.card) if c.card else None
        extra = ""
        if card is not None:
            text = " ".join(card.text.split())
            extra = f" — {text[:60]}{'…' if len(text) > 60 else ''}" if text else ""
        echo(f"  {c.number:2d}. {c.label}{extra}")
    echo(w["choose"])


def board_lines(session: TableSession, seat: int, lang: str) -> list[str]:
    """The board ``seat`` sees as lines of words (the table page's board: zones and counters;
    a card the seat cannot see is counted, never named)."""
    from fuda.i18n import t
    from fuda.table.boards import board
    from fuda.table.labels import printed

    data = board(session.game, seat, lang)
    out = []
    for part in [*data["sides"], data["shared"]]:
        head = (t("table.ui.you" if part["you"] else "table.ui.opponent", lang, seat=part["seat"])
                if "seat" in part else t("table.ui.shared", lang))
        counters = "  ".join(f"{c['label']} {c['value']}" for c in part["counters"])
        if "seat" in part or counters or part["zones"]:
            out.append(f"{head}  {counters}".rstrip())
        for zone in part["zones"]:
            named = [printed(session.display_name(c["id"]), lang, session.labels)
                     + (f" [{' '.join(c['badges'])}]" if c["badges"] else "") + (" ⤵" if c["tapped"] else "")
                     for c in zone["cards"] if c["id"]]
            hidden = sum(1 for c in zone["cards"] if not c["id"])
            if zone.get("pile") and named:
                named = [f"{named[-1]} …"]  # a pile: its top card and its count
            what = ", ".join(named + ([t("table.ui.cards", lang, n=hidden)] if hidden else []))
            out.append(f"  {zone['label']} ({len(zone['cards'])}): {what or '—'}")
    return out


def _narrowed(prompt: Prompt, chosen: tuple[str, ...]) -> Prompt:
    """The same question without the options already chosen, renumbered, asking for the rest."""
    from dataclasses import replace

    if not chosen:
        return prompt
    left = [c for c in prompt.choices if c.id not in chosen]
    choices = tuple(replace(c, number=n) for n, c in enumerate(left, 1))
    return replace(prompt, choices=choices, min=max(0, prompt.min - len(chosen)), max=prompt.max - len(chosen))


def _card_of(prompt: Prompt, number: str) -> str | None:
    try:
        n = int(number)
    except ValueError:
        return None
    return prompt.choices[n - 1].card if 1 <= n <= len(prompt.choices) else None


def _parse(prompt: Prompt, text: str, w, lang: str = "ja") -> tuple[tuple[str, ...], str]:
    """The option ids named by ``text`` (numbers), or a one-line problem."""
    if not text and prompt.min == 0:
        return (), ""
    try:
        numbers = [int(t) for t in text.replace(",", " ").replace("、", " ").split()]
    except ValueError:
        return (), f"{w['bad']}: {text!r}"
    n = len(prompt.choices)
    if any(not 1 <= k <= n for k in numbers):
        return (), w["range"].format(n=n)
    if len(set(numbers)) != len(numbers) or len(numbers) > prompt.max or (not numbers and prompt.min):
        return (), w["count"].format(count=count_words(prompt.min, prompt.max, lang))
    return tuple(prompt.choices[k - 1].id for k in numbers), ""


def _concede(session: TableSession, echo, w) -> str:
    echo(w["conceded"])
    return w["conceded"]
