"""Game clocks under load: two phones per table holding the clock's stream, taps between them.

Used by serve.py (`--clocks N`): N tables' clocks run, each table's two phones hold their
stream open on the push server (server-sent events), and the phone whose side runs taps "end
my turn" every --tap-every seconds (give or take half) while the taps are on. For each tap the
time from sending it to the other phone's stream carrying the new state is kept: that is how
long the opponent waits to see the tap (goal: p95 < 1 s).

One thread runs an event loop that holds every stream and sends every tap (a thread per phone
would cost the client more than the server); HTTP is spoken by hand (asyncio streams), enough
for loopback: one request per tap on a fresh connection, chunked event streams.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import threading
import time


def _percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def _post(address, path: str, body: dict, key: str) -> tuple[int, dict]:
    reader, writer = await asyncio.open_connection(*address)
    data = json.dumps(body).encode()
    head = (
        f"POST {path} HTTP/1.1\r\nHost: {address[0]}:{address[1]}\r\nConnection: close\r\n"
        f"Authorization: Key {key}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(data)}\r\n\r\n"
    )
    writer.write(head.encode() + data)
    await writer.drain()
    raw = await reader.read()
    writer.close()
    head, _, payload = raw.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    if b"chunked" in head.lower():
        payload = _unchunk(payload)
    try:
        return status, json.loads(payload or b"{}")
    except ValueError:
        return status, {}


def _unchunk(payload: bytes) -> bytes:
    out, rest = b"", payload
    while rest:
        size_line, _, rest = rest.partition(b"\r\n")
        size = int(size_line.split(b";")[0] or b"0", 16)
        if size == 0:
            break
        out, rest = out + rest[:size], rest[size + 2 :]
    return out


class ClockPhones:
    def __init__(self, main, push, tables: list[tuple[int, str, str]], tap_every: float) -> None:
        self.main, self.push, self.tables, self.tap_every = main, push, tables, tap_every
        self.latencies: list[float] = []
        self.taps = self.refused = self.stream_errors = self.reconnects = 0
        self.sent: dict[tuple[int, int], float] = {}  # (game, version) -> when the tap left
        self.seen: dict[tuple[int, str], int] = {}  # (game, side) -> newest version on it
        self.state: dict[int, dict] = {}  # game -> the tapper's last answer
        self.connected = threading.Event()
        self.tapping = threading.Event()
        self.stopping = threading.Event()
        self.open_streams = 0

    # ---- the streams ----

    async def _stream(self, game: int, side: str, key: str) -> None:
        path = f"/api/games/{game}/clock/stream/?key={key}"
        first = True
        while not self.stopping.is_set():
            try:
                reader, writer = await asyncio.open_connection(*self.push)
                writer.write(
                    f"GET {path} HTTP/1.1\r\nHost: {self.push[0]}\r\n"
                    "Accept: text/event-stream\r\n\r\n".encode()
                )
                await writer.drain()
                head = await reader.readuntil(b"\r\n\r\n")
                if b" 200 " not in head.split(b"\r\n", 1)[0]:
                    raise OSError(head.split(b"\r\n", 1)[0].decode())
                if first:
                    self.open_streams += 1
                    first = False
                    if self.open_streams == 2 * len(self.tables):
                        self.connected.set()
                await self._read_events(reader, game, side)
                writer.close()
            except (OSError, asyncio.IncompleteReadError, ValueError):
                self.stream_errors += 1
                await asyncio.sleep(1)
            self.reconnects += 1

    async def _read_events(self, reader, game: int, side: str) -> None:
        buffer = b""
        while not self.stopping.is_set():
            size_line = await reader.readuntil(b"\r\n")
            size = int(size_line.split(b";")[0].strip() or b"0", 16)
            if size == 0:
                return  # the stream ended (its lifetime): the phone opens a new one
            buffer += (await reader.readexactly(size + 2))[:-2]
            while b"\n\n" in buffer:
                event, buffer = buffer.split(b"\n\n", 1)
                for line in event.split(b"\n"):
                    if line.startswith(b"data:"):
                        self._arrived(game, side, json.loads(line[5:]))

    def _arrived(self, game: int, side: str, state: dict) -> None:
        now = time.monotonic()
        version = state["version"]
        if version <= self.seen.get((game, side), -1):
            return
        self.seen[(game, side)] = version
        sent = self.sent.pop((game, version), None)
        if sent is not None and side != self.state.get(game, {}).get("tapped_by"):
            self.latencies.append(now - sent)
        elif sent is not None:
            self.sent[(game, version)] = sent  # the tapper's own phone: wait for the other

    # ---- the taps ----

    async def _table(self, game: int, key_a: str, key_b: str) -> None:
        keys = {"a": key_a, "b": key_b}
        start = {"action": "start", "version": self._version(game)}
        status, state = await _post(self.main, f"/api/games/{game}/clock/", start, key_a)
        if status != 200:
            self.refused += 1
            return
        self.state[game] = state
        while not self.stopping.is_set():
            await asyncio.sleep(self.tap_every * random.uniform(0.5, 1.5))
            if not self.tapping.is_set():
                continue
            running = self.state[game]["running"]
            version = self.state[game]["version"]
            self.sent[(game, version + 1)] = time.monotonic()
            self.taps += 1
            body = {"action": "pass", "version": version}
            status, state = await _post(self.main, f"/api/games/{game}/clock/", body, keys[running])
            if status != 200:
                self.refused += 1
                self.sent.pop((game, version + 1), None)
                continue
            state["tapped_by"] = running
            self.state[game] = state

    def _version(self, game: int) -> int:
        return max((v for (g, _), v in self.seen.items() if g == game), default=0)

    # ---- the thread ----

    async def _main(self) -> None:
        streams = []
        for game, key_a, key_b in self.tables:
            streams.append(asyncio.ensure_future(self._stream(game, "a", key_a)))
            streams.append(asyncio.ensure_future(self._stream(game, "b", key_b)))
            await asyncio.sleep(0.002)  # phones open their page over a few seconds
        while not self.connected.is_set() and not self.stopping.is_set():
            await asyncio.sleep(0.1)
        tables = [asyncio.ensure_future(self._table(*t)) for t in self.tables]
        while not self.stopping.is_set():
            await asyncio.sleep(0.1)
        for task in streams + tables:
            task.cancel()
        await asyncio.gather(*streams, *tables, return_exceptions=True)

    def start(self) -> None:
        self.thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True)
        self.thread.start()
        if not self.connected.wait(120):
            raise SystemExit(f"only {self.open_streams} clock streams opened within 120 s")

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(30)

    def take(self) -> list[float]:
        """The latencies kept since the last take."""
        taken, self.latencies = self.latencies, []
        return taken

    @staticmethod
    def row(latencies: list[float]) -> dict:
        return {
            "taps": len(latencies),
            "p50": statistics.median(latencies) if latencies else float("nan"),
            "p95": _percentile(latencies, 0.95),
            "max": max(latencies, default=float("nan")),
        }
