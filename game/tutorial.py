"""The guided first game ("Learn to play"): chapters read from assets/tutorial/chapters.yaml, each a real position
(an engine scenario, docs/SCENARIOS.md) played at the real table while a coach says what to do, offers only that,
points at where it is done and checks that it was.

The coach decides nothing of the rules: it narrows the legal actions the engine offers to the lesson's, and reads
the match's decisions (what the player did) to move on. Progress (the chapters done, the one to resume) lives in
the player's data folder, and for the run in memory too: a folder that cannot keep it never undoes a chapter done.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from fnmatch import fnmatchcase
from functools import cache
from pathlib import Path
from typing import Any

import yaml

import engine
from engine import write_atomically
from engine.ai import BOTS

from . import help, paths, untrusted, words

FILE = "assets/tutorial/chapters.yaml"
PROGRESS_BYTES = 1 << 16
WAITS = ("turn",)                     # what a waiting lesson waits for: the player's next decision
PANELS = ("players", "log", "top")    # what a lesson may point at besides a hex
LESSON_KEYS = {"say", "do", "undo", "wait", "point", "rule"}
CHAPTER_KEYS = {"id", "title", "summary", "minutes", "scenario", "seats", "lessons"}


@dataclass(frozen=True)
class Lesson:
    say: str
    do: tuple[str, ...] = ()          # patterns of the actions' texts (* any word): the player makes one
    undo: bool = False                # the player takes back a decision
    wait: str | None = None           # "turn": the others play until the player decides again
    point: str | None = None          # a hex's label or name, or a panel, to look at
    rule: str | None = None           # what help opens during the lesson

    @property
    def reads(self) -> bool:
        """A lesson that is only read: the game waits for Next."""
        return not self.do and not self.undo and self.wait is None

    def allows(self, action: engine.Action) -> bool:
        text = str(action)
        return any(fnmatchcase(text, pattern) for pattern in self.do)


@dataclass(frozen=True)
class Chapter:
    id: str
    title: str
    summary: str
    minutes: int
    scenario: dict[str, object]
    seats: dict[str, str]             # each player's seat kind: the learner's "human", the others' bots
    lessons: tuple[Lesson, ...]

    @property
    def learner(self) -> str:
        return next(name for name, kind in self.seats.items() if kind == "human")


def _fail(key: str, expected: str, found: object = "something else") -> engine.ConfigError:
    return engine.ConfigError(FILE, key, expected, str(found)[:120])


def _record(raw: object, where: str, keys: set[str]) -> dict[str, Any]:
    """A mapping of only these keys, else a ConfigError naming where."""
    if not isinstance(raw, dict):
        raise _fail(where, f"a mapping of {', '.join(sorted(keys))}", raw)
    unknown = set(raw) - keys
    if unknown:
        raise _fail(where, f"only the keys {', '.join(sorted(keys))}", sorted(unknown))
    return raw


def _lesson(item: object, where: str, rules: engine.Ruleset) -> Lesson:
    raw = _record(item, where, LESSON_KEYS)
    if not isinstance(raw.get("say"), str) or not raw["say"].strip():
        raise _fail(f"{where}.say", "the text the coach says", raw.get("say"))
    do = raw.get("do", [])
    do = [do] if isinstance(do, str) else do
    if not isinstance(do, list) or not all(isinstance(p, str) and p.strip() for p in do):
        raise _fail(f"{where}.do", "an action's text or a list of them (* matches a word)", do)
    undo, wait = raw.get("undo", False), raw.get("wait")
    if undo is not False and undo is not True:
        raise _fail(f"{where}.undo", "true or false", undo)
    if wait is not None and wait not in WAITS:
        raise _fail(f"{where}.wait", f"one of {', '.join(WAITS)}", wait)
    if sum((bool(do), undo, wait is not None)) > 1:
        raise _fail(where, "at most one of do, undo and wait", sorted(set(raw) & {"do", "undo", "wait"}))
    point = raw.get("point")
    if point is not None and (not isinstance(point, str) or (point not in PANELS and not rules.map.has_name(point))):
        raise _fail(f"{where}.point", f"a hex's label or name, or one of {', '.join(PANELS)}", point)
    rule = raw.get("rule")
    if rule is not None and (not isinstance(rule, str) or help.reference().find(rule) is None):
        raise _fail(f"{where}.rule", "a rule code that the rules reference explains", rule)
    return Lesson(raw["say"].strip(), tuple(do), undo, wait, point, rule)


def _chapter(item: object, where: str, rules: engine.Ruleset) -> Chapter:
    raw = _record(item, where, CHAPTER_KEYS)
    for key in ("id", "title", "summary"):
        if not isinstance(raw.get(key), str) or not raw[key]:
            raise _fail(f"{where}.{key}", "a text", raw.get(key))
    if type(raw.get("minutes")) is not int or not 0 < raw["minutes"] < 60:
        raise _fail(f"{where}.minutes", "a whole number of minutes from 1 to 59", raw.get("minutes"))
    try:
        state = engine.load_scenario(rules, raw.get("scenario") or {})
    except engine.ScenarioError as exc:
        raise _fail(f"{where}.scenario", "a scenario the rules allow", exc) from None
    names = list(state.names)
    seats = raw.get("seats") or {name: "human" if i == 0 else "easy" for i, name in enumerate(names)}
    if not isinstance(seats, dict) or sorted(seats) != sorted(names) or list(seats.values()).count("human") != 1 \
            or not set(seats.values()) <= {"human", *BOTS}:
        raise _fail(f"{where}.seats", f"each player's seat kind ({', '.join(['human', *BOTS])}), exactly one "
                    "of them human", seats)
    lessons = raw.get("lessons")
    if not isinstance(lessons, list) or not lessons:
        raise _fail(f"{where}.lessons", "a list of lessons", lessons)
    made = tuple(_lesson(lesson, f"{where}.lessons[{i}]", rules) for i, lesson in enumerate(lessons))
    if not made[-1].reads:
        raise _fail(f"{where}.lessons[{len(made) - 1}]", "a last lesson that is only read (it closes the chapter)")
    said = tuple(replace(lesson, say=words.translate(f"tutorial.{raw['id']}.{i}", lesson.say))
                 for i, lesson in enumerate(made))
    return Chapter(raw["id"], words.translate(f"tutorial.{raw['id']}.title", raw["title"]),
                   words.translate(f"tutorial.{raw['id']}.summary", raw["summary"]), raw["minutes"],
                   dict(raw["scenario"]), dict(seats), said)


def parse(data: object, rules: engine.Ruleset) -> tuple[Chapter, ...]:
    """The chapters from the YAML's data, checked (ConfigError naming the key otherwise)."""
    if not isinstance(data, dict) or not isinstance(data.get("chapters"), list) or not data["chapters"]:
        raise _fail("chapters", "a list of chapters")
    chapters = tuple(_chapter(raw, f"chapters[{i}]", rules) for i, raw in enumerate(data["chapters"]))
    ids = [c.id for c in chapters]
    if len(set(ids)) != len(ids):
        raise _fail("chapters", "each id once", ids)
    return chapters


def chapters() -> tuple[Chapter, ...]:
    """The tutorial's chapters in the language in use, read and checked once for each language."""
    return _chapters(words.language_in_use())


@cache
def _chapters(language: str) -> tuple[Chapter, ...]:
    rules = engine.load_ruleset()
    try:
        with paths.asset("tutorial", "chapters.yaml").open(encoding="utf-8") as f:
            data = yaml.safe_load(f)
    except yaml.YAMLError as exc:
        raise _fail("", "YAML", str(exc).replace("\n", " ")) from None
    return parse(data, rules)


def chapter(chapter_id: str) -> Chapter:
    return next(c for c in chapters() if c.id == chapter_id)


# The chapters finished in this run, by progress file: still done when the file could not be written.
_finished: dict[Path, set[str]] = {}


class Progress:
    """The chapters a player finished, kept in their data folder (written atomically); a file that cannot be
    read counts as no progress and is replaced at the next chapter finished."""

    def __init__(self, path: Path):
        self.path = path
        try:
            data = untrusted.read_json(path, PROGRESS_BYTES, "tutorial progress")     # a FIFO or a device: refused
        except untrusted.Refused:
            data = None
        done = data.get("done") if isinstance(data, dict) else None
        kept = {c for c in done if isinstance(c, str)} if isinstance(done, list) else set()
        self.done = (kept | _finished.get(path, set())) & {c.id for c in chapters()}

    def next(self) -> Chapter:
        """Where to resume: the first chapter not done (the first of all once every one is)."""
        return next((c for c in chapters() if c.id not in self.done), chapters()[0])

    def finish(self, chapter_id: str) -> None:
        """The chapter is done: in the file, and for this run whatever becomes of the file. A file that cannot be
        written (a read-only or full folder, a folder in its place) is one warning line and the game goes on, as the
        player expects of a lesson learnt: the chapters' list shows it done until the game closes, and the next
        chapter finished writes them all again."""
        self.done.add(chapter_id)
        _finished.setdefault(self.path, set()).add(chapter_id)
        try:
            paths.ensure_dir(self.path.parent)
            write_atomically(self.path, json.dumps({"done": sorted(self.done)}).encode())
        except OSError as exc:
            print(f"warning: {self.path} cannot be written ({exc.strerror or type(exc).__name__}); the chapters "
                  "done are kept for this run only")


class Coach:
    """A chapter under way: which lesson is current, what it lets the player do, when it is done.

    Each lesson remembers how many of the player's decisions had been made when it began; an undo that takes
    back a decision a lesson asked for goes back to that lesson."""

    def __init__(self, chapter: Chapter):
        self.chapter = chapter
        self.index = 0
        self.marks = [0]                  # the player's decisions made when each lesson so far began
        self.acted = 0                    # the match's actions when the current lesson began (for waits)
        self.drawing = False              # the lesson's decision is made; chance decides what it led to

    @property
    def lesson(self) -> Lesson:
        return self.chapter.lessons[min(self.index, len(self.chapter.lessons) - 1)]

    @property
    def done(self) -> bool:
        """The chapter's closing words are reached: they are read beside the way on (one press ends it)."""
        return self.index >= len(self.chapter.lessons) - 1

    @property
    def holds(self) -> bool:
        """The others wait while a lesson is read, while the draw a lesson's decision led to is made, and once
        the chapter is done (chance never waits: what a decision led to is shown before the lesson that speaks
        of it, and before the others play on)."""
        return self.done or self.lesson.reads or self.drawing

    def counted(self) -> tuple[int, int]:
        """The lesson's number and how many there are, as the coach shows them: a lesson that waits for the
        others is counted with the one after it (it may pass in an instant)."""
        lessons = [lesson for lesson in self.chapter.lessons if lesson.wait is None]
        shown = sum(1 for lesson in self.chapter.lessons[:self.index] if lesson.wait is None)
        return min(shown + 1, len(lessons)), len(lessons)

    def offered(self, legal: list[engine.Action]) -> list[engine.Action]:
        """The legal actions the player is offered now: the lesson's, else none while one reads, and all of
        them where the lesson's are not legal (a decision the chapter did not foresee must never stall it)."""
        if self.done or self.lesson.reads:
            return []
        if not self.lesson.do:
            return legal
        mine = [a for a in legal if self.lesson.allows(a)]
        return mine or legal

    def next(self, actions: int) -> None:
        """Next, on a lesson that is only read (`actions`: the match's count now)."""
        if not self.done and self.lesson.reads:
            self.advance(self.marks[-1], actions)

    def advance(self, decisions: int, actions: int) -> None:
        self.index += 1
        self.marks.append(decisions)
        self.acted = actions

    def follow(self, decisions: list[engine.Action], actions: int, deciding: bool, drawing: bool = False) -> None:
        """Move on with the match: the player's newest decisions (`decisions`, the match's list, which an undo
        shortens), its count of actions, whether the player is to decide now, and whether chance is about to
        decide (a lesson done waits for the draw or roll it led to, which the next lesson speaks of)."""
        if self.done:
            return
        made = len(decisions)
        lesson = self.lesson
        if made < self.marks[-1]:
            if lesson.undo:
                self.advance(made, actions)
                return
            while len(self.marks) > 1 and made < self.marks[-1]:      # undone: back to the lesson that asked
                self.marks.pop()
                self.index -= 1
            return
        asked = bool(lesson.do) and any(lesson.allows(d) for d in decisions[self.marks[-1]:])
        waited = lesson.wait == "turn" and deciding and actions > self.acted
        self.drawing = asked and drawing
        if (asked or waited) and not self.drawing:
            self.advance(made, actions)
