"""Alias mining: Chinese pages often write a card as 「中文名/日本語名」 (or with ／). When one side is a
known card name, the other side is a name the community uses for that card: a MinedAlias that the
linker can index afterwards (`linker.with_aliases(...)` for one page, `linker.add_aliases(...)` for good)."""

from __future__ import annotations

import re

from pipeline.cardlink import CardLinker
from rulings.records import MinedAlias
from rulings.text import HAN, KANA, fold_lookup, to_simplified

_PAIR = re.compile(r"[「『]([^「」『』/／\n]{1,40})\s*[/／]\s*([^「」『』/／\n]{1,40})[」』]")


def _script(name: str) -> str:
    if KANA.search(name):
        return "ja"
    if HAN.search(name):
        return "zh"
    return "latin"


def mine_aliases(text: str, language: str, linker: CardLinker) -> list[MinedAlias]:
    """Aliases found in `text`: for each 「A/B」 pair with one Chinese side and one side that names a
    card (usually the Japanese name), the Chinese side becomes an alias of that card. A Chinese side
    that already names a *different* card is not mined (it would make the index contradict itself)."""
    aliases: list[MinedAlias] = []
    seen: set[tuple[str, int]] = set()
    for m in _PAIR.finditer(text):
        left, right = m.group(1).strip(), m.group(2).strip()
        for zh, other in ((left, right), (right, left)):
            if _script(zh) != "zh" or _script(other) == "zh":
                continue
            entries = linker.names.get(fold_lookup(other))
            if not entries:
                continue
            passcodes = {e.passcode for e in entries}
            if len(passcodes) != 1:
                continue  # the known side is itself ambiguous: no evidence for one card
            passcode = next(iter(passcodes))
            existing = {e.passcode for e in linker.names.get(fold_lookup(zh), [])}
            if existing - {passcode}:
                continue
            if (zh, passcode) in seen:
                continue
            seen.add((zh, passcode))
            lang = language if language in ("zh-Hans", "zh-Hant") else ("zh-Hant" if to_simplified(zh) != zh else "zh-Hans")
            aliases.append(MinedAlias(name=zh, language=lang, passcode=passcode, evidence=m.group(0)))
    return aliases
