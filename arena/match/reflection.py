"""gRPC server reflection under both names clients ask for: v1 and v1alpha.

grpcio-reflection serves only `grpc.reflection.v1alpha.ServerReflection`; newer tools
(grpcurl 1.9, Postman, grpc-js reflection clients) ask `grpc.reflection.v1` first. The
two protocols are the same messages with the same field numbers (v1 is v1alpha renamed),
so one servicer answers both; only the service name differs on the wire.
"""

from __future__ import annotations

from collections.abc import Iterable

import grpc
from grpc_reflection.v1alpha import reflection, reflection_pb2
from grpc_reflection.v1alpha import reflection_pb2_grpc as alpha

V1_SERVICE = "grpc.reflection.v1.ServerReflection"


def enable_reflection(service_names: Iterable[str], server: grpc.aio.Server) -> None:
    """Serve reflection of `service_names` (and of both reflection services) on `server`."""
    names = [*service_names, reflection.SERVICE_NAME, V1_SERVICE]
    servicer = reflection.aio.ReflectionServicer(names)
    alpha.add_ServerReflectionServicer_to_server(servicer, server)
    handler = grpc.stream_stream_rpc_method_handler(
        servicer.ServerReflectionInfo,
        request_deserializer=reflection_pb2.ServerReflectionRequest.FromString,
        response_serializer=reflection_pb2.ServerReflectionResponse.SerializeToString,
    )
    server.add_generic_rpc_handlers(
        [grpc.method_handlers_generic_handler(V1_SERVICE, {"ServerReflectionInfo": handler})]
    )
