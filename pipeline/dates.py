"""Ruling dates as written on pages: `17/3/24` (yy/m/d, Chinese wikis put it right after the ruling
sentence it closes, sometimes with no space: `…发动。17/3/24准备阶段…`), `2017/3/24`, `2017-03-24`,
`2017年3月24日`, `2017.03.24`. Full-width digits are folded first by the caller or here."""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass

from rulings.text import fold_width

# No look-behind on digits here: `16/3/1716/3/17` (two dates glued together) must give two dates, so
# "not preceded by a digit" is checked by hand, allowing a date to start where the previous one ended.
_DATE = re.compile(
    r"(?P<y>\d{4}|\d{2})(?P<sep>[/.\-])(?P<m>\d{1,2})(?P=sep)(?P<d>\d{1,2})"
    r"|(?P<y2>\d{4})年(?P<m2>\d{1,2})月(?P<d2>\d{1,2})日"
)


@dataclass
class DateMatch:
    start: int
    end: int
    iso: str


def _iso(year: int, month: int, day: int) -> str | None:
    if year < 100:
        year += 2000 if year < 70 else 1900
    if not 1990 <= year <= 2100:
        return None
    try:
        return _dt.date(year, month, day).isoformat()
    except ValueError:
        return None


def find_dates(text: str) -> list[DateMatch]:
    folded = fold_width(text)
    found: list[DateMatch] = []
    last_end = -1
    for m in _DATE.finditer(folded):
        s = m.start()
        if s > 0 and folded[s - 1].isdigit() and s != last_end:
            continue
        if m.group("y2"):
            iso = _iso(int(m.group("y2")), int(m.group("m2")), int(m.group("d2")))
        else:
            # a following digit means this is not a date end (e.g. a version or a long number),
            # unless it starts another glued date
            iso = _iso(int(m.group("y")), int(m.group("m")), int(m.group("d")))
        if iso is None:
            continue
        found.append(DateMatch(s, m.end(), iso))
        last_end = m.end()
    return found


def parse_date(value: str | None) -> str | None:
    """A single date value (e.g. a Q&A databaseDate) -> ISO, or None if it is not a date."""
    if not value:
        return None
    dates = find_dates(str(value).strip())
    return dates[0].iso if dates else None
