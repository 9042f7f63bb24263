"""The app's view of the curriculum and the progress store (tutor.lessons,
tutor.store.progress): loaded lazily and once, and never fatal when broken.
"""

from __future__ import annotations

from functools import lru_cache

from rich.text import Text


class LessonsUnavailable(RuntimeError):
    """The lessons could not be loaded; the message says why, for a notification."""


@lru_cache(maxsize=1)
def _curriculum_cached():
    from tutor.lessons import load_curriculum

    return load_curriculum()


def curriculum():
    """The curriculum (lessons/ by default); raises LessonsUnavailable with a reason."""
    try:
        return _curriculum_cached()
    except Exception as exc:  # a broken lesson file must not stop the app
        raise LessonsUnavailable(f"the lessons could not be loaded: {exc}") from None


def reload() -> None:
    _curriculum_cached.cache_clear()


_store = None


def progress():
    """The learner's progress store, opened once (data_dir()/progress.sqlite3)."""
    global _store
    if _store is None:
        from tutor.store.progress import Progress

        _store = Progress()
        _store.known = _names_a_step
    return _store


def _names_a_step(lesson: str, step: str) -> bool:
    """Whether a review's (lesson, step) is still a step to take: a lesson's step in the
    curriculum, or a drill's or a game's position (dealt again from its key). With the
    lessons unavailable, every review stands."""
    from tutor.store.review_keys import ReviewKey, Source

    key = ReviewKey.of(lesson)
    if key.dealt_again:
        return True
    if key.source is Source.PRACTICE:
        from tutor.app.screens.practice import positions

        return positions().by_id(step) is not None or bool(positions().faults)
    try:
        lessons = {each.id: each for each in curriculum().lessons}
    except LessonsUnavailable:
        return True
    return lesson in lessons and any(s.id == step for s in lessons[lesson].steps)


def close_progress() -> None:
    """Close the store (tests open a fresh one in each data directory)."""
    global _store
    if _store is not None:
        _store.close()
        _store = None


def lessons_for_passage(passage_id: str) -> list[tuple[str, str]]:
    """(link target, title) of the lessons that teach this passage: ``ID#N``, N the index
    of the first step citing it (a learner review: the link opened step 1 of 24, the
    step on the law far later), or the bare lesson id where only the lesson cites it."""
    try:
        course = curriculum()
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


def continue_text(store) -> tuple[str, str, int] | None:
    """(words, lesson id, step index) for the home screen's Continue, or None."""
    from tutor.lessons.standing import continue_point

    try:
        found = continue_point(curriculum(), store)
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


def catalogue_summary() -> Text:
    """Where the learner stands, for the home screen: what to do next, lessons done and
    mastered, the review queue and when it fills, the weakest topic."""
    try:
        lessons = curriculum().lessons
    except LessonsUnavailable as exc:
        return Text(f"Lessons: {exc}.", style="dim")
    if not lessons:
        return Text("No lessons are installed yet.", style="dim")
    from tutor.lessons.standing import standings, weak_spots

    store = progress()
    mine = standings(curriculum(), store)
    out = Text()
    going_on = continue_text(store)
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
    spots = [s for s in weak_spots(curriculum(), store) if s.total >= 2]
    if spots:
        worst = spots[0]
        out.append(
            # the rule said: the list under w names first a topic tried once (a learner
            # review: two screens naming two different "weakest")
            f"\nWeakest topic tried twice or more: {worst.topic.title}, {worst.right} of"
            f" {worst.total} right at the first try  (w)"
        )
    return out
