"""VASSAL's SequenceEncoder: the one escaping scheme under every VASSAL text format.

Every level of a VASSAL file (commands in a save, traits in a piece, fields in a
trait, items in a list) is a list of tokens joined by a one-character delimiter.
A delimiter inside a token is escaped with one backslash; backslashes themselves
are never escaped, which is why nested levels accumulate ``\\``, ``\\\\`` ...
in front of inner delimiters (format reference §4.1).

``decode`` reproduces VASSAL's decoder exactly, including its known weakness
(a token ending in ``\\`` swallows the delimiter after it). ``encode`` writes
VASSAL's bytes, except that it also quotes a token that ends in ``\\`` when
another token follows, so that what we write always decodes to what we meant.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import repeat
from operator import sub

ESC = "\x1b"
TAB = "\t"


def _quote_needed(token: str, last: bool) -> bool:
    if token.startswith("\\"):
        return True
    if len(token) > 0 and token.startswith("'") and token.endswith("'"):
        return True
    # VASSAL >= 3.4 stopped quoting these and so cannot read its own output back;
    # quoting keeps the token intact for every VASSAL version's decoder.
    return not last and token.endswith("\\")


def encode_token(token: str | None, delim: str, last: bool = True) -> str:
    """One token as it appears between delimiters."""
    if not token:
        return ""
    escaped = token.replace(delim, "\\" + delim)
    if _quote_needed(token, last):
        return "'" + escaped + "'"
    return escaped


def encode(tokens: Sequence[str | None], delim: str) -> str:
    """Join ``tokens`` the way ``new SequenceEncoder(delim).append(...)`` does.

    ``None`` and ``""`` both leave an empty field. An empty token list gives ``""``
    (VASSAL's ``null`` value, written as an empty field by every caller).
    """
    n = len(tokens)
    plain = delim.join([t or "" for t in tokens])
    if "\\" not in plain and "'" not in plain and plain.count(delim) == n - 1:
        return plain                     # nothing to escape or quote: the common case
    return delim.join(encode_token(t, delim, i == n - 1) for i, t in enumerate(tokens))


def decode(text: str | None, delim: str) -> list[str]:
    """Split ``text`` the way VASSAL's ``SequenceEncoder.Decoder`` does.

    A delimiter right after a backslash is escaped: that one backslash is
    dropped and the delimiter kept. ``None`` gives no tokens; ``""`` gives one
    empty token; ``"a;"`` gives ``["a", ""]``.
    """
    if text is None:
        return []
    raw = text.split(delim)
    if "\\" not in text and "'" not in text:  # nothing escaped or quoted: the common case
        return raw
    last = len(raw) - 1
    tokens: list[str] = []
    pending: list[str] = []
    for i, part in enumerate(raw):
        if i < last and part.endswith("\\"):
            pending += (part[:-1], delim)  # escaped: the token goes on
            continue
        if pending:
            pending.append(part)
            part, pending = "".join(pending), []
        tokens.append(_unquote(part))
    return tokens


def _unquote(token: str) -> str:
    if len(token) > 1 and token[0] == "'" and token[-1] == "'":
        return token[1:-1]
    return token


def _first_unescaped(text: str, delim: str) -> int:
    i = text.find(delim)
    while i > 0 and text[i - 1] == "\\":
        i = text.find(delim, i + 1)
    return i


def _whole_token(text: str, delim: str) -> str:
    """``text`` read as one token (the part after the first delimiter of a two-token level)."""
    escaped = "\\" + delim
    if text.count(delim) == text.count(escaped):  # every delimiter escaped: one token
        return _unquote(text.replace(escaped, delim))
    i = _first_unescaped(text, delim)  # malformed: VASSAL reads only the first token
    return _unquote(text[:i].replace(escaped, delim))


def split_first(text: str, delim: str) -> tuple[str, str | None]:
    """The first token and the undecoded rest (None when there is no delimiter)."""
    i = _first_unescaped(text, delim)
    escaped = "\\" + delim
    if i < 0:
        return _unquote(text.replace(escaped, delim)), None
    return _unquote(text[:i].replace(escaped, delim)), text[i + 1:]


def split_chain(text: str) -> list[str]:
    """A decorator chain (a piece's type or state) into its parts, outermost first (reference §4.3).

    Each level is two tokens: the outer trait and the encoded inner chain. Like
    VASSAL's ``createPiece``/``setState`` we read only those two tokens a level.
    The innermost entry is left as the level above handed it over: VASSAL gives
    it straight to the BasicPiece, without decoding it again.

    Chains reach 137 levels and 28,000 characters, so this reads them in one pass
    (``_split_tabs``, else ``_split_runs``) instead of decoding level by level, which
    rescans and rewrites the rest of the text once per level; text the one-pass
    readings cannot vouch for (quoted tokens, malformed escapes) goes the level-by-level way.
    """
    return list(_read_chain(text)[0])


@lru_cache(maxsize=1 << 13)
def _read_chain(text: str) -> tuple[tuple[str, ...], bool]:
    """The parts, and whether ``join_chain`` of them gives ``text`` back (VASSAL wrote it so)."""
    parts = _split_tabs(text)
    if parts is not None:  # each part followed by exactly its separator: joining gives the text
        return tuple(parts), True
    parts = _split_runs(text)
    if parts is None:
        parts = _split_levels(text)
    return tuple(parts), join_chain(parts) == text


def chain_parts(text: str) -> tuple[str, ...]:
    """``split_chain`` memoised: a piece's type is shared by every piece of its kind and its
    state is read by several layers in turn, each chain up to tens of thousands of characters."""
    return _read_chain(text)[0]


def written_chain(text: str) -> tuple[str, ...] | None:
    """``chain_parts``, or None where VASSAL would not have written ``text`` (it does not
    join back: stray tab-separated text, or an entry starting with a backslash but not quoted)."""
    parts, written = _read_chain(text)
    return parts if written else None


def join_chain(parts: Sequence[str]) -> str:
    """Inverse of ``split_chain``: each level adds one escape to the inner levels.

    One pass, like ``split_chain``: the part at depth ``d`` has its tabs escaped
    ``d + 1`` times, the separator after it ``d`` times, the innermost part once
    per level. Parts that VASSAL's encoder would quote are joined level by level.
    """
    if _needs_levels(parts):
        return _join_levels(parts)
    last = len(parts) - 1
    if not any(map(str.__contains__, parts, repeat(TAB))):  # nothing to escape: each part and its separator
        return "".join(map(str.__add__, parts[:-1], map(_separator, range(last)))) + parts[-1]
    return "".join([*(_escape(part, depth + 1) + "\\" * depth + TAB for depth, part in enumerate(parts[:-1])),
                    _escape(parts[-1], last)])


@lru_cache(maxsize=1024)
def _separator(depth: int) -> str:
    """What follows the part at ``depth``: a tab escaped once per enclosing level."""
    return "\\" * depth + TAB


def _escape(part: str, times: int) -> str:
    return part.replace(TAB, "\\" * times + TAB) if times and TAB in part else part


def _unescape(part: str, times: int) -> str:
    return part.replace("\\" * times + TAB, TAB) if times and TAB in part else part


_QUOTED_START = ("\\", "'")


def _needs_levels(parts: Sequence[str]) -> bool:
    """True where ``encode_token`` would quote a level's token (or the decoder unquote it):
    a part starting with a backslash or a quote, an inner part starting with a tab (the
    level above then starts with its escape), a part other than the last ending in a
    backslash. The one-pass reading leaves those to the level-by-level one."""
    if any(map(str.startswith, parts, repeat(_QUOTED_START))):
        return True
    return any(map(str.startswith, parts[1:], repeat(TAB))) or any(map(str.endswith, parts[:-1], repeat("\\")))


def _split_tabs(text: str) -> list[str] | None:
    """The common case, in a few C-speed passes: no part holds a tab of its own, so splitting
    on every tab leaves each part followed by its separator's ``d`` backslashes. None where a
    piece ends in any other number of backslashes (a part's own tab, or a part ending in a
    backslash) or a part starts as a quoted token would."""
    pieces = text.split(TAB)
    last = pieces.pop()
    # map over builtins: no Python-level step per level, on chains of a hundred levels
    parts = list(map(str.rstrip, pieces, repeat("\\")))
    if list(map(sub, map(len, pieces), map(len, parts))) != list(range(len(pieces))):
        return None
    parts.append(last)
    if any(map(str.startswith, parts, repeat(_QUOTED_START))):
        return None
    return parts


def _split_runs(text: str) -> list[str] | None:
    """One pass: at depth ``d`` the separator is the first tab after exactly ``d`` backslashes
    (each enclosing level escaped it once); a tab inside the part at depth ``d`` carries at
    least ``d + 1``. None where VASSAL's decoder could read the text otherwise: a tab escaped
    less than its level needs (malformed text), or a quoted part."""
    parts: list[str] = []
    start = 0
    find = text.find
    while True:
        depth = len(parts)
        sep = "\\" * depth + TAB
        i = find(sep, start)
        while i > start and text[i - 1] == "\\":  # more backslashes: a deeper part's tab
            i = find(sep, i + len(sep))
        if i < 0:
            break
        part = _unescaped_part(text[start:i], depth + 1)
        if part is None:
            return None
        parts.append(part)
        start = i + len(sep)
    part = _unescaped_part(text[start:], len(parts))
    if part is None:
        return None
    parts.append(part)
    return None if _needs_levels(parts) else parts


def _unescaped_part(region: str, times: int) -> str | None:
    """The part ``region`` holds once its tabs lose ``times`` escapes; None if one has fewer."""
    if TAB not in region:
        return region
    escaped = "\\" * times + TAB
    if region.count(TAB) != region.count(escaped):
        return None
    return region.replace(escaped, TAB)


def _split_levels(text: str) -> list[str]:
    """``split_chain`` the way VASSAL's decoder reads it, one level at a time."""
    parts: list[str] = []
    while True:
        if _first_unescaped(text, TAB) < 0:
            parts.append(text)
            return parts
        head, rest = split_first(text, TAB)
        parts.append(head)
        text = _whole_token(rest, TAB)


def _join_levels(parts: Sequence[str]) -> str:
    """``join_chain`` as nested ``encode`` calls, for parts the encoder quotes."""
    text = parts[-1]
    for part in reversed(parts[:-1]):
        text = encode([part, text], TAB)
    return text


class Decoder:
    """Sequential reader over decoded tokens with VASSAL's typed defaults.

    Trait codecs read fields one by one and fall back to a default when a
    file written by an older VASSAL stops early; this mirrors ``nextToken(def)``.
    """

    __slots__ = ("_tokens", "_i")

    def __init__(self, text: str | None, delim: str):
        self._tokens = decode(text, delim)
        self._i = 0

    def has_more(self) -> bool:
        return self._i < len(self._tokens)

    def token(self, default: str = "") -> str:
        if self._i >= len(self._tokens):
            return default
        t = self._tokens[self._i]
        self._i += 1
        return t

    def int(self, default: int = 0) -> int:
        t = self.token(None)  # type: ignore[arg-type]
        if t is None:
            return default
        try:
            return int(t.strip())
        except ValueError:
            return default

    def float(self, default: float = 0.0) -> float:
        t = self.token(None)  # type: ignore[arg-type]
        if t is None:
            return default
        try:
            return float(t.strip())
        except ValueError:
            return default

    def bool(self, default: bool = False) -> bool:
        t = self.token(None)  # type: ignore[arg-type]
        if t is None:
            return default
        return t == "true"

    def rest(self) -> list[str]:
        """All tokens not yet read."""
        out = self._tokens[self._i :]
        self._i = len(self._tokens)
        return out


def encode_bool(value: bool) -> str:
    return "true" if value else "false"


def join_list(items: Iterable[str], delim: str = ",") -> str:
    """A string array as ``StringArrayConfigurer`` writes it."""
    return encode(list(items), delim)
