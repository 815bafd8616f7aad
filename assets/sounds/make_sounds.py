"""The game's sound effects and its music, synthesised by the project (issue 38): no recording and no sample
library, so the sounds are the repository's own work under its terms, like the rest of its art.

    python assets/sounds/make_sounds.py

writes the WAV files beside this script (16-bit mono, 22050 Hz): each effect in two to four variations
(`die-1.wav` .. `die-4.wav`; the game picks one at random each time) and `music.wav`, a 96 s loop. Every random
number comes from a generator seeded with the file's name, so the script writes the same bytes each time (on the
same numpy and C maths library; another platform's may round a sample the other way). tests/game/test_sound.py
synthesises them in memory and compares them with the files committed, then measures them.

Numpy and pyloudnorm (with its scipy) are dev dependencies (pyproject's test group): this script and the tests use
them, the game never does; it only plays the WAV files.

How the sounds are made: struck objects are sums of partials, each dying at its own rate (wood has inharmonic,
quick partials; a bell long harmonic ones); skins are a sine whose pitch falls as the skin settles, with the
slap of the hand; air, water and canvas are noise through band filters (zero-phase, in the frequency domain),
shaped by envelopes; voices, the conch and the nose flute are harmonic wave tables read with vibrato and breath,
coloured by formants. A short room (noise decaying over a few tenths of a second) places them in one space.

Loudness (ITU-R BS.1770-4, K-weighted, gated; pyloudnorm's meter): each sound belongs to a class (`CLASSES`) and
is scaled to its class's target in LUFS. Most effects are shorter than the standard's 400 ms gating block, so
`loudness` measures a sound placed in silence (0.4 s before and after): the blocks that hold it pass the gates,
the silent ones do not, and a short knock reads as its energy spread over a block, which is how the ear sums a
short sound (over some 200-400 ms). A limiter (a smooth gain that never lets the 4-times oversampled peak, the
standard's true peak, above -1.5 dBFS) keeps loud transients under -1 dBFS; the loudness is then measured again.
"""
from __future__ import annotations

import io
import wave
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Literal

import numpy as np
import numpy.typing as npt
import pyloudnorm  # type: ignore[import-untyped]

RATE = 22050
Wave = npt.NDArray[np.float64]
Partial = tuple[float, float, float]           # (frequency ratio, amplitude, decay time in seconds)
Rng = np.random.Generator

CEILING_DB = -1.5                              # the limiter's true-peak ceiling: under the -1 dBFS promised
FADE_IN, FADE_OUT = 0.001, 0.03                # seconds: no click where an effect starts or ends
TABLE = 4096                                   # samples in one cycle of a wave table

WOOD: Sequence[Partial] = ((1.0, 1.0, 0.045), (2.76, 0.55, 0.022), (5.4, 0.3, 0.011), (8.9, 0.15, 0.006))
SLIT: Sequence[Partial] = ((1.0, 1.0, 0.16), (2.02, 0.35, 0.07), (3.9, 0.15, 0.03))          # a hollowed log
SHELL: Sequence[Partial] = ((1.0, 1.0, 0.03), (1.83, 0.7, 0.02), (3.1, 0.5, 0.012), (4.7, 0.3, 0.008))
BELL: Sequence[Partial] = ((1.0, 1.0, 1.1), (2.0, 0.4, 0.6), (3.01, 0.2, 0.35), (4.17, 0.12, 0.2))


# --- measuring -------------------------------------------------------------------------------------------------------

def loudness(x: Wave) -> float:
    """BS.1770-4 integrated loudness in LUFS of `x` placed in 0.4 s of silence on each side (see the module's
    docstring: right for sounds shorter than the 400 ms block; a long sound reads as its plain loudness)."""
    pad = np.zeros(round(0.4 * RATE))
    return float(pyloudnorm.Meter(RATE).integrated_loudness(np.concatenate((pad, x, pad))))


def true_peak(x: Wave, circular: bool = False) -> float:
    """The peak of `x` oversampled four times (BS.1770-4 annex 2's true peak), in dBFS; `circular`, a loop whose
    end runs into its start."""
    n = len(x) if circular else padded(len(x) + 64)
    up = np.fft.irfft(np.fft.rfft(x, n), 4 * n) * 4
    return float(20 * np.log10(max(np.max(np.abs(up)), 1e-12)))


# --- building blocks -------------------------------------------------------------------------------------------------

def padded(n: int) -> int:
    """A length of at least `n` samples that the FFT takes quickly (a power of two)."""
    return 1 << (n - 1).bit_length()


def seconds(x: float) -> int:
    return round(x * RATE)


def clock(length: float) -> Wave:
    return np.arange(seconds(length)) / RATE


def noise(rng: Rng, length: float) -> Wave:
    return rng.uniform(-1.0, 1.0, seconds(length))


def band(x: Wave, low: float = 0.0, high: float = RATE / 2, order: int = 2, circular: bool = False) -> Wave:
    """`x` through a zero-phase band-pass (Butterworth-shaped skirts of `order`, in the frequency domain); padded
    with silence unless `circular` (the music, whose end joins its start)."""
    n = len(x) if circular else padded(len(x) + min(len(x), RATE))
    f = np.fft.rfftfreq(n, 1 / RATE)
    gain = 1 / np.sqrt(1 + (f / high) ** (2 * order))
    if low > 0:
        ratio = f / low
        gain *= ratio ** order / np.sqrt(1 + ratio ** (2 * order))
    return np.fft.irfft(np.fft.rfft(x, n) * gain, n)[:len(x)]


def sweep(x: Wave, centre: Callable[[Wave], Wave], width: float = 0.7) -> Wave:
    """`x` through a band whose centre follows `centre(t)` in Hz (wind rising, a swish): a crossfade between
    bands a half octave apart, each `width` octaves wide."""
    t = np.arange(len(x)) / RATE
    where = np.log2(np.clip(centre(t), 60, 8000) / 60) * 2          # in half octaves above 60 Hz
    out = np.zeros(len(x))
    for k in range(int(where.max()) + 2):
        mid = 60 * 2 ** (k / 2)
        weight = np.clip(1 - np.abs(where - k), 0, 1)
        if weight.any():
            out += weight * band(x, mid * 2 ** (-width / 2), mid * 2 ** (width / 2))
    return out


def hit(t: Wave, attack: float, decay: float) -> Wave:
    """A quick rise and an exponential fall."""
    return np.minimum(1.0, t / attack) * np.exp(-np.maximum(0.0, t - attack) / decay)


def swell(t: Wave, start: float, length: float, power: float = 1.0) -> Wave:
    """Up and down once over `length` seconds from `start` (a gust, a swish, a shout)."""
    phase = np.clip((t - start) / length, 0, 1)
    return np.sin(np.pi * phase) ** power


def struck(freq: float, length: float, partials: Sequence[Partial]) -> Wave:
    """Partials at ratios of `freq`, each dying away at its own rate (wood, a log, shell, a bell)."""
    t = clock(length)
    return sum((amp * np.sin(2 * np.pi * freq * ratio * t) * np.exp(-t / decay)
                for ratio, amp, decay in partials), np.zeros(len(t)))


def knock(rng: Rng, freq: float, length: float = 0.2, partials: Sequence[Partial] = WOOD,
          bright: float = 3000) -> Wave:
    """Something hard struck: its partials and the click of the contact."""
    out = struck(freq, length, partials)
    t = clock(length)
    out += 0.5 * band(noise(rng, length), bright * 0.5, bright * 2) * hit(t, 0.0003, 0.003)
    return out


def skin(rng: Rng, high: float, low: float, decay: float, slap: float = 0.8) -> Wave:
    """A skin drum (pahu): its pitch falls from `high` to `low` Hz as the skin settles, a second mode above it
    that dies sooner, and the slap of the hand."""
    t = clock(decay * 5)
    phase = 2 * np.pi * np.cumsum(low + (high - low) * np.exp(-t / 0.035)) / RATE
    out = np.exp(-t / decay) * (np.sin(phase) + 0.35 * np.sin(1.52 * phase) * np.exp(-t / (decay / 3)))
    out += slap * band(noise(rng, decay * 5), 150, 1500) * hit(t, 0.0005, 0.018)
    return out


def bubble(freq: float, length: float = 0.06) -> Wave:
    """A bubble in water: a sine whose pitch rises as it closes (Minnaert's resonance)."""
    t = clock(length)
    phase = 2 * np.pi * np.cumsum(freq * (1 + 2.5 * t / length)) / RATE
    return np.sin(phase) * hit(t, 0.002, length / 3)


def table(weights: Sequence[float]) -> Wave:
    """One cycle of a harmonic wave: partial k+1 at weights[k]."""
    phase = np.arange(TABLE) / TABLE
    return sum((w * np.sin(2 * np.pi * (k + 1) * phase) for k, w in enumerate(weights)), np.zeros(TABLE))


def voiced(freq: Wave, weights: Sequence[float]) -> Wave:
    """A harmonic wave read at the frequency `freq` (Hz, one value per sample)."""
    cycles = np.cumsum(freq) / RATE
    return table(weights)[(cycles * TABLE).astype(np.int64) % TABLE]


def formants(f0: float, centres: Sequence[tuple[float, float]], count: int = 24) -> list[float]:
    """Harmonic weights of a voice at `f0` Hz through vowel formants ((centre Hz, bandwidth Hz), as 'ah' or 'oh')."""
    out = []
    for k in range(1, count + 1):
        f = k * f0
        out.append(0.0 if f > RATE / 2.2 else
                   sum(1 / (1 + ((f - c) / w) ** 2) for c, w in centres) / k ** 0.6)
    return out


AH = ((750.0, 120.0), (1150.0, 150.0), (2600.0, 250.0))
OH = ((450.0, 100.0), (800.0, 120.0), (2500.0, 250.0))


def note(freq: float, length: float, weights: Sequence[float], attack: float, release: float,
         vibrato: float = 0.0, scoop: float = 0.0, rate: float = 5.0) -> Wave:
    """A sustained note (voice, horn, flute): it rises over `attack`, falls over `release`, its pitch scooping up
    by `scoop` (a fraction) into the note and wavering by `vibrato` after a moment."""
    t = clock(length)
    bend = 1 - scoop * np.exp(-t / 0.06)
    wobble = 1 + vibrato * np.sin(2 * np.pi * rate * t) * np.clip((t - 0.2) * 3, 0, 1)
    level = np.minimum(1.0, t / attack) * np.clip((length - t) / release, 0, 1) ** 1.5
    return voiced(freq * bend * wobble, weights) * level


def chorus(freq: float, length: float, weights: Sequence[float], attack: float, release: float,
           spread: float = 0.006, vibrato: float = 0.004) -> Wave:
    """Three voices on one note, a little apart in pitch and vibrato (a choir, a pad)."""
    return sum((note(freq * (1 + d * spread), length, weights, attack, release, vibrato, rate=4.6 + d * 0.7)
                for d in (-1, 0, 1)), np.zeros(seconds(length))) / 3


def place(into: Wave, sound: Wave, at: float, gain: float = 1.0, circular: bool = False) -> None:
    """Mix `sound` into `into` from `at` seconds on: what runs past the end is cut, or, `circular`, wraps to the
    start (the music's loop)."""
    start = seconds(at) if circular else max(0, seconds(at))
    if circular:
        into[(start + np.arange(len(sound))) % len(into)] += sound * gain
    else:
        part = sound[:max(0, len(into) - start)]
        into[start:start + len(part)] += part * gain


def room(rng: Rng, x: Wave, decay: float, wet: float, circular: bool = False) -> Wave:
    """`x` in a space: convolved with noise that dies over `decay` seconds (darker as it dies), mixed `wet`."""
    t = clock(decay * 4)
    tail = band(noise(rng, decay * 4), 200, 4000) * np.exp(-t / decay)
    tail /= np.sqrt(np.sum(tail ** 2))
    n = len(x) if circular else padded(len(x) + len(tail))
    wetted = np.fft.irfft(np.fft.rfft(x, n) * np.fft.rfft(tail, n), n)[:len(x)]
    return x + wet * wetted


def canvas(length: float) -> Wave:
    """Silence of `length` seconds to mix into."""
    return np.zeros(seconds(length))


# --- the effects -----------------------------------------------------------------------------------------------------
# Each is made from its variation's own generator: pitches, timings and balances differ between variations.

def sails(rng: Rng) -> Wave:
    """An explorer's voyage: a gust through the rigging, the crab-claw sail filling with a thump and luffing."""
    length = rng.uniform(1.3, 1.6)
    t = clock(length)
    top = rng.uniform(700, 1100)
    out = sweep(noise(rng, length), lambda s: 300 + top * np.sin(np.pi * s / length) ** 2) * swell(t, 0, length, 1.3)
    out += 0.6 * band(noise(rng, length), 60, 250) * swell(t, 0, length)              # the sea's breath below
    at = rng.uniform(0.3, 0.45)
    place(out, skin(rng, 95, 70, 0.06, 0.4), at, 0.9)                                # the sail fills
    for k in range(rng.integers(4, 7)):                                               # and flaps
        flap = band(noise(rng, 0.12), 250, 2500) * hit(clock(0.12), 0.003, rng.uniform(0.02, 0.035))
        place(out, flap, at + 0.09 + k * rng.uniform(0.065, 0.085), 1.4 * 0.8 ** k)
    return room(rng, out, 0.2, 0.2)


def paddles(rng: Rng) -> Wave:
    """A stack of canoes moving: paddle strokes, each a plunge (a bubble and a splash), a pull through the water
    and drips."""
    out = canvas(1.3)
    for k in range(2):
        at, strength = 0.05 + k * rng.uniform(0.42, 0.5), rng.uniform(0.8, 1.0)
        t = clock(0.5)
        place(out, bubble(rng.uniform(300, 420), 0.05), at, 0.5 * strength)
        place(out, band(noise(rng, 0.5), 900, 5000) * hit(t, 0.004, 0.05), at, 0.9 * strength)
        place(out, band(noise(rng, 0.5), 150, 700) * swell(t, 0, 0.35, 2), at + 0.03, 1.6 * strength)
        for _ in range(rng.integers(2, 5)):
            place(out, bubble(rng.uniform(900, 1800), 0.03), at + rng.uniform(0.2, 0.4), rng.uniform(0.1, 0.25))
    return room(rng, out, 0.15, 0.2)


def cup(rng: Rng) -> Wave:
    """Exploration markers shaken in a wooden cup, rattling against its wall, and one laid on the table."""
    out = canvas(0.8)
    for shake in range(2):
        for _ in range(rng.integers(5, 9)):
            at = shake * 0.17 + rng.uniform(0, 0.12)
            place(out, knock(rng, rng.uniform(1100, 2200), 0.06, WOOD, 5000), at, rng.uniform(0.2, 0.45))
        place(out, band(noise(rng, 0.1), 300, 900) * hit(clock(0.1), 0.005, 0.03), shake * 0.17, 0.5)
    place(out, knock(rng, rng.uniform(520, 680), 0.25), rng.uniform(0.42, 0.48), 0.9)
    return room(rng, out, 0.12, 0.25)


def tile(rng: Rng) -> Wave:
    """A tile turned face up: a swish through the air, a flat slap on the wooden board and a small bounce."""
    out = canvas(0.5)
    out[:seconds(0.15)] += 0.7 * sweep(noise(rng, 0.15), lambda s: 700 + 20000 * s ** 1.5) * swell(clock(0.15), 0,
                                                                                                    0.15, 2)
    slap = rng.uniform(0.13, 0.16)
    place(out, knock(rng, rng.uniform(300, 420), 0.25), slap, 0.8)
    place(out, band(noise(rng, 0.05), 500, 6000) * hit(clock(0.05), 0.0005, 0.006), slap, 0.6)
    place(out, knock(rng, rng.uniform(320, 440), 0.15), slap + rng.uniform(0.05, 0.07), 0.2)
    return room(rng, out, 0.1, 0.2)


def die(rng: Rng) -> Wave:
    """The battle die knocking on the tray's wooden wall (played at each knock, as loud as it hit): the die's
    bright knock and the tray's lower answer."""
    out = canvas(0.3)
    place(out, knock(rng, rng.uniform(650, 950), 0.25, WOOD, rng.uniform(2500, 4000)), 0, 1.0)
    place(out, struck(rng.uniform(170, 230), 0.25, ((1, 1, 0.05), (2.3, 0.4, 0.02))), 0.001, rng.uniform(0.3, 0.5))
    return room(rng, out, 0.06, 0.15)


def slit_pattern(rng: Rng, out: Wave, at: float, step: float, hits: str, pitch: float) -> None:
    """A slit drum's (toere) pattern: 'H' a high stroke, 'L' a low one, 'h'/'l' ghost strokes, '.' a rest."""
    for k, c in enumerate(hits):
        if c != ".":
            freq = pitch * (1.45 if c in "Hh" else 1.0) * rng.uniform(0.99, 1.01)
            place(out, knock(rng, freq, 0.35, SLIT, 2500), at + k * step + rng.normal(0, 0.004),
                  (1.0 if c.isupper() else 0.4) * rng.uniform(0.85, 1.0))


def drums(rng: Rng) -> Wave:
    """A battle begins: war drums, the pahu booming under the slit drums' roll."""
    out = canvas(2.0)
    step = rng.uniform(0.09, 0.11)
    slit_pattern(rng, out, 0, step, str(rng.choice(["H.hhL.lLH.hhL.LL", "HhH.LlL.HhHhL.L.", "H.lhH.lhHhLlH.L."])),
                 rng.uniform(260, 320))
    boom = skin(rng, 120, 58, 0.35)
    for at in (0, 4 * step, 8 * step, 11 * step, 14 * step):
        place(out, boom, at, rng.uniform(0.9, 1.1))
    return room(rng, np.tanh(1.3 * out) / 1.3, 0.25, 0.2)


def village(rng: Rng) -> Wave:
    """A village built: mallets on posts, thatch laid on (a rustle), then a soft chime (a third, like a bell)."""
    out = canvas(2.0)
    for k in range(3):
        place(out, knock(rng, rng.uniform(240, 320), 0.2), k * rng.uniform(0.11, 0.14), 0.7 - 0.1 * k)
    t = clock(0.3)
    place(out, band(noise(rng, 0.3), 2000, 7000) * swell(t, 0, 0.3, 2), 0.35, 0.25)
    root = 523.25 * rng.choice([1.0, 9 / 8, 4 / 3])
    place(out, struck(root, 1.5, BELL), 0.55, 0.45)
    place(out, struck(root * 1.25, 1.4, BELL), 0.62, 0.35)
    return room(rng, out, 0.35, 0.3)


def victory(rng: Rng) -> Wave:
    """The end of a won game: a drum roll rising into a chord of voices (rising I, IV, I), on the pahu's boom."""
    out = canvas(4.2)
    step = 0.075
    for k in range(12):
        place(out, knock(rng, 290 * (1.45 if k % 2 else 1), 0.3, SLIT, 2500), k * step, 0.3 + 0.06 * k)
    boom = skin(rng, 110, 55, 0.45)
    key = 261.63 * rng.choice([1.0, 9 / 8])
    for at, chord, length in ((0.9, (1, 1.25, 1.5, 2), 0.9), (1.8, (4 / 3, 5 / 3, 2, 8 / 3), 0.6),
                              (2.4, (1, 1.25, 1.5, 2), 1.6)):
        for r in chord:
            place(out, chorus(key * r, length, formants(key * r, AH), 0.05, 0.3), at, 0.35)
        place(out, boom, at, 1.2)
    place(out, knock(rng, 420, 0.35, SLIT, 2500), 2.25, 0.6)
    return room(rng, out, 0.5, 0.35)


def splash(rng: Rng) -> Wave:
    """A piece sinking: it strikes the water (a splash), goes under with a deep gulp, and bubbles rise after it."""
    out = canvas(1.2)
    t = clock(0.6)
    place(out, band(noise(rng, 0.6), 600, 6000) * hit(t, 0.003, 0.11) * (1 + 0.3 * rng.standard_normal(len(t))), 0)
    place(out, band(noise(rng, 0.6), 80, 400) * hit(t, 0.01, 0.15), 0, 1.5)
    place(out, bubble(rng.uniform(140, 180), 0.15), 0.05, 1.0)
    at = 0.2
    for k in range(rng.integers(6, 10)):
        at += rng.uniform(0.04, 0.1)
        place(out, bubble(rng.uniform(250, 700), rng.uniform(0.03, 0.07)), at, 0.5 * 0.85 ** k)
    return room(rng, out, 0.2, 0.2)


def flee(rng: Rng) -> Wave:
    """A panicked piece fleeing: a rush of air and feet scattering on sand, hurrying and dying away."""
    out = canvas(1.0)
    t = clock(1.0)
    out += 0.5 * sweep(noise(rng, 1.0), lambda s: 2200 * np.exp(-s / 0.35) + 300) * swell(t, 0, 0.8, 1.5)
    at = 0.0
    for k in range(rng.integers(9, 13)):
        at += rng.uniform(0.035, 0.07) * (1 + 0.05 * k)
        step = band(noise(rng, 0.06), 200, 2500 - 150 * k) * hit(clock(0.06), 0.002, 0.015)
        place(out, step, at, 0.9 * 0.88 ** k)
    return room(rng, out, 0.15, 0.2)


def clash(rng: Rng) -> Wave:
    """The front rows clashing: wooden clubs striking, shell ornaments clattering, bodies meeting."""
    out = canvas(0.8)
    place(out, band(noise(rng, 0.3), 80, 400) * hit(clock(0.3), 0.005, 0.06), 0.01, 1.2)
    for _ in range(rng.integers(3, 5)):
        place(out, knock(rng, rng.uniform(650, 1100), 0.2, WOOD, 4000), rng.uniform(0, 0.15), rng.uniform(0.6, 1.0))
    for _ in range(rng.integers(5, 9)):
        place(out, struck(rng.uniform(2200, 3600), 0.08, SHELL), rng.uniform(0.02, 0.3), rng.uniform(0.1, 0.25))
    return room(rng, out, 0.2, 0.25)


def card(rng: Rng) -> Wave:
    """A card drawn or turned: the flick of bark cloth through the air and a soft snap as it lands."""
    out = canvas(0.35)
    length = rng.uniform(0.08, 0.12)
    out[:seconds(length)] += sweep(noise(rng, length), lambda s: 2500 + 30000 * s, 1.0) * swell(clock(length), 0,
                                                                                             length, 1.5)
    place(out, band(noise(rng, 0.04), 1500, 7000) * hit(clock(0.04), 0.0005, 0.005), length * 0.9, 0.7)
    place(out, knock(rng, rng.uniform(700, 900), 0.1), length * 0.9, 0.15)
    return room(rng, out, 0.08, 0.15)


def shout(rng: Rng, length: float) -> Wave:
    """Many voices crying out ('ha!'): buzzing voices through the vowel 'ah', breath, each a little apart."""
    out = canvas(length)
    t = clock(length)
    for _ in range(5):
        f0 = rng.uniform(150, 260)
        out += note(f0, length, formants(f0, AH), 0.03, length * 0.6, 0.0, -0.12) * rng.uniform(0.6, 1.0)
    out += 1.5 * band(noise(rng, length), 700, 2500) * swell(t, 0, length, 0.7)
    return out / 5


def conquest(rng: Rng) -> Wave:
    """A village conquered: a burst (a great boom), the drums' quick strokes and the victors' shout."""
    out = canvas(2.2)
    place(out, skin(rng, 100, 45, 0.6, 1.2), 0, 1.3)
    place(out, band(noise(rng, 0.8), 100, 3000) * hit(clock(0.8), 0.002, 0.12), 0, 0.8)
    slit_pattern(rng, out, 0.25, 0.09, str(rng.choice(["HLHL.H", "HHLL.H"])), rng.uniform(270, 310))
    place(out, shout(rng, rng.uniform(0.5, 0.7)), 0.8, 1.4)
    return room(rng, np.tanh(1.2 * out) / 1.2, 0.35, 0.25)


def turn(rng: Rng) -> Wave:
    """The player's turn comes: a conch shell's call (pū), scooping up into its note, breathy, a second answer."""
    f0 = rng.uniform(200, 250)
    shell = formants(f0, OH, 16)
    out = canvas(2.4)
    place(out, note(f0, 1.0, shell, 0.09, 0.25, 0.004, 0.06), 0)
    place(out, note(f0 * rng.choice([1.0, 9 / 8, 4 / 3]), 0.8, shell, 0.08, 0.4, 0.005, 0.04), 1.05, 0.8)
    t = clock(2.0)
    breath = band(noise(rng, 2.0), f0 * 3, f0 * 12) * (swell(t, 0, 1.0, 0.5) + 0.8 * swell(t, 1.05, 0.8, 0.5))
    place(out, breath, 0, 0.05)
    return room(rng, out, 0.6, 0.35)


def vp(rng: Rng) -> Wave:
    """Victory points change: a bright pop whose pitch drops at once, and its octave's tick."""
    length = 0.25
    t = clock(length)
    freq = rng.uniform(900, 1500)
    phase = 2 * np.pi * np.cumsum(freq * (1 + 0.8 * np.exp(-t / 0.008))) / RATE
    out = np.sin(phase) * hit(t, 0.001, 0.04) + 0.3 * np.sin(2 * phase) * hit(t, 0.001, 0.015)
    return room(rng, out, 0.05, 0.15)


def click(rng: Rng) -> Wave:
    """A button pressed: a quiet, soft wooden tick."""
    out = knock(rng, rng.uniform(1400, 2000), 0.1, WOOD, 5000)
    return room(rng, out, 0.03, 0.1)


# --- the music -------------------------------------------------------------------------------------------------------
# 40 bars of 4 beats at 100 beats a minute, in G: a loop of 96 s, rendered in a circle, so every tail past the end
# sounds at the start, and the last bar's drum fill leads into the first.

BEAT = 0.6
BARS = 40
G = 196.0                                          # the key's tonic, G3
PENTA = (0, 2, 4, 7, 9)                            # the major pentatonic's steps in semitones
# A chord each two bars, as semitone steps above G: I, vi, IV, V, the himene's plain harmony.
CHORDS = ((0, 4, 7), (9, 12, 16), (5, 9, 12), (7, 11, 14))
# Sections of eight bars: which parts play in each (the music rises, rests and rises again).
SECTIONS = ("pad shaker log", "pad shaker log pahu flute", "pad shaker log pahu slit pluck flute",
            "pad pluck flute", "pad shaker log pahu slit flute")
# The nose flute's phrases, (beat, length in beats, scale degree: 0 is G4, 5 the G above), two bars each.
PHRASES = (((0, 1.5, 2), (1.5, 0.5, 3), (2, 2, 4), (4, 1, 3), (5, 1, 2), (6, 2, 1)),
           ((0, 1, 4), (1, 1, 5), (2, 1.5, 6), (3.5, 0.5, 5), (4, 3, 4), (7, 1, 3)),
           ((0, 2, 2), (2, 1, 1), (3, 1, 0), (4, 3, 1), (7, 1, -1)),
           ((0, 1.5, 0), (1.5, 0.5, 1), (2, 2, 2), (4, 4, 0)))


def degree(d: int) -> float:
    """The frequency of pentatonic degree `d` above G4."""
    octave, step = divmod(d, 5)
    return 2 * G * 2 ** (octave + PENTA[step] / 12)


def music(rng: Rng) -> Wave:
    """The game's music: pad, shaker, log and slit drums, the pahu, a plucked string and a nose flute."""
    out = canvas(BARS * 4 * BEAT)
    bar = 4 * BEAT
    log = [knock(rng, 180 * r, 0.4, SLIT, 1500) for r in (1.0, 4 / 3)]
    slit = [knock(rng, 330 * r, 0.3, SLIT, 2500) for r in (1.0, 1.5)]
    pahu = skin(rng, 100, 55, 0.4, 0.5)
    shaker = [band(noise(rng, 0.08), 3500, 9000) * hit(clock(0.08), 0.006, 0.02) for _ in range(4)]
    breath = band(noise(rng, 3.0), 700, 3500)                       # the flute's air, under every note
    flute_weights, pluck_weights = (1.0, 0.25, 0.1, 0.04), (1.0, 0.5, 0.33, 0.25, 0.2, 0.16, 0.12, 0.1)
    for b in range(BARS):
        at, parts = b * bar, SECTIONS[b // 8]
        lift = 0.75 + 0.25 * (b % 8) / 7 if b >= 32 else 1.0          # the last section builds up again
        chord = CHORDS[(b // 2) % 4]
        if "pad" in parts and b % 2 == 0:
            for s in (chord[0] - 12, *chord):
                f = G * 2 ** (s / 12)
                place(out, chorus(f, 2 * bar + 1.2, formants(f, OH, 12), 1.2, 1.4, 0.004, 0.003), at, 0.07, True)
        for k in range(8 if "shaker" in parts else 0):
            place(out, shaker[k % 4], at + k * BEAT / 2 + rng.normal(0, 0.005),
                  (0.5 if k % 2 else 0.25) * rng.uniform(0.8, 1.0), True)
        for beat, which, gain in (((0, 0, 1.0), (1.5, 1, 0.6), (2.5, 0, 0.7), (3, 1, 0.6)) if "log" in parts else ()):
            place(out, log[which], at + beat * BEAT, 0.35 * gain * lift, True)
        for beat in ((0, 2.5) if "pahu" in parts else (0,) if b == 0 else ()):   # the loop lands on a boom
            place(out, pahu, at + beat * BEAT, 0.8 * lift, True)
        if "slit" in parts:
            hits = "H.hLH.hl" if b % 4 != 3 else "HhHhLlLl"
            for k, c in enumerate(hits):
                if c != ".":
                    place(out, slit[c in "Hh"], at + k * BEAT / 2 + rng.normal(0, 0.004),
                          (0.3 if c.isupper() else 0.12) * lift, True)
        if "pluck" in parts:
            for k, s in enumerate((0, 1, 2, 1, 0, 2, 1, 2)):
                f = G * 2 ** (chord[s] / 12)
                t = clock(1.2)
                string = (voiced(np.full(len(t), f), pluck_weights) * np.exp(-t / 0.08)
                          + voiced(np.full(len(t), f), (1.0, 0.2)) * np.exp(-t / 0.5)) * hit(t, 0.002, 10)
                place(out, string, at + k * BEAT / 2, 0.12 * (1.2 if k % 4 == 0 else 1.0), True)
        if "flute" in parts and b % 2 == 0:
            phrase = PHRASES[(b // 2) % 4 if b < 24 or b >= 32 else 2 + (b // 2) % 2]
            for beat, length, d in phrase:
                f = degree(d)
                place(out, note(f, length * BEAT + 0.25, flute_weights, 0.07, 0.2, 0.006, 0.03), at + beat * BEAT,
                      0.18, True)
                t = clock(length * BEAT + 0.25)
                place(out, breath[:len(t)] * swell(t, 0, length * BEAT + 0.25, 0.3), at + beat * BEAT, 0.03, True)
    # the last bar's fill runs into the first bar's downbeat
    for k in range(6):
        place(out, slit[k % 2], (BARS - 1) * bar + 2 * BEAT + k * BEAT / 3, 0.15 + 0.04 * k, True)
    return room(rng, band(out, 35, 9000, circular=True), 0.6, 0.35, circular=True)


# --- classes, variations and files -----------------------------------------------------------------------------------

# Loudness classes and their targets (LUFS, measured by `loudness`): interface sounds sit low, impacts high, the
# music under everything (the player's volumes scale each on top).
CLASSES: dict[str, float] = {"ui": -26.0, "effect": -21.0, "impact": -17.0, "fanfare": -18.0, "music": -24.0}

# Each effect: its recipe, how many variations, its class.
EFFECTS: dict[str, tuple[Callable[[Rng], Wave], int, str]] = {
    "sails": (sails, 3, "effect"), "paddles": (paddles, 3, "effect"), "cup": (cup, 3, "effect"),
    "tile": (tile, 3, "effect"), "die": (die, 4, "effect"), "village": (village, 3, "effect"),
    "flee": (flee, 3, "effect"), "drums": (drums, 3, "impact"), "clash": (clash, 3, "impact"),
    "conquest": (conquest, 2, "impact"), "splash": (splash, 3, "impact"), "victory": (victory, 2, "fanfare"),
    "turn": (turn, 2, "fanfare"), "card": (card, 3, "ui"), "vp": (vp, 3, "ui"), "click": (click, 3, "ui"),
}
MUSIC = "music"


def generator(name: str) -> Rng:
    """The seeded generator of the file `name`: the same numbers on every run."""
    return np.random.default_rng(zlib.crc32(name.encode()))


def limit(x: Wave, ceiling_db: float = CEILING_DB, circular: bool = False) -> Wave:
    """`x` under a smooth gain that keeps its oversampled peak under `ceiling_db`: the gain each sample needs,
    the least of it over 5 ms around, averaged over the same 5 ms (so never more than the sample needs)."""
    ceiling = 10 ** (ceiling_db / 20)
    n = len(x) if circular else padded(len(x) + 64)
    up: Wave = np.abs(np.fft.irfft(np.fft.rfft(x, n), 4 * n) * 4).reshape(-1, 4).max(axis=1)[:len(x)]
    need: Wave = np.minimum(1.0, ceiling / np.maximum(up, 1e-12))
    w = seconds(0.005) | 1
    mode: Literal["wrap", "edge"] = "wrap" if circular else "edge"
    least: Wave = np.lib.stride_tricks.sliding_window_view(np.pad(need, w // 2, mode=mode), w).min(axis=1)
    gain: Wave = np.convolve(np.pad(least, w // 2, mode=mode), np.ones(w) / w, mode="valid")
    return x * gain


def finish(x: Wave, target: float, loop: bool = False) -> Wave:
    """`x` without DC, at `target` LUFS, limited, and (not a loop) faded in and out so it starts and ends at 0."""
    x = band(x, 25, circular=loop)
    if not loop:
        n = len(x)
        ramp_in, ramp_out = seconds(FADE_IN), seconds(FADE_OUT)
        x[:ramp_in] *= 0.5 - 0.5 * np.cos(np.pi * np.arange(ramp_in) / ramp_in)
        x[n - ramp_out:] *= 0.5 + 0.5 * np.cos(np.pi * (np.arange(ramp_out) + 1) / ramp_out)
    for _ in range(4):
        x = x * 10 ** ((target - loudness(x)) / 20)
        if true_peak(x, loop) <= CEILING_DB + 0.2:
            break
        x = limit(x, circular=loop)
    return x


def pcm(x: Wave) -> bytes:
    """`x` as a 16-bit mono WAV file."""
    samples = np.clip(np.round(x * 32767), -32768, 32767).astype("<i2")
    out = io.BytesIO()
    with wave.open(out, "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(RATE)
        file.writeframes(samples.tobytes())
    return out.getvalue()


def effects() -> dict[str, bytes]:
    """Every effect's WAV files by name without ".wav" (`die-1` .. `die-4`), each from its own generator."""
    return {f"{name}-{k}": pcm(finish(make(generator(f"{name}-{k}")), CLASSES[kind]))
            for name, (make, count, kind) in EFFECTS.items() for k in range(1, count + 1)}


def synthesise() -> dict[str, bytes]:
    """Every WAV file this script writes, by name without ".wav": the effects' variations and the music."""
    return {**effects(), MUSIC: pcm(finish(music(generator(MUSIC)), CLASSES["music"], loop=True))}


def main() -> None:
    here = Path(__file__).resolve().parent
    made = synthesise()
    for old in here.glob("*.wav"):
        if old.stem not in made:
            old.unlink()
    for name, data in made.items():
        (here / f"{name}.wav").write_bytes(data)
        x = np.frombuffer(data[44:], "<i2") / 32768
        print(f"{name + '.wav':16} {loudness(x):6.1f} LUFS  peak {true_peak(x):5.1f} dBFS  "
              f"{len(x) / RATE:5.2f} s  {len(data) / 1024:6.0f} KB")


if __name__ == "__main__":
    main()
