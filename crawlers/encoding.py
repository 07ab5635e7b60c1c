"""Bytes -> text for ruling pages: BOM, then HTTP header, then <meta>, then a detector (w3lib does the
resolving and the legacy-codec upgrades: GB2312/GBK -> GB18030, Shift_JIS -> CP932, Big5 -> Big5-HKSCS).

Three things w3lib does not do and real ruling sites need:
- a declared charset that is plainly wrong (a UTF-8 page served as Shift_JIS or ISO-8859-1) is
  overruled when the bytes are valid UTF-8 or another candidate decodes cleanly; the page records why;
- EUC-JP pages from old PukiWiki sites use NEC row-13 characters (①, ㈱, ㍻) that Python's euc_jp lacks,
  so EUC-JP falls back to euc_jis_2004, which has them;
- "Big5" pages mix the two incompatible Big5 extensions: Hong Kong forums write HKSCS characters
  (嘅, 㗎, 啲) and Windows editors add CP950's (€ at A3E1). Neither codec reads both, so each byte
  sequence the page's codec cannot decode is retried with its sibling codec (big5hkscs <-> cp950,
  cp932 <-> shift_jis_2004) before it becomes U+FFFD; the page records how many were borrowed.
"""

from __future__ import annotations

import codecs
import threading
from dataclasses import dataclass, field

from w3lib.encoding import (
    html_body_declared_encoding,
    http_content_type_encoding,
    read_bom,
    resolve_encoding,
)

REPLACEMENT = "\ufffd"

# Extra fallbacks tried after the strict codec when it leaves replacement characters.
_SUPERSETS = {
    "euc_jp": ("euc_jis_2004",),
    "cp932": ("shift_jis_2004",),
    "big5hkscs": ("cp950",),
}


# Codecs that share a base character set but extend it differently: a sequence one cannot decode
# is tried in the other, one sequence at a time (see _sibling_handler).
_SIBLINGS = {
    "big5hkscs": ("cp950",),
    "cp950": ("big5hkscs",),
    "cp932": ("shift_jis_2004",),
    "shift_jis_2004": ("cp932",),
}


_borrowed = threading.local()  # per-thread count of sequences the handler took from a sibling


def _sibling_handler(siblings: tuple[str, ...]):
    def handle(exc: UnicodeDecodeError):
        data, start = exc.object, exc.start
        for width in (2, 3, 4):  # a multi-byte sequence starting at the bad byte
            chunk = data[start:start + width]
            for sibling in siblings:
                try:
                    char = chunk.decode(sibling)
                except UnicodeDecodeError:
                    continue
                if len(char) == 1:
                    _borrowed.count += 1
                    return char, start + width
        return REPLACEMENT, exc.end

    return handle


for _codec_name, _siblings in _SIBLINGS.items():
    codecs.register_error(f"rulings-siblings-{_codec_name}", _sibling_handler(_siblings))


def _decode_with_siblings(data: bytes, codec: str) -> tuple[str, int]:
    """Decode; sequences the codec lacks come from a sibling codec or become U+FFFD. Returns the
    text and how many sequences were borrowed from a sibling."""
    if codec not in _SIBLINGS:
        return data.decode(codec, errors="replace"), 0
    _borrowed.count = 0
    text = data.decode(codec, errors=f"rulings-siblings-{codec}")
    return text, _borrowed.count


PLAUSIBLE = frozenset({
    "utf-8", "gb18030", "big5hkscs", "cp950", "cp932", "shift_jis_2004",
    "euc_jp", "euc_jis_2004", "iso2022_jp", "cp1252", "iso8859-15", "cp949",
})


@dataclass
class Decoded:
    text: str
    declared_encoding: str | None  # what the header / meta / BOM said (normalized codec name)
    detected_encoding: str  # the codec actually used
    replacement_chars: int
    problems: list[str] = field(default_factory=list)


def _codec(name: str | None) -> str | None:
    if not name:
        return None
    resolved = resolve_encoding(name)
    if resolved is None:
        return None
    try:
        return codecs.lookup(resolved).name
    except LookupError:
        return None


def _decode(data: bytes, codec: str) -> tuple[str, int, str, int]:
    """Decode with replacement, borrowing single sequences from sibling codecs; try the codec's
    supersets when holes remain. Returns (text, U+FFFD count, codec used, sequences borrowed)."""
    text, borrowed = _decode_with_siblings(data, codec)
    bad = text.count(REPLACEMENT) - data.count(b"\xef\xbf\xbd") * (codec == "utf-8")
    used = codec
    for superset in _SUPERSETS.get(codec, ()):
        if bad == 0:
            break
        alt, alt_borrowed = _decode_with_siblings(data, superset)
        alt_bad = alt.count(REPLACEMENT)
        if alt_bad < bad:
            text, bad, used, borrowed = alt, alt_bad, superset, alt_borrowed
    return text, text.count(REPLACEMENT), used, borrowed


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _detector_guess(data: bytes) -> str | None:
    from charset_normalizer import from_bytes

    # Only charsets ruling sites actually use: on a page with a few broken bytes the detector
    # otherwise "finds" exotic code pages (cp1125, mac_cyrillic) that decode garbage cleanly.
    for match in from_bytes(data[:200_000]):
        codec = _codec(match.encoding)
        if codec in PLAUSIBLE:
            return codec
    return None


def _mess(text: str) -> float:
    from charset_normalizer.md import mess_ratio

    return mess_ratio(text[:20_000])


def decode_page(data: bytes, content_type: str | None = None, *, is_html: bool = True) -> Decoded:
    """Decode a page's bytes. Never raises: undecodable bytes become U+FFFD and are counted."""
    problems: list[str] = []
    bom_encoding, bom = read_bom(data)
    if bom_encoding:
        codec = _codec(bom_encoding) or "utf-8"
        text, bad, used, _ = _decode(data[len(bom):], codec)
        return Decoded(text, codec, used, bad, problems)

    header = _codec(http_content_type_encoding(content_type or ""))
    meta = _codec(html_body_declared_encoding(data)) if is_html else None
    declared = header or meta
    if header and meta and header != meta:
        problems.append(f"charset conflict: HTTP header says {header}, <meta> says {meta}")

    ascii_only = data.isascii()
    if not ascii_only and _is_utf8(data):
        # Valid UTF-8 with multi-byte sequences is almost never a legacy CJK or Latin-1 page by chance.
        if declared and declared != "utf-8":
            problems.append(f"declared charset {declared} is wrong: the bytes are valid UTF-8")
        return Decoded(data.decode("utf-8"), declared, "utf-8", 0, problems)

    candidates: list[str] = []
    for name in (header, meta):
        if name and name not in candidates:
            candidates.append(name)
    if not ascii_only:
        guess = _detector_guess(data)
        if guess and guess not in candidates:
            candidates.append(guess)
    if not candidates:
        candidates.append("utf-8")

    # Decode with every candidate; a declared charset wins unless it leaves holes or reads as
    # mojibake (charset_normalizer's mess ratio) while another candidate reads cleanly.
    scored = []
    for rank, codec in enumerate(candidates):
        text, bad, used, borrowed = _decode(data, codec)
        scored.append((bad, _mess(text), rank, text, used, borrowed))
    fewest = min(s[0] for s in scored)
    clean = [s for s in scored if s[0] == fewest]
    least_mess = min(s[1] for s in clean)
    bad, _, _, text, used, borrowed = min((s for s in clean if s[1] <= least_mess + 0.1), key=lambda s: s[2])
    if declared and _codec(used) != declared and used not in _SUPERSETS.get(declared, ()):
        problems.append(f"declared charset {declared} does not fit the bytes; decoded as {used}")
    if borrowed:
        siblings = "/".join(_SIBLINGS[used])
        problems.append(f"{borrowed} byte sequences outside {used} decoded as {siblings}")
    if bad:
        problems.append(f"{bad} undecodable byte sequences replaced by U+FFFD (decoded as {used})")
    return Decoded(text, declared, used, bad, problems)
