"""A TCP proxy in a thread of the test process: a real network hop that a test can cut.

`cut()` aborts every open connection at once, both ways, as a dropped link would (the
peers see a reset); new connections are served as before, so a client may come back.
`downstream` counts the bytes sent towards clients: a measure of how far a match got.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading


class TcpProxy:
    def __init__(self, upstream: str) -> None:
        self.host, port = upstream.rsplit(":", 1)
        self.port_up = int(port)
        self.downstream = 0
        self.cuts = 0
        self._transports: set[asyncio.StreamWriter] = set()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self._server = asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(10)
        self.address = f"127.0.0.1:{self._server.sockets[0].getsockname()[1]}"

    async def _start(self) -> asyncio.Server:
        return await asyncio.start_server(self._serve, "127.0.0.1", 0)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(self.host, self.port_up)
        except OSError:
            writer.transport.abort()
            return
        self._transports |= {writer, up_writer}
        await asyncio.gather(
            self._pipe(reader, up_writer, count=False),
            self._pipe(up_reader, writer, count=True),
            return_exceptions=True,
        )
        self._transports -= {writer, up_writer}

    async def _pipe(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, count: bool
    ) -> None:
        try:
            while data := await reader.read(65536):
                if count:
                    self.downstream += len(data)
                writer.write(data)
                await writer.drain()
        finally:
            with contextlib.suppress(Exception):
                writer.transport.abort()

    def cut(self) -> None:
        def abort_all() -> None:
            for writer in list(self._transports):
                writer.transport.abort()
            self.cuts += 1

        self._loop.call_soon_threadsafe(abort_all)

    def close(self) -> None:
        self._loop.call_soon_threadsafe(self._server.close)
        self.cut()
        self._loop.call_soon_threadsafe(self._loop.stop)
