"""Compile a bot's Python files without running them, in a process of its own.

`webui.bots.submission` runs this file as `python -I -S compile_sources.py MEMORY SECONDS`
with `{path: source}` as JSON on stdin. It imports nothing but the standard library, caps
its own address space and CPU time first, and prints one JSON object: `{}` when every file
compiles, else `{"path": ..., "line": ..., "error": ...}` for the first that does not.

Why a process: `compile()` of hostile source is costly in ways no size check predicts.
Half a million one-letter lines (1 MiB) take ~680 MiB to compile; a long chain of unary
minus signs overflows the parser. Here that costs a capped, throw-away process (which dies
or answers "too big"), never the web process.
"""

from __future__ import annotations

import json
import resource
import sys


def main() -> int:
    memory, seconds = int(sys.argv[1]), int(sys.argv[2])
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 1))
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    sources: dict[str, str] = json.loads(sys.stdin.buffer.read())
    result: dict[str, object] = {}
    for path, source in sources.items():
        try:
            compile(source, path, "exec", dont_inherit=True)
        except SyntaxError as exc:
            result = {"path": path, "line": exc.lineno, "error": f"syntax error: {exc.msg}"}
        except (MemoryError, RecursionError):
            result = {"path": path, "error": "too large or too deeply nested to compile"}
        except ValueError as exc:
            result = {"path": path, "error": str(exc)}
        if result:
            break
    sys.stdout.write(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
