"""Running matches: the referee, the agents that sit in its seats, and match records."""
