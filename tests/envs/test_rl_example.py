"""The trained example bot (examples/rl): its committed weights beat the random bot, and the
bot folder loads as the platform loads an upload, without NumPy (the bot runtime has none)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import textwrap
from pathlib import Path
from types import ModuleType

from arena.sandbox.workspace import locate_bot
from arena_sdk.loader import load_bot

FOLDER = Path(__file__).resolve().parents[2] / "examples" / "rl"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"examples_rl_{name}", FOLDER / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_weights_beat_random_in_seeded_games() -> None:
    wins, lost = load("evaluate").win_rate(games=20, opponent="random")
    assert wins >= 18, f"won {wins} of 20; not won: seeds {lost}"


def test_bot_folder_loads_as_an_upload_does() -> None:
    entry, package = locate_bot(FOLDER)
    assert entry == FOLDER / "bot.py" and package == FOLDER
    bot = load_bot(entry, seed=1)
    assert bot.name == "learned-towers"
    assert len(bot.weights) == len(load("bot").FEATURES)


def test_bot_plays_without_numpy() -> None:
    """The platform's bot runtime holds the SDK and the engines only: no NumPy."""
    script = textwrap.dedent(
        f"""
        import sys
        sys.modules["numpy"] = None  # any import of numpy now fails
        import arena.games
        from arena_sdk import Action
        from arena_sdk.loader import load_bot

        bot = load_bot({str(FOLDER / "bot.py")!r}, seed=3)
        state = arena.games.get("wandering_towers").new_state(2, 5, {{}})
        for _ in range(40):
            seat = state.to_move()
            legal = [Action(c, state.describe(c)) for c in state.legal_actions()]
            code = bot.act(state.observe(seat), legal)
            assert code in state.legal_actions()
            state.apply(code)
        print("ok")
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
