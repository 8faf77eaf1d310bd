"""The gateway: where remote bots connect; it relays their seats to the workers' referees."""
