"""The Celery tasks' names, in one place: the workers register their tasks under them, and
the site, the scheduler's settings and the sweeper send or recognise them by these names (the
site imports no workers, so it cannot name a task by its function). No import here, like
webui/queues.py."""

RUN_MATCH = "arena.run_match"
VALIDATE_VERSION = "arena.validate_version"
SCHEDULE_LADDER = "arena.schedule_ladder"
SWEEP_LEASES = "arena.sweep_leases"
ADVANCE_TOURNAMENT = "arena.advance_tournament"
ADVANCE_TOURNAMENTS = "arena.advance_tournaments"

#: The scheduler's own short tasks: they go on the control queue (webui/settings.py).
CONTROL = (SWEEP_LEASES, SCHEDULE_LADDER, ADVANCE_TOURNAMENT, ADVANCE_TOURNAMENTS)
#: Every task the workers define.
ALL = (RUN_MATCH, VALIDATE_VERSION, *CONTROL)
