"""A small strict schema checker for the YAML in config/.

Why hand-written: the errors must name the file, the key path, the line and what was expected (DEVELOPERS.md,
"Bad input"), and the whole checker is ~150 lines; a schema library would add a dependency and still need
this error formatting.
"""
from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, NoReturn

import yaml

SOURCES = ("rulebook", "public", "stand-in")

# Limits on what is read (docs/ENGINE.md, "Limits on input"): a rule file is at most 1 MiB, and any YAML the
# engine reads (rule files, scenarios) holds at most YAML_NODES values once its aliases are expanded, nested at
# most YAML_DEPTH deep. The real files are far below (map.yaml, the largest, is ~7 KB and ~1,500 values).
CONFIG_FILE_BYTES = 1 << 20
YAML_NODES = 100_000
YAML_DEPTH = 64


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


# A key path inside a YAML document: mapping keys and list indexes, from the top.
KeyPath = tuple[Any, ...]


def _lines(node: yaml.Node, path: KeyPath, out: dict[KeyPath, int]) -> None:
    out[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            _lines(value_node, path + (key_node.value,), out)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _lines(item, path + (i,), out)


_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class TooLarge(ValueError):
    """A file is larger than the engine reads; the message gives its size and the limit."""


class NotAFile(OSError):
    """A path that names a folder, a device, a FIFO or a socket where a file is read."""


def read_bytes_capped(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; TooLarge beyond (only limit + 1 bytes are ever read,
    so a huge file costs nothing). A folder, a device or a FIFO is NotAFile: the file is opened without waiting
    (a FIFO would block its reader until a writer came) and checked before anything is read. OSError and
    ValueError (a NUL in the path) pass."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise NotAFile(f"{os.fspath(path)!r} is not a regular file")
    with os.fdopen(fd, "rb") as handle:
        raw = handle.read(limit + 1)
    if len(raw) > limit:
        raise TooLarge(f"larger than {limit:,} bytes")
    return raw


def read_capped(path: str | os.PathLike[str], limit: int) -> str:
    """A UTF-8 text file of at most `limit` bytes (read_bytes_capped); UnicodeDecodeError passes."""
    return read_bytes_capped(path, limit).decode("utf-8")


def write_atomically(path: Path, data: bytes) -> None:
    """Write a file whole or not at all: a temporary file beside it under a name of its own (mkstemp: never a file
    that is there already, nor a link's target), flushed to the disk, renamed over `path`, and the folder's entry
    flushed too, so that a kill or a power cut at any moment leaves the old file or the new one. The temporaries
    that earlier writes to `path` left when they were killed midway are removed. OSError passes, and no temporary
    is left behind."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_folder(path.parent)
    remove_stale_temporaries(path.parent, re.escape(path.name))


def _sync_folder(folder: Path) -> None:
    """Flush the folder's entries, so that a rename outlives a power cut (where the system allows it)."""
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def remove_stale_temporaries(folder: Path, names: str) -> None:
    """Delete the temporary files that killed writes (write_atomically) left in `folder` for the files whose names
    match the regular expression `names`: only `.<name>.XXXXXXXX.tmp`, mkstemp's 8 random characters between the
    prefix and the suffix write_atomically gives it, and only files. Called by a folder's writer after its own
    write: a game's autosaves have one writer, its window (game/gamelock.py), so no write under way loses its file."""
    pattern = re.compile(rf"\.(?:{names})\.[a-z0-9_]{{8}}\.tmp\Z")
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if pattern.match(entry.name) and entry.is_file(follow_symlinks=False):
            with contextlib.suppress(OSError):
                os.unlink(entry.path)


class YamlLimit(yaml.YAMLError):
    """YAML that would expand beyond the limits (an alias bomb, a recursive alias, too deep a nesting)."""

    def __init__(self, problem: str, mark: Any = None):
        super().__init__(problem)
        self.problem, self.problem_mark = problem, mark


def parse_yaml(text: str, max_nodes: int = YAML_NODES, max_depth: int = YAML_DEPTH) -> tuple[Any, Any]:
    """Parse one YAML document with the safe loader (the C one when PyYAML has it) into (data, node graph).

    The events are read first, without building anything, to measure the document as it would be once its
    aliases are expanded: an alias counts as many values as the anchored value holds, so an alias bomb
    ("billion laughs") is refused after a few hundred events, well before anything walks the expanded data; an
    alias inside its own anchor (a recursive structure) and nesting deeper than `max_depth` are refused too.
    Raises yaml.YAMLError (YamlLimit for the limits); RecursionError, MemoryError and ValueError (integers
    beyond Python's digit limit) can still come from the constructor and are the caller's to report."""
    loader = _Loader(text)
    try:
        sizes: dict[str | None, int] = {}  # anchor -> values it holds, expanded
        stack: list[list[Any]] = []        # open collections: [anchor, values so far]
        total = 0
        while True:
            ev = loader.get_event()
            if ev is None:
                break
            if isinstance(ev, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                stack.append([ev.anchor, 1])
                total += 1
                if len(stack) > max_depth:
                    raise YamlLimit(f"nesting deeper than {max_depth} levels", ev.start_mark)
                continue
            if isinstance(ev, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                anchor, n = stack.pop()
                if anchor is not None:
                    sizes[anchor] = n
            elif isinstance(ev, yaml.ScalarEvent):
                n = 1
                total += 1
                if ev.anchor is not None:
                    sizes[ev.anchor] = 1
            elif isinstance(ev, yaml.AliasEvent):
                if any(anchor == ev.anchor for anchor, _ in stack):
                    raise YamlLimit(f"the alias *{ev.anchor} inside its own anchor (a recursive structure)",
                                    ev.start_mark)
                n = sizes.get(ev.anchor, 1)  # an undefined alias: the composer reports it below
                total += n
            else:
                continue
            if stack:
                stack[-1][1] += n
            if total > max_nodes:
                raise YamlLimit(f"more than {max_nodes:,} values once its aliases are expanded", ev.start_mark)
    finally:
        loader.dispose()
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    finally:
        loader.dispose()
    return data, node


def read_yaml(path: Path, label: str) -> tuple[Any, dict[KeyPath, int]]:
    """Parse one YAML file into plain data plus a map from key path to line number."""
    try:
        text = read_capped(path, CONFIG_FILE_BYTES)
    except FileNotFoundError:
        raise ConfigError(label, "", "the file to exist", "no such file") from None
    except TooLarge as exc:
        raise ConfigError(label, "", f"a rule file of at most {CONFIG_FILE_BYTES:,} bytes", str(exc)) from None
    except (OSError, ValueError) as exc:        # UnicodeDecodeError is a ValueError; so is a NUL in the path
        raise ConfigError(label, "", "a readable UTF-8 text file", type(exc).__name__) from None
    try:
        data, node = parse_yaml(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        if isinstance(exc, YamlLimit):
            expected, found = "YAML within the limits (docs/ENGINE.md)", problem
        else:
            expected, found = "valid YAML", f"a syntax error ({problem})"
        raise ConfigError(label, "", expected, found, mark.line + 1 if mark else None) from None
    except (ValueError, TypeError, KeyError, RecursionError, MemoryError) as exc:
        raise ConfigError(label, "", "valid YAML within the limits", f"{type(exc).__name__}: {_short(exc)}") \
            from None
    lines: dict[KeyPath, int] = {}
    if node is not None:
        _lines(node, (), lines)
    return data, lines


def _short(exc: BaseException) -> str:
    text = str(exc)
    return text if len(text) <= 200 else text[:197] + "..."


@dataclass(frozen=True)
class Where:
    """A position inside one loaded file: used to report errors precisely."""
    file: str
    lines: dict[KeyPath, int] = field(repr=False)
    path: KeyPath = ()

    def child(self, key: Any) -> Where:
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


_FRACTION = re.compile(r"([0-9]{1,9})(?:/([0-9]{1,9}))?\Z")


def fraction(value: Any) -> Fraction | None:
    """A non-negative number written as a whole number or as the text "n" or "n/d" (ASCII digits, at most nine
    each); None for anything else. The text is matched before any conversion: Fraction() itself would take
    exponents, and Fraction("1e999999999") never returns."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return Fraction(value) if 0 <= value < 10 ** 9 else None
    if isinstance(value, str):
        match = _FRACTION.match(value)
        if match:
            numerator, denominator = int(match.group(1)), int(match.group(2) or 1)
            if denominator:
                return Fraction(numerator, denominator)
    return None


def ascii_digits(text: Any, count: int | None = None) -> bool:
    """Whether a text is made of ASCII digits only (str.isdigit() also accepts "²" or "٣", which int() may
    refuse), `count` of them if given."""
    return (isinstance(text, str) and text.isascii() and text.isdigit()
            and (count is None or len(text) == count))


class Frac(Schema):
    """A non-negative number written as an integer or a fraction text such as "1/2"."""
    expected = "a number such as 1 or \"1/2\""

    def check(self, value: Any, at: Where) -> Fraction:
        result = fraction(value)
        if result is None:
            at.fail(self.expected, describe(value))
        return result


class ListOf(Schema):
    def __init__(self, item: Schema, min_len: int = 0, max_len: int | None = None):
        self.item, self.min_len, self.max_len = item, min_len, max_len
        size = f" of {min_len} to {max_len} items" if max_len is not None else (
            f" of at least {min_len} items" if min_len else "")
        self.expected = f"a list{size} of {item.expected}"

    def check(self, value: Any, at: Where) -> tuple[Any, ...]:
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

    def check(self, value: Any, at: Where) -> dict[str, Any]:
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


def unique(items: list[Any], key: Callable[[Any], Any], at: Where, what: str) -> None:
    """Fail on the second record whose key repeats an earlier one."""
    seen: set[Any] = set()
    for i, item in enumerate(items):
        k = key(item)
        if k in seen:
            at.child(i).fail(f"a unique {what}", f"duplicate {what} {k!r}")
        seen.add(k)
