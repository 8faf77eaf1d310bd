"""What deploy/ sets is what the code reads: every ARENA_ setting in the Kubernetes config,
secret and compose file is read somewhere, and a production site shares one cache (rate
limits, kept pages) and keeps its public pages (docs/decisions/caching.md)."""

from __future__ import annotations

from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]
K8S = REPO / "deploy" / "k8s"
CODE = ["arena", "arena_platform", "webui", "workers", "gateway"]


def k8s_settings() -> dict[str, str]:
    found: dict[str, str] = {}
    for name in ("configmap.yaml", "secret.yaml"):
        document = yaml.safe_load((K8S / name).read_text())
        found.update(document.get("data") or document.get("stringData") or {})
    return found


def compose_settings() -> dict[str, str]:
    compose = yaml.safe_load((REPO / "deploy" / "docker-compose.yml").read_text())
    return {k: str(v) for k, v in compose["services"]["web"]["environment"].items()}


def test_every_deployed_setting_is_one_the_code_reads() -> None:
    source = "\n".join(
        path.read_text() for folder in CODE for path in (REPO / folder).rglob("*.py")
    )
    deployed = {k for k in {**k8s_settings(), **compose_settings()} if k.startswith("ARENA_")}
    unread = sorted(name for name in deployed if f'"{name}"' not in source)
    assert not unread, f"deploy/ sets settings nothing reads: {unread}"


def test_the_production_site_shares_a_cache_and_keeps_its_public_pages() -> None:
    for where, settings in (("k8s", k8s_settings()), ("compose", compose_settings())):
        assert settings.get("ARENA_CACHE_URL", "").startswith("redis://"), where
        assert settings.get("ARENA_CACHE_URL") != settings.get("ARENA_BROKER_URL"), where
        assert int(settings.get("ARENA_PAGE_CACHE", "0")) > 0, where
