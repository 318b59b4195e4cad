"""One generic decoder/encoder for every trait, exact to the byte.

A trait's type is its ``ID`` followed by ``;``-encoded fields, its state one value
or a few ``;``-encoded fields (format reference §4.4). Each trait class lists its
fields in VASSAL's order (``TYPE``, ``STATE``) and gives each a codec; this module
does the rest.

Fidelity: VASSAL versions wrote fewer trailing fields, odd spellings (``""`` for
a boolean, an unneeded quote) and fields we do not model. ``Layout`` remembers
exactly those things, so decode-then-encode reproduces the input byte for byte,
while a field that has been changed is written the way VASSAL 3.6/3.7 writes it.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field
from functools import lru_cache
from typing import Any, ClassVar, NamedTuple

from ..errors import FormatError
from ..sequence import decode, encode, encode_token
from .fields import Codec


@dataclass(frozen=True)
class Group:
    """Several dataclass fields packed into one field with their own delimiter."""

    name: str
    members: tuple[str, ...]
    delim: str = ","


Entry = str | Group


@dataclass(frozen=True)
class Layout:
    """How the text we read differs from what the fields alone would write.

    ``*_count``: number of fields present when fewer than known (``None`` = all);
    ``*_tail``: raw text segments after the known fields;
    ``spellings``: (field, raw segment, value) for fields whose text VASSAL spelled
    differently from our writer; used only while the field still holds that value.
    """

    type_count: int | None = None
    state_count: int | None = None
    type_tail: tuple[str, ...] = ()
    state_tail: tuple[str, ...] = ()
    spellings: tuple[tuple[str, str, Any], ...] = ()


class Unfaithful(ValueError):
    """The text cannot be re-created from fields; the caller keeps it verbatim."""


def raw_segments(text: str, tokens: list[str], delim: str) -> list[str]:
    """The text between delimiters that produced each decoded token."""
    out: list[str] = []
    pos = 0
    for token in tokens:
        escaped = token.replace(delim, "\\" + delim)
        for candidate in (escaped, "'" + escaped + "'"):
            end = pos + len(candidate)
            if text.startswith(candidate, pos) and (end == len(text) or text[end] == delim):
                break
        else:
            raise Unfaithful(f"cannot locate token {len(out) + 1}")
        out.append(candidate)
        pos = end + 1
    if pos != len(text) + 1:
        raise Unfaithful("text left over after the last token")
    return out


@dataclass(frozen=True)
class Trait:
    """Base of every trait: ``decode``, ``encode_type``, ``encode_state``."""

    ID: ClassVar[str] = ""
    TYPE: ClassVar[tuple[Entry, ...]] = ()
    STATE: ClassVar[tuple[Entry, ...]] = ()
    TYPE_DELIM: ClassVar[str | None] = ";"  # None: the whole type body is one field
    STATE_DELIM: ClassVar[str | None] = None  # None: the whole state is one field
    # VASSAL's reading default for a field missing from old text, where it differs
    # from what a new trait is built with (e.g. a Layer without ``version`` is version 0).
    ABSENT: ClassVar[dict[str, Any]] = {}

    layout: Layout = field(default=Layout(), kw_only=True, repr=False)

    # ----- decoding -------------------------------------------------------
    @classmethod
    def decode(cls, type_text: str, state_text: str) -> Trait:
        """Decode one trait; raises ``FormatError`` if the type is not this trait's."""
        if not type_text.startswith(cls.ID):
            raise FormatError(f"not a {cls.__name__} trait: {type_text[:40]!r}", "trait type")
        half = _type_half(cls, type_text)
        values, spellings, tc, ttail = dict(half.values), list(half.spellings), half.count, half.tail
        if cls.STATE:
            sc, stail = cls._read(state_text, cls.STATE, cls.STATE_DELIM, "state", values, spellings)
        else:
            sc, stail = None, ((state_text,) if state_text else ())
        layout = Layout(tc, sc, ttail, stail, tuple(spellings))
        return cls(**values, layout=layout)

    def writes_type_back(self, type_text: str) -> bool:
        """Whether ``encode_type`` gives ``type_text`` back, for a trait decoded from it. The type
        half depends on the type text alone, so this is worked out once per type and class."""
        return _type_half(type(self), type_text).written_back

    @classmethod
    def _type_entries(cls, type_text: str) -> tuple[Entry, ...]:
        """The type fields; traits whose field list depends on a field override this."""
        return cls.TYPE

    @classmethod
    def _read(
        cls,
        body: str,
        entries: tuple[Entry, ...],
        delim: str | None,
        part: str,
        values: dict[str, Any],
        spellings: list[tuple[str, str, Any]],
    ) -> tuple[int | None, tuple[str, ...]]:
        if delim is None:
            tokens, raws = [body], [body]
        else:
            tokens = decode(body, delim)
            raws = raw_segments(body, tokens, delim)
        n = len(tokens)
        for i, entry in enumerate(entries[:n]):
            value = cls._parse_entry(entry, tokens[i], values)
            canonical = cls._format_entry(entry, values)
            if delim is not None:
                canonical = encode_token(canonical, delim, last=i == n - 1)
            if canonical != raws[i]:
                spellings.append((_name(entry), raws[i], value))
        for entry in entries[n:]:
            for name in entry.members if isinstance(entry, Group) else (entry,):
                if name in cls.ABSENT:
                    values[name] = cls.ABSENT[name]
        tail = raws[len(entries) :]
        extra = cls._parse_tail(part, tokens[len(entries) :])
        if extra is not None:
            values.update(extra)
            if _tail_segments(cls._tail_values(part, values), delim) == tail:
                tail = []
            else:
                values.update(cls._parse_tail(part, []) or {})
        return (n if n < len(entries) else None), tuple(tail)

    @classmethod
    def _parse_entry(cls, entry: Entry, token: str, values: dict[str, Any]) -> Any:
        if isinstance(entry, Group):
            parts = decode(token, entry.delim)
            for j, member in enumerate(entry.members):
                codec, default = _spec(cls, member)
                values[member] = codec.parse(parts[j], default) if j < len(parts) else default
            return tuple(values[m] for m in entry.members)
        codec, default = _spec(cls, entry)
        values[entry] = codec.parse(token, default)
        return values[entry]

    @classmethod
    def _format_entry(cls, entry: Entry, values: dict[str, Any]) -> str:
        if isinstance(entry, Group):
            return encode([_spec(cls, m)[0].format(values[m]) for m in entry.members], entry.delim)
        return _spec(cls, entry)[0].format(values[entry])

    # ----- variable-length tails (persistent properties, polygons) -------
    @classmethod
    def _parse_tail(cls, part: str, tokens: list[str]) -> dict[str, Any] | None:
        """Fields held in the tokens after the known ones; ``None``: keep them raw."""
        return None

    @classmethod
    def _tail_values(cls, part: str, values: dict[str, Any]) -> list[str]:
        return []

    # ----- encoding -------------------------------------------------------
    def encode_type(self) -> str:
        entries, layout = self._type_entries_now(), self.layout
        return self.ID + self._write(entries, self.TYPE_DELIM, "type", layout.type_count, layout.type_tail)

    def encode_state(self) -> str:
        if not self.STATE:
            return self.layout.state_tail[0] if self.layout.state_tail else ""
        return self._write(self.STATE, self.STATE_DELIM, "state", self.layout.state_count, self.layout.state_tail)

    def _type_entries_now(self) -> tuple[Entry, ...]:
        return self.TYPE

    def _write(
        self, entries: tuple[Entry, ...], delim: str | None, part: str, count: int | None, tail: tuple[str, ...]
    ) -> str:
        values = self.__dict__
        n = len(entries)
        if count is not None:
            changed = [i for i, e in enumerate(entries) if self._entry_value(e) != self._entry_default(e)]
            n = max([count, *(i + 1 for i in changed)])
        extra = self._tail_values(part, values)
        total = n + len(tail) + len(extra)
        spelled = {name: (raw, value) for name, raw, value in self.layout.spellings}
        segments = []
        for i, entry in enumerate(entries[:n]):
            raw, value = spelled.get(_name(entry), (None, None))
            if raw is not None and self._entry_value(entry) == value:
                segments.append(raw)
                continue
            text = self._format_entry(entry, values)
            segments.append(text if delim is None else encode_token(text, delim, last=i == total - 1))
        segments.extend(tail)
        segments.extend(_tail_segments(extra, delim))
        return (delim or "").join(segments)

    def _entry_value(self, entry: Entry) -> Any:
        if isinstance(entry, Group):
            return tuple(getattr(self, m) for m in entry.members)
        return getattr(self, entry)

    def _entry_default(self, entry: Entry) -> Any:
        if isinstance(entry, Group):
            return tuple(self._member_default(m) for m in entry.members)
        return self._member_default(entry)

    def _member_default(self, name: str) -> Any:
        return self.ABSENT[name] if name in self.ABSENT else _spec(type(self), name)[1]


class _TypeHalf(NamedTuple):
    values: dict[str, Any]
    spellings: tuple[tuple[str, str, Any], ...]
    count: int | None
    tail: tuple[str, ...]
    written_back: bool  # encode_type gives the text back


@lru_cache(maxsize=1 << 12)
def _type_half(cls: type[Trait], type_text: str) -> _TypeHalf:
    """A type's fields, read once: every state of every piece of a kind shares its type text,
    and a trait is decoded again for each new state. What ``encode_type`` writes depends on
    the type's fields alone, so whether it gives the text back is known here too."""
    values: dict[str, Any] = {}
    spellings: list[tuple[str, str, Any]] = []
    body = type_text[len(cls.ID) :]
    count, tail = cls._read(body, cls._type_entries(type_text), cls.TYPE_DELIM, "type", values, spellings)
    alone = cls(**values, layout=Layout(count, None, tail, (), tuple(spellings)))
    return _TypeHalf(values, tuple(spellings), count, tail, alone.encode_type() == type_text)


def _tail_segments(tokens: list[str], delim: str | None) -> list[str]:
    return [encode_token(t, delim or ";", last=i == len(tokens) - 1) for i, t in enumerate(tokens)]


def _name(entry: Entry) -> str:
    return entry.name if isinstance(entry, Group) else entry


def _spec(cls: type, name: str) -> tuple[Codec, Any]:
    f = cls.__dataclass_fields__[name]  # type: ignore[attr-defined]
    return f.metadata["codec"], (None if f.default is MISSING else f.default)


@dataclass(frozen=True)
class UnknownTrait(Trait):
    """A trait we do not model (or cannot re-create exactly), kept verbatim."""

    type_text: str = ""
    state_text: str = field(default="", repr=False)

    @property
    def prefix(self) -> str:
        return trait_key(self.type_text)

    @classmethod
    def decode(cls, type_text: str, state_text: str) -> UnknownTrait:
        return cls(type_text, state_text)

    def encode_type(self) -> str:
        return self.type_text

    def encode_state(self) -> str:
        return self.state_text


def trait_key(type_text: str) -> str:
    """VASSAL's factory key: the type up to and including the first ``;`` (§4.3)."""
    i = type_text.find(";")
    return type_text if i < 0 else type_text[: i + 1]
