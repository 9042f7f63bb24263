"""What the screens say of the curriculum and the learner's progress (tutor.lessons,
tutor.store.progress), from the app's ``Services``; never fatal when either is broken.
"""

from __future__ import annotations

from rich.text import Text

from tutor.app.services import LessonsUnavailable, Services

__all__ = [
    "LessonsUnavailable",
    "catalogue_summary",
    "continue_text",
    "lessons_for_passage",
    "review_outlook",
    "when",
]


def lessons_for_passage(services: Services, passage_id: str) -> list[tuple[str, str]]:
    """(link target, title) of the lessons that teach this passage: ``ID#N``, N the index
    of the first step citing it (a learner review: the link opened step 1 of 24, the
    step on the law far later), or the bare lesson id where only the lesson cites it."""
    try:
        course = services.curriculum()
    except LessonsUnavailable:
        return []
    found = []
    for lesson in course.lessons:
        number = course.number(lesson)
        # "Lesson 15: Marking the king, step 2", not the bare title a passage may share
        # (a learner review: "Cited by · Marking the king" above "Lessons that teach it
        # · Marking the king", two links alike to two places)
        steps = [i for i, step in enumerate(lesson.steps) if passage_id in step.passages]
        if steps:
            title = f"Lesson {number}: {lesson.title}, step {steps[0] + 1}"
            found.append((f"{lesson.id}#{steps[0]}", title))
        elif passage_id in lesson.passages:
            found.append((lesson.id, f"Lesson {number}: {lesson.title}"))
    return found


def when(delta) -> str:
    """'in 4 hours', 'in 2 days', 'in 25 minutes'."""
    seconds = max(0, int(delta.total_seconds()))
    if seconds < 3600:
        n, unit = max(1, round(seconds / 60)), "minute"
    elif seconds < 2 * 86400:
        n, unit = round(seconds / 3600), "hour"
    else:
        n, unit = round(seconds / 86400), "day"
    return f"in {n} {unit}{'s' if n != 1 else ''}"


def review_outlook(store, clock_time: bool = True) -> str:
    """What the review queue holds: due now, and when the next fall due (plain text),
    with the local time they fall due unless ``clock_time`` is False."""
    due = len(store.due_reviews())
    upcoming = store.next_reviews()
    parts = []
    if due:
        parts.append(f"{due} step{'s' if due != 1 else ''} due for review now")
    if upcoming is not None:
        moment, count = upcoming
        local = moment.astimezone()
        parts.append(
            f"{'then ' if due else ''}{count} step{'s' if count != 1 else ''} due"
            f" {when(moment - store.clock())}" + (f" ({local:%a %H:%M})" if clock_time else "")
        )
    return "; ".join(parts) if parts else "nothing waiting for review"


def continue_text(services: Services) -> tuple[str, str, int] | None:
    """(words, lesson id, step index) for the home screen's Continue, or None."""
    from tutor.lessons.standing import continue_point

    store = services.progress
    try:
        found = continue_point(services.curriculum(), store)
    except LessonsUnavailable:
        return None
    if found is None:
        return None
    lesson, index = found
    if index or lesson.id in store.places():
        return (
            f"Continue “{lesson.title}” at step {index + 1} of {len(lesson.steps)}",
            lesson.id,
            index,
        )
    return f"Next lesson: “{lesson.title}”", lesson.id, 0


def catalogue_summary(services: Services) -> Text:
    """Where the learner stands, for the home screen: what to do next, lessons done and
    mastered, the review queue and when it fills, the weakest topic."""
    try:
        course = services.curriculum()
    except LessonsUnavailable as exc:
        return Text(f"Lessons: {exc}.", style="dim")
    lessons = course.lessons
    if not lessons:
        return Text("No lessons are installed yet.", style="dim")
    from tutor.lessons.standing import standings, weak_spots

    store = services.progress
    mine = standings(course, store)
    out = Text()
    going_on = continue_text(services)
    if going_on is not None:
        out.append(going_on[0], style="bold")
        out.append("  (c)\n")
    else:
        out.append("Every lesson done: review and drills keep it fresh.\n", style="bold")
    out.append(
        f"Lessons completed: {sum(1 for m in mine if m.done)} of {len(lessons)}"
        f" · mastered {sum(1 for m in mine if m.mastered)} (every step now right unaided)\n"
    )
    out.append(f"Review: {review_outlook(store)}")
    if store.due_reviews():
        out.append("  (v)")
    spots = [s for s in weak_spots(course, store) if s.total >= 2]
    if spots:
        worst = spots[0]
        out.append(
            # the rule said: the list under w names first a topic tried once (a learner
            # review: two screens naming two different "weakest")
            f"\nWeakest topic tried twice or more: {worst.topic.title}, {worst.right} of"
            f" {worst.total} right at the first try  (w)"
        )
    return out
