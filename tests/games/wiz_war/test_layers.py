"""Wiz-War's modules import one another without a cycle, counting the imports made only for
type checking (docs/decisions/wiz-war-state-record.md): each stands only on those below it,
which the `wiz-war-layers` contract in pyproject.toml (`make lint`) then puts in order."""

from __future__ import annotations

import grimp

PACKAGE = "arena.games.wiz_war"


def imports_within(package: str) -> dict[str, set[str]]:
    """Each module of the package (the package itself included) and the modules of the
    package it imports, type-checking imports included."""
    graph = grimp.build_graph("arena", include_external_packages=False, cache_dir=None)
    modules = {package, *graph.find_descendants(package)}
    return {m: graph.find_modules_directly_imported_by(m) & modules for m in sorted(modules)}


def find_cycle(imports: dict[str, set[str]]) -> list[str]:
    """One import cycle as the modules along it, the first again at the end; [] if none."""
    done: set[str] = set()
    path: list[str] = []
    on_path: set[str] = set()

    def visit(module: str) -> list[str]:
        path.append(module)
        on_path.add(module)
        for imported in sorted(imports.get(module, ())):
            if imported in on_path:
                return [*path[path.index(imported) :], imported]
            if imported not in done:
                cycle = visit(imported)
                if cycle:
                    return cycle
        path.pop()
        on_path.discard(module)
        done.add(module)
        return []

    for module in sorted(imports):
        if module not in done:
            cycle = visit(module)
            if cycle:
                return cycle
    return []


def test_a_cycle_is_found_and_named() -> None:
    imports = {"a": {"b"}, "b": {"c"}, "c": {"b", "d"}, "d": set()}
    assert find_cycle(imports) == ["b", "c", "b"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_no_wiz_war_module_imports_itself_through_others() -> None:
    cycle = find_cycle(imports_within(PACKAGE))
    assert not cycle, "import cycle: " + " -> ".join(cycle)
