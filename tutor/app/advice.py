"""What the hints say and what an engine advises, as Markdown for the side panel.

Both answer from the learner's information set only, so the advice can never
reveal a hidden card.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterable

from tutor.analysis.grades import INACCURACY
from tutor.analysis.review import same
from tutor.app.markup import markdown_literal
from tutor.app.narrate import describe_action
from tutor.engines import Advice
from tutor.engines.values import position_weighing_note
from tutor.hints import Verdict, advise
from tutor.hints.explain import signed
from tutor.rules.actions import Action, ActionError
from tutor.rules.infoset import InfoSet
from tutor.texts import Library

ADVISOR = "best"
"""The engine behind the ``?`` advice, whatever the opponent: the strongest."""


def sources_links(sources: Iterable[str], library: Library | None = None) -> str:
    """Links to passages, each named by its title when the texts are at hand (an id
    such as ``britannica-9/hints/jeux-de-regle/2b`` is for the code, not the reader)."""

    def name(ident: str) -> str:
        title = library.passage(ident).title if library is not None and ident in library else ident
        # the project's readings told apart from the sources (a tester's review)
        return f"reading: {title}" if ident.startswith("readings/") else title

    # semicolons: the titles hold commas ("Jeux de règle, 3c"), a list of them did not
    # parse (a tester's review)
    return "; ".join(f"[{name(s)}](passage:{s})" for s in sources)


def titled_sources(title: str, sources: Iterable[str], library: Library | None = None) -> str:
    """A rule's title with links to its passages; a passage named as the rule (or as
    its head: "Refusing, exception 7" for "Refusing, exception 7: four court cards")
    is linked from the title itself, not named a second time beside it."""
    sources = list(sources)
    named = title.casefold()

    def names_the_rule(passage: str) -> bool:
        found = library.passage(passage).title.casefold() if library and passage in library else ""
        return bool(found) and (named == found or named.startswith(f"{found}:"))

    same = [s for s in sources if names_the_rule(s)]
    head = f"[{title}](passage:{same[0]})" if same else title
    rest = [s for s in sources if s not in same[:1]]
    return f"{head} ({sources_links(rest, library)})" if rest else head


def hints_verdict(info: InfoSet) -> Verdict | str:
    """The historical hints' verdict on this decision, or why there is none."""
    try:
        return advise(info)
    except Exception as exc:  # a hint that cannot judge this position is not an app error
        return f"The hints have nothing to say here ({markdown_literal(exc)})."


def hints_markdown(
    info: InfoSet, verdict: Verdict | str | None = None, library: Library | None = None
) -> str:
    """The historical hints' verdict on this decision (or why there is none)."""
    verdict = hints_verdict(info) if verdict is None else verdict
    if isinstance(verdict, str):
        return f"*{verdict}*"
    hint = verdict.hint
    rule = titled_sources(hint.title, verdict.sources, library)
    action = f"**{describe_action(verdict.action, info)}**"
    if hint.id.startswith("refuse/exception-"):
        # The title reads as a rule to refuse: say which way it went, in one sentence (a
        # tester's review: "accept — Refusing, exception 7 ...", then "accept, for the
        # exception applies: — Refusing, ...").
        if verdict.action.kind == "accept":
            lines = [f"{action}, as the exception has it — {rule}"]
        else:
            lines = [f"{action}, the exception's “unless” being met — {rule}"]
    else:
        lines = [f"{action} — {rule}"]
    if verdict.explanation:
        lines += ["", verdict.explanation]
    if verdict.by_project:
        lines += ["", "*This reading is the project's, not the sources'.*"]
    return "\n".join(lines)


SHOWN_VALUES = 4
"""The most choices whose figures a hint lists, best first."""

VALUES_CAPTION = (
    "*Each choice's expected worth for the whole deal, in points: what you score less"
    " what your adversary scores, weighed by what a point is worth at this game score."
    " A king already marked counts, so a figure may go beyond what the tricks still"
    " to play can win or lose.*"
)


def engine_markdown(
    name: str,
    advice: Advice,
    library: Library | None = None,
    info: InfoSet | None = None,
    said_above: bool = False,
) -> str:
    """An engine's advice, its reason, the values it weighed and its sources; with the
    decision's ``info``, how its score weighs the figures where it does. With
    ``said_above``, the sentence in words (``Advice.said``) that opens the reason is left
    out, being already told above."""
    reason = advice.reason
    if said_above and advice.said:
        reason = reason.removeprefix(advice.said).lstrip() or advice.said
    lines = [f"**{describe_action(advice.action, info)}** — {reason}"]
    if advice.values:
        # the engine's own choice first among equal figures, and the list's cut said (a
        # tester's review: a tie listed another card first; a fifth lead left out unsaid)
        ranked = ranked_values(advice)
        best, rest = ranked[:SHOWN_VALUES], len(ranked) - SHOWN_VALUES
        caption = VALUES_CAPTION
        note = position_weighing_note(info) if info else ""
        if advice.action.kind in ("lead", "follow"):
            # a tester's review: -0.16 to play, then +0.23 for the lead, nothing between
            # every holding or a sample, as the reason above says (a reviewer: "all 171
            # holdings ... played out exactly" over "solved in sampled holdings")
            holdings = "every holding the opponent can have" if advice.exact else "sampled holdings"
            how = (
                f"These come from the cards solved in {holdings}; the figures of an"
                " exchange come from whole deals simulated, a rougher count, so the two may"
                " differ by a few tenths for the same deal."
            )
            note = f"{note} {how}".strip()
        if note:
            caption = f"{VALUES_CAPTION[:-1]} {note}*"
        # the figures first, what they mean after (a tester's review: the same paragraph
        # stood before them in every hint, three PageDowns deep at 80x24)
        lines.append("")
        lines += [f"- {option_label(option, info)}: {signed(value)}" for option, value in best]
        if rest > 0:
            lines.append(f"- *and {rest} more, worth less*")
        lines += ["", caption]
    if advice.sources:
        lines += ["", f"Sources: {sources_links(advice.sources, library)}"]
    return "\n".join(lines)


def option_label(option: str, info: InfoSet | None = None) -> str:
    """An option of an engine's values (``lead KS``, in the notation) as a reader sees
    it (``lead K♠``); text that is not an action is shown as it is."""
    try:
        return describe_action(Action.parse(option), info)
    except ActionError:
        return option


def engine_heading(engine_name: str) -> str:
    if engine_name == ADVISOR:
        return f"The strongest engine ({ADVISOR}) advises"
    return f"The {engine_name} engine advises"


def advice_markdown(
    info: InfoSet, engine_name: str, advice: Advice, library: Library | None = None
) -> str:
    """The whole hint panel: the two verdicts in one line (agreeing or not, in sight
    at once), then the hints, then the engine, then the terms of art it used."""
    verdict = hints_verdict(info)
    text = "\n".join(
        [
            in_short(verdict, engine_name, advice, info),
            "",
            "#### The hints say",
            hints_markdown(info, verdict, library),
            "",
            f"#### {engine_heading(engine_name)}",
            engine_markdown(engine_name, advice, library, info, said_above=True),
            *(["", why] if (why := card_why(info, advice)) else []),
        ]
    )
    return with_terms(text, library)


def with_terms(text: str, library: Library | None) -> str:
    """``text`` and, below it, a link to the glossary entry of each term of art it uses
    (a tester's review: "vole", "jeu de règle", "point de refus" at the table, and the
    glossary only in the texts)."""
    from tutor.texts.terms import terms_in

    if library is None:
        return text
    found = terms_in(text, library.glossary())
    if not found:
        return text
    links = " · ".join(f"[{entry.term}](passage:{entry.id})" for entry in found)
    return f"{text}\n\n*Terms:* {links}"


WHY_GAP = 0.05
"""Points by which the engine's card must beat the next for a hint to ask "why not"."""


def card_why(info: InfoSet, advice: Advice) -> str:
    """Why the engine's card and not the next best, in this hand: one holding of the
    adversary's where the next best makes fewer tricks (a tester's review: the card
    advice gave figures, never a reason a learner could see); "" where the two are
    about as good, or no such holding turns up."""
    action = advice.action
    if action.kind not in ("lead", "follow") or len(advice.values) < 2:
        return ""
    name = str(action)
    chosen = advice.values.get(name)
    others = [(v, o) for o, v in advice.values.items() if o != name]
    if chosen is None or not others:
        return ""
    value, option = max(others)
    if chosen - value < WHY_GAP:
        return ""
    try:
        runner = Action.parse(option)
    except ActionError:
        return ""
    from tutor.analysis.card_example import worse_holding

    rng = random.Random(zlib.crc32(repr(info).encode()))
    example = worse_holding(info, runner.card, action.card, rng, better_name=action.card.label)
    if not example:
        return ""
    return f"**Why not {describe_action(runner, info)}?** {example}"


def ranked_values(advice: Advice) -> list[tuple[str, float]]:
    """The engine's figures, best first, its own choice first among equal ones (as shown
    to two places): the order of the figures' list, and the runner-up the first line
    names (a tester's review: it named one the list did not show)."""
    chosen = str(advice.action)
    return sorted(advice.values.items(), key=lambda kv: (-round(kv[1], 2), kv[0] != chosen, kv[0]))


def _shown_gap(its: float, other: float) -> float:
    """The difference of two values as the figures show them, to two places (a learner
    review: "by 0.57 points" beside +0.84 and +0.28)."""
    return round(round(its, 2) - round(other, 2), 2)


def _margin(advice: Advice, info: InfoSet | None) -> str:
    """By how much the engine prefers its choice to the next (a tester's review: "agree:
    refuse" for +0.07 against -0.01, a near coin-flip told as settled)."""
    chosen = str(advice.action)
    its = advice.values.get(chosen)
    others = [(option, value) for option, value in ranked_values(advice) if option != chosen]
    if its is None or not others:
        return ""
    option, value = others[0]
    gap = _shown_gap(its, value)
    other = option_label(option, info)
    if gap < 0.005:
        return f" (a close call: {other} is worth the same)"
    if gap < INACCURACY:
        return f" (a close call: {other} is within {gap:.2f} of a point)"
    return f" (by {gap:.2f} points over {other})"


def in_short(
    verdict: Verdict | str, engine_name: str, advice: Advice, info: InfoSet | None = None
) -> str:
    """What the hints and the engine choose, and whether they agree; then, before any
    figure, what the engine's choice does in this hand in one plain sentence (a learner
    review: the advice was figures, not a reason); then by how much it is preferred."""
    engine = describe_action(advice.action, info)
    said = f" {advice.said}" if advice.said else ""
    if isinstance(verdict, str):
        return f"**In short:** no hint decides; the {engine_name} engine: **{engine}**.{said}"
    hints = describe_action(verdict.action, info)
    if same(verdict.action, advice.action):
        margin = _margin(advice, info)
        if said and margin:
            return (
                f"**In short:** the hints and the {engine_name} engine agree: **{hints}**.{said}"
                f" The engine prefers it{margin}."
            )
        return (
            f"**In short:** the hints and the {engine_name} engine agree: **{hints}**"
            f"{margin}.{said}"
        )
    differ = (
        f"**In short:** the hints say **{hints}**; the {engine_name} engine chooses to **{engine}**"
    )
    theirs, its = advice.values.get(str(verdict.action)), advice.values.get(str(advice.action))
    thumb = "the hints are rules of thumb, the engine weighs this deal's holdings"
    if theirs is None or its is None:
        if said:
            return f"{differ}.{said} {thumb[0].upper()}{thumb[1:]} (its figures below)."
        return f"{differ}: {thumb} (its figures below)."
    gap = _shown_gap(its, theirs)
    # the sentence in words first, the figures after
    but, then = (
        (f"{differ}.{said} It", f"{differ}.{said} It")
        if said
        else (
            f"{differ}, but it",
            f"{differ}, and",
        )
    )
    if gap < INACCURACY:  # below the grades' first threshold: not worth a mark
        if gap < 0.005:
            return f"{but} values the two the same: either will do."
        return f"{but} values the two within {gap:.2f} of a point: either will do."
    return (
        f"{then} values its choice {gap:.2f} points better ({signed(its)} against"
        f" {signed(theirs)}): {thumb}."
    )
