"""Sandboxes started before their match: a bot's seat is ready the moment it is dealt.

A sandboxed Python spends ~0.1 s of CPU importing grpc, protobuf and the SDK before it
can say hello, and a 4-bot table on 2 cores waits for all of them. A `Standby` is that
sandbox already started: its private folder (an empty code folder and the socket folder,
both bound read-only), its referee server listening, and `arena-bot standby` waiting on
stdin with the imports done. Seating a bot copies its code into the code folder and tells
the process, in one line, which file to play, where and with what token.

Each standby serves one seat of one match and is never reused: no bot ever shares a
process, a folder, a server or (under a root referee) a host uid with another bot or
match. The uid is leased when the standby is made (arena.sandbox.uids) and given back
when its seat is done. Until it is told, a standby has
run no bot code, so one that waited long is as clean as a new one.
"""

from __future__ import annotations

import atexit
import logging
import os
import shutil
import threading

from arena.match.grpc_server import RefereeServer
from arena.sandbox import SandboxConfig, SandboxedProcess
from arena.sandbox.uids import lease
from arena.sandbox.workspace import hand_over, private_dir

log = logging.getLogger(__name__)


class Standby:
    """One started sandbox waiting for its bot. `close()` it if it is never seated.

    `launch=False` makes the folder and the server only: `launch()` then starts the
    process (a bot seated at once has its code copied first, so a refused copy starts
    no sandbox at all).
    """

    def __init__(self, config: SandboxConfig | None = None, *, launch: bool = True) -> None:
        self._lease = lease(config or SandboxConfig())
        #: The configuration pinned to this sandbox's own uid.
        self.config = self._lease.config
        self.server: RefereeServer | None = None
        self.process: SandboxedProcess | None = None
        try:
            self.dir = private_dir(self.config)
        except BaseException:
            self._lease.release()
            raise
        try:
            self.code_dir = self.dir / "code"
            self.code_dir.mkdir(mode=0o755)
            #: Where a seated bot's code is copied: a new folder inside the bound one.
            self.bot_dir = self.code_dir / "bot"
            self.socket_dir = self.dir / "sock"
            self.socket_dir.mkdir()
            self.socket = self.socket_dir / "referee.sock"
            self.server = RefereeServer(unix_socket=self.socket).start()
            hand_over(self.socket, self.config)  # connecting takes write permission on it
            if launch:
                self.launch()
        except BaseException:
            self.close()
            raise

    def launch(self) -> SandboxedProcess:
        argv = self.config.python().argv("-m", "arena_sdk.cli", "standby", "--quiet")
        self.process = SandboxedProcess.start(
            argv,
            bot_dir=self.code_dir,
            socket_dir=self.socket_dir,
            config=self.config,
            name="standby",
            stdin=True,
        )
        return self.process

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def close(self) -> None:
        """Stop the process and the server and remove the folder (a standby never seated)."""
        if self.process is not None:
            self.process.close()
        if self.server is not None:
            self.server.stop(grace=0)
        shutil.rmtree(self.dir, ignore_errors=True)
        self.release()

    def release(self) -> None:
        """Give the sandbox's uid back, once its process is closed and left nothing running
        (else the uid stays taken until this process exits)."""
        if self.process is None or self.process.emptied:
            self._lease.release()
        elif self._lease.held:
            log.warning("uid %s stays leased: processes of its bot survived", self._lease.uid)
            _stuck.append(self._lease)


class StandbyPool:
    """Keeps `size` standbys started for one sandbox configuration, refilled as they are
    taken, so the next match's seats start while this one plays.

    One long-lived thread starts them all: a sandbox dies with the thread that started it
    (bwrap's --die-with-parent follows the parent thread), so that thread lives as long
    as the pool, and closing the pool ends it and every standby still waiting.
    """

    def __init__(self, size: int, config: SandboxConfig | None = None) -> None:
        self.size = size
        self.config = config or SandboxConfig()
        self._idle: list[Standby] = []
        self._changed = threading.Condition()
        self._starter: threading.Thread | None = None
        self._closed = False
        self._pid = os.getpid()

    def take(self) -> Standby:
        """A started standby: a waiting one if there is one, else one started now."""
        standby = None
        with self._changed:
            while self._idle and standby is None:
                candidate = self._idle.pop(0)
                if candidate.alive():
                    standby = candidate
                else:
                    candidate.close()
            self._changed.notify_all()
        self.fill()
        return standby or Standby(self.config)

    def fill(self) -> None:
        """Have the pool's thread start standbys until `size` wait."""
        with self._changed:
            if self._closed or self.size <= 0:
                return
            if self._starter is None:
                self._starter = threading.Thread(
                    target=self._keep_filled, name="standby-starter", daemon=True
                )
                self._starter.start()
            self._changed.notify_all()

    def _keep_filled(self) -> None:
        failures = 0
        while True:
            with self._changed:
                while not self._closed and len(self._idle) >= self.size:
                    self._changed.wait()
                if self._closed:
                    return
            try:
                standby = Standby(self.config)
                failures = 0
            except Exception as exc:  # take() starts one itself meanwhile, and says why
                failures += 1
                log.warning("cannot start a standby sandbox: %s", exc)
                with self._changed:
                    self._changed.wait(timeout=min(60.0, 2.0**failures))
                continue
            with self._changed:
                if self._closed:
                    standby.close()
                    return
                self._idle.append(standby)

    def waiting(self) -> int:
        with self._changed:
            return sum(1 for standby in self._idle if standby.alive())

    def close(self) -> None:
        """End the pool's thread and every standby still waiting (in the process that
        made the pool: a forked child's exit leaves its parent's standbys alone)."""
        if os.getpid() != self._pid:
            return
        with self._changed:
            self._closed = True
            self._changed.notify_all()
            starter = self._starter
        if starter is not None and starter is not threading.current_thread():
            starter.join(timeout=15)
        with self._changed:
            idle, self._idle = self._idle, []
        for standby in idle:
            standby.close()


#: Leases of sandboxes whose processes survived: kept, so that no other bot gets the uid.
_stuck: list[object] = []
_shared: StandbyPool | None = None
_shared_pid = 0
_shared_lock = threading.Lock()


def shared_pool(size: int) -> StandbyPool:
    """This process's pool for the default sandbox (a forked child makes its own), holding
    `size` standbys from now on; closed when the process exits."""
    global _shared, _shared_pid
    with _shared_lock:
        if _shared is None or _shared_pid != os.getpid():
            _shared, _shared_pid = StandbyPool(size), os.getpid()
            atexit.register(_shared.close)
        _shared.size = size
        return _shared
