"""A small strict schema checker for the YAML in config/.

Why hand-written: the errors must name the file, the key path, the line and what was expected (DEVELOPERS.md,
"Bad input"), and the whole checker is ~150 lines; a schema library would add a dependency and still need
this error formatting.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, NoReturn

import yaml

SOURCES = ("rulebook", "public", "stand-in")


class ConfigError(Exception):
    """A config file is missing, unreadable or wrong; the message says where and what was expected."""

    def __init__(self, file: str, path: str, expected: str, found: str, line: int | None = None):
        self.file, self.path, self.expected, self.found, self.line = file, path, expected, found, line
        where = f"{file}: {path or '(top level)'}" + (f" (line {line})" if line else "")
        super().__init__(f"{where}: expected {expected}, found {found}")


def describe(value: Any) -> str:
    """How a wrong value is shown in an error message."""
    if value is None:
        return "nothing"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _lines(node: yaml.Node, path: tuple, out: dict[tuple, int]) -> None:
    out[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            _lines(value_node, path + (key_node.value,), out)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _lines(item, path + (i,), out)


_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_yaml(path: Path, label: str) -> tuple[Any, dict[tuple, int]]:
    """Parse one YAML file into plain data plus a map from key path to line number."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(label, "", "the file to exist", "no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(label, "", "a readable UTF-8 text file", type(exc).__name__) from None
    try:
        node = yaml.compose(text, Loader=_Loader)
        data = yaml.load(text, Loader=_Loader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        raise ConfigError(label, "", "valid YAML", f"a syntax error ({problem})",
                          mark.line + 1 if mark else None) from None
    lines: dict[tuple, int] = {}
    if node is not None:
        _lines(node, (), lines)
    return data, lines


@dataclass(frozen=True)
class Where:
    """A position inside one loaded file: used to report errors precisely."""
    file: str
    lines: dict = field(repr=False)
    path: tuple = ()

    def child(self, key: Any) -> "Where":
        return Where(self.file, self.lines, self.path + (key,))

    def text(self) -> str:
        out = ""
        for key in self.path:
            out += f"[{key}]" if isinstance(key, int) else (f".{key}" if out else str(key))
        return out

    def line(self) -> int | None:
        for cut in range(len(self.path), -1, -1):
            if self.path[:cut] in self.lines:
                return self.lines[self.path[:cut]]
        return None

    def fail(self, expected: str, found: str) -> NoReturn:
        raise ConfigError(self.file, self.text(), expected, found, self.line())


class Schema:
    """Checks one value and returns it converted (e.g. "1/2" to Fraction)."""
    expected = "a value"

    def check(self, value: Any, at: Where) -> Any:
        raise NotImplementedError


class Int(Schema):
    def __init__(self, lo: int | None = None, hi: int | None = None):
        self.lo, self.hi = lo, hi
        bounds = f" from {lo} to {hi}" if lo is not None and hi is not None else (
            f" of at least {lo}" if lo is not None else "")
        self.expected = "a whole number" + bounds

    def check(self, value: Any, at: Where) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            at.fail(self.expected, describe(value))
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            at.fail(self.expected, describe(value))
        return value


class Str(Schema):
    expected = "a non-empty text"

    def check(self, value: Any, at: Where) -> str:
        if not isinstance(value, str) or not value.strip():
            at.fail(self.expected, describe(value))
        return value


class Bool(Schema):
    expected = "true or false"

    def check(self, value: Any, at: Where) -> bool:
        if not isinstance(value, bool):
            at.fail(self.expected, describe(value))
        return value


class OneOf(Schema):
    def __init__(self, *choices: Any):
        self.choices = choices
        self.expected = "one of " + ", ".join(str(c) for c in choices)

    def check(self, value: Any, at: Where) -> Any:
        if isinstance(value, bool) and not any(isinstance(c, bool) for c in self.choices):
            at.fail(self.expected, describe(value))
        if value not in self.choices:
            at.fail(self.expected, describe(value))
        return value


class Frac(Schema):
    """A non-negative number written as an integer or a fraction text such as "1/2"."""
    expected = "a number such as 1 or \"1/2\""

    def check(self, value: Any, at: Where) -> Fraction:
        if isinstance(value, bool):
            at.fail(self.expected, describe(value))
        try:
            result = Fraction(value) if isinstance(value, (int, str)) else None
        except (ValueError, ZeroDivisionError):
            result = None
        if result is None or result < 0:
            at.fail(self.expected, describe(value))
        return result


class ListOf(Schema):
    def __init__(self, item: Schema, min_len: int = 0, max_len: int | None = None):
        self.item, self.min_len, self.max_len = item, min_len, max_len
        size = f" of {min_len} to {max_len} items" if max_len is not None else (
            f" of at least {min_len} items" if min_len else "")
        self.expected = f"a list{size} of {item.expected}"

    def check(self, value: Any, at: Where) -> tuple:
        if not isinstance(value, list):
            at.fail(self.expected, describe(value))
        if len(value) < self.min_len or (self.max_len is not None and len(value) > self.max_len):
            at.fail(self.expected, f"{len(value)} items")
        return tuple(self.item.check(v, at.child(i)) for i, v in enumerate(value))


class Record(Schema):
    """A mapping with known keys. `sourced` records must say where their data comes from (DATA.md)."""

    def __init__(self, required: dict[str, Schema], optional: dict[str, Schema] | None = None,
                 sourced: bool = True):
        self.required = dict(required)
        if sourced:
            self.required["source"] = OneOf(*SOURCES)
        self.optional = optional or {}
        self.expected = "a mapping with keys " + ", ".join(self.required)

    def check(self, value: Any, at: Where) -> dict:
        if not isinstance(value, dict):
            at.fail(self.expected, describe(value))
        known = {**self.required, **self.optional}
        for key in value:
            if key not in known:
                at.child(key).fail("one of the keys " + ", ".join(known), f"unknown key {key!r}")
        out = {}
        for key, schema in known.items():
            if key in value:
                out[key] = schema.check(value[key], at.child(key))
            elif key in self.required:
                at.child(key).fail(f"the key {key!r} ({schema.expected})", "nothing")
        return out


class Check(Schema):
    """Another schema plus a condition on the converted value."""

    def __init__(self, inner: Schema, test: Callable[[Any], bool], expected: str):
        self.inner, self.test, self.expected = inner, test, expected

    def check(self, value: Any, at: Where) -> Any:
        result = self.inner.check(value, at)
        if not self.test(result):
            at.fail(self.expected, describe(value))
        return result


def unique(items: list, key: Callable[[Any], Any], at: Where, what: str) -> None:
    """Fail on the second record whose key repeats an earlier one."""
    seen: set = set()
    for i, item in enumerate(items):
        k = key(item)
        if k in seen:
            at.child(i).fail(f"a unique {what}", f"duplicate {what} {k!r}")
        seen.add(k)
