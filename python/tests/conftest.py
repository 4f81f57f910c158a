"""What the tests share: the command line beside the package, to compare answers with."""

from __future__ import annotations

import json
import os
import subprocess
from typing import Any, List

import pytest

import grundy


def pytest_configure(config):
    # The package under test is the one the runner put in place (the module cargo built, or the
    # wheel pip installed), never a copy found elsewhere on the path.
    expected = os.environ.get("GRUNDY_PACKAGE_DIR")
    assert expected, "GRUNDY_PACKAGE_DIR must name the grundy package under test (tests/pytest.rs and .ci/run set it)"
    found = os.path.dirname(os.path.realpath(grundy.__file__))
    assert found == os.path.realpath(expected), f"grundy was imported from {found}, not {expected}"


@pytest.fixture(scope="session")
def cli():
    """Runs ``grundy ARGS --json`` and returns its document (the binary ``GRUNDY_CLI`` names)."""
    binary = os.environ.get("GRUNDY_CLI")
    assert binary and os.path.exists(binary), (
        "GRUNDY_CLI must name the grundy binary (tests/pytest.rs sets it; cargo build -p grundy-cli builds it)"
    )

    def run(*args: str, json_flag: bool = True) -> Any:
        command: List[str] = [binary, *args]
        if json_flag:
            command.append("--json")
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        assert done.returncode == 0, f"{command}: {done.stderr}"
        return json.loads(done.stdout) if json_flag else done.stdout

    return run
