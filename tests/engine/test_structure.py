"""The engine's seams (issue 37), checked on its source: no import loop among its modules, counting the imports made
only for the type checker; every change to a GameState made through the one mutation layer (engine/changes.py),
so each keeps the same bookkeeping; the step records declared where state.py can import them."""
from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
# Where a state's slots may be written: the class itself, the one mutation layer, and the modules that build a
# new state (a game's set-up, a scenario's position, the worlds a bot imagines for what it cannot see).
WRITERS = {"state.py", "changes.py", "setup.py", "scenario.py", "hidden.py"}
MUTATORS = {"append", "extend", "insert", "pop", "remove", "clear", "sort", "reverse", "add", "discard", "update"}


def module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(ENGINE.rglob("*.py"))}


def imports(name: str, path: Path, known: set[str], source: str | None = None) -> set[str]:
    """The engine modules a module imports, wherever the import stands (inside `if TYPE_CHECKING:` too)."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(source if source is not None else path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            parts = package.split(".")
            base = ".".join(parts[:len(parts) - node.level + 1] + ([node.module] if node.module else [])) \
                if node.level else node.module or ""
            for alias in node.names:
                full = f"{base}.{alias.name}"
                out.add(full if full in known else base)
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    return (out & known) - {name}


def loops(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def engine_graph(planted: tuple[str, str] | None = None) -> dict[str, set[str]]:
    """Each engine module's engine imports; `planted`, (module, source), reads that module from the source given."""
    found = modules()
    known = set(found)
    return {name: imports(name, path, known, planted[1] if planted and planted[0] == name else None)
            for name, path in found.items() if name != "engine"}


def test_no_import_loop_in_the_engine_counting_the_type_checkers_imports():
    assert loops(engine_graph()) == []


def test_the_loop_check_finds_a_loop_made_only_for_the_type_checker():
    source = (ENGINE / "state.py").read_text(encoding="utf-8") + \
        "\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .movement import party_actions\n"
    assert any("engine.state" in group and "engine.movement" in group
               for group in loops(engine_graph(("engine.state", source))))


def slots() -> set[str]:
    tree = ast.parse((ENGINE / "state.py").read_text(encoding="utf-8"))
    state = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "GameState")
    declared = next(n for n in state.body if isinstance(n, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in n.targets))
    return set(ast.literal_eval(declared.value))


def written_slot(target: ast.expr, names: set[str]) -> str | None:
    """The slot a target writes: `state.x`, `state.x[...]`, `state.x.y` (a state named `state` or `s`), or None.
    What a step writes inside its own record (`state.sub.phase`) is that step's own bookkeeping."""
    chain: list[str] = []
    while isinstance(target, ast.Subscript | ast.Attribute):
        if isinstance(target, ast.Attribute):
            chain.append(target.attr)
        target = target.value
    if not (isinstance(target, ast.Name) and target.id in ("state", "s") and chain and chain[-1] in names):
        return None
    if chain[-1] == "sub" and len(chain) > 1:
        return None
    return ".".join(reversed(chain))


def writes(source: str, names: set[str]) -> list[str]:
    """Every write to a GameState slot in a module: assignments, augmented assignments, deletions, and the methods
    that change a list, set or dict in place."""
    out: list[tuple[int, int, str]] = []
    for node in ast.walk(ast.parse(source)):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign | ast.Delete):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
            targets = [node.func.value]
        for target in targets:
            for one in target.elts if isinstance(target, ast.Tuple) else [target]:
                slot = written_slot(one, names)
                if slot is not None:
                    out.append((one.lineno, one.col_offset, slot))
    return [f"line {line}: {slot}" for line, _, slot in sorted(out)]


def test_every_state_change_goes_through_the_mutation_layer():
    names = slots()
    found = {path.relative_to(ENGINE).as_posix(): writes(path.read_text(encoding="utf-8"), names)
             for path in sorted(ENGINE.rglob("*.py")) if path.name not in WRITERS}
    assert {module: lines for module, lines in found.items() if lines} == {}


def test_the_mutation_check_finds_a_write_of_each_form():
    source = "\n".join(("def f(state):", "    state.actor = 1", "    state.hand[0].append(3)",
                         "    state.vp_track[1] += 2", "    state.sub, state.active = None, 0",
                         "    state.adv.winds = True", "    state.sub.phase = 'roll'"))
    assert writes(source, slots()) == ["line 2: actor", "line 3: hand", "line 4: vp_track", "line 5: sub",
                                       "line 5: active", "line 6: adv.winds"]
