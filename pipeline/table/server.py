"""``fuda table``: a game at a table in the browser.

A small Starlette app (run by uvicorn) keeps a few :class:`Room` values, one game each
(a :class:`~fuda.table.session.TableSession`). Every human seat of a room has its own URL,
``/t/<token>/``, with an unguessable token (``secrets.token_urlsafe``): the token names the room
*and* the seat, and every endpoint under it answers with that seat's view only (the engine's
per-seat view), so one seat never reaches another's hand.

Guards: the Host header must be this machine's name or a literal IP address (a DNS name pointing
here — DNS rebinding — is refused); a request whose Origin (or Sec-Fetch-Site) says it comes from
another site is refused, and answers must be JSON (a cross-site form cannot post one). At most
``cap`` rooms live at once and a room idle for ``idle`` seconds is closed, so ``GET /`` (which
opens a new game, on 127.0.0.1 with one human seat only) cannot open games without bound.

The page (``static/``: plain HTML, CSS and JavaScript, no build step) gets its words from the
message catalogue (``/t/<token>/words``), so it speaks ``--lang`` like the CLI.
"""

from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass, field
from importlib.resources import files

from fuda.database.resources import templates_dir
from fuda.i18n import MESSAGES, Text, t
from fuda.table.boards import board, mat_layout
from fuda.table.guard import LOOPBACK, guarded, host_allowed
from fuda.table.labels import printed
from fuda.table.session import TableError, TableSession

MAX_BODY = 5_000_000  # bytes of a POST (a saved free table is the largest)

__all__ = ["LOOPBACK", "Room", "Table", "app", "free_port", "host_allowed", "serve"]


@dataclass
class Room:
    """One game: its session, the token of each human seat, when it was last used."""

    session: TableSession
    tokens: dict[int, str]
    used: float
    lock: threading.Lock = field(default_factory=threading.Lock)


@dataclass
class Table:
    """What ``fuda table`` serves: how to open a new game, the open rooms, painted faces."""

    game: object  # the database Game
    module: object
    registry: object
    decks: list
    humans: frozenset[int]
    agents: str = "greedy"
    seed: int = 0
    lang: str = "ja"
    host: str = "127.0.0.1"
    cap: int = 16
    idle: float = 2 * 3600.0
    rooms: list[Room] = field(default_factory=list)
    seats: dict[str, tuple[Room, int]] = field(default_factory=dict)  # token -> (room, seat)
    faces: dict[str, bytes] = field(default_factory=dict)
    opened: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)
    clock: object = time.monotonic
    sandbox: bool = False  # a free table without rules (fuda.table.sandbox) instead of the engine

    def open_room(self) -> Room:
        """A new game; TableError when ``cap`` games are open (idle ones are closed first)."""
        with self.lock:
            self._expire()
            if len(self.rooms) >= self.cap:
                raise TableError(Text("err.table.full", cap=self.cap, minutes=int(self.idle // 60)))
            seed = self.seed + self.opened
            self.opened += 1
        if self.sandbox:
            from fuda.table.sandbox import Sandbox

            session = Sandbox.deal(self.game, self.decks, seed)
        else:
            session = TableSession.open(self.module, self.registry, self.decks, self.humans, self.agents, seed,
                                        auto_forced=True)
        room = Room(session, {s: secrets.token_urlsafe(18) for s in sorted(self.humans)}, self.clock())
        with self.lock:
            self.rooms.append(room)
            for s, token in room.tokens.items():
                self.seats[token] = (room, s)
        return room

    def seat_of(self, token: str) -> tuple[Room, int] | None:
        """The room and seat a token names (None: unknown or expired)."""
        with self.lock:
            self._expire()
            found = self.seats.get(token)
            if found is not None:
                found[0].used = self.clock()
            return found

    def _expire(self) -> None:
        now = self.clock()
        for room in [r for r in self.rooms if now - r.used > self.idle]:
            self.rooms.remove(room)
            for token in room.tokens.values():
                self.seats.pop(token, None)

    def sandbox_state(self, room: Room, seat: int) -> dict:
        """The page's JSON of a free table for ``seat``."""
        table, lang = room.session, self.lang
        data = table.board(seat, lang)
        shown = {x for side in data["sides"] for z in side["zones"] for c in z["cards"]
                 for x in (c["id"], c.get("other")) if x}
        names = {c.id: c for c in self.game.cards}
        return {"game": self.game.name, "seat": seat + 1, "sandbox": True, "over": False, "outcome": "",
                "waiting": None, "prompt": None, "board": data, "log": table.log(lang)[-400:],
                "undo": bool(table.history) and table.history[-1][1] == seat, "host": seat == 0,
                "cards": {cid: {"name": names[cid].name, "text": f"{names[cid].name}\n{names[cid].text}".rstrip()}
                          for cid in sorted(shown) if cid in names}}

    def state(self, room: Room, seat: int) -> dict:
        """The page's JSON for ``seat``: board, prompt, log and result, as that seat may know them."""
        if self.sandbox:
            return self.sandbox_state(room, seat)
        session, lang = room.session, self.lang
        prompt = session.prompt(seat, lang)
        data = board(session.game, seat, lang)
        shown = {c["id"] for part in [*data["sides"], data["shared"]] for z in part["zones"] for c in z["cards"]
                 if c["id"]} | {c.get("other") for part in data["sides"] for z in part["zones"] for c in z["cards"]
                                if c.get("other")}
        if prompt is not None:
            shown |= {c.card for c in prompt.choices if c.card}
        pending = session.game.pending
        return {
            "game": self.game.name,
            "seat": seat + 1,
            "over": session.game.finished,
            "outcome": session.outcome_text(lang),
            "waiting": None if pending is None or prompt is not None else pending.player + 1,
            "undo": bool(session._history) and session._history[-1].seat == seat,
            "prompt": None if prompt is None else {
                "id": prompt.id, "question": prompt.question(lang), "rule": prompt.rule,
                "min": prompt.min, "max": prompt.max,
                "choices": [{"number": c.number, "id": c.id, "label": c.label, "card": c.card}
                            for c in prompt.choices],
            },
            "board": data,
            "log": session.entries(seat, lang)[-400:],
            "cards": {cid: {"name": printed(session.display_name(cid), lang, session.labels), "text": session.card_text(cid, lang)}
                      for cid in sorted(shown)},
        }

    def words(self) -> dict:
        """The page's words in the table's language (the ``table.ui.*`` messages, unfilled)."""
        return {key.removeprefix("table.ui."): entry[self.lang] for key, entry in MESSAGES.items()
                if key.startswith("table.ui.")}

    def face_png(self, card_id: str | None) -> bytes:
        """A card's face (``None``: the game's back) as PNG, painted once at 200 dpi."""
        key = card_id or "\0back"
        with self.lock:
            cached = self.faces.get(key)
        if cached is not None:
            return cached
        from fuda.faces.fonts import game_fonts
        from fuda.faces.layout import lay_out, layout_back
        from fuda.faces.paint_png import render_png

        fonts = game_fonts(self.game)
        if card_id is None:
            face = layout_back(self.game, bleed=0.0, fonts=fonts)
        else:
            card = next(c for c in self.game.cards if c.id == card_id)
            face, _ = lay_out(self.game, card, bleed=0.0, fonts=fonts)
        data = render_png(face, 200, fonts)
        with self.lock:
            self.faces[key] = data
        return data


def app(table: Table):
    """The Starlette application serving ``table``."""
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse, RedirectResponse, Response
    from starlette.routing import Route

    static = files("fuda.table") / "static"
    lang = table.lang

    def refuse(key: str, status: int, **params) -> JSONResponse:
        return JSONResponse({"error": t(key, lang, **params)}, status_code=status)

    def page(name: str, media: str):
        body = (static / name).read_bytes()
        return lambda request: Response(body, media_type=media)

    def seat_page(request: Request):
        if table.seat_of(request.path_params["token"]) is None:
            return Response(t("err.table.no_game", lang), status_code=404, media_type="text/plain; charset=utf-8")
        body = (static / "table.html").read_text(encoding="utf-8").replace('lang="ja"', f'lang="{lang}"')
        return Response(body, media_type="text/html; charset=utf-8")

    def page_error(text: str, status: int) -> Response:  # GET / is opened by a person, not by the page's script
        return Response(text, status_code=status, media_type="text/plain; charset=utf-8")

    async def new(request: Request):
        if table.host not in LOOPBACK or len(table.humans) != 1 or table.sandbox:
            return page_error(t("err.table.new_game", lang), 403)
        try:
            room = table.open_room()
        except TableError as exc:
            return page_error(exc.text(lang), 503)
        return RedirectResponse(f"/t/{room.tokens[min(room.tokens)]}/", status_code=303)

    def seated(handler):
        """A seat's endpoint: the token names the room and the seat; the work (the agents' moves,
        painting a face) runs in a worker thread, so one table's thinking blocks no other request."""
        from starlette.concurrency import run_in_threadpool

        async def run(request: Request):
            found = table.seat_of(request.path_params["token"])
            if found is None:
                return refuse("err.table.no_game", 404)
            body = b""
            if request.method == "POST":
                chunks, size = [], 0
                async for chunk in request.stream():  # read at most MAX_BODY, whatever the headers say
                    size += len(chunk)
                    if size > MAX_BODY:
                        return refuse("err.table.too_big", 413, limit=MAX_BODY // 1_000_000)
                    chunks.append(chunk)
                body = b"".join(chunks)
            return await run_in_threadpool(handler, request, body, *found)
        return run

    def json_of(body: bytes):
        import json

        return json.loads(body.decode("utf-8"))

    def state(request: Request, body: bytes, room: Room, seat: int):
        with room.lock:
            return JSONResponse(table.state(room, seat))

    def picks_of(body: bytes):
        data = json_of(body)
        if not isinstance(data, dict) or not isinstance(data.get("picks"), list):
            raise ValueError
        return str(data["prompt"]), [str(p) for p in data["picks"]]

    def answer(request: Request, body: bytes, room: Room, seat: int):
        try:
            prompt_id, picks = picks_of(body)
        except (ValueError, KeyError, TypeError):
            return refuse("err.table.body", 400)
        with room.lock:
            try:
                room.session.answer(prompt_id, picks, seat)
            except TableError as exc:
                return JSONResponse({"error": exc.text(lang)}, status_code=409)
            return JSONResponse(table.state(room, seat))

    def check(request: Request, body: bytes, room: Room, seat: int):
        try:
            prompt_id, picks = picks_of(body)
        except (ValueError, KeyError, TypeError):
            return refuse("err.table.body", 400)
        with room.lock:
            try:
                room.session.check(prompt_id, picks, seat)
            except TableError as exc:
                return JSONResponse({"ok": False, "reason": exc.text(lang)})
        return JSONResponse({"ok": True, "reason": ""})

    def undo(request: Request, body: bytes, room: Room, seat: int):
        from fuda.table.sandbox import SandboxError

        with room.lock:
            try:
                room.session.undo(seat)
            except (TableError, SandboxError) as exc:
                return JSONResponse({"error": exc.text(lang)}, status_code=409)
            return JSONResponse(table.state(room, seat))

    def act(request: Request, body: bytes, room: Room, seat: int):
        from fuda.table.sandbox import SandboxError

        if not table.sandbox:
            return Response(status_code=404)
        try:
            action = json_of(body)
            if not isinstance(action, dict):
                raise ValueError
        except ValueError:
            return refuse("err.table.body", 400)
        with room.lock:
            try:
                room.session.act(seat, action)
            except SandboxError as exc:
                return JSONResponse({"error": exc.text(lang)}, status_code=409)
            return JSONResponse(table.state(room, seat))

    def save(request: Request, body: bytes, room: Room, seat: int):
        if not table.sandbox:
            return Response(status_code=404)
        if seat != 0:
            return refuse("err.sandbox.host_only", 403)
        with room.lock:
            body = room.session.dumps()
        return Response(body, media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="{table.game.id}-table.json"'})

    def load(request: Request, body: bytes, room: Room, seat: int):
        from fuda.table.sandbox import SandboxError

        if not table.sandbox:
            return Response(status_code=404)
        if seat != 0:
            return refuse("err.sandbox.host_only", 403)
        with room.lock:
            try:
                room.session.load(body.decode("utf-8", "replace"))
            except SandboxError as exc:
                return JSONResponse({"error": exc.text(lang)}, status_code=409)
            return JSONResponse(table.state(room, seat))

    def words(request: Request, body: bytes, room: Room, seat: int):
        return JSONResponse({"words": table.words(), "mat": mat_layout(table.game), "lang": lang,
                             "card": list(table.game.card_size)})

    def card(request: Request, body: bytes, room: Room, seat: int):
        card_id = request.path_params["card"]
        if card_id not in {c.id for c in table.game.cards}:
            return Response(status_code=404)
        return Response(table.face_png(card_id), media_type="image/png", headers={"Cache-Control": "max-age=3600"})

    def back(request: Request, body: bytes, room: Room, seat: int):
        return Response(table.face_png(None), media_type="image/png", headers={"Cache-Control": "max-age=3600"})

    font_file = templates_dir() / "fonts" / "BIZUDGothic-Regular.ttf"  # the bundled font (SIL OFL)

    async def font(request: Request):
        return Response(font_file.read_bytes(), media_type="font/ttf", headers={"Cache-Control": "max-age=86400"})

    routes = [
        Route("/", new),
        Route("/t/{token}/", seat_page),
        Route("/t/{token}/state", seated(state)),
        Route("/t/{token}/words", seated(words)),
        Route("/t/{token}/answer", seated(answer), methods=["POST"]),
        Route("/t/{token}/check", seated(check), methods=["POST"]),
        Route("/t/{token}/undo", seated(undo), methods=["POST"]),
        Route("/t/{token}/act", seated(act), methods=["POST"]),
        Route("/t/{token}/save", seated(save)),
        Route("/t/{token}/load", seated(load), methods=["POST"]),
        Route("/t/{token}/card/{card}.png", seated(card)),
        Route("/t/{token}/back.png", seated(back)),
        Route("/static/table.js", page("table.js", "text/javascript; charset=utf-8")),
        Route("/static/table.css", page("table.css", "text/css; charset=utf-8")),
        Route("/static/font.ttf", font),
    ]
    inner = Starlette(routes=routes)

    return guarded(inner, lambda key, status, params: refuse(key, status, **params))


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on now."""
    import socket

    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def serve(table: Table, port: int = 0, on_ready=None) -> None:
    """Serve ``table`` on ``table.host`` until Ctrl-C; ``on_ready(urls)`` is called once listening
    with the first game's URL of each human seat."""
    import uvicorn

    port = port or free_port(table.host)
    room = table.open_room()
    shown = "127.0.0.1" if table.host in LOOPBACK else _lan_address(table.host)
    config = uvicorn.Config(app(table), host=table.host, port=port, log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    if on_ready is not None:
        original = server.startup

        async def startup(sockets=None):
            await original(sockets)
            on_ready({s + 1: f"http://{shown}:{port}/t/{token}/" for s, token in room.tokens.items()})

        server.startup = startup
    server.run()


def _lan_address(host: str) -> str:
    """The address other machines reach this one by (for the printed URLs)."""
    if host not in ("0.0.0.0", "::"):
        return host
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing interface
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"
