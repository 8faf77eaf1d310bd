"""Load a bot from a Python file: shared by `arena play` and `arena-bot run`.

A bot file needs no boilerplate: it defines one `Bot` subclass, or names its bot `bot`
(an instance or a class) or `Bot` (a class). The file's folder goes on `sys.path`, so a
bot may import helper modules kept next to it.
"""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
import sys
from pathlib import Path
from types import ModuleType

from arena_sdk.bot import Bot


class BotLoadError(ValueError):
    """The file cannot be loaded or holds no single, clear bot."""


def load_module(path: str | Path) -> ModuleType:
    """Import the file under a private module name derived from its path."""
    path = Path(path).resolve()
    if not path.is_file():
        raise BotLoadError(f"{path}: no such file")
    folder = str(path.parent)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    digest = hashlib.sha1(str(path).encode()).hexdigest()[:10]
    name = f"arena_bot_{path.stem}_{digest}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise BotLoadError(f"{path}: not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        sys.modules.pop(name, None)
        raise BotLoadError(f"{path}: {type(exc).__name__}: {exc}") from exc
    return module


def find_bot(module: ModuleType) -> Bot | type[Bot]:
    """The module's bot: `bot`, then `Bot`, then its only Bot subclass."""
    for attribute in ("bot", "Bot"):
        candidate = getattr(module, attribute, None)
        if isinstance(candidate, Bot) or (_is_bot_class(candidate) and candidate is not Bot):
            return candidate
    defined = [
        value
        for value in vars(module).values()
        if _is_bot_class(value) and value is not Bot and value.__module__ == module.__name__
    ]
    if len(defined) == 1:
        return defined[0]
    where = module.__file__ or module.__name__
    if not defined:
        raise BotLoadError(f"{where}: defines no subclass of arena_sdk.Bot (nor `bot`)")
    names = ", ".join(sorted(cls.__name__ for cls in defined))
    raise BotLoadError(f"{where}: several Bot subclasses ({names}); name one `bot = ...`")


def load_bot(path: str | Path, seed: int | None = None) -> Bot:
    """A ready bot from `path`; a class is instantiated with `seed` if it takes one."""
    found = find_bot(load_module(path))
    if isinstance(found, Bot):
        return found
    try:
        takes_seed = "seed" in inspect.signature(found).parameters
    except (TypeError, ValueError):
        takes_seed = False
    try:
        return found(seed=seed) if takes_seed else found()
    except Exception as exc:
        raise BotLoadError(f"{path}: {found.__name__}() failed: {exc}") from exc


def _is_bot_class(value: object) -> bool:
    return inspect.isclass(value) and issubclass(value, Bot)
