"""grundy's answers as Python objects.

Each answer holds the library's JSON document — :meth:`Answer.to_dict` returns it, equal to what
``grundy … --json`` prints, and :meth:`Answer.to_json` its text — and its text, which ``str()``
gives. Its fields are attributes (``solution.grundy``, ``table.values``), nested objects are
typed in turn (``solution.winning_moves[0].to``), and in a notebook an answer shows itself as
HTML (P-positions highlighted) or, for a plot, as SVG.
"""

from __future__ import annotations

import copy
import html
from typing import Any, Dict, Iterator, List, Optional

from grundy import _grundy

__all__ = [
    "Record",
    "Answer",
    "Move",
    "Certificate",
    "CertificateCheck",
    "Basis",
    "Solution",
    "Table",
    "Grid",
    "Period",
    "Quotient",
    "Sequence",
    "Pattern",
    "Verification",
    "Option",
    "Options",
    "NimProduct",
    "Explanation",
    "Plot",
]

# The colour of P-positions (losing for the player to move), as the plots and the page draw them.
_P_COLOUR = "#D55E00"


def _escape(value: Any) -> str:
    return html.escape(str(value))


class Record:
    """An object of a JSON document: its fields as attributes, and the document itself."""

    __slots__ = ("_document",)

    def __init__(self, document: Dict[str, Any]) -> None:
        self._document = document

    def to_dict(self) -> Dict[str, Any]:
        """The document, as ``grundy … --json`` prints it (a copy: changing it changes nothing
        here)."""
        return copy.deepcopy(self._document)

    def to_json(self, indent: Optional[int] = 2) -> str:
        """The document as JSON text, as ``grundy … --json`` prints it (``indent=None``: on one
        line); integers of any size are written in full."""
        return _grundy.to_json(self._document, indent)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return self._document[name]
        except KeyError:
            raise AttributeError(
                f"{type(self).__name__} has no field {name!r}; its fields are {', '.join(self._document)}"
            ) from None

    def __dir__(self) -> List[str]:
        return sorted(set(super().__dir__()) | set(self._document))

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._document == other._document  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]

    def __getstate__(self) -> Dict[str, Any]:
        return {"document": self._document}

    def __setstate__(self, state: Dict[str, Any]) -> None:
        self._document = state["document"]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._document!r})"


class Answer(Record):
    """A whole answer: a record with the text ``str()`` gives."""

    __slots__ = ("_text",)

    def __init__(self, document: Dict[str, Any], text: str = "") -> None:
        super().__init__(document)
        self._text = text

    def __str__(self) -> str:
        return self._text

    def __getstate__(self) -> Dict[str, Any]:
        return {"document": self._document, "text": self._text}

    def __setstate__(self, state: Dict[str, Any]) -> None:
        self._document = state["document"]
        self._text = state["text"]

    def __repr__(self) -> str:
        game = self._document.get("game", "")
        return f"<{type(self).__name__} of {game}>"


class Move(Record):
    """A move: ``move`` says what it does (``"take 1"``), ``to`` the position it leaves."""

    __slots__ = ()

    @property
    def move(self) -> str:
        """What the move does, in words."""
        return self._document["move"]

    @property
    def to(self) -> str:
        """The position the move leaves, as grundy writes it."""
        return self._document["to"]

    def __repr__(self) -> str:
        return f"Move({self.move!r} -> {self.to!r})"


class Certificate(Record):
    """What proves a period: the ``theorem`` (``"window"``, ``"guy-smith"``, …), its
    ``statement``, the values it ``checked_to``, and its parameters."""

    __slots__ = ()

    @property
    def theorem(self) -> str:
        """The theorem's name."""
        return self._document["theorem"]

    @property
    def statement(self) -> str:
        """The theorem, stated for this game."""
        return self._document.get("statement", "")

    @property
    def checked_to(self) -> int:
        """The values checked, ``G(0), …, G(checked_to)``."""
        return self._document["checked_to"]

    def __repr__(self) -> str:
        return f"Certificate({self.theorem!r}, checked_to={self.checked_to})"


class Basis(Record):
    """What an answer rests on: its ``kind`` (``"certified period"``, ``"rule"``,
    ``"exhaustive search"``, …) and, for a certified period, its ``certificate``."""

    __slots__ = ()

    @property
    def kind(self) -> str:
        """What the answer rests on."""
        return self._document["kind"]

    @property
    def certificate(self) -> Optional[Certificate]:
        """The certificate of a certified period; ``None`` for any other basis."""
        certificate = self._document.get("certificate")
        return Certificate(certificate) if certificate is not None else None

    @property
    def certified(self) -> bool:
        """Whether a theorem proves the answer (a certified period, a rule, a search of every
        position) rather than values observed."""
        return "observed" not in self.kind

    def __repr__(self) -> str:
        return f"Basis({self.kind!r})"


def _basis(document: Dict[str, Any]) -> Optional[Basis]:
    basis = document.get("basis")
    return Basis(basis) if basis is not None else None


class Solution(Answer):
    """Who wins a position, its Grundy value and every winning move (``grundy.solve``)."""

    __slots__ = ()

    @property
    def game(self) -> str:
        """The game's spec."""
        return self._document["game"]

    @property
    def position(self) -> str:
        """The position, as grundy writes it."""
        return self._document["position"]

    @property
    def value(self) -> str:
        """``"win"``, ``"lose"``, ``"tie"`` or ``"draw"``, for the player to move."""
        return self._document["value"]

    @property
    def outcome(self) -> Optional[str]:
        """The outcome class: ``"N"`` (the player to move wins), ``"P"`` (the previous player
        wins); ``None`` for a tie or a draw."""
        return self._document.get("outcome")

    @property
    def wins(self) -> bool:
        """Whether the player to move wins."""
        return self.value == "win"

    @property
    def grundy(self) -> Optional[int]:
        """The Grundy value; ``None`` where the game has none (ties, draws, scored games)."""
        return self._document.get("grundy")

    @property
    def winning_moves(self) -> List[Move]:
        """The winning moves (all of them, unless ``winning_move_count`` says there are more than
        are listed)."""
        return [Move(move) for move in self._document.get("winning_moves", [])]

    @property
    def winning_move_count(self) -> int:
        """How many winning moves there are."""
        return self._document.get("winning_move_count", len(self._document.get("winning_moves", [])))

    @property
    def reason(self) -> str:
        """Why, in one paragraph."""
        return self._document.get("reason", "")

    @property
    def basis(self) -> Optional[Basis]:
        """What the answer rests on."""
        return _basis(self._document)

    def __repr__(self) -> str:
        grundy = f", G = {self.grundy}" if self.grundy is not None else ""
        return f"<Solution of {self.game} at {_short(self.position)}: {self.value}{grundy}>"

    def _repr_html_(self) -> str:
        colour = f' style="color:{_P_COLOUR}"' if self.outcome == "P" else ""
        grundy = f", G = {self.grundy}" if self.grundy is not None else ""
        moves = "".join(
            f"<li>{_escape(move.move)} → <code>{_escape(_short(move.to))}</code></li>"
            for move in self.winning_moves
        )
        more = self.winning_move_count - len(self.winning_moves)
        if more > 0:
            moves += f"<li>… and {more} more</li>"
        listed = f"<p>Winning moves:</p><ul>{moves}</ul>" if moves else ""
        return (
            f"<div class='grundy-solution'><p><b>{_escape(self.game)}</b> at "
            f"<code>{_escape(_short(self.position))}</code>: "
            f"<b{colour}>{_escape(self.value)}</b>{_escape(grundy)}</p>{listed}"
            f"<p><small>{_escape(self.reason)}</small></p></div>"
        )


def _cell(value: Any, losing: bool) -> str:
    """A cell of a table, highlighted when its position is a P-position."""
    style = f' style="background:{_P_COLOUR};color:white"' if losing else ""
    return f"<td{style}>{_escape(value)}</td>"


def _short(text: str, most: int = 60) -> str:
    return text if len(text) <= most else f"{text[: most // 2]}…{text[-most // 2 :]}"


class Table(Answer):
    """The values ``G(start), …, G(to)`` of a game of one heap (``grundy.table``), or their
    outcomes alone where a family's theorem decides them and the values are beyond the limits
    (``values`` is then ``None``)."""

    __slots__ = ()

    @property
    def game(self) -> str:
        """The game's spec."""
        return self._document["game"]

    @property
    def start(self) -> int:
        """The first heap (``"from"`` in the document)."""
        return self._document["from"]

    @property
    def to(self) -> int:
        """The last heap."""
        return self._document["to"]

    @property
    def values(self) -> Optional[List[int]]:
        """The values, from ``start`` to ``to``; ``None`` where only the outcomes are known."""
        return self._document["values"]

    @property
    def outcomes(self) -> str:
        """One letter per heap: ``P`` (the player to move loses) or ``N``."""
        return self._document["outcomes"]

    @property
    def p_positions(self) -> List[int]:
        """The heaps where the player to move loses."""
        start = self.start
        return [start + i for i, outcome in enumerate(self.outcomes) if outcome == "P"]

    @property
    def basis(self) -> Optional[Basis]:
        """What the values rest on."""
        return _basis(self._document)

    def __len__(self) -> int:
        return len(self.outcomes)

    def __iter__(self) -> Iterator[int]:
        return iter(self._known_values())

    def __getitem__(self, heap: int) -> int:
        """``G(heap)``, for a heap in ``start..=to``."""
        if not self.start <= heap <= self.to:
            raise IndexError(f"the table holds heaps {self.start} to {self.to}, not {heap}")
        return self._known_values()[heap - self.start]

    def _known_values(self) -> List[int]:
        if self.values is None:
            raise ValueError(f"the table of {self.game} holds outcomes only: its Grundy values are beyond the limits")
        return self.values

    def __repr__(self) -> str:
        return f"<Table of {self.game}, heaps {self.start} to {self.to}>"

    def _repr_html_(self) -> str:
        cells = []
        shown = self.values if self.values is not None else list(self.outcomes)
        for i, (value, outcome) in enumerate(zip(shown, self.outcomes)):
            style = f' style="background:{_P_COLOUR};color:white"' if outcome == "P" else ""
            cells.append(f"<td title='n = {self.start + i}: {outcome}'{style}>{value}</td>")
        label, what = ("G", "G(n)") if self.values is not None else ("P/N", "the outcome")
        rows = []
        for begin in range(0, len(cells), 20):
            heads = "".join(f"<th>{self.start + i}</th>" for i in range(begin, min(begin + 20, len(cells))))
            rows.append(f"<tr><th>n</th>{heads}</tr><tr><th>{label}</th>{''.join(cells[begin:begin + 20])}</tr>")
        return (
            f"<div class='grundy-table'><p><b>{_escape(self.game)}</b>: {what} for n = {self.start} to {self.to}; "
            f"P-positions highlighted</p><table>{''.join(rows)}</table></div>"
        )


class Grid(Answer):
    """The values ``G(a, b)`` of a game of two heaps, ``a, b ≤ to`` (``grundy.table`` of
    Wythoff's game)."""

    __slots__ = ()

    @property
    def game(self) -> str:
        """The game's spec."""
        return self._document["game"]

    @property
    def values(self) -> List[List[int]]:
        """``values[a][b] = G(a, b)``."""
        return self._document["values"]

    @property
    def outcomes(self) -> List[str]:
        """``outcomes[a][b]``: ``P`` or ``N``."""
        return self._document["outcomes"]

    @property
    def p_positions(self) -> List[tuple]:
        """The pairs ``(a, b)`` where the player to move loses."""
        return [(a, b) for a, row in enumerate(self.outcomes) for b, o in enumerate(row) if o == "P"]

    def __getitem__(self, pair: tuple) -> int:
        a, b = pair
        return self.values[a][b]

    def __repr__(self) -> str:
        return f"<Grid of {self.game}, heaps up to {len(self.values) - 1}>"

    def _repr_html_(self) -> str:
        rows = []
        size = len(self.values)
        heads = "".join(f"<th>{b}</th>" for b in range(size))
        for a in range(size):
            cells = "".join(_cell(self.values[a][b], self.outcomes[a][b] == "P") for b in range(size))
            rows.append(f"<tr><th>{a}</th>{cells}</tr>")
        return (
            f"<div class='grundy-grid'><p><b>{_escape(self.game)}</b>: G(a, b), a down, b across; "
            f"P-positions highlighted</p><table><tr><th></th>{heads}</tr>{''.join(rows)}</table></div>"
        )


class Period(Answer):
    """The periodic pattern of a game's values (``grundy.period``): from ``preperiod`` on,
    ``G(n + period) = G(n) + saltus``, proved by ``certificate`` when ``certified``."""

    __slots__ = ("_game",)

    @property
    def game(self) -> str:
        """The game's spec."""
        return self._document["game"]

    @property
    def preperiod(self) -> Optional[int]:
        """Where the period starts (``None`` when no period was found)."""
        return self._document.get("preperiod")

    @property
    def period(self) -> Optional[int]:
        """The period (``None`` when no period was found)."""
        return self._document.get("period")

    @property
    def saltus(self) -> Optional[int]:
        """What each period adds (0: purely periodic)."""
        return self._document.get("saltus")

    @property
    def values(self) -> List[int]:
        """``G(0), …, G(preperiod + period − 1)``: every value follows from these (empty when no
        period was found)."""
        return self._document.get("values") or []

    @property
    def certified(self) -> bool:
        """Whether a theorem proves the period (else it is observed, not proved)."""
        return bool(self._document.get("certified"))

    @property
    def certificate(self) -> Optional[Certificate]:
        """The certificate, when the period is certified."""
        certificate = self._document.get("certificate")
        return Certificate(certificate) if certificate is not None else None

    def verify(
        self,
        *,
        max_memory: Optional[int] = None,
        timeout: Optional[float] = 60.0,
        stop: Any = None,
    ) -> "CertificateCheck":
        """Re-checks the certificate: the period and certificate must be those grundy derives
        from the game's rules, and the certificate must hold on ``G(0), …, G(checked_to)``
        computed by a brute force of the rules (sharing no code with the engines or the search
        that found it). Raises :class:`grundy.Refused` for a period that is observed, not
        proved."""
        limits = {"max": None, "max_memory": max_memory, "timeout": timeout, "threads": None, "stop": stop}
        # The game the period was asked about (a game defined in Python has no spec to read
        # back), or the one its document names.
        game = getattr(self, "_game", None) or self.game
        document, text = _grundy.check_period(game, self._document, limits)
        return CertificateCheck(document, text)

    def value_at(self, heap: int) -> int:
        """``G(heap)`` for any heap, from the period (exact for heaps of any size)."""
        if heap < 0:
            raise ValueError(f"a heap is a whole number ≥ 0; got {heap}")
        values, start, period = self.values, self.preperiod, self.period
        if start is None or period is None:
            raise ValueError(f"no period of {self.game} was found: {self._document.get('uncertifiable', '')}")
        if heap < len(values):
            return values[heap]
        turns, offset = divmod(heap - start, period)
        return values[start + offset] + turns * self.saltus

    def __repr__(self) -> str:
        if self.period is None:
            return f"<Period of {self.game}: none found>"
        proved = "certified" if self.certified else "observed, not proved"
        return f"<Period of {self.game}: preperiod {self.preperiod}, period {self.period}, saltus {self.saltus} ({proved})>"

    def _repr_html_(self) -> str:
        if self.period is None:
            return f"<pre>{_escape(self._text)}</pre>"
        values = self.values
        cells = "".join(_cell(value, value == 0) for value in values[:400])
        proof = (
            f"certified: {_escape(self.certificate.statement)} (values checked to {self.certificate.checked_to})"
            if self.certified and self.certificate is not None
            else "observed, not proved"
        )
        more = f" (first 400 of {len(values)} shown)" if len(values) > 400 else ""
        return (
            f"<div class='grundy-period'><p><b>{_escape(self.game)}</b>: preperiod {self.preperiod}, "
            f"period {self.period}, saltus {self.saltus}</p><p><small>{proof}</small></p>"
            f"<p>G(0), G(1), …{more}; zeros (P-positions) highlighted:</p><table><tr>{cells}</tr></table></div>"
        )


class CertificateCheck(Answer):
    """A period's certificate re-checked (:meth:`Period.verify`): ``holds``, or the ``failure``
    that was found."""

    __slots__ = ()

    @property
    def holds(self) -> bool:
        """Whether the certificate holds."""
        return bool(self._document.get("holds"))

    @property
    def failure(self) -> Optional[str]:
        """What failed, if anything did."""
        return self._document.get("failure")

    def __bool__(self) -> bool:
        return self.holds

    def __repr__(self) -> str:
        return f"<CertificateCheck of {self._document.get('game')}: {'holds' if self.holds else 'fails'}>"


class Quotient(Answer):
    """The misère quotient of a take-and-break code (``grundy.period`` of ``misere:CODE``)."""

    __slots__ = ()

    def __repr__(self) -> str:
        d = self._document
        return f"<Quotient of {d.get('game')}: order {d.get('order')}, {d.get('heaps')} heaps>"

    def _repr_html_(self) -> str:
        return f"<pre>{_escape(self._text)}</pre>"


class Sequence(Record):
    """The values ``G(0), …, G(to)`` of a take-and-break code (``grundy.sequence``), kept as one
    buffer of native unsigned 32-bit integers: ``values`` is a ``memoryview`` of it and
    ``to_numpy()`` an array over it, neither copying a value."""

    __slots__ = ("_values",)

    def __init__(self, document: Dict[str, Any], values: bytes) -> None:
        super().__init__(document)
        self._values = values

    @property
    def game(self) -> str:
        """The code."""
        return self._document["game"]

    @property
    def values(self) -> memoryview:
        """The values, as a read-only ``memoryview`` of format ``"I"``."""
        return memoryview(self._values).cast("I")

    def to_numpy(self) -> Any:
        """The values as a read-only NumPy array of ``uint32`` over the same buffer."""
        import numpy

        return numpy.frombuffer(self._values, dtype=numpy.uint32)

    @property
    def largest(self) -> int:
        """The largest value."""
        return self._document["largest"]

    @property
    def checksum(self) -> str:
        """The checksum of the values, as ``grundy sequence`` prints it."""
        return self._document["checksum"]

    @property
    def seconds(self) -> float:
        """The time taken."""
        return self._document["seconds"]

    @property
    def period_from(self) -> Optional[int]:
        """Where the values started to come from a certified period, if they did."""
        return self._document.get("period_from")

    def __len__(self) -> int:
        return len(self._values) // 4

    def __getitem__(self, heap: Any) -> Any:
        return self.values[heap]

    def __iter__(self) -> Iterator[int]:
        return iter(self.values)

    def __getstate__(self) -> Dict[str, Any]:
        return {"document": self._document, "values": self._values}

    def __setstate__(self, state: Dict[str, Any]) -> None:
        self._document = state["document"]
        self._values = state["values"]

    def __repr__(self) -> str:
        return f"<Sequence of {self.game}: {len(self)} values, largest {self.largest}>"


class Pattern(Answer):
    """The rules of a game's table (``grundy.pattern``): who wins and the values, each rule with
    its status (``"certified"`` or observed) and what it rests on."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        return f"<pre>{_escape(self._text)}</pre>"


class Verification(Answer):
    """Every fast path of a game checked against a brute force of its literal rules
    (``grundy.verify``)."""

    __slots__ = ()

    @property
    def agrees(self) -> bool:
        """Whether every check agreed."""
        return bool(self._document.get("agrees"))

    def __bool__(self) -> bool:
        return self.agrees

    def _repr_html_(self) -> str:
        return f"<pre>{_escape(self._text)}</pre>"


class Option(Record):
    """One option of a position in play: the ``move``, the position it leaves (``to``), the
    ``result`` for the player who makes it, and its ``value``."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Option({self._document.get('move')!r} -> {self._document.get('to')!r}: {self._document.get('result')})"


class Options(Answer):
    """A position in play and each of its options with its value (``grundy.options``);
    :meth:`after` plays one of them."""

    __slots__ = ("_game",)

    def after(self, move: Any, **limits: Any) -> "Options":
        """The options of the position ``move`` leaves — an :class:`Option` of these, or its
        index in :attr:`moves` — with the same keyword arguments as :func:`grundy.options`."""
        from grundy import options

        option = self.moves[move] if isinstance(move, int) else move
        following = option.to_dict().get("next")
        if following is None:
            raise ValueError(f"{option.move} ends the game: no position follows it")
        game = getattr(self, "_game", None)
        if game is None or str(game) != following["game"]:
            game = following["game"]
        return options(game, following["position"], **limits)

    @property
    def moves(self) -> List[Option]:
        """Every option, in the order of the rules."""
        return [Option(move) for move in self._document.get("moves", [])]

    @property
    def best(self) -> Optional[Option]:
        """The best option for the player to move, if there is a move."""
        best = self._document.get("best")
        return Option(self._document["moves"][best - 1]) if best else None

    def __repr__(self) -> str:
        return f"<Options of {self._document.get('game')} at {_short(str(self._document.get('position')))}: {len(self._document.get('moves', []))} moves>"

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{_escape(m.get('move'))}</td><td><code>{_escape(_short(str(m.get('to'))))}</code></td>"
            f"<td>{_escape(m.get('result'))}</td><td>{_escape(m.get('value'))}</td></tr>"
            for m in self._document.get("moves", [])
        )
        return (
            f"<div class='grundy-options'><p><b>{_escape(self._document.get('game'))}</b> at "
            f"<code>{_escape(_short(str(self._document.get('position'))))}</code>: {_escape(self._document.get('outcome'))}</p>"
            f"<table><tr><th>move</th><th>leaves</th><th>for the mover</th><th>value</th></tr>{rows}</table></div>"
        )


class NimProduct(Answer):
    """The nim product of whole numbers (``grundy.nim_product``)."""

    __slots__ = ()

    @property
    def product(self) -> int:
        """The product."""
        return self._document["product"]


class Explanation:
    """The derivation of a game's answer (``grundy.explain``), rendered on request in English
    or Chinese, as text or Markdown."""

    __slots__ = ("_native",)

    def __init__(self, native: Any) -> None:
        self._native = native

    def text(self, lang: str = "en", width: int = 100) -> str:
        """The explanation as text in ``lang`` (``"en"`` or ``"zh"``), wrapped to ``width``
        columns."""
        return self._native.render(lang, "text", width)

    def markdown(self, lang: str = "en") -> str:
        """The explanation as Markdown in ``lang`` (``"en"`` or ``"zh"``)."""
        return self._native.render(lang, "markdown", 100)

    def to_dict(self) -> Dict[str, Any]:
        """The steps, as ``grundy explain --json`` prints them."""
        return self._native.document()

    def to_json(self, indent: Optional[int] = 2) -> str:
        """The steps as JSON text, as ``grundy explain --json`` prints them."""
        return _grundy.to_json(self._native.document(), indent)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        document = self._native.document()
        return f"<Explanation of {document.get('game')}>"

    def _repr_markdown_(self) -> str:
        return self.markdown()


class Plot:
    """A plot of a game's values (``grundy.plot``), drawn on request as SVG or PNG."""

    __slots__ = ("_native",)

    def __init__(self, native: Any) -> None:
        self._native = native

    def svg(self, width: Optional[int] = None, height: Optional[int] = None) -> str:
        """The plot as an SVG document, on a canvas of ``width`` × ``height`` pixels (each by
        default the kind's own)."""
        return self._native.draw("svg", width, height)

    def png(self, width: Optional[int] = None, height: Optional[int] = None) -> bytes:
        """The plot as PNG bytes, on a canvas of ``width`` × ``height`` pixels."""
        return self._native.draw("png", width, height)

    def save(self, path: Any, width: Optional[int] = None, height: Optional[int] = None, *, overwrite: bool = False) -> None:
        """Writes the plot to ``path``, as SVG or PNG by its extension. An existing file is kept
        unless ``overwrite=True``."""
        import os

        name = os.fspath(path)
        extension = os.path.splitext(name)[1].lower()
        if extension == ".svg":
            data = self.svg(width, height).encode("utf-8")
        elif extension == ".png":
            data = self.png(width, height)
        else:
            raise ValueError(f"a plot is written as .svg or .png; {name!r} is neither")
        with open(name, "wb" if overwrite else "xb") as file:
            file.write(data)

    def to_dict(self) -> Dict[str, Any]:
        """What is drawn, as ``grundy plot --json`` describes it."""
        return self._native.document()

    def to_json(self, indent: Optional[int] = 2) -> str:
        """What is drawn, as JSON text."""
        return _grundy.to_json(self._native.document(), indent)

    @property
    def title(self) -> str:
        """The title the picture shows."""
        return self._native.labels()[0]

    @property
    def caption(self) -> str:
        """What the values rest on: the certificate, or ``observed, not proved``."""
        return self._native.labels()[3]

    def __repr__(self) -> str:
        return f"<Plot: {self.title}>"

    def _repr_svg_(self) -> str:
        return self.svg()
