"""Every public name of the package says what it does: help() is useful."""

from __future__ import annotations

import inspect
import pydoc

import grundy


def test_every_public_name_has_a_docstring():
    for name in grundy.__all__:
        value = getattr(grundy, name)
        if name.isupper():  # a constant
            continue
        assert inspect.getdoc(value), f"grundy.{name} has no docstring"
        if inspect.isclass(value):
            for member, attribute in vars(value).items():
                if member.startswith("_") or not callable(getattr(attribute, "fget", attribute)):
                    continue
                assert inspect.getdoc(attribute), f"grundy.{name}.{member} has no docstring"


def test_help_shows_the_signature_and_the_limits():
    text = pydoc.render_doc(grundy.solve, renderer=pydoc.plaintext)
    assert "solve(game" in text and "max_memory" in text and "timeout" in text
    assert "winning move" in text
    game = pydoc.render_doc(grundy.Game, renderer=pydoc.plaintext)
    assert "spec" in game
