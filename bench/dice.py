"""The dice tray at length (printed, never asserted): 1,000 throws with seeded random launches and faces.

    python bench/dice.py [--throws 1000] [--seed 1]

Prints how many settled on the engine's face, the drawn cube showing it on top (all must), the median and max
time to settle in simulated seconds (targets: median <= 2 s, max <= 3.5 s), the physics cost (each throw is
simulated whole when it starts) and the cost of a frame that draws the shaded die tumbling in its tray.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game import dice


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--throws", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rnd = random.Random(args.seed)
    settled, times, steps, knocks, turns = 0, [], 0, [], []
    start = time.perf_counter()
    throws = []
    for _ in range(args.throws):
        face, seed = rnd.randint(1, 6), rnd.getrandbits(32)
        t = dice.throw(face, seed)
        throws.append(t)
        settled += t.rest.face == face and dice.top_face(t.rest) == face     # the cube drawn shows it
        times.append(t.duration)
        steps += len(t.poses)
        knocks.append(len(t.knocks))
        turns.append(sum(1 for a, b in zip(t.poses, t.poses[1:]) if a.face != b.face))
    simulated = time.perf_counter() - start
    print(f"{args.throws} throws: {settled} settled on the engine's face")
    print(f"time to settle (simulated): median {statistics.median(times):.2f} s, max {max(times):.2f} s, "
          f"min {min(times):.2f} s (targets: median <= 2 s, max <= 3.5 s)")
    print(f"faces turned over per throw: median {statistics.median(turns):.0f}; knocks on the walls: median "
          f"{statistics.median(knocks):.0f}")
    print(f"physics: {simulated / args.throws * 1000:.2f} ms to simulate a whole throw when it starts, "
          f"{simulated / steps * 1e6:.1f} µs a step ({steps / simulated:,.0f} steps/s)")
    pygame.display.init()
    screen = pygame.display.set_mode((1920, 1080))
    tray = pygame.Rect(760, 200, 400, 225)
    frames = []
    for t in throws[:50]:
        for i in range(0, len(t.poses), 2):              # 60 frames a second, two physics steps each
            began = time.perf_counter()
            dice.draw_tray(screen, tray)
            dice.draw_die(screen, tray, t.at(i * dice.STEP), lift=dice.height(i * dice.STEP))
            frames.append(time.perf_counter() - began)
    frames.sort()
    print(f"a frame drawing the tray and the rolling die (1920x1080): p50 {frames[len(frames) // 2] * 1000:.2f} ms, "
          f"p99 {frames[int(len(frames) * 0.99)] * 1000:.2f} ms over {len(frames)} frames")


if __name__ == "__main__":
    main()
