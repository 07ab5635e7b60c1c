"""The rule era a ruling runs under, and what decided it.

The Konami database and the rule pages show rulings in force *today*: their date says when a Q&A was
last edited (1,450 of the 2,295 dev Q&As carry 2017-03-24, the day the database was relaunched), not
that they belong to the rule of that day. So a current ruling runs under today's Master Rule, and a
past era applies only where the ruling is known to belong to it:

- a superseded version (the graph's history: `current` false): the rule in force on its date;
- a page or section about an older rule (its heading names the rule);
- a ruling whose text names the rule it describes ("マスタールール3では…", "在大师规则3中…").

    era = rule_era(text, date=..., section=[...], current=True)
    era.rule, era.basis        # "MR5", "in force today (dated 2017-03-24: it holds since then)"
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from engine_bridge.scenario import RULES, rule_for_date

CURRENT_RULE = RULES[-1]

_DIGIT = r"\s*[(（]?\s*"
# the names a text gives each era (width-folded or not; Chinese in either script)
_RULE_NAMES = {
    "MR3": [r"(?:マスタールール|大师规则|大師規則|master ?rules?|r[èe]gles? (?:du )?ma[îi]tre|règle maître)" + _DIGIT + r"[3３]",
            r"\bMR ?[3３]\b"],
    "MR4": [r"(?:マスタールール|大师规则|大師規則|master ?rules?|règles? (?:du )?ma[îi]tre)" + _DIGIT + r"[4４]",
            r"\bMR ?[4４]\b", r"新マスタールール", r"新大师规则", r"新大師規則", r"new master rules?",
            r"nouvelles? r[èe]gles? (?:du )?ma[îi]tre"],
    "MR5": [r"(?:マスタールール|大师规则|大師規則|master ?rules?|règles? (?:du )?ma[îi]tre)" + _DIGIT + r"(?:[5５]|2020)",
            r"\bMR ?[5５]\b"],
}
_PATTERNS = {rule: re.compile("|".join(names), re.IGNORECASE) for rule, names in _RULE_NAMES.items()}


@dataclass(frozen=True)
class RuleEra:
    rule: str
    basis: str  # what decided it, for the scenario header


def rules_named(text: str) -> list[str]:
    """The eras a text names, oldest first."""
    return [rule for rule in RULES if _PATTERNS[rule].search(text or "")]


def rule_era(text: str, *, date: str | None = None, section: Iterable[str] = (), current: bool = True) -> RuleEra:
    if not current and date:
        rule = rule_for_date(date)
        return RuleEra(rule, f"superseded version (graph history) dated {date}: the rule in force then")
    for heading in section or ():
        named = rules_named(str(heading))
        if named:
            return RuleEra(named[-1], f"its page section {str(heading)!r} is about {named[-1]}")
    named = rules_named(text)
    if named:
        return RuleEra(named[-1], f"its text names {named[-1]}"
                       + (f" (also {', '.join(named[:-1])}: the latest named is the one it describes)" if len(named) > 1 else ""))
    since = f" (dated {date}: it holds since then)" if date else ""
    return RuleEra(CURRENT_RULE, f"in force today: today's rule {CURRENT_RULE}{since}")
