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
      data = JSON.parse(text);
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

// The API's error: the command line's message (with its caret) and hint.
function showError(container, answer) {
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

// One-heap values as rows n, G(n), P/N, a block of columns at a time.
function showTable(table) {
  const container = $("table");
  if (Array.isArray(table.values[0])) return showGrid(table);
  const from = BigInt(table.from);
  const block = 16;
  const parts = [element("p", { class: "muted" }, `${table.game}: ${table.basis.kind}. P marks the positions the player to move loses.`)];
  for (let start = 0; start < table.values.length; start += block) {
    const values = table.values.slice(start, start + block);
    const rows = [["n", (i) => String(from + BigInt(start + i))], ["G(n)", (i) => String(values[i])], ["P/N", (i) => table.outcomes[start + i]]];
    const body = element("tbody");
    for (const [name, cell] of rows) {
      const row = element("tr", {}, element("th", { scope: "row" }, name));
      values.forEach((_, i) => row.append(element("td", table.outcomes[start + i] === "P" ? { class: "p" } : {}, cell(i))));
      body.append(row);
    }
    parts.push(element("div", { class: "scroll" }, element("table", { class: "values" }, body)));
  }
  container.replaceChildren(...parts);
}

// The grid of G(a, b) for a game of two heaps, the P-positions marked.
function showGrid(grid) {
  const head = element("tr", {}, element("th", { scope: "col" }, "a \\ b"));
  grid.values[0].forEach((_, b) => head.append(element("th", { scope: "col" }, String(b))));
  const body = element("tbody");
  grid.values.forEach((row, a) => {
    const line = element("tr", {}, element("th", { scope: "row" }, String(a)));
    row.forEach((value, b) => line.append(element("td", grid.outcomes[a][b] === "P" ? { class: "p" } : {}, String(value))));
    body.append(line);
  });
  $("table").replaceChildren(
    element("p", { class: "muted" }, `${grid.game}: G(a, b); P marks the positions the player to move loses.`),
    element("div", { class: "scroll" }, element("table", { class: "values" }, element("thead", {}, head), body)),
  );
}

function showText(container, text, id) {
  container.replaceChildren(element("pre", { id }, text));
}

async function solve(event) {
  event.preventDefault();
  const button = $("solve");
  button.disabled = true;
  $("busy").textContent = "solving…";
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
    ask("/api/period", { ...base, format: "text" }).then((answer) => (answer.ok ? showText($("period"), answer.data.text, "period-text") : showError($("period"), answer))),
    ask("/api/explain", explainRequest).then((answer) => (answer.ok ? showText($("explanation"), answer.data.text, "explanation-text") : showError($("explanation"), answer))),
    // PLOT: the lead adds the plot's request here (POST /api/plot) and shows #plot-section.
    // PLAY: the lead starts a game here (POST /api/options) and shows #play-section.
  ];
  await Promise.allSettled(jobs);
  button.disabled = false;
  $("busy").textContent = "done";
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
  loadExamples();
});
