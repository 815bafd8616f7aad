"""The input layer: mouse, keyboard and controller events become intents, the only input scenes see.

Intents (CLIENT.md): point, select, back, menu, next, prev, cursor, pan, zoom, help, log, plus fit (show the whole
map), palette (every legal action in a list), undo (U, Ctrl+Z), type and erase (text fields), fullscreen (F11), and
unplugged (the pad in use went away). A pointer press that moves becomes a pan (drag); one that does not becomes a
select at the pointer. Sticks and triggers are read every frame, so holding them keeps panning, zooming or stepping
the cursor (faster the longer it is held). The layer remembers which device was used last, and which pad, for
button hints in that pad's faces. Before any use the device is "untouched" and reads as the one in hand: a pad
plugged in, else the keys; never the mouse, whose pointer resting where the window opened is no use of it (SDL
reports that place as a motion of (0, 0)): a newcomer who starts by the keys or a pad must not read mouse glyphs, nor
see a hex's tooltip under a pointer they never moved (issue 40).

Pads come through SDL's game-controller API, so every make of pad has the same buttons where SDL's controller
database knows it (Xbox, PlayStation, Switch Pro, Steam Deck). The subsystem is started with the layer; pads
present at start and pads plugged in later both arrive as a device-added event and are opened then. In pass and
play with one pad per seat, `only` and `exclude` say whose pad may act (game/scenes/handoff.py sets them).
"""
from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Literal, NamedTuple

import pygame
from pygame._sdl2 import controller

MOUSE, KEYS, PAD = "mouse", "keys", "pad"
DRAG_START = 6                    # pixels a press must travel to become a drag
STICK_DEAD = 0.25                 # stick travel ignored
CURSOR_REPEAT = 0.16              # seconds between cursor steps while a stick or d-pad is first held
CURSOR_FASTEST = 0.05             # ... and after it has been held a while (the stick's acceleration)
CURSOR_SPEEDUP = 0.8              # each step while held waits this much of the one before
PAN_SPEED = 900.0                 # pixels per second at full stick or held key


# Every kind of intent, a closed set: a scene's comparison with a misspelt kind is a type error (mypy's
# strict_equality), and a dispatch by `match` ends in `assert_never` so that a kind left out is one too.
IntentKind = Literal["point", "select", "back", "menu", "next", "prev", "cursor", "pan", "zoom", "help", "log",
                     "fit", "palette", "orders", "undo", "type", "erase", "fullscreen", "unplugged"]
# Kinds a scene answers alike, typed so that a misspelt kind is an error here (mypy does not check `in` against a
# tuple of strings).
CHOOSING: tuple[IntentKind, ...] = ("point", "select")
STEPPING: tuple[IntentKind, ...] = ("next", "prev")
TYPING: tuple[IntentKind, ...] = ("type", "erase")
LEAVING: tuple[IntentKind, ...] = ("back", "menu")


class Intent(NamedTuple):
    kind: IntentKind
    x: float = 0.0
    y: float = 0.0
    dx: float = 0.0
    dy: float = 0.0
    f: float = 1.0
    char: str = ""
    pointer: bool = False         # x, y are where the pointer is (a mouse gesture), not a focus-based one
    nudge: bool = False           # a cursor step by the arrows without Shift: a map pans by a step instead
    pad: int = -1                 # the pad (SDL instance id) that made the intent; -1: mouse or keys
    who: str = ""                 # unplugged: the seat whose pad it was ("" when the pad was just the last used)


XBOX, PLAYSTATION, NINTENDO = "xbox", "playstation", "nintendo"
FAMILY_WORDS = {PLAYSTATION: ("playstation", "ps3", "ps4", "ps5", "dualshock", "dualsense", "sony"),
                NINTENDO: ("nintendo", "switch", "joy-con", "wii")}


def pad_family(name: str) -> str:
    """The face style of a pad by the name SDL's controller database gives it: PlayStation's shapes, Nintendo's
    letters, or Xbox's letters (also the Steam Deck's and most others')."""
    lowered = name.lower()
    for family, marks in FAMILY_WORDS.items():
        if any(mark in lowered for mark in marks):
            return family
    return XBOX


@dataclass
class Pad:
    """An open game controller: its SDL instance id, its name, its face style, and the number players see
    ("controller 2"), given in the order the pads were plugged in."""
    instance_id: int
    device: controller.Controller
    name: str
    family: str
    number: int


KEYMAP: dict[int, IntentKind] = {
    pygame.K_RETURN: "select", pygame.K_KP_ENTER: "select", pygame.K_SPACE: "select",
    pygame.K_ESCAPE: "back", pygame.K_BACKSPACE: "erase", pygame.K_F1: "help", pygame.K_h: "help",
    pygame.K_l: "log", pygame.K_f: "fit", pygame.K_HOME: "fit", pygame.K_m: "menu", pygame.K_p: "palette",
    pygame.K_o: "orders", pygame.K_u: "undo", pygame.K_F11: "fullscreen",
}
KEYMAP_WHILE_TYPING = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_BACKSPACE,
                                 pygame.K_F1})          # still commands while a text field takes the letters
CURSOR_KEYS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
PAN_KEYS = {pygame.K_a: (-1, 0), pygame.K_d: (1, 0), pygame.K_w: (0, -1), pygame.K_s: (0, 1)}
ZOOM_KEYS = {pygame.K_PLUS: 1.25, pygame.K_EQUALS: 1.25, pygame.K_KP_PLUS: 1.25, pygame.K_MINUS: 0.8,
             pygame.K_KP_MINUS: 0.8}
PAD_BUTTONS: dict[int, IntentKind] = {
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
        self.used = ""                     # the device used last; "" untouched (`device`)
        self.pointer = (0.0, 0.0)
        self.pressed: tuple[float, float] | None = None     # where the pointer button went down
        self.dragging = False
        self.axes: dict[int, float] = {}
        self.held_pan: set[int] = set()
        self.cursor_dir = (0, 0)
        self.cursor_nudge = False          # the held cursor direction came from the arrows without Shift
        self.cursor_wait = 0.0
        self.cursor_interval = CURSOR_REPEAT
        self.pads: dict[int, Pad] = {}     # by SDL instance id
        self.pad = -1                      # the pad used last
        self.lost: Pad | None = None       # the pad that went away last
        self.typing = False                # a text field takes the letters (the rules' search), not the commands
        self.seat_pads: dict[str, int] = {}  # pass and play with a pad per seat: each seat's pad
        self.only = -1                     # when >= 0, the one pad whose presses count (the deciding seat's)
        self.exclude: set[int] = set()     # pads whose presses do not count (other seats' pads)
        with contextlib.suppress(pygame.error):      # no joystick support on this system: no pads
            controller.init()
            for index in range(controller.get_count()):
                self.add_pad(index)

    @property
    def device(self) -> str:
        """The device in use: the one used last; untouched, a pad's where one is plugged in (who plays with a pad
        holds it already), else the keys'."""
        return self.used or (PAD if self.pads else KEYS)

    @device.setter
    def device(self, used: str) -> None:
        self.used = used

    @property
    def untouched(self) -> bool:
        """No device used yet: a key, a pad's button or stick, a click, the wheel, or the mouse moved."""
        return not self.used

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

    def pad_removed(self, e: pygame.event.Event) -> list[Intent]:
        """A pad went away. If it was in use (the last device used, or a seat's pad), the game must wait."""
        pad = self.pads.pop(e.instance_id, None)
        if pad is None:
            return []
        self.lost = pad
        owner = next((seat for seat, held in self.seat_pads.items() if held == pad.instance_id), "")
        if owner:
            del self.seat_pads[owner]
        if self.only == pad.instance_id:
            self.only = -1
        in_use = self.pad == pad.instance_id and self.device == PAD
        if self.pad == pad.instance_id:
            self.pad = -1
            if self.device == PAD:
                self.device = KEYS
            self.axes.clear()
            self.release()
        return [Intent("unplugged", pad=pad.instance_id, who=owner)] if in_use or owner else []

    def counts(self, e: pygame.event.Event) -> bool:
        """Whether a pad's event counts: the deciding seat's pad's, where pads are per seat."""
        pid = e.instance_id
        return pid not in self.exclude and (self.only < 0 or pid == self.only)

    def pad_down(self, e: pygame.event.Event) -> list[Intent]:
        if not self.counts(e):
            return []
        self.device, self.pad = PAD, e.instance_id
        if e.button in PAD_DPAD:
            self.hold_cursor(PAD_DPAD[e.button], nudge=False)
            return [Intent("cursor", dx=PAD_DPAD[e.button][0], dy=PAD_DPAD[e.button][1], pad=self.pad)]
        kind = PAD_BUTTONS.get(e.button)
        return [Intent(kind, pad=self.pad)] if kind else []

    def pad_up(self, e: pygame.event.Event) -> list[Intent]:
        if e.button in PAD_DPAD and self.counts(e):
            self.cursor_dir = (0, 0)
        return []

    def pad_axis(self, e: pygame.event.Event) -> list[Intent]:
        if not self.counts(e):
            return []
        value = e.value / 32767
        self.axes[e.axis] = value if abs(value) > STICK_DEAD else 0.0
        if abs(value) > STICK_DEAD:
            self.device, self.pad = PAD, e.instance_id
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
        if e.rel != (0, 0):                # resting where the window opened under it is no use of the mouse
            self.device = MOUSE
        return [Intent("point", e.pos[0], e.pos[1], pointer=True)]

    def key_down(self, e: pygame.event.Event) -> list[Intent]:
        self.device = KEYS
        key = e.key
        if key == pygame.K_TAB:
            return [Intent("prev" if e.mod & pygame.KMOD_SHIFT else "next")]
        if key in CURSOR_KEYS:
            self.hold_cursor(CURSOR_KEYS[key], nudge=not e.mod & pygame.KMOD_SHIFT)
            return [Intent("cursor", dx=CURSOR_KEYS[key][0], dy=CURSOR_KEYS[key][1], nudge=self.cursor_nudge)]
        if self.typing and e.unicode and e.unicode.isprintable() and key not in KEYMAP_WHILE_TYPING:
            return [Intent("type", char=e.unicode)]           # a field takes "-" and "+" (a code, an address)
        if key in ZOOM_KEYS:
            return [Intent("zoom", f=ZOOM_KEYS[key])]
        if e.unicode and e.unicode.isdigit() and e.unicode.isascii():
            return [Intent("type", char=e.unicode)]
        if key == pygame.K_z and e.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            return [Intent("undo")]
        if key in PAN_KEYS:
            self.held_pan.add(key)
            return []
        kind = KEYMAP.get(key)
        return [Intent(kind)] if kind else []

    def hold_cursor(self, direction: tuple[int, int], nudge: bool) -> None:
        """A cursor direction starts being held: a first step now, the next after a longer wait."""
        self.cursor_dir, self.cursor_nudge = direction, nudge
        self.cursor_wait, self.cursor_interval = CURSOR_REPEAT * 2, CURSOR_REPEAT

    def stick_cursor(self) -> list[Intent]:
        x, y = self.axes.get(pygame.CONTROLLER_AXIS_LEFTX, 0.0), self.axes.get(pygame.CONTROLLER_AXIS_LEFTY, 0.0)
        direction = (0 if abs(x) < .5 else (1 if x > 0 else -1), 0 if abs(y) < .5 else (1 if y > 0 else -1))
        if direction == self.cursor_dir:
            return []
        self.hold_cursor(direction, nudge=False)
        return [Intent("cursor", dx=direction[0], dy=direction[1], pad=self.pad)] if direction != (0, 0) else []

    def add_pad(self, index: int) -> None:
        """A controller was plugged in (or was there at start): open it so that its events arrive."""
        if not controller.is_controller(index):
            return
        device = controller.Controller(index)
        instance_id = device.as_joystick().get_instance_id()
        if instance_id in self.pads:
            return
        numbers = {pad.number for pad in self.pads.values()}
        number = next(n for n in range(1, len(numbers) + 2) if n not in numbers)
        self.pads[instance_id] = Pad(instance_id, device, device.name, pad_family(device.name), number)

    @property
    def family(self) -> str:
        """The face style of the pad used last; untouched, of the first plugged in (`Pad.number`); Xbox's when
        there is none."""
        pad = self.pads.get(self.pad) or min(self.pads.values(), key=lambda p: p.number, default=None)
        return pad.family if pad is not None else XBOX

    def rumble(self, low: float, high: float, ms: int) -> None:
        """Shake the pad in use, where it can (App.rumble asks, when the player lets it)."""
        pad = self.pads.get(self.pad)
        if pad is not None and self.device == PAD:
            pad.device.rumble(low, high, ms)

    def claim(self, seat: str, pad: int) -> None:
        """The pad pressed becomes the seat's where the seat has none and the pad is no other seat's (pass and
        play with a pad per seat); from then on it alone acts."""
        if seat not in self.seat_pads and pad not in self.seat_pads.values():
            self.seat_pads[seat] = pad
            self.only, self.exclude = pad, set()

    def free_pads(self) -> None:
        """No seat owns a pad any more (a game ended): every pad acts."""
        self.seat_pads.clear()
        self.only, self.exclude = -1, set()

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
                self.cursor_interval = max(CURSOR_FASTEST, self.cursor_interval * CURSOR_SPEEDUP)
                self.cursor_wait = self.cursor_interval
                out.append(Intent("cursor", dx=self.cursor_dir[0], dy=self.cursor_dir[1], nudge=self.cursor_nudge,
                                  pad=self.pad if self.device == PAD else -1))
        return out

    HANDLERS: ClassVar[dict[int, Callable[[Input, pygame.event.Event], list[Intent]]]] = {
        pygame.MOUSEMOTION: motion, pygame.MOUSEBUTTONDOWN: button_down, pygame.MOUSEBUTTONUP: button_up,
        pygame.MOUSEWHEEL: wheel, pygame.KEYDOWN: key_down, pygame.KEYUP: key_up,
        pygame.CONTROLLERDEVICEADDED: pad_added, pygame.CONTROLLERDEVICEREMOVED: pad_removed,
        pygame.CONTROLLERBUTTONDOWN: pad_down,
        pygame.CONTROLLERBUTTONUP: pad_up, pygame.CONTROLLERAXISMOTION: pad_axis,
    }

    def release(self) -> None:
        """Forget held buttons: a scene change must not inherit a held key or a drag (Tuxemon's lesson)."""
        self.pressed, self.dragging = None, False
        self.held_pan.clear()
        self.cursor_dir = (0, 0)
