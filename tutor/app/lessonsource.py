"""The app's view of the curriculum and the progress store (tutor.lessons,
tutor.progress): loaded lazily and once, and never fatal when missing or broken.
"""

from __future__ import annotations

from functools import lru_cache


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
    except ImportError as exc:
        raise LessonsUnavailable(f"the lessons are not available yet ({exc})") from None
    except Exception as exc:  # a broken lesson file must not stop the app
        raise LessonsUnavailable(f"the lessons could not be loaded: {exc}") from None


def reload() -> None:
    _curriculum_cached.cache_clear()


_store = None


def progress():
    """The learner's progress store, opened once (data_dir()/progress.sqlite3)."""
    global _store
    if _store is None:
        from tutor.progress import Progress

        _store = Progress()
    return _store


def close_progress() -> None:
    """Close the store (tests open a fresh one in each data directory)."""
    global _store
    if _store is not None:
        _store.close()
        _store = None


def lessons_for_passage(passage_id: str) -> list[tuple[str, str]]:
    """(lesson id, title) of the lessons that teach this passage (or a step citing it)."""
    try:
        lessons = curriculum().lessons
    except LessonsUnavailable:
        return []
    found = []
    for lesson in lessons:
        cited = set(lesson.passages) | {p for step in lesson.steps for p in step.passages}
        if passage_id in cited:
            found.append((lesson.id, lesson.title))
    return found


def catalogue_summary() -> str:
    """Lessons done, steps due for review: Rich markup for the home screen."""
    try:
        lessons = curriculum().lessons
    except LessonsUnavailable as exc:
        return f"[dim]Lessons: {exc}.[/dim]"
    if not lessons:
        return "[dim]No lessons are installed yet.[/dim]"
    store = progress()
    done = store.lessons_done()
    finished = sum(1 for lesson in lessons if lesson.id in done)
    due = len(store.due_reviews())
    answers = store.answers()
    right = sum(1 for a in answers if a.correct)
    lines = [f"Lessons completed: {finished} of {len(lessons)}"]
    if answers:
        lines.append(f"Answers: {right} right of {len(answers)}")
    lines.append(f"Steps due for review: {due}" + (" — open Lessons to review them" if due else ""))
    return "\n".join(lines)
