"""Games defined in Python, checked against a brute force written here from the rules alone:
the same answers as the catalogue's games, components valued by xor, ties, misère play, grids of
two numbers, and errors that keep the game's own exception."""

from __future__ import annotations

import functools
import random

import pytest

import grundy


def mex(values):
    values = set(values)
    n = 0
    while n in values:
        n += 1
    return n


def brute_values(moves, start, to):
    """G(start(n)) for n ≤ to, from the definition, with a memo of its own."""

    @functools.lru_cache(maxsize=None)
    def value(state):
        return mex(value(option) for option in moves(state))

    return [value(start(n)) for n in range(to + 1)]


def subtraction(amounts):
    return lambda n: [n - k for k in amounts if k <= n]


@pytest.mark.parametrize("amounts", [(1, 3, 4), (2, 5, 6), (1, 2, 4, 8), (3, 7)])
def test_a_subtraction_game_in_python_is_the_catalogues(amounts):
    game = grundy.define(moves=subtraction(amounts), name="python:take")
    spec = "subtraction:" + ",".join(map(str, amounts))
    expected = brute_values(subtraction(amounts), lambda n: n, 120)
    assert grundy.table(game, 120).values == expected == grundy.table(spec, 120).values
    for n in [0, 1, 17, 99, 120]:
        mine, theirs = grundy.solve(game, n), grundy.solve(spec, n)
        assert (mine.value, mine.grundy) == (theirs.value, theirs.grundy)
        assert sorted(int(m.to) for m in mine.winning_moves) == sorted(int(m.to) for m in theirs.winning_moves)
    period = grundy.period(game)
    assert not period.certified  # observed on a script's values, not proved
    assert [period.value_at(n) for n in range(121)] == expected


class Kayles:
    """Kayles on a row of heaps: take one or two adjacent pins, possibly splitting a row."""

    def start(self, n):
        return (n,) if n else ()

    def moves(self, rows):
        options = []
        for i, row in enumerate(rows):
            rest = rows[:i] + rows[i + 1 :]
            for taken in (1, 2):
                for left in range(0, row - taken + 1):
                    right = row - taken - left
                    options.append(tuple(sorted(rest + tuple(r for r in (left, right) if r))))
        return options

    def components(self, rows):
        return [(row,) for row in rows] if len(rows) > 1 else [rows]


def test_components_are_valued_apart_and_xored():
    kayles = grundy.define(Kayles())
    assert str(kayles) == "python:Kayles"
    whole = grundy.define(moves=Kayles().moves, start=Kayles().start, name="python:whole-kayles")
    assert grundy.table(kayles, 40).values == grundy.table("0.77", 40).values
    assert grundy.table(whole, 12).values == brute_values(Kayles().moves, Kayles().start, 12)
    # A position of several rows is the xor of its rows' values.
    solution = grundy.solve(kayles, 1000)  # far beyond what a search of whole rows reaches
    assert solution.grundy == grundy.solve("0.77", 1000).grundy


def test_random_games_agree_with_the_brute_force():
    rng = random.Random(7)
    for _ in range(20):
        edges = {n: sorted(rng.sample(range(n), rng.randint(0, min(n, 3)))) for n in range(40)}
        game = grundy.define(moves=lambda n, edges=edges: edges[n], name="python:random")
        expected = brute_values(lambda n: edges[n], lambda n: n, 39)
        assert grundy.table(game, 39).values == expected
        for n in rng.sample(range(40), 5):
            assert grundy.solve(game, n).grundy == expected[n]


def test_a_game_with_ties_has_outcomes():
    # Take 1 or 2; at the end, the player to move loses if the count of moves made is even...
    # here simply: a position (n, score); no moves at n == 0; the outcome compares the score.
    def moves(state):
        n, score = state
        return [{"move": f"take {k}", "to": (n - k, -score + k)} for k in (1, 2) if k <= n]

    def outcome(state):
        n, score = state
        return "win" if score < 0 else "lose" if score > 0 else "tie"

    game = grundy.define(moves=moves, outcome=outcome, start=lambda n: (n, 0), name="python:score")

    @functools.lru_cache(maxsize=None)
    def brute(state):
        options = moves(state)
        if not options:
            return outcome(state)
        results = {brute(option["to"]) for option in options}
        return "win" if "lose" in results else "tie" if "tie" in results else "lose"

    for n in range(12):
        solution = grundy.solve(game, n)
        assert solution.value == brute((n, 0)), n
        assert solution.grundy is None
        if solution.value == "win":
            assert all(m.move.startswith("take") for m in solution.winning_moves)


def test_misere_play_of_a_python_game():
    game = grundy.define(moves=subtraction((1, 2)), misere=True, name="python:misere-take")
    assert str(game) == "misere:python:misere-take"
    expected = grundy.table("misere:subtraction:1,2", 30).values
    for n in range(31):
        # A misère script is solved for its outcome (G⁻ = 0: the player to move loses).
        assert grundy.solve(game, n).value == ("lose" if expected[n] == 0 else "win"), n


def test_a_game_of_two_numbers_has_a_grid():
    def moves(pair):
        a, b = pair
        return [(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)]

    game = grundy.define(moves=moves, start=lambda a, b: (a, b), name="python:two-heaps")
    grid = grundy.table(game, 6)
    assert isinstance(grid, grundy.Grid)
    assert grid.values == [[a ^ b for b in range(7)] for a in range(7)]
    assert grundy.solve(game, (3, 5)).grundy == 6


def test_the_games_exception_is_the_cause():
    def moves(n):
        if n == 3:
            raise ZeroDivisionError("no moves from 3")
        return [n - 1] if n else []

    with pytest.raises(grundy.GameError) as caught:
        grundy.solve(grundy.define(moves=moves, name="python:broken"), 5)
    assert isinstance(caught.value.__cause__, ZeroDivisionError)
    assert "the game python:broken failed in moves(3)" in str(caught.value)


def test_what_a_position_may_hold():
    for bad, words in [
        (lambda n: [1.5], "not float"),
        (lambda n: [2**70], "64-bit"),
        (lambda n: [{1: 2}], "string keys"),
        (lambda n: 3, "must return an array"),
    ]:
        with pytest.raises(grundy.GameError, match=words):
            grundy.solve(grundy.define(moves=bad, name="python:bad"), 1)
    with pytest.raises(TypeError, match="needs moves"):
        grundy.define(name="python:nothing")
    with pytest.raises(grundy.GameError, match="outcome"):
        grundy.define(moves=lambda s: [], outcome=lambda s: "tie", components=lambda s: [s])


def test_a_python_game_explains_and_plays():
    game = grundy.define(moves=subtraction((1, 3, 4)), name="python:take134")
    assert "python:take134" in grundy.explain(game, 10).text()
    options = grundy.options(game, 10)
    assert {o.to for o in options.moves if o.result == "win"} == {m.to for m in grundy.solve(game, 10).winning_moves}
    assert "G(n) = G(n − 7)" in str(grundy.pattern(game))


def test_play_goes_on_from_each_option():
    game = grundy.define(moves=subtraction((1, 3, 4)), name="python:take134")
    options = grundy.options(game, 10)
    best = options.best
    after = options.after(best)
    assert after.to_dict()["position"] == best.to
    # The opponent is left a losing position: every move from it loses for whoever makes it.
    assert after.moves and all(o.result == "lose" for o in after.moves)
    assert grundy.solve(game, int(best.to)).value == "lose"
    nim = grundy.options("nim", (1, 2))
    assert nim.after(0).to_dict()["position"] == nim.moves[0].to


def test_moves_may_be_any_iterable():
    def moves(n):
        for k in (1, 3, 4):
            if k <= n:
                yield n - k

    game = grundy.define(moves=moves, name="python:generator")
    assert grundy.table(game, 30).values == grundy.table("subtraction:1,3,4", 30).values
    sets = grundy.define(moves=lambda n: {n - k for k in (1, 2) if k <= n}, name="python:sets")
    assert grundy.table(sets, 20).values == grundy.table("subtraction:1,2", 20).values

    def failing(n):
        yield n - 1
        raise KeyError("in the middle")

    with pytest.raises(grundy.GameError) as caught:
        grundy.solve(grundy.define(moves=failing, name="python:failing"), 3)
    assert isinstance(caught.value.__cause__, KeyError)


def test_a_table_of_outcomes_alone():
    """Dynamic subtraction beyond the search: outcomes by the theorem, no values."""
    table = grundy.table("dynamic:3x", 10**18 + 9, start=10**18)
    assert table.values is None
    assert len(table) == 10
    assert table.outcomes == "".join(
        "N" if grundy.solve("dynamic:3x", 10**18 + i).wins else "P" for i in range(10)
    )
    with pytest.raises(ValueError):
        table[10**18]
    assert "P/N" in table._repr_html_()
