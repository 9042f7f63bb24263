"""Guided lessons: the curriculum's content model, loading, checking, drills and
played-out consequences. Headless (never imports textual); the screens that
show lessons live in the app.

    curriculum = load_curriculum()            # lessons/ by default
    step = curriculum.lessons[0].steps[0]
    is_correct(step, "play")                  # an action text, or a choice number
    report = check_lessons()                  # what `ecarte lessons check` prints
"""

from tutor.lessons.answers import (
    expected_action,
    is_correct,
    same_action,
    tries_for,
)
from tutor.lessons.checker import Report, check_lessons, lesson_citations
from tutor.lessons.loader import load_curriculum, load_lesson
from tutor.lessons.model import QUESTIONS, Curriculum, Fault, Lesson, Outcome, Step
from tutor.lessons.outcomes import Consequences, Line, OutcomeError, consequences

__all__ = [
    "QUESTIONS",
    "Consequences",
    "Curriculum",
    "Fault",
    "Lesson",
    "Line",
    "Outcome",
    "OutcomeError",
    "Report",
    "Step",
    "check_lessons",
    "consequences",
    "expected_action",
    "is_correct",
    "lesson_citations",
    "load_curriculum",
    "load_lesson",
    "same_action",
    "tries_for",
]
