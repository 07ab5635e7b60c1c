"""Spell Speed: a Spell Speed 1 card cannot respond to anything; Spell Speed 2 responds to 1 and 2;
Spell Speed 3 (Counter Traps) responds to every speed. General rules demonstrated with pack cards:
「黑洞」 (Normal Spell, 1), 「旋風」 (Quick-Play Spell, 2), 「盗賊の七つ道具」 (Counter Trap, 3)."""

from __future__ import annotations

import re

from engine_bridge.scenario import Expect, Scenario
from engine_bridge.templates import lexicon as lx
from engine_bridge.templates.base import (Clause, Duel, Match, Miss, PackCatalog, StandIn, StoredRuling, Template, clauses,
                                         step, text_mentions, with_control)
from engine_bridge.templates.cards import APOPHIS, DARK_HOLE, GUARDIAN, MST, REINFORCEMENTS, SEVEN_TOOLS

SPEED_CARD = {1: (DARK_HOLE, "a Spell Speed 1 card"), 2: (MST, "a Spell Speed 2 card"), 3: (SEVEN_TOOLS, "a Spell Speed 3 card")}
_RANGE_AFTER = re.compile(r"^\s*(?:・|~|～|-|、)\s*\d")


def responder_speed(ruling: StoredRuling, clause: Clause) -> int | None:
    """The speed the ruling is about: the first 'Spell Speed N' not starting a range such as
    '1~2' (that range is what it responds to), first in the clause, then in the whole ruling."""
    for text in (clause.text, ruling.normalized):
        for m in lx.SPELL_SPEED.finditer(text):
            if not _RANGE_AFTER.match(text[m.end():]):
                return int(next(g for g in m.groups() if g))
    # 「スペルスピード1・2のエフェクト発動に対してチェーン可能」 under a Normal Trap heading: the heading's
    # card is the responder; without a Spell Speed in the clause a heading proves nothing
    if lx.SPELL_SPEED.search(clause.text) and (lx.NORMAL_TRAP.search(" ".join(ruling.section))
                                               or lx.QUICK_PLAY.search(" ".join(ruling.section))):
        return 2
    return None


class SpellSpeed(Template):
    name = "spell-speed"
    topic = "spell-speed"
    general_rule = True

    def match(self, ruling: StoredRuling, clause: Clause, catalog: PackCatalog) -> Match | Miss:
        yes, no = lx.RESPOND_YES.search(clause.text), lx.RESPOND_NO.search(clause.text)
        if not (yes or no):
            if lx.SPELL_SPEED.search(clause.text):
                return self.miss("names a Spell Speed but says nothing about what it can respond to", recognized=True)
            return self.miss("not about responding (chaining) by Spell Speed")
        speed = responder_speed(ruling, clause)
        if speed is None:
            return self.miss("about responding, but no Spell Speed is given", recognized=bool(lx.SPELL_SPEED.search(ruling.normalized)))
        variant = {(1, False): "ss1-cannot-respond", (2, True): "ss2-responds",
                   (3, True): "ss3-responds"}.get((speed, bool(yes and not no)))
        if variant is None:
            return self.miss(f"no set-up for 'Spell Speed {speed} {'can' if yes else 'cannot'} respond'", recognized=True)
        code, label = SPEED_CARD[speed]
        examples = set(catalog.named_in(ruling.normalized)) | {m.passcode for m in text_mentions(ruling) if catalog.has(m.passcode)}
        stand_ins = [] if code in examples else [StandIn(label, code, catalog.name(code))]
        # the ruling's own examples the pack cannot play are named in the header as stood in for
        for c in clauses(ruling):
            stand_ins += self.example_stand_ins(c, catalog, code, f"an example of {label}")
        return Match(self.name, ruling, clause, variant=variant, params={"speed": speed}, stand_ins=stand_ins)

    def build(self, match: Match, catalog: PackCatalog) -> list[Scenario]:
        return {"ss1-cannot-respond": self._ss1, "ss2-responds": self._ss2, "ss3-responds": self._ss3}[match.variant](match, catalog)

    def _ss1(self, match: Match, catalog: PackCatalog) -> list[Scenario]:
        return with_control(
            match, catalog,
            Duel("a Spell Speed 1 card (Normal Spell 「黑洞」) cannot respond to a Spell Speed 2 card",
                 [("mst", MST, 0, "hand"), ("dark-hole", DARK_HOLE, 0, "hand"), ("guardian", GUARDIAN, 1, "mzone"),
                  ("their-trap", REINFORCEMENTS, 1, "szone")],
                 [step("activate", "mst", target=["their-trap"]), step("chain", "dark-hole", expect={"offered": False})],
                 Expect(cards={"dark-hole": {"location": "hand"}, "guardian": {"location": "mzone"},
                               "their-trap": {"location": "grave"}}, chain=["mst"])),
            Duel("the same Spell Speed 1 card is activated when no chain is pending",
                 [("dark-hole", DARK_HOLE, 0, "hand"), ("guardian", GUARDIAN, 1, "mzone")],
                 [step("activate", "dark-hole", expect={"offered": True})],
                 Expect(cards={"dark-hole": {"location": "grave"}, "guardian": {"location": "grave", "player": 1}})),
            topic=self.topic, note="nothing to respond to: an open game state")

    def _ss2(self, match: Match, catalog: PackCatalog) -> list[Scenario]:
        return with_control(
            match, catalog,
            Duel("a Spell Speed 2 card (「旋風」) responds to a Spell Speed 2 card (a Continuous Trap)",
                 [("apophis", APOPHIS, 0, "szone"), ("their-mst", MST, 1, "szone")],
                 [step("activate", "apophis"), step("chain", "their-mst", target=["apophis"], expect={"offered": True})],
                 Expect(cards={"apophis": {"location": "grave"}, "their-mst": {"location": "grave"}},
                        chain=["apophis", "their-mst"], resolved=["their-mst", "apophis"])),
            _mst_after_counter_trap("the same Spell Speed 2 card cannot respond to a Spell Speed 3 Counter Trap",
                                    {"seven-tools": {"location": "grave"}, "apophis": {"location": "grave"}}),
            topic=self.topic, note="the chain link to respond to is Spell Speed 3")

    def _ss3(self, match: Match, catalog: PackCatalog) -> list[Scenario]:
        return with_control(
            match, catalog,
            Duel("a Spell Speed 3 Counter Trap (「盗賊の七つ道具」) responds to a Spell Speed 2 Trap",
                 [("apophis", APOPHIS, 0, "szone"), ("seven-tools", SEVEN_TOOLS, 1, "szone")],
                 [step("activate", "apophis"), step("chain", "seven-tools", expect={"offered": True})],
                 Expect(cards={"apophis": {"location": "grave"}, "seven-tools": {"location": "grave"}},
                        lp=[8000, 7000], chain=["apophis", "seven-tools"], resolved=["seven-tools", "apophis"])),
            _mst_after_counter_trap("a Spell Speed 2 card in the same place cannot respond to the Counter Trap", {}),
            topic=self.topic, note="the responding card is Spell Speed 2, not 3")


def _mst_after_counter_trap(title: str, also: dict) -> Duel:
    """「旋風」 in hand offered no response to 「盗賊の七つ道具」 chained to a Continuous Trap."""
    return Duel(title, [("apophis", APOPHIS, 0, "szone"), ("mst", MST, 0, "hand"), ("seven-tools", SEVEN_TOOLS, 1, "szone")],
                [step("activate", "apophis"), step("chain", "seven-tools", expect={"offered": True}),
                 step("chain", "mst", target=["seven-tools"], expect={"offered": False})],
                Expect(cards={"mst": {"location": "hand"}, **also}, chain=["apophis", "seven-tools"]))
