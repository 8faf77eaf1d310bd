"""A Content-Security-Policy on every response: scripts and styles come only from this site.

Templates escape every name, and the viewer writes text with textContent; the policy is the
second wall: even a name that slipped through unescaped could not run, since no inline script
is allowed and there is none on any page (data goes to scripts as JSON in
`<script type="application/json">`, which is never executed).
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
#: The API's browsable pages and Swagger UI (third-party templates) set inline styles.
RELAXED = POLICY.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            third_party = request.path.startswith(("/api/", "/admin/"))
            response["Content-Security-Policy"] = RELAXED if third_party else POLICY
        return response
