"""Destruction and indestructibility: "X is (not) destroyed by Y", and "while Z applies, X cannot be
destroyed by card effects" (a continuous effect). Y and Z are cards the clause names and the pack
plays; X is a kind of card the pack stands in for, or the card Z protects."""

from __future__ import annotations

from engine_bridge.scenario import Expect, Scenario
from engine_bridge.templates import lexicon as lx
from engine_bridge.templates.base import (Clause, Duel, Match, Miss, PackCatalog, StandIn, StoredRuling, Template, negated,
                                          step, text_mentions, with_control)
from engine_bridge.templates.cards import BOTTOMLESS, DARK_HOLE, GUARDIAN, MST
from engine_bridge.templates.setups import (book_of_moon_chained_to_mst, bottomless_on_trap_monster,
                                            dark_hole_on_pendulum_scale, dark_hole_on_trap_monster,
                                            mst_on_pendulum_scale, mst_on_trap_monster, on_field)
from engine_bridge.templates.target import subject_of

# the destroyers this family has set-ups for (engine_bridge.templates.setups) -> the short name variants use
DESTROYER_KEYS = {MST: "mst", DARK_HOLE: "dark-hole", BOTTOMLESS: "bottomless"}


class Destruction(Template):
    name = "destruction"
    topic = "destruction"

    def match(self, ruling: StoredRuling, clause: Clause, catalog: PackCatalog) -> Match | Miss:
        refused = self.refuse_unless(lx.DESTROY, "destruction", clause, catalog)
        if refused:
            return refused
        named = [m.passcode for m in clause.named_cards] + catalog.named_in(clause.text)
        protectors = [p for p in named if catalog.protected_by(p) is not None]
        # cards that destroy, those this family has a set-up for first
        destroyers = sorted(dict.fromkeys(p for p in named if catalog.destroys(p) and p not in protectors),
                            key=lambda p: p not in DESTROYER_KEYS)
        flippers = [p for p in named if catalog.flips_face_down(p)]
        survives = negated(clause.text)
        if flippers and not destroyers:
            # 「即使連鎖「月之書」…仍會被破壞」: the destroyer is named earlier in the ruling
            destroyers = sorted(dict.fromkeys(m.passcode for m in text_mentions(ruling) if catalog.destroys(m.passcode)),
                                key=lambda p: p not in DESTROYER_KEYS)
        if protectors:
            protector = protectors[0]
            protected = catalog.protected_by(protector)
            # a card the clause names besides the protector and the cards that act is what the
            # ruling is about: it is tested itself, never through the protector's usual stand-in
            subjects = [p for p in dict.fromkeys(named)
                        if p not in protectors and p not in destroyers and p not in flippers and p != protected]
            if subjects or lx.NOT_PROTECTED.search(clause.text):
                about = (f"{catalog.name(subjects[0])} ({subjects[0]})" if subjects and catalog.has(subjects[0])
                         else f"{subjects[0]}" if subjects else "the card it names")
                applies = "does not protect" if lx.NOT_PROTECTED.search(clause.text) else "protects"
                return self.miss(f"{catalog.name(protector)} {applies} {about}: no set-up puts that card on the "
                                 f"field where {catalog.name(protector)} would apply (a stand-in would test "
                                 f"another card)", recognized=True)
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
        destroyer = destroyers[0]
        if destroyer not in DESTROYER_KEYS:
            return self.miss(f"no set-up for destruction by {catalog.name(destroyer)}", recognized=True)
        if flippers:
            if (destroyer, key) != (MST, "trap-monster") or survives:
                return self.miss(f"no set-up for {catalog.name(flippers[0])} chained to {catalog.name(destroyer)} "
                                 f"on {label}", recognized=True)
            return Match(self.name, ruling, clause, variant="trap-monster-mst-book-of-moon",
                         params={"destroyer": destroyer, "subject": key, "survives": False, "flipper": flippers[0]},
                         stand_ins=[StandIn(label, code, catalog.name(code))])
        if destroyer == BOTTOMLESS and (key != "trap-monster" or survives):
            return self.miss(f"no set-up for {catalog.name(destroyer)} on {label}", recognized=True)
        return Match(self.name, ruling, clause, variant=f"{key}-{DESTROYER_KEYS[destroyer]}",
                     params={"destroyer": destroyer, "subject": key, "survives": survives},
                     stand_ins=[StandIn(label, code, catalog.name(code))])

    def build(self, match: Match, catalog: PackCatalog) -> list[Scenario]:
        p = match.params
        if match.variant == "protected":
            return self._protected(match, catalog)
        destroyed = not p["survives"]
        what = "is destroyed" if destroyed else "is not destroyed"
        if p.get("flipper"):
            return book_of_moon_chained_to_mst(
                match, catalog, topic="destruction",
                title="「月の書」 chained to 「サイクロン」 turns the Trap Monster face-down; it is still destroyed")
        if p["destroyer"] == BOTTOMLESS:
            return bottomless_on_trap_monster(match, catalog, topic="destruction",
                                              title="「奈落の落とし穴」 answers a Trap Monster's Special Summon: destroyed and banished")
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
        # the protected card first: a Trap Monster becomes a monster before the protector applies
        protected, steps = on_field(catalog, "protected", p["protected"], 0)
        protector, protector_steps = on_field(catalog, "protector", p["protector"], 0)
        dark_hole = [("guardian", GUARDIAN, 0, "mzone"), ("dark-hole", DARK_HOLE, 0, "hand")]
        return with_control(
            match, catalog,
            Duel(f"while {catalog.name(p['protector'])} applies, the protected monster "
                 f"{'is not' if survives else 'is'} destroyed by 「黑洞」", [protected, protector, *dark_hole],
                 [*steps, *protector_steps, step("activate", "dark-hole")],
                 Expect(cards={"protected": {"location": "mzone" if survives else "grave"},
                               "guardian": {"location": "grave"}})),
            Duel(f"without {catalog.name(p['protector'])} the same monster is destroyed", [protected, *dark_hole],
                 [*on_field(catalog, "protected", p["protected"], 0)[1], step("activate", "dark-hole")],
                 Expect(cards={"protected": {"location": "grave"}, "guardian": {"location": "grave"}})),
            topic="indestructible", note="the continuous effect's card is absent")
