"""The package's architecture, enforced: import-linter's contracts (pyproject.toml,
run by `make test`) forbid Textual outside the app and keep the layers in order.
This test keeps the contracts whole: every package of ``tutor`` is in them, so a
new package cannot slip past, and nothing but packages sits at the top."""

import pkgutil
import tomllib

import tutor
from tutor.io.paths import REPO

OUTSIDE_THE_DOMAIN = {"tutor.app", "tutor.cli"}


def contract(name: str) -> dict:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    return next(c for c in contracts if c["name"].startswith(name))


def top_level() -> set[str]:
    return {f"tutor.{m.name}" for m in pkgutil.iter_modules(tutor.__path__)} - {"tutor.__main__"}


def test_only_packages_sit_at_the_top():
    modules = {f"tutor.{m.name}" for m in pkgutil.iter_modules(tutor.__path__) if not m.ispkg}
    assert modules == {"tutor.__main__"}


def test_the_textual_contract_covers_every_domain_package():
    sources = set(contract("Only the app imports Textual")["source_modules"])
    assert top_level() - OUTSIDE_THE_DOMAIN == sources


def test_the_textual_contract_forbids_textual_rich_and_the_app():
    assert {"textual", "rich", "tutor.app"} <= set(
        contract("Only the app imports Textual")["forbidden_modules"]
    )


def test_every_package_has_its_layer():
    layers = contract("Layers")["layers"]
    named = {name.strip() for layer in layers for name in layer.split("|")}
    assert named == top_level()
    assert layers[0] == "tutor.cli" and layers[-1] == "tutor.io"
