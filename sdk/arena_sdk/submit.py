"""`arena-bot submit`: upload a bot to an Arena site, with the standard library only.

    arena-bot submit mybot.py --server https://arena.example.org --token TOKEN \\
        --game wandering_towers --name mybot [--wait]

POSTs the file to the site's API (`/api/versions/`, multipart, `Authorization: Token ...`),
prints the new version's page and status, and with --wait follows it until its validation
match has decided (active or rejected). The server and token may come from ARENA_SITE and
ARENA_SITE_TOKEN, which keeps the token out of process listings. Exit status: 0 submitted
(with --wait: active), 1 refused or unreachable, 2 bad arguments or file, 3 rejected.
"""

from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import urllib.error

# urllib, mimetypes and secrets are imported where they are used: `arena-bot run`, the
# command every hosted bot starts with, imports this module too, and they cost it tens of
# milliseconds at every start.

from arena_sdk import __version__

WAITING = ("pending", "validating")


class SubmitError(Exception):
    """A submission that did not go through; the message says why, for a person."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class Site:
    url: str
    token: str
    timeout: float = 30.0

    def api(self, path: str) -> str:
        import urllib.parse

        return urllib.parse.urljoin(self.url.rstrip("/") + "/", path.lstrip("/"))

    def request(self, method: str, url: str, body: bytes | None = None, headers=None) -> Any:
        """One API call; the parsed JSON answer, or SubmitError with the server's reason."""
        import urllib.error
        import urllib.request

        request = urllib.request.Request(url, data=body, method=method)
        request.add_header("Authorization", f"Token {self.token}")
        request.add_header("Accept", "application/json")
        request.add_header("User-Agent", f"arena-bot/{__version__}")
        for key, value in (headers or {}).items():
            request.add_header(key, value)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return json.loads(response.read() or b"null")
        except urllib.error.HTTPError as exc:
            raise SubmitError(self._explain(exc)) from None
        except urllib.error.URLError as exc:
            raise SubmitError(f"cannot reach {self.url}: {exc.reason}") from None
        except TimeoutError:
            raise SubmitError(f"{self.url} did not answer within {self.timeout:g} s") from None
        except json.JSONDecodeError:
            raise SubmitError(
                f"{url} did not answer with JSON: is {self.url} an Arena site?"
            ) from None

    def _explain(self, error: urllib.error.HTTPError) -> str:
        raw = error.read().decode("utf-8", "replace")
        try:
            data = json.loads(raw)
        except json.JSONDecodeError:
            data = None
        detail = _detail(data) if data is not None else raw.strip()[:300]
        if error.code == 401:
            return (
                f"the site refused the token ({detail}); your token is on "
                f"{self.api('/accounts/token/')}"
            )
        if error.code == 429:
            wait = error.headers.get("Retry-After")
            suffix = f" (retry after {wait} s)" if wait else ""
            return f"rate limited: {detail}{suffix}"
        if error.code == 404:
            return f"{error.url}: not found (HTTP 404): is {self.url} an Arena site?"
        return f"refused (HTTP {error.code}): {detail}"


def _detail(data: Any) -> str:
    """DRF errors are {"detail": ...} or {field: [messages]}: one readable line."""
    if isinstance(data, dict):
        if "detail" in data:
            return str(data["detail"])
        parts = []
        for field, messages in data.items():
            text = " ".join(messages) if isinstance(messages, list) else str(messages)
            parts.append(f"{field}: {text}")
        return "; ".join(parts)
    return str(data)


def multipart(fields: dict[str, str], files: dict[str, tuple[str, bytes]]) -> tuple[bytes, str]:
    """A multipart/form-data body and its content type."""
    import mimetypes
    import secrets

    boundary = f"----arena-bot-{secrets.token_hex(12)}"
    lines: list[bytes] = []
    for name, value in fields.items():
        lines += [
            f"--{boundary}".encode(),
            f'Content-Disposition: form-data; name="{name}"'.encode(),
            b"",
            value.encode("utf-8"),
        ]
    for name, (filename, content) in files.items():
        kind = mimetypes.guess_type(filename)[0] or "application/octet-stream"
        safe = filename.replace('"', "_").replace("\r", "_").replace("\n", "_")
        lines += [
            f"--{boundary}".encode(),
            f'Content-Disposition: form-data; name="{name}"; filename="{safe}"'.encode(),
            f"Content-Type: {kind}".encode(),
            b"",
            content,
        ]
    lines += [f"--{boundary}--".encode(), b""]
    return b"\r\n".join(lines), f"multipart/form-data; boundary={boundary}"


def submit(site: Site, path: Path, game: str, name: str) -> dict[str, Any]:
    """Upload `path` as a new version of your bot `name`; return the version as JSON."""
    try:
        content = path.read_bytes()
    except OSError as exc:
        raise SubmitError(f"{path}: {exc.strerror or exc}", code=2) from None
    body, kind = multipart({"game": game, "name": name}, {"file": (path.name, content)})
    return site.request("POST", site.api("/api/versions/"), body, {"Content-Type": kind})


def follow(site: Site, version: dict[str, Any], timeout: float, every: float = 2.0) -> dict:
    """Poll the version until its validation has decided, or `timeout` seconds passed."""
    url = site.api(f"/api/versions/{version['id']}/")
    deadline = time.monotonic() + timeout
    while version["status"] in WAITING and time.monotonic() < deadline:
        time.sleep(every)
        version = site.request("GET", url)
    return version


def describe(version: dict[str, Any]) -> str:
    line = (
        f"version {version['number']} of {version['author']}/{version['bot_name']} "
        f"({version['game']}): {version['status']}"
    )
    if version.get("rejection_reason"):
        line += f"\n  why: {version['rejection_reason']}"
    return line


def add_arguments(parser) -> None:
    parser.add_argument("bot", type=Path, help="the bot: a .py file, or a .zip / .tar.gz")
    parser.add_argument(
        "--server",
        default=os.environ.get("ARENA_SITE"),
        help="the Arena site, e.g. https://arena.example.org ($ARENA_SITE)",
    )
    parser.add_argument(
        "--token",
        default=os.environ.get("ARENA_SITE_TOKEN"),
        help="your API token from the site's token page ($ARENA_SITE_TOKEN)",
    )
    parser.add_argument("--game", required=True, help="the game, e.g. wandering_towers")
    parser.add_argument("--name", help="your bot's name (default: the file name without suffix)")
    parser.add_argument(
        "--wait",
        type=float,
        nargs="?",
        const=600.0,
        metavar="SECONDS",
        help="follow the validation until it decides (at most SECONDS, default 600)",
    )
    parser.add_argument("--json", action="store_true", help="print the version as JSON")


def run(args) -> int:
    """The `submit` subcommand; returns the exit status."""
    if not args.server or not args.token:
        print("arena-bot: submit needs --server and --token", file=sys.stderr)
        return 2
    name = args.name or args.bot.name.split(".", 1)[0]
    site = Site(args.server, args.token)
    try:
        version = submit(site, args.bot, args.game, name)
        print(version["url"])
        print(describe(version))
        if args.wait is not None and version["status"] in WAITING:
            version = follow(site, version, args.wait)
            print(describe(version))
    except SubmitError as exc:
        print(f"arena-bot: {exc}", file=sys.stderr)
        return exc.code
    if args.json:
        print(json.dumps(version, indent=1))
    if version["status"] == "rejected":
        return 3
    if args.wait is not None and version["status"] in WAITING:
        print(f"arena-bot: still {version['status']} after {args.wait:g} s", file=sys.stderr)
        return 1
    return 0
