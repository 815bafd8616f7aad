"""`python3 dev.py record` (tools/record.py): a short moment of a bot game, recorded by the real client headless,
is an animated WebP that moves, and the same command writes the same file."""
from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from PIL import Image, ImageSequence

from tools import record

SHORT = ["--size", "320x180", "--seconds", "1.5", "--fps", "10"]


def distinct_frames(path: Path) -> set[str]:
    """The animated WebP's frames as Pillow reads them back, each by its pixels' digest."""
    with Image.open(path) as picture:
        assert picture.format == "WEBP"
        assert picture.size == (320, 180)
        return {hashlib.sha1(frame.convert("RGB").tobytes()).hexdigest() for frame in ImageSequence.Iterator(picture)}


def test_record_writes_an_animated_webp_that_moves_and_the_same_each_time(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first, second = tmp_path / "one.webp", tmp_path / "two.webp"
    assert record.main(["--out", str(first), *SHORT]) == 0
    assert "15 frames at 10 fps" in capsys.readouterr().out
    assert len(distinct_frames(first)) > 1
    assert record.main(["--out", str(second), *SHORT]) == 0
    assert first.read_bytes() == second.read_bytes()


@pytest.mark.parametrize(("option", "value", "says"), [
    ("--fps", "7", "a divisor of 60"),
    ("--size", "960", "WIDTHxHEIGHT"),
    ("--scenario", "no-such-file.yaml", "does not exist"),
])
def test_record_refuses_a_wrong_option_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str,
                                                    value: str, says: str) -> None:
    with pytest.raises(SystemExit) as exit_:
        record.main(["--out", str(tmp_path / "x.webp"), option, value])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1
    assert not (tmp_path / "x.webp").exists()
