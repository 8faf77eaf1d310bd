"""close() leaves nothing behind: no process of the bot's tree, no cgroup."""

from __future__ import annotations

import os

import pytest

DOUBLE_FORK = """
    import os, time
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            print("grandchild up", flush=True)
            time.sleep(600)
        os._exit(0)
    time.sleep(600)
"""


@pytest.mark.parametrize("mode", ["bwrap", "none"])
def test_close_kills_a_double_forked_grandchild_in_its_own_session(bots, mode):
    bot = bots.start(DOUBLE_FORK, mode=mode, cgroup=True)
    assert bots.wait_until(lambda: "grandchild up" in bot.stdout_text()), bot.stderr_text()
    assert len(bots.host_processes(bot)) >= 2
    assert bot.wait(0.1) is None and bot.exit_reason() is None  # still running
    cgroup = bot.cgroup
    assert cgroup is not None

    bot.close()

    assert bots.host_processes(bot) == []
    assert not cgroup.path.exists()
    assert bot.exit_reason() == "killed by referee"


def test_close_after_a_clean_exit_keeps_the_exit_reason(bots):
    bot = bots.start("import sys; sys.exit(3)")
    assert bot.wait(20) == 3
    bot.close()
    bot.close()  # idempotent
    assert bot.exit_reason() == "exit 3"


@pytest.mark.parametrize("mode", ["bwrap", "none"])
def test_exit_reason_names_the_signal_that_killed_the_bot(bots, mode):
    bot = bots.run("import os, signal; os.kill(os.getpid(), signal.SIGSEGV)", mode=mode)
    assert bot.exit_reason() == "killed by SIGSEGV"


def test_none_mode_removes_its_private_work_dir(bots):
    bot = bots.run("import os; print(os.getcwd())", mode="none")
    workdir = bot.stdout_text().strip()
    assert workdir.startswith("/tmp/arena-")
    assert not os.path.exists(workdir)
