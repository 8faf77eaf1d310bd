"""Arena's Django project: bots, matches and ladders, stored in SQLite or PostgreSQL."""
