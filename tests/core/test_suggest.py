"""The one did-you-mean: a slip at the table, a likeness of a knob's key."""

from __future__ import annotations

from banluck.core.suggest import close_to, key_hint, mean, unknown_word


def test_one_slip_in_a_short_word_two_in_a_long_one() -> None:
    """A short word is a slip of one letter at most; a word of six letters of two."""
    assert close_to("hti", ["hit", "stand"]) == "hit"
    assert close_to("hxx", ["hit", "stand"]) is None
    assert close_to("surrnder", ["surrender", "split"]) == "surrender"


def test_no_guess_between_two_equally_close_options() -> None:
    """Two options as close as each other: neither is suggested."""
    assert close_to("bb", ["ba", "bc"]) is None


def test_mean_says_the_slip_or_the_fallback() -> None:
    """`did you mean X?` (quoted as asked), else what the caller says instead."""
    assert mean("Bbo", ["Bob", "Carol"], "nobody") == "did you mean Bob?"
    assert mean("zz", ["Bob", "Carol"], "nobody") == "nobody"
    assert unknown_word("stnd", ["hit", "stand"]) == "unknown word 'stnd': did you mean `stand`?"
    assert unknown_word("zz", ["hit", "stand"]) == "unknown word 'zz': the words are hit, stand"


def test_key_hint_names_the_most_like_key() -> None:
    """A misspelt knob's key gets ` (did you mean KEY?)`; nothing like it, nothing."""
    assert key_hint("bust.late_as_shwn", ["bust.late_as_shown", "decks"]) == (
        " (did you mean bust.late_as_shown?)"
    )
    assert key_hint("zzz", ["decks"]) == ""
