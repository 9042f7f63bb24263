"""The domain knows nothing of Textual: import-linter's contracts (pyproject.toml,
run by `make test`) forbid it, directly or through another module. This test keeps
the contract whole: every module of the package outside the app and the command
line is among its sources, so a new module cannot slip past it."""

import pkgutil
import tomllib

import tutor
from tutor.paths import REPO

OUTSIDE_THE_DOMAIN = {"tutor.app", "tutor.cli", "tutor.__main__", "tutor.data"}


def contract(name: str) -> dict:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    return next(c for c in contracts if c["name"] == name)


def test_the_textual_contract_covers_every_domain_module():
    sources = set(contract("Only the app imports Textual")["source_modules"])
    top = {f"tutor.{m.name}" for m in pkgutil.iter_modules(tutor.__path__)}
    assert top - OUTSIDE_THE_DOMAIN == sources


def test_the_textual_contract_forbids_textual_rich_and_the_app():
    assert {"textual", "rich", "tutor.app"} <= set(
        contract("Only the app imports Textual")["forbidden_modules"]
    )
