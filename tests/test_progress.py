"""Progress bars: on stderr, only on a terminal, only after a second, with an honest time left."""

from __future__ import annotations

import io

from click.testing import CliRunner
from conftest import ENGINE_LOG, ENGINE_MODULE, REPO

from adjutant.cli import main
from adjutant.progress import ProgressBar


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_nothing_is_drawn_in_the_first_second_nor_off_a_terminal():
    clock, screen = Clock(), Terminal()
    bar = ProgressBar(screen, clock=clock)
    for n in range(10):
        clock.now = n * 0.09
        bar.update("replaying", n, 10)
    assert screen.getvalue() == ""
    piped = io.StringIO()  # a pipe or a file: never any bar characters
    bar = ProgressBar(piped, clock=clock)
    clock.now = 5.0
    bar.update("replaying", 5, 10)
    assert piped.getvalue() == ""


def test_a_slow_start_does_not_make_the_estimate_say_minutes():
    """The build's workers take a while to start, then draw hundreds of images a second:
    the time left comes from the rate since the first unit finished, not from the start."""
    clock, screen = Clock(), Terminal()
    bar = ProgressBar(screen, clock=clock)
    clock.now = 3.0  # three seconds before the first image comes back
    bar.update("Drawing images", 1, 400)
    for done in range(2, 201):
        clock.now = 3.0 + (done - 1) * 0.01
        bar.update("Drawing images", done, 400)
    line = screen.getvalue().split("\r")[-1]
    # 190 of 400 at the last redraw (one every 0.1 s), 100 images a second: about 2 s left
    assert line == "Drawing images [###########-------------] 190/400, about 2 s left\x1b[K", line
    bar.close()
    assert screen.getvalue().endswith("\r\x1b[K")


def test_no_estimate_until_there_is_a_rate():
    clock, screen = Clock(), Terminal()
    bar = ProgressBar(screen, clock=clock)
    clock.now = 1.5
    bar.update("replaying turn3.vlog", 0, 1800)
    assert screen.getvalue() == "\rreplaying turn3.vlog [------------------------] 0/1800\x1b[K"


def test_commands_write_no_bar_when_not_on_a_terminal(tmp_path):
    runner = CliRunner()
    result = runner.invoke(main, ["inspect", str(ENGINE_LOG), "--module", str(ENGINE_MODULE)])
    assert result.exit_code == 0 and result.stderr == ""
    result = runner.invoke(main, ["build", str(REPO / "sources" / "hood-strikes-north"), "-o", str(tmp_path)])
    assert result.exit_code == 0 and result.stderr == "", result.stderr
    assert "Drawing images" not in result.output
