"""Celery workers: run matches, validate uploads, keep the ladder busy, sweep dead leases."""
