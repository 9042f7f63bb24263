"""The domain knows nothing of Textual: each core module imports in a fresh
interpreter without pulling textual in."""

import pkgutil
import subprocess
import sys

import pytest

import tutor

CORE = sorted(
    m.name
    for m in pkgutil.walk_packages(tutor.__path__, "tutor.")
    if not m.name.startswith("tutor.app") and not m.name.endswith("__main__")
)


@pytest.mark.parametrize("module", CORE)
def test_core_module_does_not_import_textual(module):
    code = f"import sys, {module}; sys.exit(1 if 'textual' in sys.modules else 0)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, f"{module} imports textual\n{result.stderr}"
