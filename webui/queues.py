"""The broker's queue names, in one place for the settings, the site, the workers and the
commands that start them (no import here: the `arena` command reads it at every start).

Each kind of match has a queue of its own, its *lane*: people at a table, so that no backlog
keeps a person waiting (workers that serve only it keep capacity for them,
docs/decisions/people-first.md); tournament games, so that no tournament holds up the ladder
(workers take from their queues in turn); and everything else the scheduler queues (ladder and
solo games, validations). The scheduler's periodic tasks have the control queue.
"""

PEOPLE = "arena.people"
LADDER = "arena.matches"
TOURNAMENTS = "arena.tournaments"
CONTROL = "arena.control"

#: The queues whose messages start matches (the sweeper reads them: workers/broker.py).
MATCHES = (PEOPLE, LADDER, TOURNAMENTS)
#: Every queue, in the order a worker that serves them all lists them.
ALL = (*MATCHES, CONTROL)
#: What the worker kept for people's tables serves: their tables, and the scheduler's short
#: tasks, so that a ladder whose every slot plays a long match never holds up the sweeper.
KEPT_FOR_PEOPLE = (PEOPLE, CONTROL)
