"""The layer contract (`[tool.importlinter]` in pyproject.toml, run by `make lint`) holds for
the project, and each of its contracts fails on a violation: an import hidden inside a
function, in a stand-in tree of the same packages, breaks that contract."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
CONTRACTS = {
    c["id"]: c
    for c in tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
        "contracts"
    ]
}


def named(contract: dict) -> list[str]:
    """The modules a contract names: its sources and forbidden modules, or each module of
    each of its layers (siblings in a layer are written `a | b` or `a : b`)."""
    if contract["type"] == "layers":
        return [m.strip() for layer in contract["layers"] for m in re.split(r"[|:]", layer)]
    return [*contract["source_modules"], *contract["forbidden_modules"]]


#: Every module a contract names (and each one's parents), so that the stand-in tree has
#: each of them: a package added to a contract is in the tree without a second list.
MODULES = sorted(
    {
        ".".join(parts[:depth])
        for contract in CONTRACTS.values()
        for name in named(contract)
        for parts in [name.split(".")]
        for depth in range(1, len(parts) + 1)
    }
)
#: For each contract: a module it governs and one it forbids that module to import.
VIOLATIONS = {
    "engines": ("arena.games", "arena.match"),
    "rules": ("arena.games", "arena.bots"),
    "envs-above-engines": ("arena.games", "arena.envs"),
    "envs": ("arena.envs", "django"),
    "referee": ("arena.match", "webui"),
    "core": ("arena.ratings", "django"),
    "local-cli": ("arena.cli", "arena_platform"),
    "sdk": ("arena_sdk", "arena"),
    "web": ("webui", "workers"),
    "workers": ("workers", "arena_platform"),
    "gateway": ("gateway", "workers"),
    "wiz-war-layers": ("arena.games.wiz_war.figures", "arena.games.wiz_war.rules"),
}
#: What the platform is allowed to import, so that the stand-in tree uses django and celery
#: (external packages appear in the graph only once imported).
ALLOWED = {
    "webui": ["django"],
    "workers": ["celery", "webui", "arena.match", "arena.relay"],
    "gateway": ["django", "webui", "arena.relay"],
}


def lint_imports(cwd: Path, pythonpath: str, *contracts: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": pythonpath}
    only = [arg for contract in contracts for arg in ("--contract", contract)]
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", *only],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def stand_in_tree(root: Path, offender: str | None = None, forbidden: str = "") -> None:
    """Empty packages named like ours; `offender` imports `forbidden` inside a function."""
    for name in MODULES:
        folder = root.joinpath(*name.split("."))
        folder.mkdir(parents=True, exist_ok=True)
        lines = [f"import {target}\n" for target in ALLOWED.get(name, [])]
        if name == offender:
            lines.append(f"\n\ndef later() -> None:\n    import {forbidden}  # noqa: F401\n")
        (folder / "__init__.py").write_text("".join(lines))
    (root / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())


def test_the_project_keeps_every_contract() -> None:
    done = lint_imports(ROOT, os.environ.get("PYTHONPATH", ""))
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"Contracts: {len(CONTRACTS)} kept, 0 broken." in done.stdout


def test_the_stand_in_tree_keeps_every_contract(tmp_path: Path) -> None:
    stand_in_tree(tmp_path)
    done = lint_imports(tmp_path, str(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"Analyzed {len(MODULES)} files" in done.stdout  # the stand-ins, not the installed ones


def test_every_contract_has_a_violation_here() -> None:
    assert set(VIOLATIONS) == set(CONTRACTS)


@pytest.mark.parametrize("contract", sorted(VIOLATIONS))
def test_an_import_inside_a_function_breaks_the_contract(tmp_path: Path, contract: str) -> None:
    offender, forbidden = VIOLATIONS[contract]
    stand_in_tree(tmp_path, offender, forbidden)
    done = lint_imports(tmp_path, str(tmp_path), contract)  # others may overlap (core)
    assert done.returncode == 1, done.stdout + done.stderr
    broken = [
        line.removesuffix(" BROKEN")
        for line in done.stdout.splitlines()
        if line.endswith(" BROKEN")
    ]
    assert broken == [CONTRACTS[contract]["name"]]
    assert f"{offender} is not allowed to import {forbidden}" in done.stdout
