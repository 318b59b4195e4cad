"""`with_position` takes a shortcut for the builder's speed (issue 4, cold build); it must
give exactly what re-encoding the whole chain gives, for any chain."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from vassal.savewriter import with_position
from vassal.sequence import decode, encode, join_chain, split_chain

# the characters that steer the encoding: delimiters, escapes, quotes
TEXT = st.text(alphabet="ab;\\'\t,", max_size=8)


def _re_encoded(state: str, map_id: str | None, x: int, y: int) -> str:
    """The definition: split the chain, move the BasicPiece state, join every level again."""
    parts = split_chain(state)
    fields = decode(parts[-1], ";")
    fields += [""] * (4 - len(fields))
    fields[0], fields[1], fields[2] = ("null" if map_id is None else map_id), str(x), str(y)
    return join_chain([*parts[:-1], encode(fields, ";")])


@settings(max_examples=600, deadline=None)
@given(outer=st.lists(TEXT, max_size=6), basic=st.lists(TEXT, max_size=6),
       map_id=st.none() | TEXT, x=st.integers(-5, 5000), y=st.integers(-5, 5000))
def test_moving_a_chain_equals_re_encoding_it(outer, basic, map_id, x, y) -> None:
    state = join_chain([*outer, encode(basic, ";")])
    assert with_position(state, map_id, x, y) == _re_encoded(state, map_id, x, y)


@settings(max_examples=300, deadline=None)
@given(state=st.text(alphabet="ab;\\'\t", max_size=30), x=st.integers(0, 99))
def test_any_text_moves_as_re_encoding_moves_it(state, x) -> None:
    """Hostile or hand-made chains (not as join_chain writes them) too."""
    assert with_position(state, "Main Map", x, 7) == _re_encoded(state, "Main Map", x, 7)


def test_a_real_unit_state_moves_by_the_shortcut_as_by_re_encoding() -> None:
    # a BasicPiece under three traits, one of which holds a TAB-free list
    state = join_chain(["1;0", "", "Strength;7", "null;0;0;12;"])
    assert with_position(state, "Main Map", 420, 316) == _re_encoded(state, "Main Map", 420, 316)
    assert split_chain(with_position(state, "Main Map", 420, 316))[-1] == "Main Map;420;316;12;"
