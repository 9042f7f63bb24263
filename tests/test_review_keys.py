"""The progress store's lesson keys read as where a step comes from, and written back
unchanged."""

import pytest

from tutor.store.review_keys import ReviewKey, Source, is_practice


@pytest.mark.parametrize(
    ("stored", "source", "name"),
    [
        ("cards", Source.LESSON, "cards"),
        ("drill:leads", Source.DRILL, "leads"),
        ("game:42", Source.GAME, "42"),
        ("practice", Source.PRACTICE, ""),
    ],
)
def test_a_key_is_resolved_and_stored_as_it_was(stored, source, name):
    key = ReviewKey.of(stored)
    assert (key.source, key.name) == (source, name)
    assert str(key) == stored


def test_the_keys_written_for_drills_games_and_practice():
    assert str(ReviewKey.drill("leads")) == "drill:leads"
    assert str(ReviewKey.game(7)) == "game:7"
    assert is_practice("practice") and not is_practice("drill:practice")
    assert ReviewKey.of("game:7").title() == "your game, seed 7"
    assert ReviewKey.of("drill:leads").dealt_again and not ReviewKey.of("cards").dealt_again
