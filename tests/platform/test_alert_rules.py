"""Alerts, dashboard and autoscaler as files (deploy/): the rules pass `promtool check rules`
and their unit tests, every metric that rules, dashboard and autoscaler name is one the
platform exports (arena/telemetry/metrics.py), and the KEDA ScaledObjects validate against
KEDA's schema (vendored in tests/platform/schemas/, so no network is needed).

promtool comes from Debian's `prometheus` package (scripts/install-system-deps.sh); where it
is missing the promtool tests skip, and fail under CI=true. YAML and JSON Schema come with
drf-spectacular's dependencies (PyYAML, jsonschema).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import jsonschema
import pytest
import yaml
from arena_env import REPO, missing

from arena.telemetry.metrics import ALL_NAMES

PROMETHEUS = REPO / "deploy" / "prometheus"
RULES = PROMETHEUS / "alerts.yml"
DASHBOARD = REPO / "deploy" / "grafana" / "arena.json"
SCALED = REPO / "deploy" / "k8s" / "worker-scaledobject.yaml"
KEDA_SCHEMA = Path(__file__).parent / "schemas" / "keda-scaledobject-v1alpha1.json"
#: Series Prometheus makes itself, which rules may name beside ours.
PROMETHEUS_OWN = {"up"}
METRIC = re.compile(r"\b(arena_[a-z0-9_]+|up)\b")


def promtool(*args: str, cwd: Path = PROMETHEUS) -> str:
    if shutil.which("promtool") is None:
        missing("promtool", "install Debian's prometheus package (scripts/install-system-deps.sh)")
    done = subprocess.run(["promtool", *args], cwd=cwd, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def rule_expressions() -> dict[str, str]:
    groups = yaml.safe_load(RULES.read_text())["groups"]
    return {rule["alert"]: rule["expr"] for group in groups for rule in group["rules"]}


def dashboard_expressions() -> dict[str, str]:
    panels = json.loads(DASHBOARD.read_text())["panels"]
    return {
        f"{panel['title']} {target['refId']}": target["expr"]
        for panel in panels
        for target in panel["targets"]
    }


def scaled_objects() -> list[dict]:
    return [doc for doc in yaml.safe_load_all(SCALED.read_text()) if doc]


def test_the_alert_rules_pass_promtool() -> None:
    assert "SUCCESS" in promtool("check", "rules", "alerts.yml")


def test_the_alerts_fire_on_their_unit_tests() -> None:
    promtool("test", "rules", "alerts.test.yml")


def test_each_alert_the_issue_asks_for_is_there_with_a_runbook() -> None:
    alerts = rule_expressions()
    for name in (
        "ArenaQueueGrowing",
        "ArenaNoMatchFinished",
        "ArenaStrikesSpiking",
        "ArenaSandboxStartFailures",
        "ArenaWorkerHeartbeatStale",
        "ArenaWeb5xx",
    ):
        assert name in alerts
    operating = (REPO / "docs" / "operating.md").read_text()
    for name in alerts:  # docs/operating.md says what each means and what to do
        assert f"### {name}" in operating, f"docs/operating.md has no section for {name}"


@pytest.mark.parametrize(
    "where", ["rules", "dashboard", "autoscaler"], ids=["rules", "dashboard", "autoscaler"]
)
def test_every_metric_named_is_one_the_platform_exports(where: str) -> None:
    if where == "rules":
        expressions = rule_expressions()
    elif where == "dashboard":
        expressions = dashboard_expressions()
    else:
        expressions = {
            doc["metadata"]["name"]: trigger["metadata"]["query"]
            for doc in scaled_objects()
            for trigger in doc["spec"]["triggers"]
        }
    assert expressions
    for name, expression in expressions.items():
        named = set(METRIC.findall(expression))
        assert named, f"{name} names no metric: {expression}"
        unknown = named - ALL_NAMES - PROMETHEUS_OWN
        assert not unknown, f"{name} names metrics nobody exports: {sorted(unknown)}"


def _strict(schema: object) -> object:
    """The CRD's schema, refusing fields it does not declare (the API server would drop
    them silently: a misspelt field would never take effect)."""
    if isinstance(schema, dict):
        schema = {key: _strict(value) for key, value in schema.items()}
        if "properties" in schema and "additionalProperties" not in schema:
            schema["additionalProperties"] = False
        return schema
    if isinstance(schema, list):
        return [_strict(item) for item in schema]
    return schema


def test_the_worker_autoscaler_is_a_valid_keda_scaled_object_on_the_queue() -> None:
    schema = _strict(json.loads(KEDA_SCHEMA.read_text()))
    metadata_free = schema["properties"]["metadata"]
    metadata_free.pop("additionalProperties", None)  # ObjectMeta: not spelled out by the CRD
    kustomization = yaml.safe_load((REPO / "deploy" / "k8s" / "kustomization.yaml").read_text())
    assert SCALED.name in kustomization["resources"]
    targets = set()
    for doc in scaled_objects():
        jsonschema.Draft7Validator(schema).validate(doc)
        assert (doc["apiVersion"], doc["kind"]) == ("keda.sh/v1alpha1", "ScaledObject")
        spec = doc["spec"]
        target = spec["scaleTargetRef"]["name"]
        deployment = next(
            d
            for path in (REPO / "deploy" / "k8s").glob("*.yaml")
            for d in yaml.safe_load_all(path.read_text())
            if d and d.get("kind") == "Deployment" and d["metadata"]["name"] == target
        )
        assert deployment["kind"] == "Deployment"
        targets.add(target)
        assert spec["minReplicaCount"] >= 1  # a person's table never waits for a cold start
        for trigger in spec["triggers"]:
            assert trigger["type"] == "prometheus"
            assert {"serverAddress", "query", "threshold"} <= set(trigger["metadata"])
            assert float(trigger["metadata"]["threshold"]) > 0
            assert (
                "queued" in trigger["metadata"]["query"]
                or "waiting" in (trigger["metadata"]["query"])
            )
    assert targets == {"arena-worker", "arena-worker-people"}


def test_a_misspelt_field_fails_the_schema() -> None:
    """The check has teeth: KEDA's schema, made strict, refuses what it does not know."""
    schema = _strict(json.loads(KEDA_SCHEMA.read_text()))
    schema["properties"]["metadata"].pop("additionalProperties", None)
    doc = scaled_objects()[0]
    doc["spec"]["maxReplicas"] = doc["spec"].pop("maxReplicaCount")
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft7Validator(schema).validate(doc)
    doc = scaled_objects()[0]
    doc["spec"]["triggers"][0].pop("type")
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft7Validator(schema).validate(doc)
