"""The game's sound effects and its music loop, made from arithmetic alone (issue 26): no recording, no library
beyond Python's own, so the sounds are the project's work under its own terms, like the rest of its art.

    python assets/sounds/make_sounds.py

writes the WAV files beside this script (16-bit mono, 22050 Hz). Every random number comes from a generator seeded
with the sound's name, so the script writes the same bytes each time (with the same C maths library: another
platform's may round a sample the other way); tests/game/test_sound.py synthesises them in memory and compares
them with the files committed.

The recipes: noise filtered through a swept band for the wind in the sails and the swish of a tile; a splash, a
wooden thunk and a swirl for each paddle stroke; short inharmonic knocks for the die on its wooden tray, the
markers rattling in the cup and a tile laid down; low drums whose pitch falls as the skin settles for war; a
bright plucked chord for a village; a brass-like rising phrase for victory; a soft chord that breathes for music.
"""
from __future__ import annotations

import array
import io
import math
import random
import sys
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

RATE = 22050
Samples = list[float]
Partial = tuple[float, float, float]           # (frequency ratio, amplitude, decay time in seconds)

WOOD: Sequence[Partial] = ((1.0, 1.0, 0.030), (2.55, 0.6, 0.018), (4.6, 0.35, 0.010), (7.0, 0.2, 0.006))
BELL: Sequence[Partial] = ((1.0, 1.0, 0.9), (2.0, 0.45, 0.5), (3.0, 0.25, 0.3), (4.0, 0.15, 0.2), (5.0, 0.1, 0.12))


def silence(seconds: float) -> Samples:
    return [0.0] * round(seconds * RATE)


def add(into: Samples, sound: Samples, at: float, gain: float = 1.0) -> None:
    """Mix `sound` into `into` from `at` seconds on (what runs past its end is cut)."""
    start = round(at * RATE)
    for i, s in enumerate(sound[:max(0, len(into) - start)]):
        into[start + i] += s * gain


def noise(rng: random.Random, seconds: float) -> Samples:
    return [rng.uniform(-1.0, 1.0) for _ in range(round(seconds * RATE))]


def band(x: Samples, cutoff: Callable[[float], float], damping: float = 1.0) -> Samples:
    """A band-pass whose centre follows `cutoff(t)` in Hz (wind rising and falling): two state-variable filters
    in a row, for skirts steep enough that noise through it whooshes rather than hisses."""
    low, mid = [0.0, 0.0], [0.0, 0.0]
    out = []
    for i, s in enumerate(x):
        f = 2 * math.sin(math.pi * min(cutoff(i / RATE), RATE / 6) / RATE)
        y = s
        for k in range(2):
            low[k] += f * mid[k]
            mid[k] += f * (y - low[k] - damping * mid[k])
            y = mid[k]
        out.append(y)
    return out


def lowpass(x: Samples, cutoff: float) -> Samples:
    """One pole: the sea's low roar under the noise."""
    a = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    y, out = 0.0, []
    for s in x:
        y += a * (s - y)
        out.append(y)
    return out


def shaped(x: Samples, envelope: Callable[[float], float]) -> Samples:
    return [s * envelope(i / RATE) for i, s in enumerate(x)]


def hit(attack: float, decay: float) -> Callable[[float], float]:
    """A quick rise and an exponential fall."""
    return lambda t: min(1.0, t / attack) * math.exp(-max(0.0, t - attack) / decay)


def swell(length: float, power: float = 1.0) -> Callable[[float], float]:
    """Up and down once over `length` seconds (a gust, a swish)."""
    return lambda t: math.sin(math.pi * min(1.0, t / length)) ** power


def tone(freq: float, seconds: float, partials: Sequence[Partial]) -> Samples:
    """Struck: partials at ratios of `freq`, each dying away at its own rate (wood, a bell, a plucked string)."""
    out = silence(seconds)
    for ratio, amp, decay in partials:
        w = 2 * math.pi * freq * ratio / RATE
        for i in range(len(out)):
            out[i] += amp * math.sin(w * i) * math.exp(-i / (decay * RATE))
    return out


def knock(rng: random.Random, freq: float, seconds: float = 0.12) -> Samples:
    """Wood on wood: a struck tone and the click of the contact."""
    out = tone(freq, seconds, WOOD)
    add(out, shaped(band(noise(rng, 0.01), lambda t: 3000, 0.6), hit(0.0005, 0.002)), 0, 0.4)
    return out


def drum(rng: random.Random, high: float, low: float, decay: float) -> Samples:
    """A skin drum: its pitch falls from `high` to `low` Hz as the skin settles, a second mode above it, the
    slap of the hand."""
    out, phase = [], 0.0
    for i in range(round(decay * 5 * RATE)):
        t = i / RATE
        phase += 2 * math.pi * (low + (high - low) * math.exp(-t / 0.04)) / RATE
        out.append(math.exp(-t / decay) * (math.sin(phase) + 0.3 * math.sin(1.6 * phase) * math.exp(-t / 0.05)))
    add(out, shaped(lowpass(lowpass(noise(rng, 0.08), 700), 700), hit(0.001, 0.015)), 0, 1.2)
    return out


def brass(freq: float, seconds: float, vibrato: bool = False) -> Samples:
    """A horn-like note: a bright harmonic series that swells in, holds and dies away, a vibrato on a long note."""
    out, phase = [], 0.0
    envelope = hit(0.025, seconds)
    for i in range(round(seconds * RATE)):
        t = i / RATE
        wobble = 1 + (0.006 * math.sin(2 * math.pi * 5 * t) * min(1.0, max(0.0, t - 0.25) * 4) if vibrato else 0)
        phase += 2 * math.pi * freq * wobble / RATE
        bright = min(1.0, t / 0.06)
        level = envelope(t) * min(1.0, (seconds - t) / 0.12)
        out.append(level * sum(math.sin(k * phase) / k * (bright if k > 2 else 1.0) for k in range(1, 8)))
    return out


# --- the sounds -------------------------------------------------------------------------------------------------


def die(rng: random.Random) -> Samples:
    """The battle die knocking on the tray's wooden wall (played at each knock, as loud as it hit)."""
    return knock(rng, 380, 0.14)


def paddles(rng: random.Random) -> Samples:
    """A stack of canoes moving: three paddle strokes, each a splash, a thunk on the hull and a swirl."""
    out = silence(1.0)
    for k in range(3):
        at, strength = k * 0.3 + rng.uniform(-0.02, 0.02), rng.uniform(0.8, 1.0)
        splash = shaped(band(noise(rng, 0.25), lambda t: 1800 - 4400 * t, 1.2), hit(0.01, 0.06))
        swirl = shaped(lowpass(noise(rng, 0.3), 380), hit(0.06, 0.09))
        add(out, splash, at, strength)
        add(out, tone(rng.uniform(180, 200), 0.15, ((1, 1, 0.05), (2.7, 0.4, 0.02))), at + 0.02, 0.5 * strength)
        add(out, swirl, at + 0.05, 1.6 * strength)
    return out


def sails(rng: random.Random) -> Samples:
    """An explorer's voyage: a gust through the canvas, which fills with a snap and flutters, over the sea."""
    length = 1.2
    wind = band(noise(rng, length), lambda t: 450 + 900 * math.sin(math.pi * t / length) ** 2, 0.7)
    gust, luff = swell(length, 1.5), swell(0.4)                  # the canvas flutters from 0.35 s to 0.75 s
    out = shaped(wind, lambda t: gust(t) * (1 + 0.4 * math.sin(2 * math.pi * 11 * t) * luff(max(0.0, t - 0.35))))
    add(out, shaped(lowpass(noise(rng, length), 280), swell(length)), 0, 2.5)
    add(out, tone(90, 0.2, ((1, 1, 0.06), (2.3, 0.3, 0.02))), 0.33, 0.35)
    return out


def cup(rng: random.Random) -> Samples:
    """Exploration markers shaken in the cup, rattling against each other, and one laid on the table."""
    out = silence(0.6)
    for at in sorted(rng.uniform(0, 0.32) for _ in range(8)):
        click = tone(rng.uniform(1500, 2600), 0.04, ((1, 1, rng.uniform(0.006, 0.012)), (1.9, 0.4, 0.004)))
        add(out, click, at, rng.uniform(0.3, 0.6))
    add(out, knock(rng, 820, 0.12), 0.42)
    return out


def tile(rng: random.Random) -> Samples:
    """A tile turned face up: a swish through the air, then a tap on the board."""
    out = silence(0.4)
    add(out, shaped(band(noise(rng, 0.16), lambda t: 600 + 16000 * t, 0.8), swell(0.16, 2)), 0, 0.9)
    add(out, knock(rng, 620, 0.2), 0.15)
    return out


def drums(rng: random.Random) -> Samples:
    """A battle begins: war drums, a low and a higher one."""
    out = silence(1.6)
    low, high = drum(rng, 120, 62, 0.28), drum(rng, 190, 105, 0.18)
    for at, which, gain in ((0.0, low, 1.0), (0.25, low, 0.7), (0.38, high, 0.6), (0.62, low, 0.9),
                            (0.8, high, 0.7), (0.93, low, 1.0)):
        add(out, which, at, gain)
    return [math.tanh(1.5 * s) for s in out]                    # driven a little, for weight


def village(rng: random.Random) -> Samples:
    """A village built: a bright chord plucked low to high (G major)."""
    out = silence(1.3)
    for k, freq in enumerate((392.0, 493.88, 587.33, 783.99)):
        add(out, tone(freq * rng.uniform(0.998, 1.002), 1.3 - k * 0.045, BELL), k * 0.045, 1.0 - k * 0.1)
    return out


def victory(rng: random.Random) -> Samples:
    """The end of a game: a fanfare rising to its top note over the chord, on a drum's boom."""
    out = silence(1.6)
    for at, freq in ((0.0, 523.25), (0.13, 659.26), (0.26, 783.99)):
        add(out, brass(freq, 0.16), at)
    for freq, gain in ((1046.5, 1.0), (523.25, 0.45), (659.26, 0.35), (783.99, 0.35)):
        add(out, brass(freq, 1.19, vibrato=freq > 1000), 0.4, gain)
    add(out, drum(rng, 110, 58, 0.3), 0.4, 1.4)
    return out


def music(rng: random.Random) -> Samples:
    """A calm loop (off by default): a soft D chord whose voices swell in turn. Every frequency makes whole cycles
    in the loop's length, so it repeats without a seam."""
    length = 1.6
    out = silence(length)
    cycle = 1 / length
    for k, (freq, gain) in enumerate(((146.83, 1.0), (220.0, 0.8), (293.66, 0.6), (369.99, 0.5), (440.0, 0.3))):
        f = round(freq / cycle) * cycle
        offset = 2 * math.pi * (k / 5 + rng.random() * 0.05)
        for i in range(len(out)):
            t = i / RATE
            breath = 0.6 + 0.4 * math.sin(2 * math.pi * cycle * t + offset)
            out[i] += gain * breath * (math.sin(2 * math.pi * f * t) + 0.2 * math.sin(4 * math.pi * f * t))
    return out


# Each sound, and how loud its peak is (the effects' balance; the player's volume scales them all). The music
# loops: its ends are not faded, as they join.
SOUNDS: dict[str, tuple[Callable[[random.Random], Samples], float]] = {
    "die": (die, 0.9), "paddles": (paddles, 0.6), "sails": (sails, 0.55), "cup": (cup, 0.6), "tile": (tile, 0.6),
    "drums": (drums, 0.9), "village": (village, 0.55), "victory": (victory, 0.7), "music": (music, 0.35),
}


LOOPS = frozenset({"music"})


def wav(samples: Samples, peak: float, fades: bool = True) -> bytes:
    """The samples scaled to `peak` of full scale, faded in over 2 ms and out over 50 ms (no click where a sound
    starts or is cut), as a 16-bit mono WAV file."""
    top = max(abs(s) for s in samples) or 1.0
    rise, fall, n = (0.002 * RATE, 0.05 * RATE, len(samples)) if fades else (1, 1, len(samples))
    pcm = array.array("h", (round(s / top * peak * 32767 * min(1.0, (i + 1) / rise, (n - i) / fall))
                            for i, s in enumerate(samples)))
    if sys.byteorder == "big":
        pcm.byteswap()                                          # WAV is little-endian
    out = io.BytesIO()
    with wave.open(out, "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(RATE)
        file.writeframes(pcm.tobytes())
    return out.getvalue()


def synthesise() -> dict[str, bytes]:
    """Every sound's WAV file by its name (without ".wav"), each from its own seeded generator."""
    return {name: wav(make(random.Random(name)), peak, name not in LOOPS)
            for name, (make, peak) in SOUNDS.items()}


def main() -> None:
    here = Path(__file__).resolve().parent
    for name, data in synthesise().items():
        (here / f"{name}.wav").write_bytes(data)
        print(f"{name}.wav  {len(data) / 1024:.0f} KB")


if __name__ == "__main__":
    main()
