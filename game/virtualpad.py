"""A real game controller made in software: SDL's virtual joystick, on the libSDL2 that pygame-ce loads
(ENV-NOTES §4). Its presses go through SDL's joystick and game-controller layers exactly as a plugged-in pad's
do (device added, button and axis events, removal), so what the UI monkey and the tests do with it is what a
player's pad does. pygame-ce has no binding for it: it is reached through ctypes, in the same library pygame
uses, found beside the pygame package (pygame_ce.libs in the Linux wheels, .dylibs on macOS, the package folder
on Windows). Where that library is not found, `available()` says why and nothing here can be used.
"""
from __future__ import annotations

import ctypes
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pygame

JOYSTICK_TYPE_GAMECONTROLLER = 1
DESC_VERSION = 1
AXES, BUTTONS = 6, 15                  # SDL's game-controller axes and buttons, mapped one to one
AXIS_MAX, AXIS_MIN = 32767, -32768
TRIGGERS = (pygame.CONTROLLER_AXIS_TRIGGERLEFT, pygame.CONTROLLER_AXIS_TRIGGERRIGHT)
# Makes SDL's controller database knows, by the vendor and product ids it reads the pad's type from.
MAKES = {
    "xbox": ("Xbox Series X Controller", 0x045E, 0x0B12),
    "playstation": ("PS5 Controller", 0x054C, 0x0CE6),
    "nintendo": ("Nintendo Switch Pro Controller", 0x057E, 0x2009),
    "steamdeck": ("Steam Deck", 0x28DE, 0x1205),
}

RUMBLE = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_uint16, ctypes.c_uint16)


class Desc(ctypes.Structure):
    """SDL_VirtualJoystickDesc (SDL 2.24 and later)."""
    _fields_ = [("version", ctypes.c_uint16), ("type", ctypes.c_uint16), ("naxes", ctypes.c_uint16),
                ("nbuttons", ctypes.c_uint16), ("nhats", ctypes.c_uint16), ("vendor_id", ctypes.c_uint16),
                ("product_id", ctypes.c_uint16), ("padding", ctypes.c_uint16), ("button_mask", ctypes.c_uint32),
                ("axis_mask", ctypes.c_uint32), ("name", ctypes.c_char_p), ("userdata", ctypes.c_void_p),
                ("Update", ctypes.c_void_p), ("SetPlayerIndex", ctypes.c_void_p), ("Rumble", RUMBLE),
                ("RumbleTriggers", ctypes.c_void_p), ("SetLED", ctypes.c_void_p), ("SendEffect", ctypes.c_void_p)]


def library_candidates() -> list[Path]:
    """Where pygame-ce's wheels put the SDL library they load."""
    package = Path(pygame.__file__).parent
    if sys.platform == "win32":
        return sorted(package.glob("SDL2.dll"))
    if sys.platform == "darwin":
        return sorted((package / ".dylibs").glob("libSDL2-2.0*.dylib"))
    return sorted((package.parent / "pygame_ce.libs").glob("libSDL2-2*.so*"))


@cache
def sdl() -> ctypes.CDLL | None:
    """pygame's own SDL library, with the virtual joystick's functions typed; None where it is not found."""
    found = library_candidates()
    if not found:
        return None
    lib = ctypes.CDLL(str(found[0]))
    if not hasattr(lib, "SDL_JoystickAttachVirtualEx"):
        return None
    lib.SDL_JoystickAttachVirtualEx.argtypes = [ctypes.POINTER(Desc)]
    lib.SDL_JoystickDetachVirtual.argtypes = [ctypes.c_int]
    lib.SDL_JoystickFromInstanceID.restype = ctypes.c_void_p
    lib.SDL_JoystickFromInstanceID.argtypes = [ctypes.c_int]
    lib.SDL_JoystickGetDeviceInstanceID.argtypes = [ctypes.c_int]
    lib.SDL_JoystickOpen.restype = ctypes.c_void_p
    lib.SDL_JoystickOpen.argtypes = [ctypes.c_int]
    lib.SDL_JoystickClose.argtypes = [ctypes.c_void_p]
    lib.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
    lib.SDL_JoystickSetVirtualAxis.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int16]
    return lib


def available() -> str | None:
    """None when virtual pads can be made here, else why not."""
    if sdl() is None:
        return "pygame-ce's bundled libSDL2 (with SDL_JoystickAttachVirtualEx) was not found beside pygame"
    return None


class VirtualPad:
    """One plugged-in virtual pad of a make (MAKES). `press` and `tilt` change its state and let SDL see the
    change at once (SDL_JoystickUpdate), which queues the same events a physical pad's would; `rumbles` lists
    the rumbles the game asked of it (low, high, each 0..65535)."""

    def __init__(self, make: str = "xbox"):
        lib = sdl()
        if lib is None:
            raise RuntimeError(available())
        self.lib = lib
        name, vendor, product = MAKES[make]
        self.rumbles: list[tuple[int, int]] = []
        self._rumble = RUMBLE(self._rumbled)          # kept: SDL holds the pointer as long as the pad lives
        desc = Desc(version=DESC_VERSION, type=JOYSTICK_TYPE_GAMECONTROLLER, naxes=AXES, nbuttons=BUTTONS,
                    vendor_id=vendor, product_id=product, name=name.encode(), Rumble=self._rumble)
        self.index = lib.SDL_JoystickAttachVirtualEx(ctypes.byref(desc))
        if self.index < 0:
            raise RuntimeError(f"SDL could not attach a virtual pad: {pygame.get_error()}")
        self.instance_id = lib.SDL_JoystickGetDeviceInstanceID(self.index)
        self.handle = lib.SDL_JoystickOpen(self.index)       # our own hold on it, to set its buttons and axes
        for axis in TRIGGERS:                     # a trigger at rest is the axis at its minimum
            lib.SDL_JoystickSetVirtualAxis(self.handle, axis, AXIS_MIN)
        lib.SDL_JoystickUpdate()
        self.attached = True

    def _rumbled(self, _userdata: int | None, low: int, high: int) -> int:
        self.rumbles.append((low, high))
        return 0

    def button(self, button: int, down: bool) -> None:
        """Hold (down) or let go of a button (pygame.CONTROLLER_BUTTON_*)."""
        self.lib.SDL_JoystickSetVirtualButton(self.handle, button, 1 if down else 0)
        self.lib.SDL_JoystickUpdate()

    def press(self, button: int) -> None:
        """Press and let go: a button-down and a button-up event are queued."""
        self.button(button, True)
        self.button(button, False)

    def tilt(self, axis: int, value: float) -> None:
        """Move a stick or a trigger (pygame.CONTROLLER_AXIS_*) to `value`: -1..1 for a stick, 0..1 for a trigger."""
        if axis in TRIGGERS:
            raw = round(AXIS_MIN + value * (AXIS_MAX - AXIS_MIN))
        else:
            raw = round(max(-1.0, min(1.0, value)) * AXIS_MAX)
        self.lib.SDL_JoystickSetVirtualAxis(self.handle, axis, raw)
        self.lib.SDL_JoystickUpdate()

    def unplug(self) -> None:
        """Pull the pad out: SDL sends the device-removed events."""
        if self.attached:
            self.lib.SDL_JoystickClose(self.handle)
            self.lib.SDL_JoystickDetachVirtual(self.index_now())
            self.lib.SDL_JoystickUpdate()
            self.attached = False

    def index_now(self) -> int:
        """The pad's device index today (indices shift down when an earlier pad goes)."""
        ids = [self.lib.SDL_JoystickGetDeviceInstanceID(i) for i in range(self.lib.SDL_NumJoysticks())]
        return ids.index(self.instance_id)


BUTTON_NAMES = {
    "a": pygame.CONTROLLER_BUTTON_A, "b": pygame.CONTROLLER_BUTTON_B, "x": pygame.CONTROLLER_BUTTON_X,
    "y": pygame.CONTROLLER_BUTTON_Y, "back": pygame.CONTROLLER_BUTTON_BACK, "start": pygame.CONTROLLER_BUTTON_START,
    "lb": pygame.CONTROLLER_BUTTON_LEFTSHOULDER, "rb": pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
    "up": pygame.CONTROLLER_BUTTON_DPAD_UP, "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
    "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT, "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
    "r3": pygame.CONTROLLER_BUTTON_RIGHTSTICK,
}


class Script:
    """A virtual pad played by a script, for looking at the game in a real window with a pad as the device in
    use (PARADISE_PAD_SCRIPT, read by game/client.py): `make NAME; wait SECONDS; BUTTON; BUTTON*N; ...`, e.g.
    "make playstation; wait 2; down; up; a". Steps run on the wall clock, one press per call of `tick`."""

    def __init__(self, text: str, clock: Callable[[], float]):
        self.clock = clock
        self.steps: list[tuple[str, str]] = []
        self.make = "xbox"
        for part in filter(None, (p.strip() for p in text.split(";"))):
            word, _, arg = part.partition(" ")
            if word == "make":
                self.make = arg.strip()
            elif word == "wait":
                self.steps.append(("wait", arg.strip()))
            else:
                name, _, times = word.partition("*")
                if name not in BUTTON_NAMES:
                    raise ValueError(f"pad script: no button {name!r}; buttons: {', '.join(BUTTON_NAMES)}")
                self.steps += [("press", name)] * int(times or 1)
        self.pad: VirtualPad | None = None
        self.until = 0.0

    def tick(self) -> None:
        """Plug the pad in at the first call; then do the next step whose time has come."""
        now = self.clock()
        if self.pad is None:
            self.pad, self.until = VirtualPad(self.make), now + 0.5
            return
        if now < self.until or not self.steps:
            return
        kind, arg = self.steps.pop(0)
        if kind == "wait":
            self.until = now + float(arg)
        else:
            self.pad.press(BUTTON_NAMES[arg])
            self.until = now + 0.25
