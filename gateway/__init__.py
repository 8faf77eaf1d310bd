"""The gateway: where remote bots connect; it relays their seats to the workers' referees."""

import arena_sdk  # noqa: F401  (chooses gRPC's I/O before any module of the gateway imports grpc)
