"""The example notebook runs from top to bottom, and each answer shows itself as HTML, SVG or
Markdown in it."""

from __future__ import annotations

import os

import nbformat
from nbclient import NotebookClient

NOTEBOOK = os.path.join(os.path.dirname(__file__), "..", "examples", "grundy.ipynb")


def test_the_example_notebook_runs_and_shows_its_answers(tmp_path):
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(notebook, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    shown = [
        output.get("data", {})
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.get("outputs", [])
    ]
    kinds = {kind for data in shown for kind in data}
    assert {"text/html", "image/svg+xml", "text/markdown"} <= kinds, kinds
    html = " ".join(data.get("text/html", "") for data in shown)
    assert "P-positions highlighted" in html and "#D55E00" in html
    assert "certified" in html
    errors = [output for cell in notebook.cells for output in cell.get("outputs", []) if output.get("output_type") == "error"]
    assert not errors, errors
