// The grundy playground: reads the form, asks the server's JSON API (docs/serve.md), and shows
// the answers. No framework and nothing from elsewhere: it works offline.
"use strict";

const $ = (id) => document.getElementById(id);

// An element with text or children; never parses HTML.
function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "class") node.className = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) {
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// JSON.parse's reviver keeping integers beyond 2^53 exact: their decimal text, as the answer wrote
// it (the source text access of JSON.parse), instead of the nearest double.
function exact(key, value, context) {
  if (typeof value === "number" && !Number.isSafeInteger(value) && context && typeof context.source === "string") {
    return context.source;
  }
  return value;
}

// POST a JSON request; the answer's status and JSON (the API answers JSON even on errors).
async function ask(path, request) {
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request),
    });
    const text = await response.text();
    let data;
    try {
      data = JSON.parse(text, exact);
    } catch {
      data = { error: text || response.statusText, hint: null };
    }
    // The game's warnings (the command line's "warning:" lines) come in a header.
    let warnings = [];
    try {
      warnings = JSON.parse(response.headers.get("Grundy-Warnings") || "[]");
    } catch {
      warnings = [];
    }
    return { ok: response.ok, status: response.status, data, warnings };
  } catch (error) {
    return { ok: false, status: 0, data: { error: "the server cannot be reached: " + error.message, hint: "is grundy serve still running?" }, warnings: [] };
  }
}

// The API's error: the command line's message (with its caret) and hint. A question that does
// not apply to the game (the period of Nim, the one-heap table of Wythoff's game) is a neutral
// line, not an error.
function showError(container, answer) {
  if (answer.data.applies === false) {
    container.replaceChildren(element("p", { class: "muted not-applicable" }, "Does not apply: " + answer.data.error));
    return;
  }
  const box = element("div", { class: "error", role: "alert" }, element("pre", {}, "error: " + answer.data.error));
  if (answer.data.hint) box.append(element("p", { class: "hint" }, "hint: " + answer.data.hint));
  container.replaceChildren(box);
}

// The request's game, position and script fields.
function common() {
  const request = { game: $("game").value.trim() };
  const script = $("script").value;
  if (request.game.toLowerCase().includes("script:") && script.trim() !== "") request.script = script;
  return request;
}

const VERDICTS = {
  win: "The player to move wins.",
  lose: "The player to move loses.",
  tie: "Best play ties.",
  draw: "Best play never ends: a draw.",
};

function showAnswer(solution, warnings) {
  const container = $("answer");
  const parts = warnings.map((warning) => element("p", { class: "warning", role: "note" }, "warning: " + warning));
  parts.push(element("p", { class: "verdict " + solution.value, id: "verdict" }, VERDICTS[solution.value] || solution.value));
  const facts = element("dl", { class: "facts" });
  const fact = (name, value) => facts.append(element("dt", {}, name), element("dd", {}, value));
  fact("Game", solution.alias ? `${solution.alias} (${solution.game})` : solution.game);
  fact("Position", solution.position);
  if (solution.outcome) fact("Outcome", solution.outcome === "P" ? "P-position (previous player wins)" : "N-position (next player wins)");
  if (solution.grundy !== null && solution.grundy !== undefined) fact("Grundy value", String(solution.grundy));
  if (solution.misere_grundy !== undefined) fact("Misère value", String(solution.misere_grundy));
  if (solution.remoteness !== undefined && solution.remoteness !== null) fact("Remoteness", String(solution.remoteness) + " moves");
  parts.push(facts);
  if (solution.winning_moves.length > 0) {
    const count = String(solution.winning_move_count);
    const title = count === String(solution.winning_moves.length) ? "Winning moves" : `Winning moves (${solution.winning_moves.length} of ${count} shown)`;
    parts.push(element("h3", {}, title));
    const list = element("ul", { class: "moves", id: "winning-moves" });
    for (const move of solution.winning_moves) {
      let where = "";
      if (move.replaces_heap) where = ` (heap ${move.replaces_heap})`;
      if (move.replaces_component) where = ` (component ${move.replaces_component})`;
      list.append(element("li", { class: "move-win" }, `${move.move} → ${move.to}${where}`));
    }
    parts.push(list);
  } else if (solution.value === "lose") {
    parts.push(element("p", {}, "No winning move: every move leaves the opponent a winning position."));
  }
  for (const family of solution.unlisted_moves || []) {
    parts.push(element("p", { class: "move-win" }, `Also winning, too many to list: ${family.description}`));
  }
  if (solution.moves && solution.moves.length > 0) {
    parts.push(element("h3", {}, "Every move, with the value it leaves for the opponent"));
    const list = element("ul", { class: "moves" });
    for (const move of solution.moves) {
      const remoteness = move.remoteness === null || move.remoteness === undefined ? "" : `, remoteness ${move.remoteness}`;
      list.append(element("li", { class: "move-" + move.value }, `${move.move} → ${move.to}: ${move.value}${remoteness}`));
    }
    parts.push(list);
  }
  parts.push(element("h3", {}, "Why"), element("p", { id: "reason" }, solution.reason));
  container.replaceChildren(...parts);
}

// How many values a table shows at first, and each "show more" adds: a page stays light
// whatever range is asked for.
const TABLE_PAGE = 512;

// One-heap values as rows n, G(n) (G⁻(n) under misère play), P/N, a block of columns at a time,
// a page of values at a time; rows n and P/N alone where a theorem gives outcomes without values.
function showTable(table) {
  const container = $("table");
  if (table.values !== null && Array.isArray(table.values[0])) return showGrid(table);
  const count = table.outcomes.length;
  const from = BigInt(table.from);
  const block = 16;
  const label = /^misere:/.test(table.game) ? "G⁻(n)" : "G(n)";
  const intro = element("p", { class: "muted" }, `${table.game}: ${table.basis.kind}. P marks the positions the player to move loses.`);
  const blocks = element("div", { id: "table-blocks" });
  const more = element("button", { type: "button", class: "secondary", id: "table-more" });
  let shown = 0;
  const page = () => {
    const end = Math.min(shown + TABLE_PAGE, count);
    for (let start = shown; start < end; start += block) {
      const width = Math.min(block, end - start);
      const values = table.values === null ? null : table.values.slice(start, start + width);
      const rows = [["n", (i) => String(from + BigInt(start + i))]];
      if (values !== null) rows.push([label, (i) => String(values[i])]);
      rows.push(["P/N", (i) => table.outcomes[start + i]]);
      const body = element("tbody");
      for (const [name, cell] of rows) {
        const row = element("tr", {}, element("th", { scope: "row" }, name));
        for (let i = 0; i < width; i += 1) row.append(element("td", table.outcomes[start + i] === "P" ? { class: "p" } : {}, cell(i)));
        body.append(row);
      }
      blocks.append(element("div", { class: "scroll" }, element("table", { class: "values" }, body)));
    }
    shown = end;
    const left = count - shown;
    more.hidden = left === 0;
    more.textContent = `Show ${Math.min(left, TABLE_PAGE)} more (${left} not shown)`;
  };
  more.addEventListener("click", page);
  page();
  container.replaceChildren(intro, blocks, more);
}

// The grid of G(a, b) for a game of two heaps, the P-positions marked, oriented as the plot and
// the board draw it: heap a across, heap b up (b = 0 on the bottom row).
function showGrid(grid) {
  const head = element("tr", {}, element("th", { scope: "col" }, "b \\ a"));
  grid.values.forEach((_, a) => head.append(element("th", { scope: "col" }, String(a))));
  const body = element("tbody");
  for (let b = grid.values[0].length - 1; b >= 0; b -= 1) {
    const line = element("tr", {}, element("th", { scope: "row" }, String(b)));
    grid.values.forEach((column, a) => line.append(element("td", grid.outcomes[a][b] === "P" ? { class: "p" } : {}, String(column[b]))));
    body.append(line);
  }
  $("table").replaceChildren(
    element("p", { class: "muted" }, `${grid.game}: G(a, b), heap a across and heap b up, as the plot draws it; P marks the positions the player to move loses.`),
    element("div", { class: "scroll" }, element("table", { class: "values", id: "grid" }, element("thead", {}, head), body)),
  );
}

// The rules grundy pattern finds in the table: each with its status, and the candidates that
// failed with their counter-examples.
function showRule(report) {
  const range = report.coordinates === 1
    ? `n ≤ ${report.found_to}, checked on n ≤ ${report.checked_to}`
    : `a, b ≤ ${report.found_to}, checked on a, b ≤ ${report.checked_to}`;
  const parts = [element("p", { class: "muted" }, `Looked for on ${range} (${report.positions} positions).`)];
  const kinds = [["Outcome", report.outcomes], ["Grundy value", report.values]];
  let found = 0;
  for (const [name, findings] of kinds) {
    if (!findings) continue;
    for (const rule of findings.rules) {
      found += 1;
      const status = rule.status === "certified"
        ? `certified: ${rule.proof.statement || rule.proof.theorem}`
        : `observed, not proved: holds on every position checked`;
      parts.push(element("p", { class: "rule rule-" + rule.status }, element("strong", {}, `${name}: `), rule.text, element("br"), element("span", { class: "muted" }, status)));
    }
    for (const failed of findings.failed) {
      const at = failed.at.length === 1 ? `n = ${failed.at[0]}` : `(a, b) = (${failed.at.join(", ")})`;
      parts.push(element("p", { class: "muted" }, `not: ${failed.text} — fails at ${at}`));
    }
  }
  if (found === 0) parts.push(element("p", {}, "No rule among grundy's forms holds on these positions."));
  $("rule").replaceChildren(...parts);
}

// A game without a table of numbered positions has no rule to show: a note, not an error.
function noRule(answer) {
  if (answer.status === 422) {
    $("rule").replaceChildren(element("p", { class: "muted" }, "No table of numbered positions, so no rule: " + answer.data.error));
  } else {
    showError($("rule"), answer);
  }
}

function showText(container, text, id, lang) {
  container.replaceChildren(element("pre", lang ? { id, lang } : { id }, text));
}

// A section waiting for its answer: the previous game's is gone.
function pending(container, what) {
  container.replaceChildren(element("p", { class: "muted pending", role: "status" }, `${what}…`));
}

async function solve(event) {
  event.preventDefault();
  const button = $("solve");
  button.disabled = true;
  $("busy").textContent = "solving…";
  pending($("answer"), "solving");
  pending($("table"), "computing the table");
  pending($("rule"), "looking for the rule");
  pending($("period"), "looking for the period");
  pending($("plot"), "drawing");
  pending($("explanation"), "explaining");
  const base = common();
  const position = $("position").value.trim();
  const solveRequest = { ...base };
  if (position !== "") solveRequest.position = position;
  const tableTo = $("table-to").value.trim() || "30";
  const explainRequest = { ...base, lang: $("lang").value, width: 90 };
  if (position !== "") explainRequest.position = position;
  const jobs = [
    ask("/api/solve", solveRequest).then((answer) => (answer.ok ? showAnswer(answer.data, answer.warnings) : showError($("answer"), answer))),
    ask("/api/table", { ...base, to: tableTo }).then((answer) => (answer.ok ? showTable(answer.data) : showError($("table"), answer))),
    ask("/api/pattern", base).then((answer) => (answer.ok ? showRule(answer.data) : noRule(answer))),
    ask("/api/period", { ...base, format: "text" }).then((answer) => (answer.ok ? showText($("period"), answer.data.text, "period-text") : showError($("period"), answer))),
    ask("/api/explain", explainRequest).then((answer) => (answer.ok ? showText($("explanation"), answer.data.text, "explanation-text", explainRequest.lang) : showError($("explanation"), answer))),
    plot({ ...base, to: tableTo }),
  ];
  // A game is played from a position a person can play out: one with a number of five digits
  // or more (or a power) stays in the answer.
  if (!/[0-9]{5}|\^/.test(position)) $("play-position").value = position;
  readyToPlay();
  await Promise.allSettled(jobs);
  button.disabled = false;
  $("busy").textContent = "done";
}

// ---- The plot: /api/plot's SVG as an image, its legend and caption as text. ----

let lastPlot = null;

async function plot(request) {
  lastPlot = request;
  const kind = $("plot-kind").value;
  const answer = await ask("/api/plot", kind === "" ? request : { ...request, kind });
  if (request !== lastPlot) return; // a newer plot was asked for meanwhile
  if (!answer.ok) return showError($("plot"), answer);
  showPlot(answer.data);
}

function showPlot(data) {
  const image = element("img", {
    id: "plot-image",
    src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(data.image.svg),
    width: String(data.image.width),
    height: String(data.image.height),
    alt: `${data.kind} plot: ${data.title}`,
  });
  const legend = element("ul", { class: "legend", id: "plot-legend" });
  for (const entry of data.legend) {
    const swatch = element("span", { class: "swatch", "aria-hidden": "true" });
    swatch.style.background = entry.colour; // CSSOM, which the Content-Security-Policy allows
    legend.append(element("li", {}, swatch, `${entry.label}: ${entry.marks}`));
  }
  // The picture shows the legend and the caption; the text is for screen readers.
  const caption = element("figcaption", { class: "visually-hidden" }, element("p", { id: "plot-caption" }, data.caption), legend);
  // Full size in a tab of its own on a click, and the files to keep: the SVG as drawn, the PNG
  // drawn by the server at the same size.
  if (plotFile !== null) URL.revokeObjectURL(plotFile);
  plotFile = URL.createObjectURL(new Blob([data.image.svg], { type: "image/svg+xml" }));
  const name = `${data.kind}-${data.title}`.replace(/[^A-Za-z0-9.,_-]+/g, "_").slice(0, 80);
  const full = element("a", { href: plotFile, target: "_blank", rel: "noopener", id: "plot-full", title: "Open the plot full size" }, image);
  const png = element("button", { type: "button", class: "secondary", id: "plot-png" }, "Download PNG");
  png.addEventListener("click", () => downloadPng(name));
  const files = element("p", { class: "downloads" },
    element("a", { href: plotFile, target: "_blank", rel: "noopener" }, "Open full size"), " · ",
    element("a", { href: plotFile, download: `${name}.svg`, id: "plot-svg" }, "Download SVG"), " · ", png);
  $("plot").replaceChildren(element("figure", { class: "plot" }, full, caption), files);
}

// The object URL of the SVG shown, released when the next plot replaces it.
let plotFile = null;

// The plot shown, drawn again by the server as PNG and saved under `name`.png.
async function downloadPng(name) {
  if (lastPlot === null) return;
  const kind = $("plot-kind").value;
  const request = { ...(kind === "" ? lastPlot : { ...lastPlot, kind }), format: "png" };
  const response = await fetch("/api/plot", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request) });
  if (!response.ok) return;
  const url = URL.createObjectURL(await response.blob());
  const link = element("a", { href: url, download: `${name}.png` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

// ---- Play: a game against the computer, kept here as the library's Session keeps it. ----

// The game in play: its turns (each position's options from /api/options, who moves, the move
// played from it), the current turn, and the script fields of every request.
let game = null;

const RANK = { win: 3, tie: 2, draw: 1, lose: 0 };
const NOUN = { win: "win", lose: "loss", tie: "tie", draw: "draw" };
const other = (player) => (player === "you" ? "computer" : "you");

// A result in words, as the terminal writes it: "win in 3", "lose in 4", "tie", "draw".
function valueWords(result, remoteness) {
  return result === "draw" || remoteness === null || remoteness === undefined ? result : `${result} in ${remoteness}`;
}

// What a move achieves for its mover: its result, in the moves the game lasts through it.
function moveValue(move) {
  return valueWords(move.result, move.remoteness === null ? null : move.remoteness + 1);
}

// The form's game from the position of "Start from", a Play button away.
function readyToPlay() {
  const position = $("play-position").value.trim();
  const spec = $("game").value.trim();
  $("play-start").textContent = position === "" ? `Play ${spec}` : `Play ${spec} from ${position}`;
}

async function startGame() {
  announce("");
  const base = common();
  const position = $("play-position").value.trim();
  const request = { ...base };
  if (position !== "") request.position = position;
  const first = $("play-first-computer").checked ? "computer" : "you";
  game = { turns: [], now: 0, busy: true, script: base.script, message: null };
  const current = game;
  renderGame();
  const answer = await ask("/api/options", request);
  if (current !== game) return;
  if (!answer.ok) {
    game = null;
    return showError($("play"), answer);
  }
  game.turns = [{ options: answer.data, mover: first, played: null }];
  game.busy = false;
  await computerTurns();
}

const current = () => game.turns[game.now];
const isOver = () => current().options.moves.length === 0;

// Plays move `index` (from 0) of the current position: asks for the options of the position it
// leaves; moves taken back and not played again are forgotten.
async function playMove(index) {
  const playing = game;
  const move = current().options.moves[index];
  const request = { game: move.next.game };
  if (move.next.position !== null) request.position = move.next.position;
  if (game.script !== undefined) request.script = game.script;
  game.busy = true;
  renderGame();
  const answer = await ask("/api/options", request);
  if (playing !== game) return false;
  game.busy = false;
  if (!answer.ok) {
    game.message = answer;
    renderGame();
    return false;
  }
  game.message = null;
  game.turns.length = game.now + 1;
  current().played = index;
  game.turns.push({ options: answer.data, mover: other(current().mover), played: null });
  game.now += 1;
  return true;
}

// The computer's moves (its `best`) until it is your turn or the game is over, each announced
// to screen readers as the terminal prints it.
async function computerTurns() {
  const playing = game;
  const played = [];
  while (playing === game && !isOver() && current().mover === "computer") {
    const move = current().options.moves[current().options.best - 1];
    if (!(await playMove(current().options.best - 1))) break;
    played.push(`${move.move} → ${move.to}`);
  }
  if (playing !== game) return;
  if (played.length > 0) announce(`The computer played ${played.join(", then ")}.`);
  renderGame(true);
}

// What the computer just did, in the page's one live region for the game (present from the start,
// so that screen readers read each new text).
function announce(text) {
  $("play-announce").textContent = text;
}

async function humanMove(index) {
  if (game.busy || isOver() || current().mover !== "you") return;
  announce("");
  if (await playMove(index)) await computerTurns();
}

// Back to your previous turn (your move and the computer's answer), as in the terminal.
function undo() {
  announce("");
  for (let back = game.now - 1; back >= 0; back -= 1) {
    if (game.turns[back].mover === "you") {
      game.now = back;
      return renderGame(true);
    }
  }
}

// Forward to your next turn.
function redo() {
  if (game.now + 1 >= game.turns.length) return;
  announce("");
  game.now += 1;
  while (current().mover === "computer" && game.now + 1 < game.turns.length) game.now += 1;
  renderGame(true);
}

// Who won, once the game is over: "you", "computer", or null for a tie or draw.
function winner() {
  const turn = current();
  if (turn.options.outcome === "win") return turn.mover;
  if (turn.options.outcome === "lose") return other(turn.mover);
  return null;
}

// The first move of `player` after which their outcome got worse (Session::mistake).
function mistake(player) {
  for (let t = 0; t < game.now; t += 1) {
    const turn = game.turns[t];
    if (turn.mover !== player || turn.played === null) continue;
    const move = turn.options.moves[turn.played];
    if (RANK[move.result] < RANK[turn.options.outcome]) return { turn: t, move, before: turn.options.outcome, after: move.result };
  }
  return null;
}

// The closing line, as the terminal's: who won, and where the loser went wrong.
function closing() {
  const won = winner();
  const result = won === "you" ? "you won" : won === "computer" ? "the computer won" : "a tie";
  if (won === null) return result;
  const loser = other(won);
  const wrong = mistake(loser);
  if (wrong === null) return `${result}; ${loser === "you" ? "you" : "the computer"} never had a winning position`;
  const position = game.turns[wrong.turn].options.position;
  return `${result}; ${loser} went wrong at move ${wrong.turn + 1}: ${wrong.move.move} from ${position} turned a ${NOUN[wrong.before]} into a ${NOUN[wrong.after]}`;
}

// The position drawn: heaps as rows of tokens, Wythoff's two heaps as a board with the queen.
function board(options) {
  const text = options.position;
  const wythoff = /^(misere:)?wythoff$/.test(options.game);
  const pair = /^(\d+),(\d+)$/.exec(text);
  if (wythoff && pair && Number(pair[1]) <= 15 && Number(pair[2]) <= 15) {
    const [a, b] = [Number(pair[1]), Number(pair[2])];
    const side = Math.max(a, b, 4) + 1;
    const body = element("tbody");
    for (let row = side - 1; row >= 0; row -= 1) {
      const line = element("tr", {}, element("th", { scope: "row" }, String(row)));
      for (let column = 0; column < side; column += 1) {
        const queen = column === a && row === b;
        line.append(element("td", queen ? { class: "queen" } : {}, queen ? "♛" : ""));
      }
      body.append(line);
    }
    const foot = element("tr", {}, element("th", {}, ""));
    for (let column = 0; column < side; column += 1) foot.append(element("th", { scope: "col" }, String(column)));
    body.append(foot);
    return element("div", { class: "board", id: "play-board" },
      element("table", { class: "wythoff", "aria-label": `the queen at heap 1 = ${a}, heap 2 = ${b}` }, body),
      element("p", { class: "muted" }, "The queen moves left, down or diagonally towards the corner (0, 0): heap 1 across, heap 2 up."));
  }
  const rows = heapRows(text);
  if (rows) return element("div", { class: "board", id: "play-board" }, rows);
  // A sum: its components one under another, each with its heaps.
  const components = text.includes("] + ") || /^[^[]+\[[^\]]*\]$/.test(text) ? text.split(/(?<=\]) \+ /) : [];
  if (components.length > 0) {
    const list = element("ul", { class: "components" });
    for (const component of components) {
      const inner = /\[([^\]]*)\]$/.exec(component);
      list.append(element("li", {}, element("span", { class: "component" }, component), (inner && heapRows(inner[1] === "" ? "(no heaps)" : inner[1])) || ""));
    }
    return element("div", { class: "board", id: "play-board" }, list);
  }
  return element("div", { class: "board", id: "play-board" }, element("p", { class: "position-text" }, text));
}

// Heaps written `3,4,5` as rows of tokens (a long heap's row cut short), or null.
function heapRows(text) {
  if (!/^\d+(,\d+)*$/.test(text) && text !== "(no heaps)") return null;
  const heaps = text === "(no heaps)" ? [] : text.split(",");
  const rows = element("ol", { class: "heaps" });
  heaps.forEach((heap, i) => {
    const count = heap.length > 3 ? 41 : Number(heap);
    const tokens = "●".repeat(Math.min(count, 40)) + (count > 40 ? " …" : "");
    rows.append(element("li", {}, element("span", { class: "heap-name" }, heaps.length > 1 ? `heap ${i + 1}` : "heap"), element("span", { class: "tokens", "aria-hidden": "true" }, tokens), element("span", { class: "heap-size" }, heap)));
  });
  if (heaps.length === 0) rows.append(element("li", { class: "muted" }, "no heaps left"));
  return rows;
}

function renderGame(focus = false) {
  const container = $("play");
  if (game === null) return;
  if (game.turns.length === 0) {
    container.replaceChildren(element("p", { class: "muted", id: "play-status", "data-state": "starting" }, "starting…"));
    return;
  }
  const turn = current();
  const options = turn.options;
  const hints = $("play-hints").checked;
  const over = isOver();
  const yours = !over && turn.mover === "you" && !game.busy;
  const parts = [];
  let status;
  if (over) status = element("p", { id: "play-result", class: "verdict " + (winner() === "you" ? "win" : winner() === null ? "tie" : "lose"), role: "status" }, closing());
  else if (game.busy) status = element("p", { id: "play-status", "data-state": "thinking" }, turn.mover === "computer" ? "The computer is thinking…" : "…");
  else if (turn.mover === "computer") {
    // The computer's move could not be fetched (a busy server, a deadline, a lost connection):
    // say so and offer to ask again, rather than waiting for a move that will not come.
    const retry = element("button", { type: "button", id: "play-retry" }, "Ask again");
    retry.addEventListener("click", () => {
      game.message = null;
      computerTurns();
    });
    status = element("p", { id: "play-status", "data-state": "computer-failed", role: "status" }, "The computer's move could not be fetched. ", retry);
  } else status = element("p", { id: "play-status", "data-state": "your-move", "data-turn": String(game.now + 1), role: "status" }, "Your move.");
  parts.push(status);
  if (game.message) {
    const box = element("div");
    showError(box, game.message);
    parts.push(box);
  }
  const summary = valueWords(options.outcome, options.remoteness) + (options.value === null ? "" : `, grundy ${options.value}`);
  parts.push(element("p", { class: "position-line" }, element("strong", {}, "Position: "), options.position, hints ? element("span", { class: "muted", id: "play-value" }, ` — ${turn.mover === "you" ? "you" : "the computer"} to move: ${summary}`) : ""));
  parts.push(board(options));
  if (!over) {
    const moves = element("ul", { class: "choices", id: "play-moves", "aria-label": "your moves" });
    options.moves.forEach((move, index) => {
      const label = `${move.number}. ${move.move} → ${move.to}`;
      const button = element("button", { type: "button", class: hints ? "move move-" + move.result : "move", "data-result": hints ? move.result : "" }, label);
      if (hints) button.append(element("span", { class: "badge" }, moveValue(move)));
      button.disabled = !yours;
      button.addEventListener("click", () => humanMove(index));
      moves.append(element("li", {}, button));
    });
    parts.push(moves);
  }
  const undoButton = element("button", { type: "button", id: "play-undo", class: "secondary" }, "Undo");
  undoButton.disabled = game.busy || !game.turns.slice(0, game.now).some((t) => t.mover === "you");
  undoButton.addEventListener("click", undo);
  const redoButton = element("button", { type: "button", id: "play-redo", class: "secondary" }, "Redo");
  redoButton.disabled = game.busy || game.now + 1 >= game.turns.length;
  redoButton.addEventListener("click", redo);
  parts.push(element("div", { class: "actions" }, undoButton, redoButton));
  parts.push(history(hints));
  container.replaceChildren(...parts);
  if (focus) {
    const target = container.querySelector("#play-moves button:not([disabled])") || container.querySelector("#play-result");
    if (target) {
      if (target.tagName === "P") target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    }
  }
}

// The value history: each position played, who moved, its value for the mover, the move played.
function history(hints) {
  const head = element("tr", {}, ...["#", "position", "to move", "value for the mover", "move played"].map((name) => element("th", { scope: "col" }, name)));
  const body = element("tbody");
  game.turns.slice(0, game.now + 1).forEach((turn, t) => {
    const played = t < game.now && turn.played !== null ? turn.options.moves[turn.played] : null;
    const value = valueWords(turn.options.outcome, turn.options.remoteness);
    const row = element("tr", {},
      element("td", {}, String(t + 1)),
      element("td", {}, turn.options.position),
      element("td", {}, turn.mover),
      element("td", hints ? { class: "move-" + turn.options.outcome } : {}, value),
      element("td", played && hints ? { class: "move-" + played.result } : {}, played ? `${played.move} → ${played.to}` : ""));
    body.append(row);
  });
  return element("div", { class: "scroll" }, element("table", { class: "history", id: "play-history" }, element("caption", {}, "Value history"), element("thead", {}, head), body));
}

// The examples of /api/games in the picker; picking one fills the form.
async function loadExamples() {
  let games;
  try {
    const response = await fetch("/api/games");
    games = (await response.json()).games;
  } catch {
    return;
  }
  const picker = $("example");
  games.forEach((game, index) => picker.append(element("option", { value: String(index) }, `${game.spec} — ${game.about}`)));
  picker.addEventListener("change", () => {
    const game = games[Number(picker.value)];
    if (!game || picker.value === "") return;
    $("game").value = game.spec;
    $("position").value = game.position ?? "";
    if (game.script) {
      $("script").value = game.script;
      $("script-box").open = true;
    }
    $("game").focus();
  });
}

document.addEventListener("DOMContentLoaded", () => {
  $("query").addEventListener("submit", solve);
  $("plot-kind").addEventListener("change", () => {
    if (lastPlot !== null) plot({ ...lastPlot });
  });
  $("play-start").addEventListener("click", startGame);
  $("play-hints").addEventListener("change", () => renderGame());
  $("game").addEventListener("input", readyToPlay);
  $("play-position").addEventListener("input", readyToPlay);
  readyToPlay();
  loadExamples();
});
