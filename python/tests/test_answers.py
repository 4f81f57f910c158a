"""The answers through Python equal the command line's, for every family; the README's examples;
big integers both ways; the typed objects over the documents."""

from __future__ import annotations

import json
import os
import pickle

import pytest

import grundy

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples")


def example(name: str) -> str:
    """The spec of an example script of the repository, by its absolute path."""
    return "script:" + os.path.normpath(os.path.join(EXAMPLES, name))


# One game of each family (and the combinators), with a position, as the README and
# `grundy --help` name them.
SOLVED = [
    ("subtraction:1,3,4", "10^18"),
    ("subtraction:1,3,4", "3,4,5"),
    ("allbut:1,2", "100"),
    ("bash:3", "20"),
    ("subtraction:fibonacci", "1000"),
    ("subtraction:2..5,rest", "17"),
    ("nim", "3,4,5"),
    ("wythoff", "3,5"),
    ("fibonacci-nim", "20"),
    ("norepeat:1,2,3", "10"),
    ("oddball:1,2,3", "7"),
    ("0.77", "30"),
    ("0.6", "1000"),
    ("4!.0", "20"),
    ("misere:nim", "1,1,2"),
    ("misere:subtraction:1,2", "9"),
    ("misere:0.77", "20"),
    ("divisor", "12"),
    ("coins:twins", "0,2,3"),
    ("turning-corners", "3:5,2:2"),
    ("staircase", "3,1,4"),
    ("moore:2", "3,4,5"),
    ("dynamic:3x", "45"),
    ("dynamic:x+2", "10^18"),
    ("dynamic:10-x", "12"),
    ("hackenbush", "0-1, 1-2, 2-0, 2-3"),
    ("digraph:0>1,1>2,2>0,1>3", "1"),
    (example("take134.rhai"), "30"),
    (example("cycle.rhai"), "0"),
    (example("oddball.rhai"), "9"),
    ("nim[3] + wythoff[1,2]", None),
    ("every:nim[3] + nim[2]", None),
]


@pytest.mark.parametrize("spec, position", SOLVED)
def test_solve_equals_the_command_line(cli, spec, position):
    args = ["solve", spec] + ([position] if position is not None else [])
    expected = cli(*args)
    solution = grundy.solve(spec, position)
    assert solution.to_dict() == expected
    assert json.loads(solution.to_json()) == expected
    assert solution.value == expected["value"]
    assert solution.grundy == expected.get("grundy")
    assert [move.to for move in solution.winning_moves] == [m["to"] for m in expected.get("winning_moves", [])]
    assert str(solution) == cli(*args, json_flag=False)


TABLES = [
    (example("deleting-divisors.rhai"), "60"),
    ("subtraction:1,3,4", "40"),
    ("0.77", "100"),
    ("misere:subtraction:1,2", "20"),
    ("wythoff", "8"),
    ("allbut:1,2", "30"),
    ("divisor", "20"),
]


@pytest.mark.parametrize("spec, to", TABLES)
def test_table_equals_the_command_line(cli, spec, to):
    expected = cli("table", spec, "--to", to)
    answer = grundy.table(spec, to)
    assert answer.to_dict() == expected
    if spec == "wythoff":
        assert isinstance(answer, grundy.Grid)
        assert answer[3, 5] == expected["values"][3][5]
        assert (3, 5) in answer.p_positions
    else:
        assert isinstance(answer, grundy.Table)
        assert len(answer) == int(to) + 1
        assert answer.p_positions == [n for n, o in enumerate(expected["outcomes"]) if o == "P"]


PERIODS = [  # subtraction:fibonacci has no period: its document says so, with nulls
"subtraction:1,3,4", "0.77", "0.07", "4.7", "allbut:1,2", "subtraction:fibonacci", "misere:0.77", "misere:subtraction:1,2"]


@pytest.mark.parametrize("spec", PERIODS)
def test_period_equals_the_command_line(cli, spec):
    expected = cli("period", spec)
    answer = grundy.period(spec)
    assert answer.to_dict() == expected
    if isinstance(answer, grundy.Period) and answer.period is not None:
        values = grundy.table(spec, 300).values
        assert [answer.value_at(n) for n in range(301)] == values


@pytest.mark.parametrize("spec", ["subtraction:1,3,4", "0.77", "wythoff", "nim"])
def test_pattern_equals_the_command_line(cli, spec):
    assert grundy.pattern(spec).to_dict() == cli("pattern", spec)


@pytest.mark.parametrize("spec", ["subtraction:1,3,4", "0.77", "oddball:1,2,3"])
def test_explain_equals_the_command_line(cli, spec):
    explanation = grundy.explain(spec, 10)
    assert explanation.to_dict() == cli("explain", spec, "10")
    assert explanation.text("zh", width=80) == cli("explain", spec, "10", "--lang", "zh", "--width", "80", json_flag=False)
    assert explanation.markdown() == cli("explain", spec, "10", "--format", "markdown", json_flag=False)


def test_verify_and_nim_product_equal_the_command_line(cli):
    assert grundy.verify("subtraction:1,3,4", to=30).to_dict() == cli("verify", "subtraction:1,3,4", "--to", "30")
    assert grundy.verify("subtraction:1,3,4", to=30).agrees
    assert grundy.nim_product(2**64, 3).to_dict() == cli("nimber", str(2**64), "3")


def test_codegen_equals_the_command_line(cli):
    for game, io in [("0.77", "heaps/first-second"), ("wythoff", "hdu-1527"), ("subtraction:1,3,4", "lines/first-second")]:
        for lang in ["cpp", "python"]:
            expected = cli("codegen", game, "--lang", lang, "--io", io, json_flag=False)
            assert grundy.codegen(game, io=io, lang=lang) == expected


def test_plot_equals_the_command_line(cli, tmp_path):
    plot = grundy.plot("wythoff", 20)
    out = tmp_path / "w.svg"
    described = cli("plot", "wythoff", "--to", "20", "--out", str(out))
    file = described.pop("file")
    assert plot.to_dict() == described
    assert plot.svg() == out.read_text()
    assert plot.svg().startswith("<svg")
    assert plot.png().startswith(b"\x89PNG")
    plot.save(tmp_path / "mine.png")
    with pytest.raises(FileExistsError):
        plot.save(tmp_path / "mine.png")
    assert file["bytes"] == len(out.read_bytes())


def test_options_give_every_move_with_its_value():
    options = grundy.options("nim", (3, 4, 5))
    assert len(options.moves) == 12
    assert options.best.result == "win"
    winning = {m.to for m in grundy.solve("nim", (3, 4, 5)).winning_moves}
    assert {o.to for o in options.moves if o.result == "win"} == winning
    assert all(o.value == grundy.solve("nim", o.to).grundy for o in options.moves)


def test_the_readme_examples():
    solution = grundy.solve("subtraction:1,3,4", 10**18)
    assert (solution.value, solution.outcome, solution.grundy) == ("win", "N", 1)
    assert [move.move for move in solution.winning_moves] == ["take 1"]
    assert solution.basis.kind == "certified period"
    assert solution.basis.certificate.theorem == "window"
    kayles = grundy.period("0.77")
    assert (kayles.preperiod, kayles.period, kayles.certified) == (71, 12, True)
    assert "P-positions" in grundy.table("subtraction:1,3,4", 20)._repr_html_()


def test_big_integers_both_ways():
    huge = 10**99999 + 7  # past Python's own limit on int-to-text conversion
    solution = grundy.solve("subtraction:1,3,4", huge)
    assert solution.grundy == grundy.table("subtraction:1,3,4", 20).values[huge % 7]
    assert solution.position == "1" + "0" * 99994 + "00007"
    nim = grundy.solve("nim", (2**200, 2**200 + 5))
    assert nim.grundy == 5
    assert isinstance(nim.grundy, int)
    assert grundy.solve("nim", str(2**64 - 1)).grundy == 2**64 - 1
    assert grundy.solve("nim", "2^64").grundy == 2**64
    assert json.loads(nim.to_json())["grundy"] == 5
    assert grundy.nim_product(2**128, 2**128).product > 2**128
    text = grundy.solve("nim", huge).to_json()
    assert text.count("0") > 99990


def test_answers_are_values():
    solution = grundy.solve("nim", (1, 2))
    assert solution == grundy.solve("nim", "1,2")
    assert solution != grundy.solve("nim", (1, 3))
    assert pickle.loads(pickle.dumps(solution)) == solution
    copy = solution.to_dict()
    copy["value"] = "changed"
    assert solution.value == "win"
    with pytest.raises(AttributeError, match="no field"):
        solution.nonsense  # noqa: B018
    assert "winning_move_count" in dir(solution)


def test_a_game_is_read_once():
    game = grundy.Game("Subtraction: 4, 1,3,1")
    assert str(game) == "subtraction:1,3,4"
    assert game == grundy.Game("subtraction:1,3,4")
    assert hash(game) == hash(grundy.Game("subtraction:1,3,4"))
    assert repr(game) == 'Game("subtraction:1,3,4")'
    assert grundy.solve(game, 7).value == "lose"


def test_sequence_values_without_copying_per_value(cli, tmp_path):
    import numpy

    sequence = grundy.sequence("0.6", 2**12, compute_all=True)
    out = tmp_path / "officers.seq"
    summary = cli("sequence", "0.6", "--to", str(2**12), "--compute-all", "--out", str(out))
    assert sequence.checksum == summary["checksum"]
    assert len(sequence) == summary["count"] == 2**12 + 1
    array = sequence.to_numpy()
    assert array.dtype == numpy.uint32 and len(array) == 2**12 + 1
    assert not array.flags.writeable
    assert numpy.shares_memory(array, numpy.frombuffer(sequence._values, dtype=numpy.uint32))
    assert list(array[:300]) == grundy.table("0.6", 299).values
    view = sequence.values
    assert view.format == "I" and view.readonly and view[100] == array[100]


@pytest.mark.parametrize("spec", ["subtraction:1,3,4", "subtraction:2,5,7", "0.77", "0.07", "4.7", "allbut:1,2"])
def test_a_certificate_is_rechecked(spec):
    period = grundy.period(spec)
    check = period.verify()
    assert check.holds and bool(check), check
    assert check.failure is None
    assert check.certificate == period.certificate.to_dict()
    assert str(check).startswith(f"{spec}: the certificate (")


def test_a_changed_certificate_fails_its_check():
    document = grundy.period("0.77").to_dict()
    document["period"] = 24
    check = grundy.Period(document).verify()
    assert not check.holds and "period" in check.failure
    loaded = grundy.Period(json.loads(grundy.period("0.77").to_json()))
    assert loaded.verify().holds
    with pytest.raises(grundy.Refused) as caught:
        grundy.period(grundy.define(moves=lambda n: [n - 1] if n else [], name="python:count")).verify()
    assert not caught.value.applies
