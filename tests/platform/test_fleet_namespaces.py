"""A fleet over several machines, for real: five network namespaces on one bridge.

- db: its own PostgreSQL (initdb'd here, a password over the subnet) and Redis (Valkey),
  listening on its address only;
- worker-a, worker-b: `arena worker` each, with a data folder, temp folder, sandbox uid
  range and lease folder of its own;
- web: `arena migrate`, then `arena web` (gunicorn), `arena gateway`, `arena beat` and
  `arena sweeper`;
- client: someone's machine: `arena-bot submit` uploads a hosted bot, `arena-bot connect`
  plays a remote bot through the gateway.

Each process is told the others' addresses and nothing else (no 127.0.0.1, no folder in
common; its working folder is its host's). The test itself sits on the bridge: it signs
people up, plays a person's table over HTTP (live.json and act, as the browser does), reads
the database and scrapes every process's metrics. Once at least 30 matches are played it
takes down the link of the worker host playing the person's table, mid-match: the table is
played again on the other host to the end, nothing is lost or recorded twice, and the
sweeper's and the surviving worker's metrics show the match given back and finished.
"""

from __future__ import annotations

import json
import re
import secrets
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from arena_env import REPO, TIMINGS, missing
from fleet_support import (
    Fleet,
    FleetUnavailable,
    Started,
    Visitor,
    arena,
    check_machine,
    clean_env,
    start_postgres,
    start_valkey,
    wait_until,
)
from prometheus_client.parser import text_string_to_metric_families

pytestmark = pytest.mark.slow

GAME = "wandering_towers"
#: The person's table: Wiz War ends after five rounds, some 50-80 of the person's turns.
TABLE = {"game": "wiz_war", "players": "2", "seat": "0", "option_round_limit": "5"}
HOMEWARD = str(REPO / "examples" / "wandering_towers" / "homeward.py")
#: `arena-bot`, as a bot author on the client host runs it.
SDK = [sys.executable, "-m", "arena_sdk.cli"]
HOSTS = ["db", "worker-a", "worker-b", "web", "client"]
#: Disjoint sandbox uids for the two worker hosts (one kernel, no lease folder in common),
#: outside the default range the other tests' workers use.
SANDBOX_UIDS = {"worker-a": "61100-61139", "worker-b": "61140-61179"}
MATCHES = 30
PASSWORD = "Fleet-pass-" + secrets.token_hex(4)


@pytest.fixture
def fleet(tmp_path: Path) -> Iterator[Fleet]:
    try:
        check_machine()
    except FleetUnavailable as exc:
        missing("a fleet of network namespaces", exc)
    built = Fleet(tmp_path)
    try:
        built.build(HOSTS)
        yield built
    finally:
        built.close()


def rows(url: str, query: str, *params: object) -> list[tuple]:
    import psycopg

    with psycopg.connect(url, connect_timeout=5) as conn:
        return conn.execute(query, params).fetchall()


def scrape(address: str, timeout: float = 10) -> dict[tuple[str, tuple], float]:
    """One scrape over the network: (series name, sorted labels) -> value."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(f"http://{address}/metrics", timeout=timeout) as answer:
        text = answer.read().decode()
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def total(series: dict, name: str, **labels: str) -> float:
    wanted = set(labels.items())
    return sum(v for (n, got), v in series.items() if n == name and wanted <= set(got))


def sign_up(site: str, username: str) -> Visitor:
    visitor = Visitor(site)
    password = "a long passphrase " + secrets.token_hex(4)
    fields = {"username": username, "password1": password, "password2": password}
    status, body, _ = visitor.post_form("/accounts/signup/", fields)
    assert status == 200 and any(c.name == "sessionid" for c in visitor.cookies), body[-2000:]
    return visitor


def shown(body: str, element: str) -> str:
    found = re.search(rf'id="{element}">([^<]+)<', body)
    assert found, f"no #{element} in the page:\n{body[-2000:]}"
    return found.group(1).strip()


class Person(threading.Thread):
    """A person at the table, over HTTP: reads the open turn from live.json and answers it
    with its first legal action, until the match is over. Holds after `hold_after` answers
    until `go` is set, so the test knows the match is mid-way."""

    def __init__(self, visitor: Visitor, match_id: int, hold_after: int) -> None:
        super().__init__(name=f"person-{match_id}", daemon=True)
        self.visitor, self.match_id, self.hold_after = visitor, match_id, hold_after
        self.go = threading.Event()
        self.answered = 0
        self.refused: list[str] = []
        self.over = threading.Event()
        self.error = ""

    def run(self) -> None:
        table = f"/play/{self.match_id}/"
        deadline = time.monotonic() + 240
        try:
            while time.monotonic() < deadline:
                status, body, _ = self.visitor.get(table + "live.json")
                if status != 200:
                    time.sleep(0.3)  # the web cannot reach its database or Redis: a blip
                    continue
                live = json.loads(body)
                if live.get("status") == "finished":
                    self.over.set()
                    return
                turn = live.get("turn")
                if not turn:
                    time.sleep(0.1)
                    continue
                if self.answered >= self.hold_after:
                    self.go.wait()
                answer = json.dumps({"request": turn["request"], "code": turn["legal"][0]["code"]})
                status, body, _ = self.visitor.post_json(table + "act", answer)
                if status == 200:
                    self.answered += 1
                else:
                    self.refused.append(f"{status} {body[:120]}")
                    time.sleep(0.2)
            self.error = "the table did not end in 240 s"
        except Exception as exc:  # reported by the test
            self.error = repr(exc)


def test_a_fleet_of_hosts_plays_on_when_a_worker_host_drops_off_the_network(
    fleet: Fleet,
) -> None:
    began = time.monotonic()
    addr = {name: host.address for name, host in fleet.hosts.items()}
    db, web = addr["db"], addr["web"]
    try:
        _run_fleet(fleet, addr, db, web, began)
    except (Exception, pytest.fail.Exception) as exc:
        tails = "\n".join(f"--- {s.name} ---\n{s.log(2500)}" for s in fleet.started)
        raise AssertionError(
            f"{exc}\n\nthe fleet's logs (whole in {fleet.logs}), their ends:\n{tails}"
        ) from exc


def _run_fleet(fleet: Fleet, addr: dict[str, str], db: str, web: str, began: float) -> None:
    # --- the database host: PostgreSQL and Redis of its own, on its address ---------------
    start_postgres(fleet, "db", PASSWORD)
    start_valkey(fleet, "db")
    admin = f"postgresql://arena:{PASSWORD}@{db}:5432/postgres"
    wait_until(lambda: _answers(admin), 30, "PostgreSQL on the db host")
    rows(admin, "SELECT 1")
    import psycopg

    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute("CREATE DATABASE arena")
    url = f"postgresql://arena:{PASSWORD}@{db}:5432/arena"
    common = {
        **TIMINGS,
        "ARENA_DATABASE_URL": url,
        "ARENA_BROKER_URL": f"redis://{db}:6379/0",
        "ARENA_CACHE_URL": f"redis://{db}:6379/1",
        "ARENA_SECRET_KEY": "fleet-" + secrets.token_hex(16),
        "ARENA_LADDER_DEPTH": "2",
        "ARENA_REMOTE_JOIN_SECONDS": "20",
        "ARENA_REMOTE_GRACE_SECONDS": "6",
        # A host cut off mid-transaction holds its row locks until the server ends it.
        "ARENA_DB_IDLE_TRANSACTION_SECONDS": "5",
    }

    def env(host: str, **more: str) -> dict[str, str]:
        folder = fleet.hosts[host].folder
        (folder / "tmp").mkdir(exist_ok=True)
        (folder / "tmp").chmod(0o755)
        own = {
            "ARENA_DATA_DIR": str(folder / "data"),
            "ARENA_METRICS_DIR": str(folder / "metrics"),
            "TMPDIR": str(folder / "tmp"),
        }
        return clean_env(**common, **own, **more)

    # --- the web host: migrate, then the site, the gateway, beat and the sweeper -----------
    migrated = fleet.call("web", arena("migrate"), env("web"))
    assert migrated.returncode == 0, migrated.stdout + migrated.stderr
    site = f"http://{web}:8000"
    web_env = env(
        "web",
        ARENA_METRICS="1",
        ARENA_ALLOWED_HOSTS=web,
        ARENA_GATEWAY_ADDRESS=f"{web}:50051",
    )
    fleet.run("web", "web", arena("web", "--bind", f"{web}:8000", "--workers", "2"), web_env)
    gateway = fleet.run(
        "web",
        "gateway",
        arena(
            "gateway",
            "--listen",
            f"{web}:50051",
            "--name",
            "gw-web",
            "--metrics-listen",
            f"{web}:9101",
        ),
        web_env,
    )
    sweeper = fleet.run(
        "web", "sweeper", arena("sweeper", "--metrics-listen", f"{web}:9102"), web_env
    )
    fleet.run("web", "beat", arena("beat", "--metrics-listen", f"{web}:9103"), web_env)

    # --- two worker hosts ---------------------------------------------------------------
    workers: dict[str, Started] = {}
    for host in ("worker-a", "worker-b"):
        folder = fleet.hosts[host].folder
        worker_env = env(
            host,
            ARENA_SANDBOX_UIDS=SANDBOX_UIDS[host],
            ARENA_SANDBOX_LEASES=str(folder / "sandbox-uids"),
        )
        argv = arena("worker", "--name", host, "--concurrency", "2")
        argv += ["--metrics-listen", f"{addr[host]}:9100"]
        workers[host] = fleet.run(host, "worker", argv, worker_env)

    def up(started: Started, line: str) -> bool:
        assert started.alive(), f"{started.name} died"
        return line in started.log()

    wait_until(lambda: _answers_http(site + "/healthz"), 60, "the site to answer")
    wait_until(lambda: up(gateway, "serving on"), 30, "the gateway")
    wait_until(lambda: up(sweeper, "sweeper running"), 30, "the sweeper")
    for host, started in workers.items():
        wait_until(lambda s=started: up(s, "ready."), 60, f"{host}'s worker")
    services_up = time.monotonic() - began

    # --- someone on the client host: a hosted bot uploaded, a remote bot connected --------
    ada = sign_up(site, "ada")
    _, body, _ = ada.post_form("/accounts/token/", {})
    api_token = shown(body, "token")
    submit = fleet.run(
        "client",
        "submit",
        [
            *SDK,
            "submit",
            HOMEWARD,
            "--game",
            GAME,
            "--name",
            "homeward",
            "--server",
            site,
            "--token",
            api_token,
            "--wait",
            "120",
        ],
        clean_env(),
    )
    _, body, _ = ada.post_form(
        "/bots/remote/new", {"game": GAME, "name": "far", "concurrency": "1"}
    )
    bot_token = shown(body, "bot-token")
    fleet.run(
        "client",
        "remote-bot",
        [*SDK, "connect", HOMEWARD, "--server", f"{web}:50051"],
        clean_env(ARENA_TOKEN=bot_token),
    )

    def finished() -> int:
        return rows(url, "SELECT count(*) FROM matches_match WHERE status = 'finished'")[0][0]

    # At least 30 matches first, with the uploaded bot and the remote bot among their players.
    wait_until(lambda: submit.process.poll() is not None, 150, "the upload's validation")
    assert submit.process.returncode == 0 and "active" in submit.log(), submit.log()

    def hosts_playing(kind_sql: str) -> int:
        """How many worker hosts have played such a seat in a finished ladder match."""
        return rows(
            url,
            "SELECT count(DISTINCT split_part(m.played_by, '@', 1)) FROM matches_matchseat s"
            " JOIN matches_match m ON m.id = s.match_id"
            " JOIN bots_botversion v ON v.id = s.version_id JOIN bots_bot b ON b.id = v.bot_id"
            f" WHERE m.status = 'finished' AND m.kind = 'ladder' AND {kind_sql}",
        )[0][0]

    # Both hosts run the uploaded code, each from the database (no folder in common).
    wait_until(
        lambda: (
            finished() >= MATCHES
            and hosts_playing("b.kind = 'remote'") > 0
            and hosts_playing("b.kind = 'hosted' AND v.builtin = ''") == 2
        ),
        150,
        lambda: f"{MATCHES} matches with the remote and the uploaded bot: {finished()} finished",
    )
    # Each host's records and replays are the site's to serve (stored in the database).
    firsts = rows(
        url,
        "SELECT DISTINCT ON (split_part(played_by, '@', 1)) id FROM matches_match"
        " WHERE status = 'finished' ORDER BY split_part(played_by, '@', 1), id",
    )
    assert len(firsts) == 2, firsts
    for (played_id,) in firsts:
        status, body, _ = Visitor(site).get(f"/matches/{played_id}/replay.json")
        assert status == 200 and json.loads(body)["format"] == "arena-replay/1", body[:300]
    thirty = time.monotonic() - began

    # --- a person's table, over HTTP ----------------------------------------------------
    pat = sign_up(site, "pat")
    _, page, _ = pat.get(f"/play/?game={TABLE['game']}")
    opponent = re.search(r'<option value="(\d+)"[^>]*>random \(reference\)</option>', page)
    assert opponent, page[-3000:]
    status, _, where = pat.post_form("/play/", {**TABLE, "opponent_1": opponent.group(1)})
    assert status == 200 and re.search(r"/play/\d+/$", where), where
    match_id = int(where.rstrip("/").rsplit("/", 1)[1])
    person = Person(pat, match_id, hold_after=3)
    person.start()

    wait_until(lambda: person.answered >= 3 or person.error, 60, "the person's first turns")
    assert not person.error, person.error

    # --- the worker host playing the table drops off the network, mid-match ---------------
    (owner,) = rows(url, "SELECT lease_owner FROM matches_match WHERE id = %s", match_id)[0]
    lost = owner.split("@", 1)[0]
    (other,) = [host for host in workers if host != lost]
    assert lost in workers, owner
    cut_at = rows(url, "SELECT now()")[0][0]
    fleet.link(lost, up=False)
    cut = time.monotonic()
    stranded = [
        row[0]
        for row in rows(
            url,
            "SELECT id FROM matches_match WHERE status = 'running' AND lease_owner LIKE %s",
            f"{lost}@%",
        )
    ]
    assert match_id in stranded
    person.go.set()

    def attempt(match: int) -> tuple[str, int, str]:
        return rows(
            url, "SELECT status, attempts, lease_owner FROM matches_match WHERE id = %s", match
        )[0]

    wait_until(
        lambda: attempt(match_id)[1] >= 2 and attempt(match_id)[2].startswith(f"{other}@"),
        60,
        lambda: f"the table to be played again on {other}: {attempt(match_id)}\n{activity(url)}",
    )
    replayed = time.monotonic() - cut
    wait_until(lambda: person.over.is_set() or person.error, 180, "the person's table to end")
    assert not person.error, f"{person.error}; refused: {person.refused[-5:]}"
    table_done = time.monotonic() - cut
    for match in stranded:
        wait_until(lambda m=match: attempt(m)[0] == "finished", 60, f"match {match} to finish")
    outcome = rows(
        url,
        "SELECT played_by, attempts FROM matches_match WHERE id = ANY(%s)",
        stranded,
    )
    assert all(by.startswith(f"{other}@") and tries >= 2 for by, tries in outcome), outcome
    person_seat = rows(
        url,
        "SELECT rank, strikes, decisions FROM matches_matchseat WHERE match_id = %s AND seat = 0",
        match_id,
    )[0]
    assert person_seat[0] is not None and not person_seat[1] and person_seat[2] > 0, (
        f"the person played the table again to the end, unstruck: {person_seat}; "
        f"refused: {person.refused[-5:]}"
    )

    # --- the metrics show it, scraped over the network -------------------------------------
    with pytest.raises(OSError):
        scrape(f"{addr[lost]}:9100", timeout=2)  # cut off: not even its metrics answer
    swept = scrape(f"{web}:9102")
    assert total(swept, "arena_leases_expired_total") >= len(stranded)
    assert total(swept, "arena_matches_given_back_total", why="lease_expired") >= len(stranded)
    survivor = scrape(f"{addr[other]}:9100")
    assert total(survivor, "arena_matches_finished_total", kind="people") >= 1
    assert total(survivor, "arena_matches_finished_total") >= len(stranded)
    relayed = scrape(f"{web}:9101")
    assert total(relayed, "arena_relayed_seats_total") >= 1
    assert total(relayed, "arena_remote_bots_online") == 1
    site_metrics = scrape(f"{web}:8000")
    assert total(site_metrics, "arena_http_requests_total", view="play-live", status="200") > 0

    # --- nothing lost, nothing recorded twice --------------------------------------------
    fleet.stop("web/beat")
    workers[other].finish(timeout=90)  # a warm shutdown: what it plays, it finishes
    assert rows(url, "SELECT count(*) FROM matches_match WHERE status = 'failed'")[0][0] == 0
    late = rows(
        url,
        "SELECT id FROM matches_match WHERE played_by LIKE %s AND finished > %s",
        f"{lost}@%",
        cut_at,
    )
    assert not late, f"the cut-off host recorded matches after its link went down: {late}"
    running = rows(url, "SELECT id, lease_owner FROM matches_match WHERE status = 'running'")
    assert not running, running
    unranked = rows(
        url,
        "SELECT count(*) FROM matches_matchseat s JOIN matches_match m ON m.id = s.match_id"
        " WHERE m.status = 'finished' AND s.rank IS NULL",
    )[0][0]
    assert unranked == 0
    twice = rows(
        url,
        "SELECT m.id, count(h.id), (SELECT count(*) FROM matches_matchseat s"
        "  WHERE s.match_id = m.id) FROM matches_match m"
        " LEFT JOIN ladder_ratinghistory h ON h.match_id = m.id"
        " WHERE m.status = 'finished' AND m.kind = 'ladder' GROUP BY m.id"
        " HAVING count(h.id) <> (SELECT count(*) FROM matches_matchseat s WHERE s.match_id = m.id)",
    )
    assert not twice, f"rating history is not one row per seat: {twice}"
    recompute = fleet.call("web", arena("ratings", "recompute"), env("web"))
    assert recompute.returncode == 0, recompute.stdout + recompute.stderr
    total_matches = finished()
    assert total_matches >= MATCHES

    print(
        f"\nfleet: {total_matches} matches finished; services up in {services_up:.1f}s, "
        f"{MATCHES} matches by {thirty:.1f}s; link of {lost} down with {len(stranded)} "
        f"match(es) on it: the table played again on {other} {replayed:.1f}s later, "
        f"ended {table_done:.1f}s after the cut; whole test {time.monotonic() - began:.1f}s"
    )


def activity(url: str) -> str:
    """The database's sessions that are not idle, and who waits on whom: for a failure."""
    found = rows(
        url,
        "SELECT pid, client_addr::text, state, wait_event_type, wait_event,"
        " pg_blocking_pids(pid)::text, now() - xact_start, left(query, 160)"
        " FROM pg_stat_activity WHERE datname = current_database() AND state <> 'idle'"
        " AND pid <> pg_backend_pid()",
    )
    return "\n".join(" | ".join(str(value) for value in row) for row in found)


def _answers(url: str) -> bool:
    try:
        rows(url, "SELECT 1")
    except Exception:
        return False
    return True


def _answers_http(address: str) -> bool:
    try:
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        with opener.open(address, timeout=5) as answer:
            return answer.status == 200
    except OSError:
        return False
