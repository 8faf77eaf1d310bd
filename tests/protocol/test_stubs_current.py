"""The committed SDK stubs are exactly what `make proto` generates from proto/."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "sdk" / "arena_sdk" / "proto"


def _gen_proto():
    spec = importlib.util.spec_from_file_location("gen_proto", ROOT / "scripts" / "gen_proto.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _tree(folder: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    }


def test_committed_stubs_match_the_proto_files(tmp_path: Path) -> None:
    _gen_proto().generate(tmp_path / "proto")
    fresh, committed = _tree(tmp_path / "proto"), _tree(COMMITTED)
    assert sorted(fresh) == sorted(committed), "stub files added or removed: run `make proto`"
    stale = [name for name in fresh if fresh[name] != committed[name]]
    assert not stale, f"stubs out of date: {', '.join(stale)}; run `make proto`"


def test_stubs_import_from_inside_the_sdk_with_the_fast_backend() -> None:
    from google.protobuf.internal import api_implementation

    from arena_sdk.proto.arena.v1 import referee_pb2, referee_pb2_grpc

    assert referee_pb2.TurnRequest.DESCRIPTOR.full_name == "arena.v1.TurnRequest"
    assert referee_pb2_grpc.RefereeStub
    assert api_implementation.Type() == "upb", "the pure-Python protobuf is ~160x slower"
