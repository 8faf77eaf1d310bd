"""The JSON API (Django REST framework) and its OpenAPI schema (drf-spectacular)."""
