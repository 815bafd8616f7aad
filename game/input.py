"""The input layer: mouse, keyboard and controller events become intents, the only input scenes see.

Intents (CLIENT.md): point, select, back, menu, next, prev, cursor, pan, zoom, help, log, plus fit (show the whole
map), palette (every legal action in a list), undo (U, Ctrl+Z), type and erase (text fields). A pointer press that
moves becomes a pan (drag); one that does not becomes a select at the pointer. Sticks and triggers are read every
frame, so holding them keeps panning, zooming or stepping the cursor. The layer remembers which device was used
last, for button hints.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, NamedTuple

import pygame

MOUSE, KEYS, PAD = "mouse", "keys", "pad"
DRAG_START = 6                    # pixels a press must travel to become a drag
STICK_DEAD = 0.25                 # stick travel ignored
CURSOR_REPEAT = 0.16              # seconds between cursor steps while a stick or d-pad is held
PAN_SPEED = 900.0                 # pixels per second at full stick or held key


class Intent(NamedTuple):
    kind: str
    x: float = 0.0
    y: float = 0.0
    dx: float = 0.0
    dy: float = 0.0
    f: float = 1.0
    char: str = ""
    pointer: bool = False         # x, y are where the pointer is (a mouse gesture), not a focus-based one
    nudge: bool = False           # a cursor step by the arrows without Shift: a map pans by a step instead


KEYMAP = {
    pygame.K_RETURN: "select", pygame.K_KP_ENTER: "select", pygame.K_SPACE: "select",
    pygame.K_ESCAPE: "back", pygame.K_BACKSPACE: "erase", pygame.K_F1: "help", pygame.K_h: "help",
    pygame.K_l: "log", pygame.K_f: "fit", pygame.K_HOME: "fit", pygame.K_m: "menu", pygame.K_p: "palette",
    pygame.K_o: "orders", pygame.K_u: "undo",
}
KEYMAP_WHILE_TYPING = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_BACKSPACE,
                                 pygame.K_F1})          # still commands while a text field takes the letters
CURSOR_KEYS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
PAN_KEYS = {pygame.K_a: (-1, 0), pygame.K_d: (1, 0), pygame.K_w: (0, -1), pygame.K_s: (0, 1)}
ZOOM_KEYS = {pygame.K_PLUS: 1.25, pygame.K_EQUALS: 1.25, pygame.K_KP_PLUS: 1.25, pygame.K_MINUS: 0.8,
             pygame.K_KP_MINUS: 0.8}
PAD_BUTTONS = {
    pygame.CONTROLLER_BUTTON_A: "select", pygame.CONTROLLER_BUTTON_B: "back",
    pygame.CONTROLLER_BUTTON_START: "menu", pygame.CONTROLLER_BUTTON_BACK: "log",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "prev", pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "next",
    pygame.CONTROLLER_BUTTON_Y: "palette", pygame.CONTROLLER_BUTTON_X: "fit",
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: "help",          # a press of the right stick, as F1 / H
}
PAD_DPAD = {pygame.CONTROLLER_BUTTON_DPAD_LEFT: (-1, 0), pygame.CONTROLLER_BUTTON_DPAD_RIGHT: (1, 0),
            pygame.CONTROLLER_BUTTON_DPAD_UP: (0, -1), pygame.CONTROLLER_BUTTON_DPAD_DOWN: (0, 1)}


class Input:
    """Turns pygame events into intents; `poll(dt)` adds those of held sticks, triggers and keys."""

    def __init__(self) -> None:
        self.device = MOUSE
        self.pointer = (0.0, 0.0)
        self.pressed: tuple[float, float] | None = None     # where the pointer button went down
        self.dragging = False
        self.axes: dict[int, float] = {}
        self.held_pan: set[int] = set()
        self.cursor_dir = (0, 0)
        self.cursor_nudge = False          # the held cursor direction came from the arrows without Shift
        self.cursor_wait = 0.0
        self.pads: dict[int, object] = {}
        self.typing = False                # a text field takes the letters (the rules' search), not the commands

    # --- events ----------------------------------------------------------------------------------------------

    def events(self, events: list[pygame.event.Event]) -> list[Intent]:
        out: list[Intent] = []
        for e in events:
            out += self.event(e)
        return out

    def event(self, e: pygame.event.Event) -> list[Intent]:
        handler = self.HANDLERS.get(e.type)
        return handler(self, e) if handler is not None else []

    def button_down(self, e: pygame.event.Event) -> list[Intent]:
        if e.button not in (1, 3):
            return []
        self.device = MOUSE
        self.pointer = e.pos
        self.pressed, self.dragging = e.pos, False
        return [Intent("point", e.pos[0], e.pos[1], pointer=True)]

    def button_up(self, e: pygame.event.Event) -> list[Intent]:
        """A release ends a drag, or is a click: select (left) or back (right) at the pointer."""
        if e.button not in (1, 3):
            return []
        self.pointer = e.pos
        was_drag, self.pressed, self.dragging = self.dragging, None, False
        if was_drag:
            return []
        return [Intent("select" if e.button == 1 else "back", e.pos[0], e.pos[1], pointer=True)]

    def wheel(self, e: pygame.event.Event) -> list[Intent]:
        self.device = MOUSE
        return [Intent("zoom", *self.pointer, f=1.15 ** e.y, pointer=True)] if e.y else []

    def key_up(self, e: pygame.event.Event) -> list[Intent]:
        self.held_pan.discard(e.key)
        if e.key in CURSOR_KEYS:
            self.cursor_dir = (0, 0)
        return []

    def pad_added(self, e: pygame.event.Event) -> list[Intent]:
        self.add_pad(e.device_index)
        return []

    def pad_down(self, e: pygame.event.Event) -> list[Intent]:
        self.device = PAD
        if e.button in PAD_DPAD:
            self.cursor_dir, self.cursor_wait, self.cursor_nudge = PAD_DPAD[e.button], CURSOR_REPEAT * 2, False
            return [Intent("cursor", dx=PAD_DPAD[e.button][0], dy=PAD_DPAD[e.button][1])]
        kind = PAD_BUTTONS.get(e.button)
        return [Intent(kind)] if kind else []

    def pad_up(self, e: pygame.event.Event) -> list[Intent]:
        if e.button in PAD_DPAD:
            self.cursor_dir = (0, 0)
        return []

    def pad_axis(self, e: pygame.event.Event) -> list[Intent]:
        value = e.value / 32767
        self.axes[e.axis] = value if abs(value) > STICK_DEAD else 0.0
        if abs(value) > STICK_DEAD:
            self.device = PAD
        return self.stick_cursor()

    def motion(self, e: pygame.event.Event) -> list[Intent]:
        self.pointer = e.pos
        if self.pressed is not None:
            if not self.dragging and (abs(e.pos[0] - self.pressed[0]) + abs(e.pos[1] - self.pressed[1])
                                      >= DRAG_START):
                self.dragging = True
            if self.dragging:
                self.device = MOUSE
                return [Intent("pan", e.pos[0], e.pos[1], dx=-e.rel[0], dy=-e.rel[1], pointer=True)]
        if e.rel != (0, 0):
            self.device = MOUSE
        return [Intent("point", e.pos[0], e.pos[1], pointer=True)]

    def key_down(self, e: pygame.event.Event) -> list[Intent]:
        self.device = KEYS
        key = e.key
        if key == pygame.K_TAB:
            return [Intent("prev" if e.mod & pygame.KMOD_SHIFT else "next")]
        if key in CURSOR_KEYS:
            self.cursor_dir, self.cursor_wait = CURSOR_KEYS[key], CURSOR_REPEAT * 2
            self.cursor_nudge = not e.mod & pygame.KMOD_SHIFT
            return [Intent("cursor", dx=CURSOR_KEYS[key][0], dy=CURSOR_KEYS[key][1], nudge=self.cursor_nudge)]
        if key in ZOOM_KEYS:
            return [Intent("zoom", f=ZOOM_KEYS[key])]
        if e.unicode and e.unicode.isdigit() and e.unicode.isascii():
            return [Intent("type", char=e.unicode)]
        if self.typing and e.unicode and e.unicode.isprintable() and key not in KEYMAP_WHILE_TYPING:
            return [Intent("type", char=e.unicode)]
        if key == pygame.K_z and e.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            return [Intent("undo")]
        if key in PAN_KEYS:
            self.held_pan.add(key)
            return []
        kind = KEYMAP.get(key)
        return [Intent(kind)] if kind else []

    def stick_cursor(self) -> list[Intent]:
        x, y = self.axes.get(pygame.CONTROLLER_AXIS_LEFTX, 0.0), self.axes.get(pygame.CONTROLLER_AXIS_LEFTY, 0.0)
        direction = (0 if abs(x) < .5 else (1 if x > 0 else -1), 0 if abs(y) < .5 else (1 if y > 0 else -1))
        if direction == self.cursor_dir:
            return []
        self.cursor_dir, self.cursor_wait, self.cursor_nudge = direction, CURSOR_REPEAT * 2, False
        return [Intent("cursor", dx=direction[0], dy=direction[1])] if direction != (0, 0) else []

    def add_pad(self, index: int) -> None:
        """A controller was plugged in: open it so that its events arrive."""
        from pygame._sdl2 import controller
        if controller.is_controller(index):
            pad = controller.Controller(index)
            self.pads[index] = pad

    # --- held inputs, once a frame ----------------------------------------------------------------------------

    def poll(self, dt: float) -> list[Intent]:
        out: list[Intent] = []
        px = sum(PAN_KEYS[k][0] for k in self.held_pan) + self.axes.get(pygame.CONTROLLER_AXIS_RIGHTX, 0.0)
        py = sum(PAN_KEYS[k][1] for k in self.held_pan) + self.axes.get(pygame.CONTROLLER_AXIS_RIGHTY, 0.0)
        if px or py:
            out.append(Intent("pan", dx=px * PAN_SPEED * dt, dy=py * PAN_SPEED * dt))
        zoom = self.axes.get(pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 0.0) - self.axes.get(
            pygame.CONTROLLER_AXIS_TRIGGERLEFT, 0.0)
        if zoom:
            out.append(Intent("zoom", f=1.0 + zoom * 1.5 * dt))
        if self.cursor_dir != (0, 0):
            self.cursor_wait -= dt
            if self.cursor_wait <= 0:
                self.cursor_wait = CURSOR_REPEAT
                out.append(Intent("cursor", dx=self.cursor_dir[0], dy=self.cursor_dir[1], nudge=self.cursor_nudge))
        return out

    HANDLERS: ClassVar[dict[int, Callable[[Input, pygame.event.Event], list[Intent]]]] = {
        pygame.MOUSEMOTION: motion, pygame.MOUSEBUTTONDOWN: button_down, pygame.MOUSEBUTTONUP: button_up,
        pygame.MOUSEWHEEL: wheel, pygame.KEYDOWN: key_down, pygame.KEYUP: key_up,
        pygame.CONTROLLERDEVICEADDED: pad_added, pygame.CONTROLLERBUTTONDOWN: pad_down,
        pygame.CONTROLLERBUTTONUP: pad_up, pygame.CONTROLLERAXISMOTION: pad_axis,
    }

    def release(self) -> None:
        """Forget held buttons: a scene change must not inherit a held key or a drag (Tuxemon's lesson)."""
        self.pressed, self.dragging = None, False
        self.held_pan.clear()
        self.cursor_dir = (0, 0)
