"""Touches on the generated OpenAPI schema, so that it tells readers the truth."""

from __future__ import annotations

from typing import Any

SAFE = ("get", "head", "options")


def public_reads_need_no_auth(result: dict[str, Any], **_: Any) -> dict[str, Any]:
    """An operation anyone may call without an account lists no security requirement (an
    optional one, `{}` among them, makes the docs draw it locked)."""
    for methods in result.get("paths", {}).values():
        for method, operation in methods.items():
            if method in SAFE and {} in operation.get("security", []):
                del operation["security"]
    return result


def empty_query_parameters_are_absent(result: dict[str, Any], **_: Any) -> dict[str, Any]:
    """`?status=&page=` is read as no status and the first page (webui/api/params.py; DRF's
    pagination): each query parameter says it may be sent empty."""
    for methods in result.get("paths", {}).values():
        for operation in methods.values():
            for parameter in operation.get("parameters", []) if isinstance(operation, dict) else []:
                if parameter.get("in") == "query":
                    parameter["allowEmptyValue"] = True
    return result


#: The error body every refusal has (DRF's `{"detail": ...}`, or a field's message for a 400).
ERROR_BODY = {
    "description": "what went wrong, for a person to read",
    "content": {"application/json": {"schema": {"type": "object"}}},
}
#: Query parameters that must be ids, numbers or one of a few words (webui/api/params.py):
#: a 400 when not.
CHECKED_PARAMETERS = {"bot", "seat", "status"}


def every_status_is_declared(result: dict[str, Any], **_: Any) -> dict[str, Any]:
    """Each operation lists the refusals it can answer, besides its successes: 404 where the
    path names something or a list pages (a page past the last, no page number, a cursor the
    site never gave), 400 where a query parameter or body is checked, 401 and 403 where an
    account is needed, 429 where submissions are counted."""
    for path, methods in result.get("paths", {}).items():
        for method, operation in methods.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            codes: set[str] = set()
            names = {p.get("name") for p in operation.get("parameters", [])}
            if "{" in path or names & {"page", "cursor"}:
                codes.add("404")
            if names & CHECKED_PARAMETERS or "requestBody" in operation:
                codes.add("400")
            if method not in SAFE:
                codes |= {"401", "403"}
            if method == "post" and "multipart/form-data" in operation.get("requestBody", {}).get(
                "content", {}
            ):
                codes.add("429")
            for code in sorted(codes):
                operation["responses"].setdefault(code, ERROR_BODY)
    return result
