"""A footer that shows every key the screen offers, whatever the terminal's width.

Textual's footer is one line that cuts off what does not fit ("esc Bac", and ``f1``
gone, at 80 columns). This one tightens its spacing below ``NARROW`` columns, drops
the command palette's word ("^p" alone) if that is what it takes to fit, and
otherwise wraps the screen's keys onto a second line (or more): no key is ever cut.
The palette's own key, which the help and the header's ⭘ also give, is left out
rather than given a line to itself.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import groupby

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.containers import HorizontalGroup
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey, FooterLabel, KeyGroup

NARROW = 100
"""Below this many columns the footer drops the padding between keys."""


class FooterRow(HorizontalGroup):
    """One line of keys."""

    DEFAULT_CSS = """
    FooterRow {
        height: 1;
        width: 100%;
    }
    """


class AdaptiveFooter(Footer):
    DEFAULT_CSS = """
    AdaptiveFooter.-rows {
        layout: vertical;
    }
    """

    def on_mount(self) -> None:
        self.compact = self.app.size.width < NARROW
        self._width = self.app.size.width

    def on_resize(self, event: events.Resize) -> None:
        width = self.app.size.width
        self.compact = width < NARROW
        if width != getattr(self, "_width", None):
            self._width = width
            self.refresh(recompose=True)

    # --- what the keys are, and how wide ------------------------------------------------

    def key_items(self) -> tuple[list[tuple[list[Widget], int]], FooterKey | None]:
        """The keys as items that stay together (a key, or a group of keys and its label),
        each with the cells it takes; and the command palette's key (None when not shown)."""
        active = self.screen.active_bindings
        shown = [
            (binding, enabled, tooltip)
            for (_, binding, enabled, tooltip) in active.values()
            if binding.show
        ]
        by_action: defaultdict[str, list] = defaultdict(list)
        for binding, enabled, tooltip in shown:
            by_action[binding.action].append((binding, enabled, tooltip))
        items: list[tuple[list[Widget], int]] = []
        for group, grouped in groupby(by_action.values(), lambda run: run[0][0].group):
            runs = list(grouped)
            if group is not None and len(runs) > 1:
                firsts = [run[0] for run in runs]
                keys = [
                    FooterKey(
                        binding.key,
                        self.app.get_key_display(binding),
                        "",
                        binding.action,
                        disabled=not enabled,
                        tooltip=tooltip or binding.description,
                        classes="-grouped",
                    ).data_bind(compact=Footer.compact)
                    for binding, enabled, tooltip in firsts
                ]
                width = sum(self.key_width(k.key_display, "") for k in keys)
                width += 2 if group.compact else 2 * len(keys)  # the group's or keys' margins
                width += cell_len(group.description) + (0 if self.compact else 1)
                box = KeyGroup(*keys, classes="-compact" if group.compact else "")
                items.append(([box, FooterLabel(group.description)], width))
                continue
            for binding, enabled, tooltip in (run[0] for run in runs):
                key = FooterKey(
                    binding.key,
                    self.app.get_key_display(binding),
                    binding.description,
                    binding.action,
                    disabled=not enabled,
                    tooltip=tooltip,
                ).data_bind(compact=Footer.compact)
                margin = 1 if self.compact else 0
                items.append(([key], self.key_width(key.key_display, key.description) + margin))
        palette = None
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            found = active.get(self.app.COMMAND_PALETTE_BINDING)
            if found is not None:
                _, binding, enabled, tooltip = found
                palette = FooterKey(
                    binding.key,
                    self.app.get_key_display(binding),
                    binding.description,
                    binding.action,
                    classes="-command-palette",
                    disabled=not enabled,
                    tooltip=binding.tooltip or binding.description,
                )
        return items, palette

    def key_width(self, display: str, description: str) -> int:
        """Cells a key takes (without its margin) in the footer's current style."""
        if not description:
            return cell_len(display) + (0 if self.compact else 2)
        return cell_len(display) + cell_len(description) + (1 if self.compact else 3)

    def palette_width(self, palette: FooterKey | None) -> int:
        if palette is None:
            return 0
        return self.key_width(palette.key_display, palette.description) + (1 if self.compact else 2)

    # --- layout --------------------------------------------------------------------------

    @staticmethod
    def rows(items: list[tuple[list[Widget], int]], width: int, reserve: int) -> list[list[Widget]]:
        """The items' widgets in lines of at most ``width`` cells, the last line keeping
        ``reserve`` cells free (for the palette's key, docked right)."""
        rows: list[list[Widget]] = [[]]
        used = 0
        for widgets, need in items:
            if rows[-1] and used + need > width:
                rows.append([])
                used = 0
            rows[-1].extend(widgets)
            used += need
        if reserve and rows[-1] and used + reserve > width:
            rows.append([])
        return rows

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        width = self.app.size.width
        self.compact = width < NARROW
        items, palette = self.key_items()
        total = sum(need for _, need in items)
        if palette is not None and total + self.palette_width(palette) > width:
            word = palette.description
            palette.description = ""  # "^p" alone (the help says what it opens)
            if total + self.palette_width(palette) > width:
                palette.description = word  # two lines anyway: room for the word
        rows = self.rows(items, width, self.palette_width(palette))
        if palette is not None and len(rows) > 1 and not rows[-1]:
            palette, rows = None, rows[:-1]  # a line for "^p" alone: the help tells of it
        self.set_class(len(rows) > 1, "-rows")
        self.styles.height = len(rows)
        if palette is not None:
            rows[-1].append(palette)
        if len(rows) == 1:
            yield from rows[0]
            return
        for row in rows:
            yield FooterRow(*row)
