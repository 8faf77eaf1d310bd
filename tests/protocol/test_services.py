"""The server answers the standard health check and lists its services by reflection."""

from __future__ import annotations

import grpc
from google.protobuf import descriptor_pb2
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from arena.match.grpc_server import RefereeServer
from arena_sdk.client import target


def test_health_says_serving_for_the_server_and_the_referee(server: RefereeServer) -> None:
    for address in server.addresses:
        with grpc.insecure_channel(target(address)) as channel:
            stub = health_pb2_grpc.HealthStub(channel)
            for service in ("", "arena.v1.Referee"):
                reply = stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=5)
                assert reply.status == health_pb2.HealthCheckResponse.SERVING


def test_reflection_lists_the_referee_and_serves_its_proto_files(server: RefereeServer) -> None:
    with grpc.insecure_channel(target(server.address)) as channel:
        stub = reflection_pb2_grpc.ServerReflectionStub(channel)
        requests = [
            reflection_pb2.ServerReflectionRequest(list_services=""),
            reflection_pb2.ServerReflectionRequest(file_containing_symbol="arena.v1.Referee"),
        ]
        listed, files = list(stub.ServerReflectionInfo(iter(requests), timeout=5))
    names = {s.name for s in listed.list_services_response.service}
    assert {"arena.v1.Referee", "grpc.health.v1.Health"} <= names
    protos = [
        descriptor_pb2.FileDescriptorProto.FromString(raw)
        for raw in files.file_descriptor_response.file_descriptor_proto
    ]
    by_name = {p.name: p for p in protos}
    assert "arena/v1/referee.proto" in by_name
    # The per-game views come along, so a client can be built from reflection alone.
    assert "arena/v1/wandering_towers.proto" in by_name["arena/v1/referee.proto"].dependency


def test_reflection_answers_under_v1_as_well_as_v1alpha(server: RefereeServer) -> None:
    """grpcurl 1.9 and other newer tools ask grpc.reflection.v1 first; the messages are the
    same as v1alpha's, field for field, so v1alpha's classes read and write them here."""
    with grpc.insecure_channel(target(server.address)) as channel:
        info = channel.stream_stream(
            "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
            request_serializer=reflection_pb2.ServerReflectionRequest.SerializeToString,
            response_deserializer=reflection_pb2.ServerReflectionResponse.FromString,
        )
        (listed,) = list(info(iter([reflection_pb2.ServerReflectionRequest(list_services="")])))
    names = {s.name for s in listed.list_services_response.service}
    assert {"arena.v1.Referee", "grpc.reflection.v1.ServerReflection"} <= names
