"""Arena SDK: write a bot as a small class, run it locally, submit it."""

from arena_sdk.grpc_io import prefer_direct_io

prefer_direct_io()  # before any module of the SDK imports grpc

from arena_sdk.bot import Action, Bot  # noqa: E402

__all__ = ["Action", "Bot", "__version__"]
__version__ = "0.1.0"
