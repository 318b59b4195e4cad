"""SequenceEncoder behaviour against the format reference §4.1 examples and VASSAL's own files."""

from hypothesis import given, strategies as st

from vassal.sequence import ESC, TAB, decode, encode, encode_token


def test_reference_examples():
    assert encode(["A", "B,C"], ",") == "A,B\\,C"
    assert encode(["'x'"], ",") == "''x''"
    assert decode("''x''", ",") == ["'x'"]
    assert encode(["\\y"], ",") == "'\\y'"
    assert encode([None, "v"], ";") == ";v"
    assert decode("a;", ";") == ["a", ""]
    assert decode("", ";") == [""]


def test_vassal_bug_token_ending_in_backslash_swallows_delimiter():
    # VASSAL's decoder reads "x\<TAB>a" as one token; we must read it the same way
    assert decode("x\\\ta", TAB) == ["x\ta"]
    # and our encoder quotes such a token so it survives
    assert decode(encode(["x\\", "a"], TAB), TAB) == ["x\\", "a"]


def test_nested_trait_chain_from_reference_4_6():
    state = "false\t\\\t1\\\\\tGerman\\\\\\\tnull;0;0;42;0"
    outer, rest = decode(state, TAB)[0], decode(state, TAB)[1]
    assert outer == "false"
    layer, rest = decode(rest, TAB)
    assert layer == ""
    level, rest = decode(rest, TAB)
    assert level == "1"
    assert decode(rest, TAB) == ["German", "null;0;0;42;0"]


def test_real_engine_piece_definition():
    text = "PROP;Strength;true,0,10,false;Reduce:68\\,130:I\\,-1;\tmark;Side\\\tpiece;;;red.png;Red Infantry"
    prop, rest = decode(text, TAB)
    assert prop == "PROP;Strength;true,0,10,false;Reduce:68\\,130:I\\,-1;"
    assert decode(prop, ";")[3] == "Reduce:68\\,130:I\\,-1"
    assert decode(rest, TAB) == ["mark;Side", "piece;;;red.png;Red Infantry"]
    assert encode([prop, encode(["mark;Side", "piece;;;red.png;Red Infantry"], TAB)], TAB) == text


tokens = st.lists(st.text(alphabet=st.sampled_from(list("ab;,'\\\t" + ESC)), max_size=8), min_size=1, max_size=6)


@given(tokens, st.sampled_from([";", ",", TAB, ESC, "/"]))
def test_round_trip(toks, delim):
    assert decode(encode(toks, delim), delim) == toks


@given(st.lists(st.one_of(st.none(), st.text(alphabet=st.sampled_from(list("ab;,'\\\t" + ESC)), max_size=8)),
                max_size=6), st.sampled_from([";", ",", TAB, ESC, "/"]))
def test_joining_plain_tokens_at_once_writes_what_token_by_token_encoding_writes(toks, delim):
    """``encode`` joins at once when no token needs escaping or quoting: the shortcut must
    write the bytes the token-by-token encoder writes, for every list of tokens."""
    n = len(toks)
    assert encode(toks, delim) == delim.join(encode_token(t, delim, i == n - 1) for i, t in enumerate(toks))


@given(tokens, tokens)
def test_nested_round_trip(inner, outer_prefix):
    inner_text = encode(inner, TAB)
    outer = encode(outer_prefix + [inner_text], TAB)
    got = decode(outer, TAB)
    assert got[:-1] == outer_prefix
    assert decode(got[-1], TAB) == inner


def reference_decode(text, delim):
    """VASSAL's Decoder as the format reference words it (§4.1), one character at a time."""
    tokens, i, n = [], 0, len(text)
    while True:
        buf = []
        while i < n:
            ch = text[i]
            if ch == delim:
                if i > 0 and text[i - 1] == "\\":
                    buf.pop()  # drop the escaping backslash, keep the delimiter
                    buf.append(ch)
                    i += 1
                    continue
                break
            buf.append(ch)
            i += 1
        token = "".join(buf)
        if len(token) > 1 and token[0] == "'" and token[-1] == "'":
            token = token[1:-1]
        tokens.append(token)
        if i >= n:
            return tokens
        i += 1  # past the delimiter
        if i == n:
            tokens.append("")
            return tokens


@given(st.text(alphabet=st.sampled_from(list("ab;'\\\t")), max_size=30), st.sampled_from([";", TAB]))
def test_decode_equals_the_reference_decoder(text, delim):
    assert decode(text, delim) == reference_decode(text, delim)


def test_chain_split_and_join_on_a_real_piece():
    from vassal.sequence import join_chain, split_chain
    state = "false\t\\\t1\\\\\tGerman\\\\\\\tnull;0;0;42;0"
    parts = split_chain(state)
    assert parts == ["false", "", "1", "German", "null;0;0;42;0"]
    assert join_chain(parts) == state


chain_text = st.text(alphabet=st.sampled_from(list("ab;'\\\t")), max_size=40)


@given(chain_text)
def test_one_pass_chain_split_reads_as_vassal_reads_level_by_level(text):
    """The one-pass split must agree with the level-by-level decoder on any text, malformed too."""
    from vassal.sequence import _split_levels, split_chain
    assert split_chain(text) == _split_levels(text)


@given(st.lists(st.text(alphabet=st.sampled_from(list("ab;'\\\t")), max_size=8), min_size=1, max_size=7))
def test_one_pass_chain_join_writes_what_nested_encoding_writes(parts):
    from vassal.sequence import _join_levels, join_chain, split_chain
    assert join_chain(parts) == _join_levels(parts)
    # the innermost part (a BasicPiece) never holds a tab: VASSAL could not tell it from a level
    if "\t" not in parts[-1] and not any(p.startswith(("\\", "'")) or p.endswith("\\") for p in parts):
        assert split_chain(join_chain(parts)) == parts


def test_a_137_level_chain_splits_in_one_pass():
    """Real CCN pieces nest 137 traits in 28,000 characters: both directions stay exact."""
    from vassal.sequence import _join_levels, _split_levels, join_chain, split_chain
    parts = [f"emb2;Layer {i};a\tb;" for i in range(136)] + ["piece;;;x.png;Counter"]
    text = _join_levels(parts)
    assert split_chain(text) == parts == _split_levels(text)
    assert join_chain(parts) == text


@given(chain_text)
def test_a_chain_is_written_as_vassal_writes_it_exactly_when_it_joins_back(text):
    from vassal.sequence import join_chain, split_chain, written_chain
    parts = split_chain(text)
    assert written_chain(text) == (tuple(parts) if join_chain(parts) == text else None)
