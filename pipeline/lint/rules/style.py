"""JP2xx — one style per game: digit width, signs, wave dash, sentence endings, register,
balanced brackets and spaces. The choices come from the manifest's ``lint:`` section."""

from __future__ import annotations

import re

from fuda.lint.check import ALL_KINDS, CARD_KINDS, TEXT_KINDS, FieldCheck, Hit, RuleInfo
from fuda.lint.register import POLITE_END, flavor_register, sentences, style_of, text_register

GROUP = "style"
WIDE = str.maketrans("0123456789+-/%", "０１２３４５６７８９＋－／％")
NARROW = str.maketrans("０１２３４５６７８９＋－／％", "0123456789+-/%")
PAIRS = {"【": "】", "《": "》", "「": "」", "『": "』", "（": "）", "〔": "〕", "［": "］", "〈": "〉", "(": ")", "[": "]"}
CLOSERS = {v: k for k, v in PAIRS.items()}

RULES = (
    RuleInfo("JP201", "warning", "digits of the other width", GROUP, fixable=True),
    RuleInfo("JP202", "warning", "sign or slash of the other width next to a number", GROUP, fixable=True),
    RuleInfo("JP203", "warning", "the other wave dash", GROUP, fixable=True),
    RuleInfo("JP204", "warning", "sentence ending", GROUP),
    RuleInfo("JP205", "warning", "mixed です・ます and である style", GROUP),
    RuleInfo("JP211", "warning", "flavor in the other style (です・ます / である)", GROUP),
    RuleInfo("JP206", "error", "unbalanced brackets", GROUP),
    RuleInfo("JP207", "warning", "double or trailing space", GROUP, fixable=True),
    RuleInfo("JP208", "warning", "space at the start of a line", GROUP, fixable=True),
    RuleInfo("JP209", "warning", "doubled particle", GROUP),
    RuleInfo("JP210", "warning", "Latin letters of the other width", GROUP, fixable=True),
)

# Every pattern here is linear: a run is tried from its first character only (the look-behind)
# and never retried shorter (the look-ahead excludes what the run itself consumes).
_ASCII_DIGITS = re.compile(r"(?<![A-Za-z0-9])[0-9]+(?![A-Za-z0-9])")
_WIDE_DIGITS = re.compile("[０-９]+")
_HALF_SIGNS = re.compile(r"(?<![A-Za-z0-9ァ-ヺ])[+\-](?=[0-9０-９])|(?<=[0-9０-９ー])[/%]|/(?=[0-9０-９ー])")
_WIDE_SIGNS = re.compile("[＋－](?=[0-9０-９])|(?<=[0-9０-９ー])[／％]|／(?=[0-9０-９ー])")
_DOUBLE = re.compile("[ \u3000]{2,}")
_TRAILING = re.compile("(?<![ \u3000])[ \u3000]+(?=\n|\\Z)")
_LEADING = re.compile("^[ \u3000]+", re.M)
PARTICLES = "をのがに"
_DOUBLED = re.compile(f"([{PARTICLES}])\\1")
_QUOTES = {"「": "」", "『": "』", "《": "》", "〈": "〉", "“": "”", "\"": "\""}
_HALF_LATIN = re.compile("[A-Za-z]+")
_FULL_LATIN = re.compile("[Ａ-Ｚａ-ｚ]+")
_ROMAN_ONLY = re.compile("[IVXＩＶＸ]{1,4}")
TO_FULL = str.maketrans({chr(c): chr(c + 0xFEE0) for c in range(0x21, 0x7F)})
TO_HALF = str.maketrans({chr(c + 0xFEE0): chr(c) for c in range(0x21, 0x7F)})
_KEYWORD_LINE = re.compile(r"^(?:【[^【】]*】)+$")
_POLITE = re.compile("(?:です|ます|ました|ません|でした|ましょう|ください)(?=[。！？」』）]|$)", re.M)
_POLITE_END = re.compile("(?:です|ます|ました|ません|でした|ましょう|ください)[」』）]*$")


_BRACKET = re.compile("[\0" + re.escape("".join(PAIRS) + "".join(CLOSERS)) + "]")
#: Innermost pairs (an opener directly followed by its closer), removed with ``str.replace``:
#: linear, nothing to backtrack into (issue 18: the nested pattern this replaces took minutes
#: on a card with a few unclosed brackets).
_PAIR_STRINGS = tuple(o + c for o, c in PAIRS.items())
_PEELS = 4  # brackets of the sample cards nest at most three deep


def _stack_balanced(brackets: str) -> bool:
    """True when ``brackets`` (only bracket characters and NUL) nest properly: one pass."""
    stack = []
    for ch in brackets:
        if ch in PAIRS:
            stack.append(ch)
        elif ch == "\0":
            if stack:
                return False
        elif not stack or PAIRS[stack.pop()] != ch:
            return False
    return not stack


def _balanced_fast(value: str) -> bool:
    """True when the brackets of ``value`` nest properly; NUL separates the strings of one card.
    Innermost pairs are peeled in C a few times (enough for the usual text); what is left is
    checked by the stack scan, so the cost stays linear in the number of brackets."""
    brackets = "".join(_BRACKET.findall(value))
    for _ in range(_PEELS):
        before = len(brackets)
        for pair in _PAIR_STRINGS:
            brackets = brackets.replace(pair, "")
        if len(brackets) == before:
            break
    return not brackets.strip("\0") or _stack_balanced(brackets)


def scan_width(ctx, fld):
    """JP201, JP202."""
    if fld.kind == "name":
        return
    value = fld.value
    if ctx.settings.digits == "full":
        digits, signs, table, other = _ASCII_DIGITS, _HALF_SIGNS, WIDE, "full-width"
    else:
        digits, signs, table, other = _WIDE_DIGITS, _WIDE_SIGNS, NARROW, "half-width"
    for m in digits.finditer(value):
        good = m.group().translate(table)
        yield Hit("JP201", m.start(), m.end(), f"'{m.group()}': this game prints {other} digits",
                  f"write '{good}'", good)
    for m in signs.finditer(value):
        good = m.group().translate(table)
        yield Hit("JP202", m.start(), m.end(), f"'{m.group()}' next to a number: this game writes '{good}'",
                  f"write '{good}'", good)


def width_trigger(ctx):
    return ("[0-9+\\-/%]",) if ctx.settings.digits == "full" else ("[０-９＋－／％]",)


def scan_wave(ctx, fld):
    """JP203."""
    good = ctx.settings.wave_dash
    bad = "〜" if good == "～" else "～"
    start = fld.value.find(bad)
    while start >= 0:
        yield Hit("JP203", start, start + 1,
                  f"'{bad}' (U+{ord(bad):04X}): this game writes '{good}' (U+{ord(good):04X})",
                  f"write '{good}'", good)
        start = fld.value.find(bad, start + 1)


def wave_trigger(ctx):
    return ("[〜]",) if ctx.settings.wave_dash == "～" else ("[～]",)


def scan_spaces(ctx, fld):
    """JP207."""
    value = fld.value
    trailing = set()
    for m in _TRAILING.finditer(value):
        trailing.add(m.start())
        yield Hit("JP207", m.start(), m.end(), "space at the end of a line", "delete it", "")
    for m in _DOUBLE.finditer(value):
        if m.start() not in trailing and m.start() and value[m.start() - 1] != "\n":
            yield Hit("JP207", m.start(), m.end(), f"{len(m.group())} spaces in a row", "keep one space",
                      m.group()[0])


def scan_lines(ctx, fld):
    """JP204, JP205: sentence endings and register, line by line."""
    value = fld.value
    if not value:
        return
    end = ctx.settings.sentence_end
    polite = text_register(ctx) == "polite"
    enabled = ctx.enabled
    if not polite and end == "。" and "\n" not in value and value.endswith("。") and not _POLITE.search(value):
        return  # one plain sentence ending in 。: the usual line
    offset = 0
    for line in value.split("\n"):
        stripped = line.rstrip(" \u3000")
        if stripped and not _KEYWORD_LINE.match(stripped) and "JP204" in enabled:
            body = stripped.rstrip("」』）)")
            last = body[-1:] if body else ""
            where = offset + len(stripped) - 1
            if end == "none":
                if last in "。．":
                    yield Hit("JP204", offset + len(body) - 1, offset + len(body),
                              f"line ends with '{last}': this game writes sentences without a period",
                              "delete the period")
            elif last != end:
                wrong = f"'{last}'" if last in "。．" else "no period"
                yield Hit("JP204", where, where + 1, f"line ends with {wrong}: this game ends sentences with '{end}'",
                          f"end the sentence with '{end}'")
        if "JP205" in enabled and stripped:
            yield from _other_register("JP205", line, offset, "polite" if polite else "plain", "text")
        offset += len(line) + 1


def _other_register(code: str, value: str, offset: int, register: str, what: str):
    """A hit for each sentence of ``value`` (outside quotes) in the register other than ``register``."""
    for _, end, predicate in sentences(value):
        style = style_of(predicate)
        if style is None or style == register or _KEYWORD_LINE.match(predicate):
            continue
        if style == "polite":
            ending = POLITE_END.search(predicate).group()
            yield Hit(code, offset + end - len(ending), offset + end, f"polite '{ending}' in である-style {what}",
                      "write the plain form (〜する。)")
        else:
            yield Hit(code, offset + end - 1, offset + end, f"plain sentence in です・ます-style {what}",
                      "write the polite form (〜します。)")


def scan_flavor(ctx, fld):
    """JP211: flavor in the register other than the game's flavors'."""
    register = flavor_register(ctx)
    if register and fld.value:
        yield from _other_register("JP211", fld.value, 0, register, "flavor")


def scan_leading(ctx, fld):
    """JP208."""
    for m in _LEADING.finditer(fld.value):
        yield Hit("JP208", m.start(), m.end(), "space at the start of a line", "delete it", "")


def _quoted(value: str, at: int) -> bool:
    """True when ``at`` lies inside a quote of ``value`` or right after one closes/opens."""
    if (at and value[at - 1] in _QUOTES) or (at and value[at - 1] in _QUOTES.values()):
        return True
    depth = 0
    for ch in value[:at]:
        if ch in "「『《〈“":
            depth += 1
        elif ch in "」』》〉”" and depth:
            depth -= 1
    return depth > 0


def scan_doubled(ctx, fld):
    """JP209."""
    value = fld.value
    for m in _DOUBLED.finditer(value):
        at, ch = m.start(), m.group(1)
        if value[at - 1:at] == ch or value[m.end():m.end() + 1] == ch or value.startswith("ののし", at):
            continue
        if _quoted(value, at):
            continue
        yield Hit("JP209", at, m.end(), f"'{m.group()}': the particle '{ch}' twice", f"delete one '{ch}'")


def scan_latin(ctx, fld):
    """JP210."""
    style = ctx.settings.latin
    if style == "full":
        pattern, table, other = _HALF_LATIN, TO_FULL, "full-width"
    elif style == "half":
        pattern, table, other = _FULL_LATIN, TO_HALF, "half-width"
    else:
        return
    value = fld.value
    for m in pattern.finditer(value):
        if _ROMAN_ONLY.fullmatch(m.group()):
            continue  # ASCII for a Roman numeral: JP106
        good = m.group().translate(table)
        yield Hit("JP210", m.start(), m.end(), f"'{m.group()}': this game prints {other} Latin letters",
                  f"write '{good}'", good)


def latin_trigger(ctx):
    style = ctx.settings.latin
    return ("[A-Za-z]",) if style == "full" else ("[Ａ-Ｚａ-ｚ]",) if style == "half" else ("[\uFFFF]",)


def select_brackets(ctx, corpus) -> set[int]:
    """Cards with unbalanced brackets (one C-level match when the whole game is balanced)."""
    if _balanced_fast(corpus.text):
        return set()
    return {n for n, s in corpus.strings() if not _balanced_fast(s)}


_LINE_END = re.compile("[^。」』）)】\n\0](?=[\n\0]|\\Z)|】(?=[\n\0]|\\Z)")


def select_lines(ctx, corpus):
    """Cards with a line not ending in 。 or a polite form (when the game writes 。 and plain
    style); None (all cards) for the other settings."""
    if ctx.settings.sentence_end != "。" or text_register(ctx) != "plain":
        return None
    text = corpus.text
    found = corpus.cards_matching(_POLITE)
    for m in _LINE_END.finditer(text):
        if m.group() == "】":  # a keyword line (【ディフェンサー】【レジスト（１）】) needs no period
            start = max(text.rfind("\n", 0, m.start()), text.rfind("\0", 0, m.start())) + 1
            if _KEYWORD_LINE.match(text[start:m.end()]):
                continue
        found.add(corpus.card_at(m.start()))
    return found


def scan_brackets(ctx, fld):
    """JP206."""
    value = fld.value
    stack: list[tuple[str, int]] = []
    for i, ch in enumerate(value):
        if ch in PAIRS:
            stack.append((ch, i))
        elif ch in CLOSERS:
            if stack and stack[-1][0] == CLOSERS[ch]:
                stack.pop()
            elif stack and any(o == CLOSERS[ch] for o, _ in stack):
                while stack[-1][0] != CLOSERS[ch]:
                    opener, at = stack.pop()
                    yield Hit("JP206", at, at + 1, f"'{opener}' is not closed before '{ch}'",
                              f"add '{PAIRS[opener]}'")
                stack.pop()
            else:
                yield Hit("JP206", i, i + 1, f"'{ch}' closes nothing", f"add '{CLOSERS[ch]}' before it or delete it")
    for opener, at in stack:
        yield Hit("JP206", at, at + 1, f"'{opener}' is never closed", f"add '{PAIRS[opener]}'")


FIELD = (
    FieldCheck(("JP201", "JP202"), scan_width, kinds=CARD_KINDS, trigger=width_trigger),  # printed style: not decks
    FieldCheck(("JP203",), scan_wave, kinds=ALL_KINDS, trigger=wave_trigger),
    FieldCheck(("JP207",), scan_spaces, trigger=lambda ctx: ("[ \u3000](?:[ \u3000\n\0]|\\Z)",)),
    FieldCheck(("JP204", "JP205"), scan_lines, kinds=TEXT_KINDS, select=select_lines),
    FieldCheck(("JP211",), scan_flavor, kinds=frozenset({"flavor"}), trigger=lambda ctx: ("[。！？!?\n\0]", "\\Z")),
    FieldCheck(("JP206",), scan_brackets, select=select_brackets),
    FieldCheck(("JP208",), scan_leading, trigger=lambda ctx: ("[ \u3000](?:(?<=[\n\0].)|(?<!..))",)),
    FieldCheck(("JP209",), scan_doubled, trigger=lambda ctx: (f"[{PARTICLES}](?<=(?:をを|のの|がが|にに))",)),
    FieldCheck(("JP210",), scan_latin, kinds=TEXT_KINDS, trigger=latin_trigger,
               active=lambda ctx: ctx.settings.latin != "any"),
)
CARD = ()
GAME = ()
