"""The layers of the code, checked by walking every import statement (an import inside a function
counts like any other): the base (`rulings`) imports no stage, each stage imports only the base and
the stages below it, the application layer (`app`) sits on top, and no two modules import each other
through any chain."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Lowest first: a package may import the packages before it in this list, never those after it.
LAYERS = ["rulings", "crawlers", "pipeline", "kb", "engine_bridge", "app"]


def project_modules() -> dict[str, Path]:
    modules = {}
    for layer in LAYERS:
        for path in (ROOT / layer).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


def imported_names(path: Path) -> set[str]:
    """Every absolute dotted name an import statement of the file may refer to (a module, or a name
    inside one: `from a.b import c` gives a.b and a.b.c)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def module_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    def owner(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        targets = {owner(name) for name in imported_names(path)}
        # A module importing its own package's __init__ (or itself) is not an edge between modules.
        graph[module] = {t for t in targets if t and t != module and not module.startswith(t + ".")}
    return graph


GRAPH = module_graph(project_modules())


@pytest.mark.parametrize("layer", LAYERS)
def test_a_layer_imports_only_the_layers_below_it(layer):
    allowed = set(LAYERS[:LAYERS.index(layer) + 1])
    upward = sorted(f"{module} -> {target}" for module, targets in GRAPH.items() if module.split(".")[0] == layer
                    for target in targets if target.split(".")[0] not in allowed)
    assert upward == [], f"{layer} imports layers above it: {upward}"


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}  # 1 = on the current path, 2 = finished
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state and (cycle := visit(target)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_no_modules_import_each_other():
    cycle = find_cycle(GRAPH)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_walk_finds_imports_inside_functions_and_cycles(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from kb.db import get_driver\n    import engine_bridge.runner\n", encoding="utf-8")
    assert {"kb.db", "kb.db.get_driver", "engine_bridge.runner"} <= imported_names(module)
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
