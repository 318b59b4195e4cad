"""The obfuscation VASSAL wraps around a save's command text (format reference §5.2).

Three headers are in the wild: ``!VCSK`` (every version up to 3.7: key and bytes
as lower-case hex pairs), ``VOBS`` (3.8 line: one raw key byte, then raw XOR-ed
bytes) and its ``!VOBS`` spelling; anything else is plain text. We write
``!VCSK`` because VASSAL 3.6 and 3.7 cannot read ``VOBS``.
"""

from __future__ import annotations

from .errors import FormatError

VCSK = b"!VCSK"
VOBS_HEADERS = (b"!VOBS", b"VOBS")


def deobfuscate(data: bytes, where: str = "savedGame") -> str:
    """The UTF-8 command text inside a ``savedGame`` entry."""
    if data.startswith(VCSK):
        body = data[len(VCSK) :].strip()
        if len(body) < 2:
            raise FormatError("obfuscated save has no key", where)
        if len(body) % 2:
            raise FormatError("obfuscated save ends in half a byte", where)
        try:
            raw = bytes.fromhex(body.decode("ascii"))
        except (UnicodeDecodeError, ValueError):
            raise FormatError("obfuscated save contains characters that are not hex digits", where) from None
        return _utf8(_xor(raw[1:], raw[0]), where)
    for header in VOBS_HEADERS:
        if data.startswith(header):
            if len(data) <= len(header):
                raise FormatError("obfuscated save has no key", where)
            return _utf8(_xor(data[len(header) + 1 :], data[len(header)]), where)
    return _utf8(data, where)


def obfuscate(text: str, key: int = 0x42) -> bytes:
    """``!VCSK`` form, readable by every VASSAL version."""
    if not 0 <= key <= 255:
        raise ValueError("key must be a byte")
    return VCSK + b"%02x" % key + _xor(text.encode("utf-8"), key).hex().encode("ascii")


def _xor(data: bytes, key: int) -> bytes:
    return data.translate(bytes(i ^ key for i in range(256)))


def _utf8(raw: bytes, where: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise FormatError(f"command text is not UTF-8 (byte {e.start})", where) from None
