"""grundy solves two-player combinatorial games exactly: who wins, the Grundy value, every
winning move, and the periodic pattern of a game family with a certificate that proves it.

>>> import grundy
>>> solution = grundy.solve("subtraction:1,3,4", 10**18)
>>> solution.value, solution.grundy, solution.winning_moves[0].move
('win', 1, 'take 1')
>>> grundy.period("0.77").period
12

Games are written as the command line writes them (``"nim"``, ``"wythoff"``, ``"0.77"``,
``"misere:subtraction:1,2"``, ``"script:game.rhai"``; ``grundy --help`` lists every family), or
read once with :class:`Game`. Positions are ints (of any size), tuples of ints for several heaps,
or their text (``"10^18"``, ``"3,4,5"``).

Every question takes the same limits as keyword arguments: ``max=`` (the most values or positions
computed; the library's default otherwise), ``max_memory=`` (bytes; by default half the memory
this process may still use), ``timeout=`` (seconds, 60 by default; ``None`` for none),
``threads=`` and ``stop=`` (a :class:`threading.Event`: setting it from another thread stops the
question with :class:`Interrupted`). A question runs with the interpreter released — other
threads go on — and Ctrl-C stops it with :class:`KeyboardInterrupt`. Errors are :class:`grundy.errors.GrundyError`\\ s with
the library's message and a ``hint``.
"""

from __future__ import annotations

from typing import Any, Optional, Union

from grundy import _grundy
from grundy._grundy import Game
from grundy.answers import (
    Answer,
    Basis,
    Certificate,
    CertificateCheck,
    Explanation,
    Grid,
    Move,
    NimProduct,
    Option,
    Options,
    Pattern,
    Period,
    Plot,
    Quotient,
    Record,
    Sequence,
    Solution,
    Table,
    Verification,
)
from grundy.errors import (
    GameError,
    GrundyError,
    InputError,
    Interrupted,
    MemoryLimitExceeded,
    Refused,
    SettingError,
    TimeLimitExceeded,
)

__all__ = [
    "Game",
    "solve",
    "table",
    "period",
    "sequence",
    "pattern",
    "explain",
    "codegen",
    "plot",
    "options",
    "verify",
    "nim_product",
    "define",
    "DEFAULT_TIMEOUT",
    "Answer",
    "Basis",
    "Certificate",
    "CertificateCheck",
    "Explanation",
    "Grid",
    "Move",
    "NimProduct",
    "Option",
    "Options",
    "Pattern",
    "Period",
    "Plot",
    "Quotient",
    "Record",
    "Sequence",
    "Solution",
    "Table",
    "Verification",
    "GrundyError",
    "InputError",
    "SettingError",
    "Refused",
    "TimeLimitExceeded",
    "MemoryLimitExceeded",
    "GameError",
    "Interrupted",
]

__version__ = "0.1.0"

#: The time limit of a question, in seconds, unless ``timeout=`` says otherwise (as on the
#: command line: a small question gets an answer or a refusal in time).
DEFAULT_TIMEOUT = 60.0

GameLike = Union[Game, str]


def _limits(
    max: Optional[int],
    max_memory: Optional[int],
    timeout: Optional[float],
    threads: Optional[int],
    stop: Any = None,
) -> dict:
    return {"max": max, "max_memory": max_memory, "timeout": timeout, "threads": threads, "stop": stop}


def solve(
    game: GameLike,
    position: Any = None,
    *,
    max: Optional[int] = None,
    max_memory: Optional[int] = None,
    timeout: Optional[float] = DEFAULT_TIMEOUT,
    threads: Optional[int] = None,
    stop: Any = None,
) -> Solution:
    """Who wins ``position`` of ``game``, its Grundy value and every winning move.

    ``position`` is an int of any size, a tuple of ints (several heaps: their sum), or its text
    as the command line takes it (``"10^18"``, ``"3,4,5"``, ``"5/0/2"``); it may be left out for a
    sum whose spec gives the positions (``"nim[3] + wythoff[1,2]"``).

    >>> import grundy
    >>> grundy.solve("nim", (3, 4, 5)).winning_moves[0].move
    'take 2 from heap 1'

    Raises :class:`InputError` for a spec or position grundy cannot read, :class:`Refused` where
    it cannot answer within the limits (``hint`` says what would let it),
    :class:`TimeLimitExceeded` and :class:`MemoryLimitExceeded` at the limits.
    """
    document, text = _grundy.solve(game, position, _limits(max, max_memory, timeout, threads, stop))
    return Solution(document, text)


def table(
    game: GameLike,
    to: Union[int, str],
    *,
    start: Union[int, str] = 0,
    width: int = 100,
    max: Optional[int] = None,
    max_memory: Optional[int] = None,
    timeout: Optional[float] = DEFAULT_TIMEOUT,
    threads: Optional[int] = None,
    stop: Any = None,
) -> Union[Table, Grid]:
    """The values ``G(start), …, G(to)`` of a game of one heap (a :class:`Table`), or the grid
    ``G(a, b)`` for ``a, b ≤ to`` of a game of two heaps such as Wythoff's (a :class:`Grid`).
    ``width`` is the width of the text ``str()`` gives.

    >>> import grundy
    >>> grundy.table("subtraction:1,3,4", 13).p_positions
    [0, 2, 7, 9]
    """
    document, text = _grundy.table(game, start, to, width, _limits(max, max_memory, timeout, threads, stop))
    # A grid's outcomes are rows of letters; a table's, one string.
    if isinstance(document.get("outcomes"), list):
        return Grid(document, text)
    return Table(document, text)


def period(
    game: GameLike,
    *,
    heaps: Optional[int] = None,
    max: Optional[int] = None,
    max_memory: Optional[int] = None,
    timeout: Optional[float] = DEFAULT_TIMEOUT,
    threads: Optional[int] = None,
    stop: Any = None,
) -> Union[Period, Quotient]:
    """The periodic pattern of a game's values with the certificate that proves it (a
    :class:`Period`), or the misère quotient of ``misere:CODE`` (a :class:`Quotient`, built for
    at most ``heaps`` heaps).

    >>> import grundy
    >>> p = grundy.period("0.77")
    >>> p.preperiod, p.period, p.certified, p.value_at(10**30)
    (71, 12, True, 1)
    """
    document, text = _grundy.period(game, heaps, _limits(max, max_memory, timeout, threads, stop))
    if "order" in document:
        return Quotient(document, text)
    answer = Period(document, text)
    answer._game = game
    return answer


def sequence(
    game: GameLike,
    to: Union[int, str],
    *,
    compute_all: bool = False,
    max_memory: Optional[int] = None,
    timeout: Optional[float] = DEFAULT_TIMEOUT,
    threads: Optional[int] = None,
    stop: Any = None,
) -> Sequence:
    """The values ``G(0), …, G(to)`` of a take-and-break code on its fastest engine, as one
    buffer (:attr:`Sequence.values`, :meth:`Sequence.to_numpy`). Once a period is certified the
    rest follows from it, unless ``compute_all=True``.

    >>> import grundy
    >>> officers = grundy.sequence("0.6", 2**10)
    >>> len(officers), officers[100]
    (1025, 3)
    """
    document, values = _grundy.sequence(game, to, compute_all, _limits(None, max_memory, timeout, threads, stop))
    return Sequence(document, values)


def pattern(
    game: GameLike,
    *,
    to: Optional[int] = None,
    check_to: Optional[int] = None,
    max: Optional[int] = None,
    max_memory: Optional[int] = None,
    timeout: Optional[float] = DEFAULT_TIMEOUT,
    threads: Optional[int] = None,
    stop: Any = None,
) -> Pattern:
    """The rules of a game's table (打表找规律): looked for on positions up to ``to``, checked up to
    ``check_to``; each rule says whether a theorem proves it or it is observed, not proved."""
    document, text = _grundy.pattern(game, to, check_to, _limits(max, max_memory, timeout, threads, stop))
    return Pattern(document, text)


def explain(
    game: GameLike,
    position: Any = None,
    *,
    max: Optional[int] = None,
    max_memory: Optional[int] = None,
    timeout: Optional[float] = DEFAULT_TIMEOUT,
    threads: Optional[int] = None,
    stop: Any = None,
) -> Explanation:
    """The derivation of a game's answer, step by step: ``.text(lang="zh")``, ``.markdown()``."""
    return Explanation(_grundy.explain(game, position, _limits(max, max_memory, timeout, threads, stop)))


def codegen(
    game: Optional[GameLike] = None,
    *,
    io: str,
    lang: str = "cpp",
    rule: str = "never",
    rule_to: Optional[int] = None,
    rule_check_to: Optional[int] = None,
    max: Optional[int] = None,
    max_memory: Optional[int] = None,
    timeout: Optional[float] = DEFAULT_TIMEOUT,
    threads: Optional[int] = None,
    stop: Any = None,
) -> str:
    """The source of a contest solution in ``lang`` (``"cpp"``, ``"python"``, ``"java"``,
    ``"rust"``) reading and printing the judge format ``io`` (a preset such as ``"hdu-1527"``,
    a shorthand such as ``"heaps/first-second"``, or a description). ``rule="certified"`` or
    ``"observed"`` lets the program rest on a rule of the game's table."""
    return _grundy.codegen(game, lang, io, rule, rule_to, rule_check_to, _limits(max, max_memory, timeout, threads, stop))


def plot(
    game: GameLike,
    to: Union[int, str],
    *,
    kind: Optional[str] = None,
    max: Optional[int] = None,
    max_memory: Optional[int] = None,
    timeout: Optional[float] = DEFAULT_TIMEOUT,
    threads: Optional[int] = None,
    stop: Any = None,
) -> Plot:
    """A plot of the game's values up to ``to``: ``kind`` is ``"scatter"``, ``"strip"``,
    ``"grid"`` or ``"outcomes"`` (by default the game's own). ``.svg()``, ``.png()``,
    ``.save(path)``; a notebook shows it."""
    return Plot(_grundy.plot(game, to, kind, _limits(max, max_memory, timeout, threads, stop)))


def options(
    game: GameLike,
    position: Any = None,
    *,
    max: Optional[int] = None,
    max_memory: Optional[int] = None,
    timeout: Optional[float] = DEFAULT_TIMEOUT,
    threads: Optional[int] = None,
    stop: Any = None,
) -> Options:
    """Every option of a position in play, each with the position it leaves, its value and the
    result for the player who takes it; ``.best`` is the move to play."""
    answer = Options(_grundy.options(game, position, _limits(max, max_memory, timeout, threads, stop)), "")
    answer._game = game
    return answer


def verify(
    game: GameLike,
    *,
    to: Optional[int] = None,
    seed: int = 1,
    max: Optional[int] = None,
    max_memory: Optional[int] = None,
    timeout: Optional[float] = DEFAULT_TIMEOUT,
    threads: Optional[int] = None,
    stop: Any = None,
) -> Verification:
    """Every fast path of ``game`` (engines, certified period, solve, judge) against a brute
    force of its literal rules, on positions up to ``to``; true when all agree."""
    document, text = _grundy.verify(game, to, seed, _limits(max, max_memory, timeout, threads, stop))
    return Verification(document, text)


def nim_product(*factors: Union[int, str]) -> NimProduct:
    """The nim product of whole numbers (the field multiplication of nimbers).

    >>> import grundy
    >>> grundy.nim_product(2, 3).product
    1
    """
    document, text = _grundy.nim_product(list(factors))
    return NimProduct(document, text)


def define(
    rules: Any = None,
    *,
    moves: Any = None,
    start: Any = None,
    outcome: Any = None,
    components: Any = None,
    name: Optional[str] = None,
    misere: bool = False,
) -> Game:
    """A game defined in Python, answered by every question as a game of the catalogue is.

    Give an object (a class instance, or a module) whose methods are the rules, or the functions
    themselves:

    - ``moves(state)``: the positions one move leads to, as a list (or any iterable) — each a
      position, or a dict ``{"move": "take 2", "to": position}`` that names the move;
    - ``start(n)`` (optional): the position for a number, as tables, periods and patterns number
      positions; ``start(a, b)`` for games whose positions form a grid of two numbers. Without
      it, a number is the position itself;
    - ``outcome(state)`` (optional): for a position without moves, ``"win"``, ``"lose"`` or
      ``"tie"`` for the player to move. Without it, the game is played under normal play (no
      move: you lose) and has Grundy values;
    - ``components(state)`` (optional, without ``outcome``): the independent positions a position
      is the sum of (``[state]`` for one that does not split); each is valued once and their
      values are xored.

    Positions are ``None``, booleans, ints (64-bit), strings, and tuples, lists and dicts (with
    string keys) of those; they come back to the functions as tuples and dicts. ``name`` is how
    answers write the game (by default ``python:`` and the class or function name); ``misere``
    plays it under misère play.

    >>> import grundy
    >>> take = grundy.define(moves=lambda n: [n - k for k in (1, 3, 4) if k <= n], name="take134")
    >>> grundy.solve(take, 10).value
    'win'
    """
    def function(name_: str, given: Any) -> Any:
        if given is not None:
            return given
        found = getattr(rules, name_, None) if rules is not None else None
        return found if callable(found) else None

    if rules is not None and callable(rules) and not hasattr(rules, "moves") and moves is None:
        moves, rules = rules, None
    moves_ = function("moves", moves)
    if moves_ is None:
        raise TypeError("a game needs moves(state): the positions one move leads to")
    start_ = function("start", start)
    start_arity = 1
    if start_ is not None:
        import inspect

        try:
            parameters = [
                p
                for p in inspect.signature(start_).parameters.values()
                if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty
            ]
            start_arity = 2 if len(parameters) == 2 else 1
        except (TypeError, ValueError):
            start_arity = 1
    if name is None:
        owner = rules if rules is not None else moves_
        label = getattr(owner, "__name__", None) or type(owner).__name__
        if label == "<lambda>":
            label = "game"
        name = f"python:{label}"
    return Game.define(
        name,
        moves_,
        start_,
        start_arity,
        function("outcome", outcome),
        function("components", components),
        misere,
    )
