"""A sandboxed bot writes only to its private tmpfs and sees only what is bound in."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

from arena.sandbox.runtime import default_runtime

WRITER = """
    import json, os
    results = {}
    here = os.path.dirname(os.path.abspath(__file__))
    paths = json.loads(os.environ["PATHS"]) + [os.path.join(here, "written-by-bot")]
    for path in paths:
        try:
            with open(path, "w") as f:
                f.write("x")
            results[path] = "ok"
        except OSError as exc:
            results[path] = exc.strerror
    results["HOME"] = os.environ["HOME"]
    results["cwd"] = os.getcwd()
    print(json.dumps(results))
"""

LOOKER = """
    import json, os
    print(json.dumps({p: os.path.exists(p) for p in json.loads(os.environ["PATHS"])}))
"""


def test_bot_cannot_write_outside_its_private_temp_dir(bots, socket_dir):
    refused = [
        "/written-by-bot",
        "/etc/written-by-bot",
        "/usr/written-by-bot",
        f"{default_runtime().roots[-1]}/written-by-bot",  # the Python runtime
        f"{socket_dir}/written-by-bot",  # the referee's socket folder
    ]
    bot = bots.start(WRITER, env={"PATHS": json.dumps(refused)}, socket_dir=socket_dir)
    assert bot.wait(20) == 0, bot.stderr_text()
    results = json.loads(bot.stdout_text())
    bot_file = str(bots.dir_of(bot) / "written-by-bot")
    for path in [*refused, bot_file]:
        assert results[path] == "Read-only file system", path
        assert not Path(path).exists()


def test_bot_writes_to_its_own_tmp_and_never_to_the_hosts(bots):
    host_tmp_file = f"/tmp/arena-sandbox-test-{uuid.uuid4().hex}"
    paths = [host_tmp_file, "/tmp/own.txt", "relative-in-cwd.txt"]
    bot = bots.run(WRITER, env={"PATHS": json.dumps(paths)})
    results = json.loads(bot.stdout_text())
    assert results["HOME"] == results["cwd"] == "/tmp"
    assert all(results[path] == "ok" for path in paths), results
    assert not Path(host_tmp_file).exists()


def test_bot_sees_no_host_files_beyond_system_runtime_and_its_own(bots, tmp_path: Path):
    neighbour = tmp_path / "another-bots-secret.txt"
    neighbour.write_text("secret")
    hidden = [
        str(neighbour),
        str(Path(__file__).resolve()),  # the project's source tree
        "/etc/passwd",
        "/etc/shadow",
        "/root/.bashrc",
        "/home",
        "/var/log",  # /var itself may lead to the bot runtime (/var/lib/arena/bot-runtime)
        "/var/lib/dpkg",
        "/run",
        "/sys/fs/cgroup",
    ]
    bot = bots.run(LOOKER, env={"PATHS": json.dumps(hidden)})
    visible = json.loads(bot.stdout_text())
    assert not any(visible.values()), {p for p, seen in visible.items() if seen}
