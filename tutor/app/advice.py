"""What the hints say and what an engine advises, as Markdown for the side panel.

Both answer from the learner's information set only, so the advice can never
reveal a hidden card. The hints module is optional until it lands.
"""

from __future__ import annotations

from tutor.app.narrate import describe_action


def sources_links(sources) -> str:
    return ", ".join(f"[{s}](passage:{s})" for s in sources)


def hints_markdown(info) -> str:
    """The historical hints' verdict on this decision (or why there is none)."""
    try:
        from tutor.hints import advise
    except ImportError:
        return "*The hints are not available yet.*"
    try:
        verdict = advise(info)
    except Exception as exc:  # a hint that cannot judge this position is not an app error
        return f"*The hints have nothing to say here ({exc}).*"
    if verdict is None:
        return "*No hint of the sources applies here.*"
    hint = getattr(verdict, "hint", None)
    lines = [f"**{describe_action(verdict.action)}**"]
    if hint is not None:
        title = getattr(hint, "title", "")
        ident = getattr(hint, "id", "")
        lines.append(f"— {title} ({sources_links(getattr(hint, 'sources', ()) or (ident,))})")
    explanation = getattr(verdict, "explanation", "")
    if explanation:
        lines += ["", explanation]
    if getattr(verdict, "by_project", False):
        lines += ["", "*This reading is the project's, not the sources'.*"]
    return "\n".join(lines)


def engine_markdown(name: str, advice) -> str:
    """An engine's advice, its reason, the values it weighed and its sources."""
    lines = [f"**{describe_action(advice.action)}** — {advice.reason}"]
    if advice.values:
        best = sorted(advice.values.items(), key=lambda kv: -kv[1])[:4]
        lines.append("")
        lines += [f"- {option}: {value:+.2f}" for option, value in best]
    if advice.sources:
        lines += ["", f"Sources: {sources_links(advice.sources)}"]
    return "\n".join(lines)


def advice_markdown(info, engine_name: str, advice) -> str:
    """The whole hint panel: hints first, then the engine."""
    return "\n".join(
        [
            "#### The hints say",
            hints_markdown(info),
            "",
            f"#### The {engine_name} engine advises",
            engine_markdown(engine_name, advice),
        ]
    )
