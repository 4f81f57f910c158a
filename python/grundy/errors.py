"""The exceptions grundy raises.

Every one is a :class:`GrundyError`, with the library's message as its text and, where something
can be done about it, a ``hint`` in Python's terms (``raise the limit with max_memory=…``).
Input errors also carry the text that was read and the span of the mistake, shown with a caret.
A :class:`KeyboardInterrupt` during a computation is raised as itself.
"""

from __future__ import annotations

from typing import Any, Optional, Tuple

__all__ = [
    "GrundyError",
    "InputError",
    "SettingError",
    "Refused",
    "TimeLimitExceeded",
    "MemoryLimitExceeded",
    "GameError",
    "Interrupted",
]


class GrundyError(Exception):
    """Any error of grundy: ``message`` says what went wrong, ``hint`` what to do about it."""

    message: str
    hint: Optional[str]

    def __init__(self, message: str, hint: Optional[str] = None, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
        for name, value in details.items():
            setattr(self, name, value)

    def __str__(self) -> str:
        if self.hint:
            return f"{self.message}\n  hint: {self.hint}"
        return self.message


class InputError(GrundyError, ValueError):
    """A game spec, a position or a number that grundy cannot read.

    ``what`` names what was read (``"game spec"``, ``"position"``, ``"to="``), ``text`` is the text
    as given, ``span`` the ``(start, end)`` bytes of the mistake in it, ``reason`` what is wrong;
    the message shows the text with a caret line under the mistake.
    """

    what: str
    text: str
    span: Tuple[int, int]
    reason: str


class SettingError(GrundyError, ValueError):
    """A keyword argument out of its range (``max=0``, ``timeout=-1``, ``start=`` after ``to=``)."""


class Refused(GrundyError):
    """A question grundy does not answer for this game, or not within the limits.

    ``applies`` is false when the question does not apply to the game at all (the period of Nim);
    otherwise ``hint`` says what would let it answer.
    """

    applies: bool


class TimeLimitExceeded(GrundyError, TimeoutError):
    """The time limit (``timeout=``) passed before an answer was reached."""


class MemoryLimitExceeded(GrundyError, MemoryError):
    """The answer would need more memory than the limit (``max_memory=``) allows; nothing was
    allocated."""


class GameError(GrundyError):
    """A game's rules failed: a script's call, or a Python game's function. A Python game's own
    exception is this one's ``__cause__``."""


class Interrupted(GrundyError):
    """The computation was stopped on request before it reached an answer."""
