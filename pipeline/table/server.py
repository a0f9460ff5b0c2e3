"""``fuda table``: a game at a table in the browser, served to this machine only.

A small Starlette app (run by uvicorn on 127.0.0.1, a free port) keeps one
:class:`~fuda.table.session.TableSession` per session id. The page (``static/``: plain HTML,
CSS and a little JavaScript, no build step) shows the human seat's view with the card faces
painted by the print layout, the pending question with clickable options, the seat's log in
Japanese, and the result. Answers name the question they answer; one that is not the pending
question's (a stale tab, a forged request) is refused with a clear message (HTTP 409).
"""

from __future__ import annotations

import re
import secrets
import threading
from dataclasses import dataclass, field
from importlib.resources import files

from fuda.database.resources import templates_dir
from fuda.table.session import TableError, TableSession

_CARD_ID = re.compile(r"[a-z0-9][a-z0-9-]*")


@dataclass
class Table:
    """What ``fuda table`` serves: how to open a new game, the open sessions, painted faces."""

    game: object  # the database Game
    module: object
    registry: object
    decks: list
    humans: frozenset[int]
    agents: str = "greedy"
    seed: int = 0
    sessions: dict[str, TableSession] = field(default_factory=dict)
    faces: dict[str, bytes] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def open_session(self) -> str:
        """A new game; returns its session id (unguessable)."""
        sid = secrets.token_urlsafe(12)
        session = TableSession.open(self.module, self.registry, self.decks, self.humans, self.agents,
                                    self.seed + len(self.sessions), auto_forced=True)
        with self.lock:
            self.sessions[sid] = session
        return sid

    def state(self, sid: str) -> dict:
        """The page's JSON: board, prompt, log and result, as the human seat may know them."""
        session = self.sessions[sid]
        prompt = session.prompt()
        board = []
        for line in session.game.narrator().state(session.seat).splitlines():
            ids = [w for w in _CARD_ID.findall(line) if w in session.cards]
            board.append({"text": session._named(line), "cards": ids})
        shown = {c for row in board for c in row["cards"]}
        if prompt is not None:
            shown |= {c.card for c in prompt.choices if c.card}
        return {
            "game": self.game.name,
            "seat": session.seat + 1,
            "over": session.game.finished,
            "outcome": session.outcome_text("ja"),
            "prompt": None if prompt is None else {
                "id": prompt.id, "question": prompt.question("ja"), "rule": prompt.rule,
                "min": prompt.min, "max": prompt.max,
                "choices": [{"number": c.number, "id": c.id, "label": c.label, "card": c.card}
                            for c in prompt.choices],
            },
            "board": board,
            "log": session.log(40),
            "cards": {cid: {"name": session.cards[cid].name, "text": session.card_text(cid)} for cid in sorted(shown)},
        }

    def face_png(self, card_id: str) -> bytes:
        """A card's face as PNG (the print layout painted at 200 dpi), painted once."""
        with self.lock:
            cached = self.faces.get(card_id)
        if cached is not None:
            return cached
        from fuda.faces.fonts import game_fonts
        from fuda.faces.layout import lay_out
        from fuda.faces.paint_png import render_png

        card = next(c for c in self.game.cards if c.id == card_id)
        fonts = game_fonts(self.game)
        face, _ = lay_out(self.game, card, bleed=0.0, fonts=fonts)
        data = render_png(face, 200, fonts)
        with self.lock:
            self.faces[card_id] = data
        return data


def app(table: Table):
    """The Starlette application serving ``table``."""
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.middleware.trustedhost import TrustedHostMiddleware
    from starlette.requests import Request
    from starlette.responses import JSONResponse, RedirectResponse, Response
    from starlette.routing import Route

    static = files("fuda.table") / "static"

    def page(name: str, media: str):
        body = (static / name).read_bytes()
        return lambda request: Response(body, media_type=media)

    async def new(request: Request):
        return RedirectResponse(f"/s/{table.open_session()}/", status_code=303)

    def session_of(request: Request) -> TableSession | None:
        return table.sessions.get(request.path_params["sid"])

    async def state(request: Request):
        if session_of(request) is None:
            return JSONResponse({"error": "そのゲームはありません（サーバーを再起動しましたか？）"}, status_code=404)
        return JSONResponse(table.state(request.path_params["sid"]))

    async def answer(request: Request):
        session = session_of(request)
        if session is None:
            return JSONResponse({"error": "そのゲームはありません"}, status_code=404)
        try:
            body = await request.json()
            prompt_id, picks = str(body["prompt"]), [str(p) for p in body["picks"]]
        except (ValueError, KeyError, TypeError):
            return JSONResponse({"error": "答えの形が読めません（prompt と picks が要ります）"}, status_code=400)
        try:
            with table.lock:
                session.answer(prompt_id, picks)
        except TableError as exc:
            return JSONResponse({"error": exc.text("ja")}, status_code=409)
        return JSONResponse(table.state(request.path_params["sid"]))

    async def undo(request: Request):
        session = session_of(request)
        if session is None:
            return JSONResponse({"error": "そのゲームはありません"}, status_code=404)
        with table.lock:
            session.undo()
        return JSONResponse(table.state(request.path_params["sid"]))

    async def card(request: Request):
        card_id = request.path_params["card"]
        if card_id not in {c.id for c in table.game.cards}:
            return Response(status_code=404)
        return Response(table.face_png(card_id), media_type="image/png",
                        headers={"Cache-Control": "max-age=3600"})

    font_file = templates_dir() / "fonts" / "BIZUDGothic-Regular.ttf"  # the bundled font (SIL OFL)

    async def font(request: Request):
        return Response(font_file.read_bytes(), media_type="font/ttf", headers={"Cache-Control": "max-age=86400"})

    routes = [
        Route("/", new),
        Route("/s/{sid}/", page("table.html", "text/html; charset=utf-8")),
        Route("/s/{sid}/state", state),
        Route("/s/{sid}/answer", answer, methods=["POST"]),
        Route("/s/{sid}/undo", undo, methods=["POST"]),
        Route("/card/{card}.png", card),
        Route("/static/table.js", page("table.js", "text/javascript; charset=utf-8")),
        Route("/static/table.css", page("table.css", "text/css; charset=utf-8")),
        Route("/static/font.ttf", font),
    ]
    # the Host header must name this machine: a page elsewhere cannot reach the table through
    # a DNS name that points here (DNS rebinding)
    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=["127.0.0.1", "localhost", "[::1]"])]
    return Starlette(routes=routes, middleware=middleware)


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on now."""
    import socket

    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def serve(table: Table, port: int = 0, on_ready=None) -> None:
    """Serve ``table`` on 127.0.0.1 until Ctrl-C; ``on_ready(url)`` is called once listening."""
    import uvicorn

    port = port or free_port()
    config = uvicorn.Config(app(table), host="127.0.0.1", port=port, log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    if on_ready is not None:
        original = server.startup

        async def startup(sockets=None):
            await original(sockets)
            on_ready(f"http://127.0.0.1:{port}/")

        server.startup = startup
    server.run()


