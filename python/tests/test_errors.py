"""Errors are Python exceptions with the library's message, the caret and a hint in Python's
terms; limits, Ctrl-C and other threads."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import textwrap

import pytest

import grundy
from grundy import errors


def test_a_spec_with_a_mistake_points_at_it():
    with pytest.raises(grundy.InputError) as caught:
        grundy.solve("subtraction:1,0", 3)
    error = caught.value
    assert isinstance(error, ValueError) and isinstance(error, grundy.GrundyError)
    assert error.what == "game spec" and error.text == "subtraction:1,0"
    assert error.span == (14, 15)
    assert error.reason == "0 is not a legal amount"
    assert str(error).splitlines()[1:3] == ["  subtraction:1,0", "                ^"]
    assert error.hint == "a move removes at least one token"
    assert str(error).endswith("hint: a move removes at least one token")


def test_a_position_with_a_mistake_points_at_it():
    with pytest.raises(grundy.InputError) as caught:
        grundy.solve("nim", "3,x")
    assert caught.value.what == "position" and caught.value.span == (2, 3)
    with pytest.raises(grundy.InputError):
        grundy.table("nim", "ten")


def test_wrong_types_are_type_errors():
    with pytest.raises(TypeError, match="a game is a grundy.Game or its spec"):
        grundy.solve(3, 3)
    with pytest.raises(TypeError, match="needs the position of nim"):
        grundy.solve("nim")
    with pytest.raises(TypeError, match="not True or False"):
        grundy.solve("nim", True)
    with pytest.raises(TypeError):
        grundy.solve("nim", 1.5)


def test_settings_are_named_by_their_keyword():
    with pytest.raises(grundy.SettingError, match=r"max= must be between 1 and"):
        grundy.table("0.6", 10, max=0)
    with pytest.raises(grundy.SettingError, match=r"timeout= must be a positive number"):
        grundy.solve("nim", 3, timeout=-1)
    with pytest.raises(grundy.SettingError, match=r"timeout= must be a positive number"):
        grundy.solve("nim", 3, timeout=float("nan"))
    with pytest.raises(grundy.SettingError, match=r"max_memory="):
        grundy.solve("nim", 3, max_memory=0)
    with pytest.raises(grundy.SettingError, match=r"threads="):
        grundy.solve("nim", 3, threads=0)
    with pytest.raises(grundy.SettingError, match=r"start=20 is after to=10"):
        grundy.table("subtraction:1,2", 10, start=20)
    with pytest.raises(grundy.SettingError, match=r"to= is a whole number ≥ 0"):
        grundy.table("nim", -1)


def test_a_refusal_says_what_would_let_it_answer():
    with pytest.raises(grundy.Refused) as caught:
        grundy.solve("0.6", 10**6, max=100)
    assert caught.value.applies
    assert caught.value.hint == "raise the limit with max= (at most 1000000000) to search further"
    with pytest.raises(grundy.Refused) as caught:
        grundy.period("nim")
    assert not caught.value.applies


def test_the_time_limit_stops_a_long_computation():
    with pytest.raises(grundy.TimeLimitExceeded) as caught:
        grundy.sequence("0.6", 2**26, compute_all=True, timeout=0.2)
    assert isinstance(caught.value, TimeoutError)
    assert "timeout=None" in caught.value.hint


def test_the_memory_limit_refuses_before_allocating():
    with pytest.raises(grundy.MemoryLimitExceeded) as caught:
        grundy.sequence("0.6", 2**28, max_memory=10**6)
    assert isinstance(caught.value, MemoryError)
    assert "max_memory=" in caught.value.hint


def test_every_exception_is_a_grundy_error():
    for name in errors.__all__:
        assert issubclass(getattr(errors, name), grundy.GrundyError)


def test_ctrl_c_stops_a_computation_with_keyboard_interrupt():
    # A child process starts a computation of minutes and says so from inside it (the
    # computation asks its stop object whether to stop, which prints "started" the first time);
    # it is sent SIGINT once it has said so, and must end with KeyboardInterrupt, not wait for
    # the computation.
    program = textwrap.dedent(
        """
        import sys, grundy

        class Started:
            said = False

            def is_set(self):
                if not self.said:
                    self.said = True
                    print("started", flush=True)
                return False

        try:
            grundy.sequence("0.6", 2**26, compute_all=True, timeout=None, stop=Started())
        except KeyboardInterrupt:
            print("interrupted", flush=True)
            sys.exit(0)
        print("finished", flush=True)
        sys.exit(1)
        """
    )
    child = subprocess.Popen(
        [sys.executable, "-c", program],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=os.environ,
    )
    assert child.stdout.readline().strip() == "started"
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=120)
    assert out.strip() == "interrupted", err
    assert child.returncode == 0


def test_another_thread_stops_a_computation():
    # The computation asks its stop object whether it is set (with the interpreter taken back
    # for the call); once it has asked, the main thread runs Python and then stops it.
    events = []
    inside, stop = threading.Event(), threading.Event()

    class Stop:
        def is_set(self) -> bool:
            inside.set()
            return stop.is_set()

    def long() -> None:
        try:
            grundy.sequence("0.6", 2**26, compute_all=True, timeout=None, stop=Stop())
            events.append("finished")
        except grundy.Interrupted as error:
            events.append(f"stopped: {error}")

    worker = threading.Thread(target=long)
    worker.start()
    inside.wait()
    events.append(f"python ran: {sum(range(10**5))}")
    stop.set()
    worker.join()
    assert events[0].startswith("python ran"), events
    assert events[1].startswith("stopped: interrupted after computing"), events


def test_a_stop_object_that_fails_stops_the_computation_with_its_exception():
    class Broken:
        def is_set(self) -> bool:
            raise RuntimeError("broken stop")

    with pytest.raises(RuntimeError, match="broken stop"):
        grundy.sequence("0.6", 2**26, compute_all=True, stop=Broken())


def test_a_wrong_choice_lists_the_choices():
    with pytest.raises(ValueError, match=r'lang= is one of "cpp", "python", "java", "rust"; not "cobol"'):
        grundy.codegen("0.77", io="heaps/first-second", lang="cobol")
    with pytest.raises(ValueError, match=r'kind= is one of "scatter"'):
        grundy.plot("0.77", 10, kind="pie")
    with pytest.raises(ValueError, match=r'lang= is one of "en", "zh"'):
        grundy.explain("nim", (1, 2)).text(lang="fr")
    with pytest.raises(grundy.InputError) as caught:
        grundy.codegen("0.77", io="heaps/nonsense")
    assert caught.value.what == "io="
