"""``ecarte serve``: the tutor in a browser, answering only the person who started it.

textual-serve accepts any request that reaches its port: any web page open in the
same browser could open WebSockets to it and drive the tutor (a tester's review:
six connections started six processes of about 49 MB each). As Jupyter does, the
server here

- serves everything under a random token in the path (``/TOKEN/``, the page, its
  scripts and its socket alike), printed once in the address to open;
- answers only a Host header naming the served address (``localhost``,
  ``127.0.0.1`` or ``[::1]`` with its port), against DNS rebinding;
- refuses an Origin other than that address (a browser sends one with every
  WebSocket, so a foreign page's socket is refused);
- opens at most ``sessions`` app sessions at once.

Each refusal is an HTTP 403 whose one line of text says why. The token is in the
path, not the query: textual-serve's page adds ``?width=...`` to the socket's
address itself.
"""

from __future__ import annotations

import secrets
import sys
from collections.abc import Awaitable, Callable

from aiohttp import web
from textual_serve.server import Server

from tutor.cli import DEFAULT_SESSIONS

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
"""The names a browser on this machine may give the served address by."""

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def tutor_command() -> str:
    """The command textual-serve runs (through the shell) for each session: this
    interpreter's ``-m tutor``, its path quoted (it may hold a space)."""
    argv = [sys.executable, "-m", "tutor"]
    if sys.platform == "win32":
        import subprocess

        return subprocess.list2cmdline(argv)
    import shlex

    return shlex.join(argv)


class OwnerOnlyServer(Server):
    """textual-serve's server behind a token, a Host and Origin check and a cap."""

    def __init__(
        self,
        command: str,
        port: int,
        sessions: int = DEFAULT_SESSIONS,
        token: str | None = None,
        title: str = "Écarté tutor",
    ) -> None:
        super().__init__(command, host="localhost", port=port, title=title)
        self.token = token or secrets.token_urlsafe(32)
        self.sessions = sessions
        self.open_sessions = 0
        self.hosts = frozenset(f"{name}:{port}" if port != 80 else name for name in LOOPBACK_NAMES)
        self.origins = frozenset(f"http://{host}" for host in self.hosts)

    @property
    def url(self) -> str:
        """The address to open, token included."""
        return f"{self.public_url}/{self.token}/"

    async def _make_app(self) -> web.Application:
        served = await super()._make_app()
        root = web.Application(middlewares=[self._guard])
        root.add_subapp(f"/{self.token}/", served)
        return root

    async def on_startup(self, app: web.Application) -> None:
        print(f"The Écarté tutor is served at {self.url}", flush=True)
        print(
            "Open that address (the token in it lets only you use the tutor);"
            f" at most {self.sessions} sessions at once. Ctrl+C to stop.",
            flush=True,
        )

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        refusal = self.refusal(request)
        if refusal is not None:
            return web.Response(status=403, text=refusal + "\n")
        if not _is_socket(request):
            return await handler(request)
        if self.open_sessions >= self.sessions:
            open_now = _sessions(self.open_sessions)
            return web.Response(
                status=403,
                text=f"ecarte serve: {open_now} open, the most this server allows"
                " (--sessions); close one and reload\n",
            )
        self.open_sessions += 1
        try:
            return await handler(request)
        finally:
            self.open_sessions -= 1

    def refusal(self, request: web.Request) -> str | None:
        """Why ``request`` is refused, in one line; None if it is the owner's."""
        host = request.headers.get("Host", "")
        if host.lower() not in self.hosts:
            return (
                f"ecarte serve: the Host {_shown(host)} is not the address served"
                f" ({self.public_url})"
            )
        origin = request.headers.get("Origin")
        if origin is not None and origin.lower() not in self.origins:
            return (
                f"ecarte serve: a page from {_shown(origin)} may not use the tutor"
                f" served at {self.public_url}"
            )
        first = request.path.split("/", 2)[1]
        if not secrets.compare_digest(first.encode(), self.token.encode()):
            return (
                "ecarte serve: this address needs the token: open the address"
                " `ecarte serve` printed when it started"
            )
        return None


def _is_socket(request: web.Request) -> bool:
    return request.headers.get("Upgrade", "").lower() == "websocket"


def _sessions(count: int) -> str:
    return "1 session is" if count == 1 else f"{count} sessions are"


def _shown(value: str) -> str:
    """A header's value quoted, cut short: a refusal never echoes a huge header."""
    return repr(value) if len(value) <= 60 else repr(value[:60]) + "…"


def serve(port: int, sessions: int = DEFAULT_SESSIONS) -> int:
    server = OwnerOnlyServer(tutor_command(), port, sessions)
    server.serve()
    return 0
