"""The obfuscation VASSAL wraps around a save's command text (format reference §5.2).

Three headers are in the wild: ``!VCSK`` (every version up to 3.7: key and bytes
as lower-case hex pairs), ``VOBS`` (3.8 line: one raw key byte, then raw XOR-ed
bytes) and its ``!VOBS`` spelling; anything else is plain text. We write
``!VCSK`` because VASSAL 3.6 and 3.7 cannot read ``VOBS``.
"""

from __future__ import annotations

import binascii

from .errors import FormatError

VCSK = b"!VCSK"
VOBS_HEADERS = (b"!VOBS", b"VOBS")


def deobfuscate(data: bytes, where: str = "savedGame") -> str:
    """The UTF-8 command text inside a ``savedGame`` entry."""
    return utf8_text(plain_bytes(data, where), where)


def plain_bytes(data: bytes, where: str = "savedGame") -> bytes:
    """The command text's UTF-8 bytes, undone from the obfuscation: for checks that are
    cheaper on bytes than on text (a save is tens of MB)."""
    if data.startswith(VCSK):
        body = _stripped(data, len(VCSK))
        if len(body) < 2:
            raise FormatError("obfuscated save has no key", where)
        if len(body) % 2:
            raise FormatError("obfuscated save ends in half a byte", where)
        try:  # straight from the bytes: no 20 MB of text in between, no copy of the body
            key, raw = binascii.unhexlify(body[:2])[0], binascii.unhexlify(body[2:])
        except binascii.Error:
            key, raw = _from_hex_text(body, where)
        return _xor(raw, key)
    for header in VOBS_HEADERS:
        if data.startswith(header):
            if len(data) <= len(header):
                raise FormatError("obfuscated save has no key", where)
            return _xor(data[len(header) + 1 :], data[len(header)])
    return data


def _stripped(data: bytes, start: int) -> memoryview:
    """``data[start:].strip()`` as a view, without copying tens of MB twice."""
    end = len(data)
    while start < end and data[start] in _WHITESPACE:
        start += 1
    while end > start and data[end - 1] in _WHITESPACE:
        end -= 1
    return memoryview(data)[start:end]


_WHITESPACE = frozenset(b" \t\n\r\x0b\x0c")  # what bytes.strip() strips


def _from_hex_text(body: memoryview, where: str) -> tuple[int, bytes]:
    """Hex that ``unhexlify`` refuses: ``fromhex`` also skips whitespace between bytes."""
    try:
        raw = bytes.fromhex(bytes(body).decode("ascii"))
    except (UnicodeDecodeError, ValueError):
        raise FormatError("obfuscated save contains characters that are not hex digits", where) from None
    return raw[0], raw[1:]


def obfuscate(text: str, key: int = 0x42) -> bytes:
    """``!VCSK`` form, readable by every VASSAL version."""
    if not 0 <= key <= 255:
        raise ValueError("key must be a byte")
    return VCSK + b"%02x" % key + _xor(text.encode("utf-8"), key).hex().encode("ascii")


def _xor(data: bytes, key: int) -> bytes:
    return data.translate(bytes(i ^ key for i in range(256)))


def utf8_text(raw: bytes, where: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise FormatError(f"command text is not UTF-8 (byte {e.start})", where) from None
