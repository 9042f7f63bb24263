"""Issue 33, item 4: ``ecarte serve`` answers only its owner: a token in the address
it prints (the page and the socket both need it), the Host and Origin checked
against the served address, and a cap on the sessions open at once; each refusal an
HTTP 403 with one line that says why."""

from __future__ import annotations

import asyncio
import shlex
import socket
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

import aiohttp
import pytest
from aiohttp import web

from tutor.cli import build_parser
from tutor.cli.serve import OwnerOnlyServer

TOKEN = "the-owners-token"

# A session's process: stands for the tutor, and ends when textual-serve says quit.
STAND_IN = shlex.join(
    [
        sys.executable,
        "-c",
        "import sys\n"
        "for piece in iter(lambda: sys.stdin.buffer.read1(4096), b''):\n"
        "    if b'quit' in piece: break",
    ]
)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@asynccontextmanager
async def serving(sessions: int = 4) -> AsyncIterator[OwnerOnlyServer]:
    port = _free_port()
    server = OwnerOnlyServer(STAND_IN, port, sessions, token=TOKEN)
    runner = web.AppRunner(await server._make_app())
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", port)
    await site.start()
    try:
        yield server
    finally:
        await runner.cleanup()


def run(test: Callable[[OwnerOnlyServer, aiohttp.ClientSession], Awaitable[None]], **kw) -> None:
    async def main() -> None:
        async with serving(**kw) as server, aiohttp.ClientSession() as client:
            await asyncio.wait_for(test(server, client), 60)

    asyncio.run(main())


async def until_no_session(server: OwnerOnlyServer, below: int = 1) -> None:
    """Wait until the server has seen sockets close and ended their sessions."""
    for _ in range(200):
        if server.open_sessions < below:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{server.open_sessions} sessions still open")


def base(server: OwnerOnlyServer) -> str:
    return f"http://127.0.0.1:{server.port}"


def test_the_address_printed_holds_a_fresh_token():
    one, two = OwnerOnlyServer("x", 8000), OwnerOnlyServer("x", 8000)
    assert one.token != two.token and len(one.token) >= 32
    assert one.url == f"http://localhost:8000/{one.token}/"


def test_the_page_is_served_with_the_token_and_its_socket_holds_it():
    async def test(server: OwnerOnlyServer, client: aiohttp.ClientSession) -> None:
        async with client.get(f"{base(server)}/{TOKEN}/") as response:
            assert response.status == 200
            page = await response.text()
        assert f'data-session-websocket-url="ws://localhost:{server.port}/{TOKEN}/ws"' in page
        async with client.get(f"{base(server)}/{TOKEN}/static/js/textual.js") as response:
            assert response.status == 200

    run(test)


@pytest.mark.parametrize("path", ["/", "/ws", "/static/js/textual.js", "/wrong-token/", "/x"])
def test_a_missing_or_wrong_token_is_refused(path):
    async def test(server: OwnerOnlyServer, client: aiohttp.ClientSession) -> None:
        async with client.get(base(server) + path) as response:
            assert response.status == 403
            text = await response.text()
        assert text == (
            "ecarte serve: this address needs the token: open the address"
            " `ecarte serve` printed when it started\n"
        )

    run(test)


def test_a_socket_without_the_token_is_refused():
    async def test(server: OwnerOnlyServer, client: aiohttp.ClientSession) -> None:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(f"{base(server)}/ws")
        assert refused.value.status == 403
        assert server.open_sessions == 0

    run(test)


def test_a_foreign_origin_is_refused_page_and_socket():
    async def test(server: OwnerOnlyServer, client: aiohttp.ClientSession) -> None:
        evil = {"Origin": "http://evil.example"}
        async with client.get(f"{base(server)}/{TOKEN}/", headers=evil) as response:
            assert response.status == 403
            assert await response.text() == (
                "ecarte serve: a page from 'http://evil.example' may not use the tutor"
                f" served at http://localhost:{server.port}\n"
            )
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(f"{base(server)}/{TOKEN}/ws", headers=evil)
        assert refused.value.status == 403
        # another port on this machine is another origin
        other = {"Origin": f"http://localhost:{server.port + 1}"}
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await client.ws_connect(f"{base(server)}/{TOKEN}/ws", headers=other)

    run(test)


def test_a_foreign_host_is_refused():
    """DNS rebinding: a foreign name that resolves to this machine."""

    async def test(server: OwnerOnlyServer, client: aiohttp.ClientSession) -> None:
        host = {"Host": f"evil.example:{server.port}"}
        async with client.get(f"{base(server)}/{TOKEN}/", headers=host) as response:
            assert response.status == 403
            assert await response.text() == (
                f"ecarte serve: the Host 'evil.example:{server.port}' is not the address"
                f" served (http://localhost:{server.port})\n"
            )

    run(test)


def test_the_owners_socket_is_accepted_and_the_cap_refused_saying_how_many_are_open():
    async def test(server: OwnerOnlyServer, client: aiohttp.ClientSession) -> None:
        own = {"Origin": f"http://localhost:{server.port}"}
        url = f"{base(server)}/{TOKEN}/ws?width=80&height=24"
        first = await client.ws_connect(url, headers=own)
        second = await client.ws_connect(url, headers={"Origin": f"http://127.0.0.1:{server.port}"})
        assert server.open_sessions == 2
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(url, headers=own)
        assert refused.value.status == 403
        async with client.get(url, headers={**own, "Upgrade": "websocket"}) as response:
            assert response.status == 403
            assert await response.text() == (
                "ecarte serve: 2 sessions are open, the most this server allows (--sessions);"
                " close one and reload\n"
            )
        await first.close()
        await until_no_session(server, below=2)
        third = await client.ws_connect(url, headers=own)
        await third.close()
        await second.close()
        await until_no_session(server)

    run(test, sessions=2)


def test_sessions_option_is_bounded():
    parser = build_parser()
    assert parser.parse_args(["serve"]).sessions == 4
    assert parser.parse_args(["serve", "--sessions", "2"]).sessions == 2
    with pytest.raises(SystemExit):
        parser.parse_args(["serve", "--sessions", "0"])


def test_ecarte_serve_prints_the_address_with_its_token_and_refuses_without_it():
    """The command itself, in a subprocess: the address it prints opens the page; the
    same address without the token is refused."""
    import re
    import subprocess
    import urllib.error
    import urllib.request

    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "tutor", "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.search(rf"http://localhost:{port}/([\w-]+)/", line)
        assert found, line
        # the address is printed as the server starts: wait for it to listen
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(found.group(0), timeout=10) as response:
                    assert response.status == 200
                break
            except urllib.error.URLError as exc:
                if isinstance(exc, urllib.error.HTTPError) or time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://localhost:{port}/", timeout=10)
        assert refused.value.code == 403
        assert "needs the token" in refused.value.read().decode()
    finally:
        process.terminate()
        process.wait(timeout=10)
