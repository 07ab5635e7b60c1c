"""Destruction and indestructibility: "X is (not) destroyed by Y", and "while Z applies, X cannot be
destroyed by card effects" (a continuous effect). Y and Z are cards the clause names and the pack
plays; X is a kind of card the pack stands in for, or the card Z protects."""

from __future__ import annotations

from engine_bridge.scenario import Expect, Scenario
from engine_bridge.templates import lexicon as lx
from engine_bridge.templates.base import (Build, Clause, Match, Miss, PackCatalog, RulingView, StandIn, Template,
                                          make_scenario, negated, step)
from engine_bridge.templates.cards import DARK_HOLE, DESTROYERS, GUARDIAN, MST, PROTECTORS
from engine_bridge.templates.setups import (dark_hole_on_pendulum_scale, dark_hole_on_trap_monster,
                                            mst_on_pendulum_scale, mst_on_trap_monster)
from engine_bridge.templates.target import subject_of


class Destruction(Template):
    name = "destruction"
    topic = "destruction"

    def match(self, ruling: RulingView, clause: Clause, catalog: PackCatalog) -> Match | Miss:
        if not lx.DESTROY.search(clause.text):
            return self.miss("no destruction phrase")
        refused = self.refuse_unplayable(clause, catalog)
        if refused:
            return refused
        named = [m.passcode for m in clause.named_cards] + catalog.named_in(clause.text)
        protectors = [p for p in named if p in PROTECTORS]
        destroyers = [p for p in named if p in DESTROYERS]
        survives = negated(clause.text)
        if protectors:
            protector = protectors[0]
            protected, _ = PROTECTORS[protector]
            stand_ins = [StandIn("a monster the continuous effect protects", protected, catalog.name(protected))]
            if DARK_HOLE not in destroyers:
                stand_ins.append(StandIn("a card effect that destroys", DARK_HOLE, catalog.name(DARK_HOLE)))
            return Match(self.name, ruling, clause, variant="protected",
                         params={"protector": protector, "protected": protected, "survives": survives},
                         stand_ins=stand_ins)
        if not destroyers:
            return self.miss("names no card of the script pack that destroys (or protects from destruction)",
                             recognized=True)
        subject = subject_of(clause, ruling)
        if subject is None:
            return self.miss("what is destroyed is no kind of card the pack can stand in for", recognized=True)
        key, code, label = subject
        return Match(self.name, ruling, clause, variant=f"{key}-{'mst' if destroyers[0] == MST else 'dark-hole'}",
                     params={"destroyer": destroyers[0], "subject": key, "survives": survives},
                     stand_ins=[StandIn(label, code, catalog.name(code))])

    def build(self, match: Match, catalog: PackCatalog) -> list[Scenario]:
        p = match.params
        if match.variant == "protected":
            return self._protected(match, catalog)
        destroyed = not p["survives"]
        what = "is destroyed" if destroyed else "is not destroyed"
        if p["destroyer"] == MST:
            if p["subject"] == "trap-monster":
                return mst_on_trap_monster(match, catalog, can=destroyed, destroys=True, topic="destruction",
                                           title=f"a Trap Monster {what} by 「旋風」")
            return mst_on_pendulum_scale(match, catalog, can=destroyed, topic="destruction",
                                         title=f"a Pendulum Monster in a Pendulum Zone {what} by 「旋風」")
        if p["subject"] == "trap-monster":
            return dark_hole_on_trap_monster(match, catalog, destroyed=destroyed, topic="destruction",
                                             title=f"a Trap Monster {what} by 「黑洞」")
        return dark_hole_on_pendulum_scale(match, catalog, destroyed=destroyed, topic="destruction",
                                           title=f"a Pendulum Monster in a Pendulum Zone {what} by 「黑洞」")

    def _protected(self, match: Match, catalog: PackCatalog) -> list[Scenario]:
        p = match.params
        survives = p["survives"]
        b = Build(catalog)
        b.card("protector", p["protector"], 0, "mzone")
        b.card("protected", p["protected"], 0, "mzone")
        b.card("guardian", GUARDIAN, 0, "mzone")
        b.card("dark-hole", DARK_HOLE, 0, "hand")
        ruling = make_scenario(
            match, title=f"while {catalog.name(p['protector'])} applies, the protected monster "
                         f"{'is not' if survives else 'is'} destroyed by 「黑洞」", build=b,
            steps=[step("activate", "dark-hole")],
            expect=Expect(cards={"protected": {"location": "mzone" if survives else "grave"},
                                 "guardian": {"location": "grave"}}),
            topic="indestructible")
        c = Build(catalog)
        c.card("protected", p["protected"], 0, "mzone")
        c.card("guardian", GUARDIAN, 0, "mzone")
        c.card("dark-hole", DARK_HOLE, 0, "hand")
        control = make_scenario(
            match, title=f"without {catalog.name(p['protector'])} the same monster is destroyed", build=c,
            steps=[step("activate", "dark-hole")],
            expect=Expect(cards={"protected": {"location": "grave"}, "guardian": {"location": "grave"}}),
            topic="indestructible", control_of=ruling, control_note="the continuous effect's card is absent")
        return [ruling, control]
