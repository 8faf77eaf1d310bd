"""What an operator sees of a running platform: Prometheus metrics (`metrics`, every name in
one module; `exposition`, where each process serves them) and logs a machine can read
(`logs`). Imports no Django, Celery or platform code: every process type uses it as is.
"""
