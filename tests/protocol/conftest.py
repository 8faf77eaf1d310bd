"""Fixtures for the wire protocol: a live referee server on a Unix socket and TCP."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.match.grpc_server import RefereeServer


@pytest.fixture
def sock_dir() -> Iterator[Path]:
    """A short folder: a Unix socket path must fit in 107 bytes."""
    folder = Path(tempfile.mkdtemp(prefix="arena-", dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def server(sock_dir: Path) -> Iterator[RefereeServer]:
    """A referee server on a Unix socket (first address) and TCP loopback (second)."""
    with RefereeServer(unix_socket=sock_dir / "ref.sock", tcp="127.0.0.1:0") as running:
        yield running
