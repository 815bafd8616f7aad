"""Client benchmarks (printed, never asserted; targets in CLIENT.md): time from launch to the first frame, and
frame times at 1920x1080 in the middle of a game with the log open and a tooltip showing: while a human's
decision waits, while bots play with their moves animated, and while they play fast; the same with bots animated
on a 4K television's full screen (3840x2160 real pixels: SDL's dummy driver fills only its fixed 1024x768 desktop,
so the row draws to a surface of the television's size, as the full screen does there); and while a battle is
fought in the overlay, the die rolling in its tray.

    python bench/client.py [--frames N] [--launches N]
    python bench/client.py --program dist/paradise/paradise [--launches N]    the built program's first frame only
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

import engine  # noqa: E402
from engine import play  # noqa: E402
from engine.ai import Board, Budget, RuleBot, SearchBot, ask  # noqa: E402
from game.app import App, Settings  # noqa: E402
from game.match import Match  # noqa: E402
from game.scenes.table import TableScene  # noqa: E402


def first_frame(launches: int, program: list[str]) -> list[float]:
    """Seconds from starting the program (`python main.py`, or the built one) to its first frame (the title)."""
    out = []
    with tempfile.TemporaryDirectory() as data:
        for _ in range(launches):
            start = time.time()
            done = subprocess.run([*program, "--data-dir", data], cwd=ROOT, capture_output=True,
                                  text=True, env={**os.environ, "PARADISE_FIRST_FRAME": "1"}, check=False)
            stamp = float(done.stdout.split("first frame at ")[1].split()[0])
            out.append(stamp - start)
    return out


def searches_here(rules: engine.Ruleset, state: engine.GameState) -> bool:
    """Whether a Hard bot would search here: its plan point, at turn 8 or later, with several plans to weigh."""
    who = engine.current_player(state)
    if state.turn < 8 or who is None or who == engine.CHANCE:
        return False
    bot, view = SearchBot(who, 3, rules), engine.observe(state, who, log=False)
    return bot.plans_here(view) and len(bot.candidates(Board(rules, view), engine.legal_actions(state))) > 1


def searching_match(rules: engine.Ruleset, speed: str) -> Match:
    """A 4-player game played by rule bots up to where a Hard bot searches, a human watching: its search lasts
    as long as the frames are measured, in the match's worker process (the worst case for the frame loop: in a
    game a Hard bot searches only at its plan points)."""
    state = engine.new_game(rules, 4, 3)
    play(state, ask({name: RuleBot(name, 3, rules) for name in state.names}),
         until=lambda s: searches_here(rules, s))
    hard = engine.current_player(state)
    seats = {name: "hard" if name == hard else "normal" for name in state.names}
    seats[next(name for name in state.names if name != hard)] = "human"
    return Match(rules, state, seats, 3, speed=speed, make_bot=lambda kind, name: SearchBot(
        name, 3, rules, Budget(seconds=3600)) if kind == "hard" else RuleBot(name, 3, rules))


def frame_times(frames: int, seats: list[str], speed: str, searching: bool = False,
                size: tuple[int, int] = (1920, 1080)) -> tuple[list[float], int]:
    """Frame times (update + draw) of the table at this size, turn 8 of a 4-player game, log open, the pointer
    moving over the map so that a tooltip shows; and how many actions were played meanwhile. `searching`: a Hard
    bot of the match searches in its worker process all along (`seats` unused)."""
    screen = pygame.display.set_mode(size)
    w, h = size
    rules = engine.load_ruleset()
    with tempfile.TemporaryDirectory() as data:
        app = App(screen, Settings(data_dir=Path(data), speed=speed), rules)
        if searching:
            match = searching_match(rules, speed)
        else:
            match = Match.new(rules, 4, seats, 3, speed=speed)
            match.fast_forward(8)
        start_actions = match.actions
        app.push(TableScene(app, match))
        table = app.top
        for _ in range(30):                             # warm the caches: the map at this zoom, the text
            app.frame()
        app.frame_times.clear()
        centres = table.map.layout.centres
        spots = [table.map.camera.to_screen(*centres[h]) for h in range(0, len(centres), 7)]
        spots = [(x, y) for x, y in spots if 0.2 * w < x < 0.73 * w and 0.1 * h < y < 0.92 * h]
        for i in range(frames):
            x, y = spots[i % len(spots)]
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(x), round(y)), rel=(1, 0),
                                                 buttons=(0, 0, 0)))
            app.frame()
        match.close()
        return list(app.frame_times), match.actions - start_actions


# A battle at sea (M8): Tonga's two war canoes with their bands attack Samoa's canoes; Tonga, a human here,
# decides with the first legal action whenever asked, the rule bot decides for Samoa.
SEA_BATTLE = {"players": ["Tonga", "Samoa"], "step": "movement", "order": ["Tonga", "Samoa"], "ocean": ["0906", "1006"],
              "pieces": {"Tonga": [{"hex": "0906", "war_canoe": 2, "warrior_band": 2}],
                         "Samoa": [{"hex": "1006", "war_canoe": 1, "transport_canoe": 1, "warrior_band": 1}]}}
SEA_MOVES = ("party 0906", "take war_canoe", "take war_canoe", "take warrior_band war_canoe",
             "take warrior_band war_canoe", "go 1006", "done", "end")


def battle_frames(battles: int, size: tuple[int, int] = (1920, 1080)) -> tuple[list[float], int]:
    """Frame times at this size while battles at sea are fought at speed normal (the overlay, the die rolling in
    its tray, the pops), each battle to its end, a frame being 1/60 s of game time; and how many dice were
    thrown."""
    screen = pygame.display.set_mode(size)
    rules = engine.load_ruleset()
    times: list[float] = []
    throws = 0
    with tempfile.TemporaryDirectory() as data:
        app = App(screen, Settings(data_dir=Path(data), speed="normal"), rules, fixed_dt=1 / 60)   # game time
        for seed in range(battles):
            state = engine.load_scenario(rules, {**SEA_BATTLE, "seed": seed})
            for notation in SEA_MOVES[:-1]:
                engine.apply(state, engine.parse_action(state, notation))
            match = Match(rules, state, {"Tonga": "human", "Samoa": "normal"}, seed, speed="normal")
            table = TableScene(app, match)
            app.push(table)
            app.frame()
            table.act(engine.parse_action(state, SEA_MOVES[-1]))
            app.frame_times.clear()
            thrown: set[int] = set()                    # the dice thrown in this battle (a clip each)
            for _ in range(6000):
                if table.legal and table.battle is not None and not table.anim.busy:
                    table.act(table.legal[0])
                if table.anim.throw is not None:
                    thrown.add(id(table.anim.throw))
                app.frame()
                if table.battle is None and not table.anim.busy:
                    break
            times += app.frame_times
            throws += len(thrown)
            match.close()
            app.pop()
    return times, throws


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--launches", type=int, default=5)
    parser.add_argument("--program", default=None, help="time this built program's first frame, and nothing else")
    args = parser.parse_args()
    launch = first_frame(args.launches, [args.program] if args.program else [sys.executable, "main.py"])
    print(f"first frame: median {statistics.median(launch):.3f} s, best {min(launch):.3f} s "
          f"over {len(launch)} launches (target 0.5 s)")
    if args.program:
        return
    pygame.display.init()
    pygame.font.init()
    hd, tv = (1920, 1080), (3840, 2160)
    for size, label, seats, speed, searching in (
            (hd, "a human's decision waits", ["human", "normal", "normal", "normal"], "normal", False),
            (hd, "a Hard bot searching all along in the worker, a human watching", [], "normal", True),
            (hd, "bots play, animations running (speed normal)", ["normal"], "normal", False),
            (hd, "bots play (speed fast)", ["normal"], "fast", False),
            (hd, "Hard bots play (speed normal)", ["hard"], "normal", False),
            (tv, "full screen, a human's decision waits", ["human", "normal", "normal", "normal"], "normal", False),
            (tv, "full screen, bots play, animations running (speed normal)", ["normal"], "normal", False)):
        times, played = frame_times(args.frames, seats, speed, searching, size)
        ms = [t * 1000 for t in times]
        print(f"{size[0]}x{size[1]}, turn 8, log open, tooltip, {label}: frame p50 {percentile(ms, 50):.2f} ms, "
              f"p99 {percentile(ms, 99):.2f} ms, max {max(ms):.2f} ms over {len(ms)} frames; "
              f"{played} actions played (target p99 {target(size)})")
    for size in (hd, tv):
        times, throws = battle_frames(8, size)
        ms = [t * 1000 for t in times]
        print(f"{size[0]}x{size[1]}, 8 battles at sea in the overlay, speed normal: frame p50 "
              f"{percentile(ms, 50):.2f} ms, p99 {percentile(ms, 99):.2f} ms, max {max(ms):.2f} ms over {len(ms)} "
              f"frames; {throws} dice thrown (target p99 {target(size)})")


def target(size: tuple[int, int]) -> str:
    """CLIENT.md's frame target at this size: 120 fps at 1080 lines, 60 at a 4K television's."""
    return "16.7 ms" if size[1] > 1080 else "8.3 ms"


if __name__ == "__main__":
    main()
