"""The relay: seats played from outside a worker reach its referee through Redis.

A worker's `RelayAgent` (agent.py) and a gateway's stream (the `gateway` package) never
meet; they share only the Redis keys and envelopes of `envelope.py` and the presence
registry of `presence.py`. docs/decisions/relay-through-redis.md says why Redis.
"""
