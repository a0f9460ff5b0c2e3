"""A static card gallery: one ``index.html`` beside the card images, opened straight from disk.

No server, no external files: the page carries its own CSS and a few lines of JavaScript to
filter by kind and search the text. Every card shows its image (linking the full file), name,
kind, numbers, text and flavour; the UI is Japanese. A link may preset the filters:
``index.html#kind=world&q=ダメージ``.
"""

from __future__ import annotations

import html
from pathlib import Path

from fuda.atomic import atomic_path
from fuda.database.ruleset import ruleset_for

STYLE = """
body{font-family:"BIZ UDPGothic","Hiragino Sans","Yu Gothic",sans-serif;margin:0;background:#f6f3ec;color:#282420}
header{position:sticky;top:0;background:#3b2f2a;color:#fff;padding:12px 20px;display:flex;gap:16px;
 align-items:center;flex-wrap:wrap;z-index:1}
header h1{font-size:20px;margin:0 12px 0 0}
header input,header select{font-size:15px;padding:4px 8px;border-radius:4px;border:0}
header input{width:18em}
#count{font-size:14px;opacity:.85}
main{display:grid;grid-template-columns:repeat(auto-fill,minmax(250px,1fr));gap:16px;padding:20px}
article{background:#fff;border-radius:8px;box-shadow:0 1px 3px #0003;padding:10px;display:flex;flex-direction:column}
article[hidden]{display:none}
article img{width:100%;height:auto;border-radius:4px;display:block}
article h2{font-size:16px;margin:8px 0 2px}
.kind{font-size:12px;color:#7a5b3a}
.id{font-size:11px;color:#999;font-family:monospace}
dl{display:grid;grid-template-columns:auto 1fr;gap:0 8px;font-size:13px;margin:6px 0}
dt{color:#7a5b3a}dd{margin:0}
.text{font-size:13px;white-space:pre-wrap;margin:4px 0}
.flavor{font-size:12px;color:#666;font-style:italic;white-space:pre-wrap;margin:4px 0}
.links{font-size:12px;margin-top:auto}
footer{font-size:12px;color:#666;padding:0 20px 20px}
"""

SCRIPT = """
const q=document.getElementById('q'),k=document.getElementById('kind'),n=document.getElementById('count');
const cards=[...document.querySelectorAll('main article')];
function apply(){const s=q.value.trim().toLowerCase();let shown=0;
 for(const c of cards){const ok=(!k.value||c.dataset.kind===k.value)&&(!s||c.dataset.search.includes(s));
  c.hidden=!ok;if(ok)shown++;}
 n.textContent=shown+' / '+cards.length+' 枚';}
const h=new URLSearchParams(location.hash.slice(1));q.value=h.get('q')||'';k.value=h.get('kind')||'';
q.addEventListener('input',apply);k.addEventListener('change',apply);apply();
"""


def _value(labels, key, value) -> str:
    if isinstance(value, bool):
        return "あり" if value else "なし"
    if isinstance(value, (list, tuple)):
        return "・".join(_value(labels, key, v) for v in value)
    if hasattr(value, "items"):
        return " ".join(f"{k}:{_value(labels, k, v)}" for k, v in value.items())
    return labels.value(key, value) or ("ー" if value is None else str(value))


def numbers(game, card) -> list[tuple[str, str]]:
    """The card's labelled fields (cost, stats, types …) as (Japanese label, shown value), in
    the rule set's order: what the Udonarium detail shows."""
    labels = ruleset_for(game.rules).labels(game)
    sets = {s["id"]: s["name"] for s in game.manifest.get("sets", ())}
    out = []
    for key, label in labels.fields.items():
        if key not in card.data:
            continue
        value = card.data[key]
        if key == "fighter":
            value = game.fighters.get(value, value)
        elif key == "set":
            value = sets.get(value, value)
        out.append((label.ja, _value(labels, key, value)))
    return out


def page(game, written, *, title: str | None = None, sheets=()) -> str:
    """The gallery HTML for the faces in ``written`` (:class:`~fuda.gallery.images.Written`)."""
    return "".join(_parts(game, written, title=title, sheets=sheets))


def _parts(game, written, *, title: str | None = None, sheets=()):
    """The gallery HTML in pieces (the head, one article a card, the foot): written out one by
    one, a 10,000-card page is never held whole (≈ 20 MB as text, again as its UTF-8)."""
    labels = ruleset_for(game.rules).labels(game)
    e = html.escape
    backs = {w.entry.card.id: w for w in written if w.entry.side == "back" and w.entry.card is not None}
    common = next((w for w in written if w.entry.side == "back" and w.entry.card is None), None)
    fronts = [w for w in written if w.entry.side != "back"]
    kinds = list(dict.fromkeys(w.entry.card.kind for w in fronts))
    options = "".join(f'<option value="{e(k)}">{e(labels.kind(k))}</option>' for k in kinds)
    heading = title or game.name
    yield (
        '<!DOCTYPE html>\n<html lang="ja"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{e(heading)} カード一覧</title><style>{STYLE}</style></head><body>"
        f"<header><h1>{e(heading)}</h1>"
        '<label>種類 <select id="kind"><option value="">すべて</option>' + options + "</select></label>"
        '<input id="q" type="search" placeholder="カード名・テキストで検索">'
        '<span id="count"></span></header>'
        "<main>")
    for w in fronts:
        card = w.entry.card
        name = w.path.name
        search = " ".join([card.id, card.name, card.text or "", card.flavor or "",
                           *[v for _, v in numbers(game, card)]]).lower()
        dl = "".join(f"<dt>{e(k)}</dt><dd>{e(v)}</dd>" for k, v in numbers(game, card))
        links = [f'<a href="{e(name)}">画像</a>']
        if card.id in backs:
            links.append(f'<a href="{e(backs[card.id].path.name)}">裏面</a>')
        side = {"a": "（A面）", "b": "（B面）"}.get(w.entry.side, "")
        yield (
            f'<article id="{e(w.path.stem)}" data-kind="{e(card.kind)}" data-search="{e(search)}">'
            f'<a href="{e(name)}"><img src="{e(name)}" alt="{e(card.name)}" loading="lazy" '
            f'width="{w.size[0]}" height="{w.size[1]}"></a>'
            f'<h2>{e(card.name)}{side}</h2><div class="kind">{e(labels.kind(card.kind))}</div>'
            f'<div class="id">{e(card.id)}</div>'
            + (f"<dl>{dl}</dl>" if dl else "")
            + (f'<p class="text">{e(card.text)}</p>' if card.text else "")
            + (f'<p class="flavor">{e(card.flavor)}</p>' if card.flavor else "")
            + f'<div class="links">{" ・ ".join(links)}</div></article>')
    extra = []
    if common is not None:
        extra.append(f'<a href="{e(common.path.name)}">共通の裏面</a>')
    extra.extend(f'<a href="{e(Path(s).name)}">一覧画像 {i}</a>' for i, s in enumerate(sheets, start=1))
    yield (
        f"</main><footer>{len(fronts)} 枚 ・ fuda で作成"
        + (" ・ " + " ・ ".join(extra) if extra else "")
        + f"</footer><script>{SCRIPT}</script></body></html>\n"
    )


def write_gallery(game, written, out: Path, *, title: str | None = None, sheets=()) -> Path:
    """Write ``index.html`` into ``out`` (where the images are), atomically, piece by piece."""
    target = Path(out) / "index.html"
    with atomic_path(target) as tmp, open(tmp, "w", encoding="utf-8", newline="") as fh:
        for part in _parts(game, written, title=title, sheets=sheets):
            fh.write(part)
    return target
