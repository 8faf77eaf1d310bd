"""A method an endpoint does not have is a 405 for everyone.

DRF authenticates and checks permissions before it looks for the method's handler, so an
anonymous POST to a read-only list answered 401 ("sign in"), although no one may POST there.
Checking the method first answers what is true: 405, with the Allow header.
"""

from __future__ import annotations

from typing import Any

from rest_framework.exceptions import MethodNotAllowed
from rest_framework.request import Request


class MethodsFirst:
    """For API views: refuse a method the view does not serve before anything else."""

    http_method_names: list[str]

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        method = request.method.lower()
        if method not in self.http_method_names or not hasattr(self, method):
            raise MethodNotAllowed(request.method)
        super().initial(request, *args, **kwargs)  # type: ignore[misc]
