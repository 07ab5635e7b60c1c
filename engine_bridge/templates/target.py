"""Target legality: 「可以/不能以X为对象发动Y」, 「Xを対象として発動できる」, « cibler X avec Y ».
Y must be a card of the pack that targets; X a kind of card the pack can stand in for (a Trap
Monster, a Pendulum Monster in its Pendulum Zone). Every card the clause names must be playable."""

from __future__ import annotations

from engine_bridge.scenario import Expect, Scenario
from engine_bridge.templates import lexicon as lx
from engine_bridge.templates.base import (Clause, Duel, Match, Miss, PackCatalog, StoredRuling, StandIn, Template, negated,
                                          step, with_control)
from engine_bridge.templates.cards import APOPHIS, GUARDIAN, MST, REINFORCEMENTS, SILVERD
from engine_bridge.templates.setups import mst_on_pendulum_scale, mst_on_trap_monster

SUBJECTS = (("trap-monster", lx.TRAP_MONSTER, APOPHIS, "a Trap Monster"),
            ("pendulum-scale", lx.PENDULUM_ZONE, SILVERD, "a Pendulum Monster in a Pendulum Zone"))


def subject_of(clause: Clause, ruling: StoredRuling):
    """The kind of card the clause is about: found in the clause, else in the whole ruling (a later
    sentence often drops the subject: 「…当做魔法卡,不当做怪物卡。不会被“黑洞”等破坏。」)."""
    for text in (clause.text, ruling.normalized):
        for key, pattern, code, label in SUBJECTS:
            if pattern.search(text):
                return key, code, label
    return None


class TargetLegality(Template):
    name = "target-legality"
    topic = "targeting"

    def match(self, ruling: StoredRuling, clause: Clause, catalog: PackCatalog) -> Match | Miss:
        refused = self.refuse_unless(lx.TARGET, "targeting", clause, catalog)
        if refused:
            return refused
        actors = [m.passcode for m in clause.named_cards if catalog.targets(m.passcode)]
        if not actors:
            return self.miss("names no card of the script pack whose activation targets", recognized=True)
        subject = subject_of(clause, ruling)
        if subject is None:
            return self.miss("the target is no kind of card the pack can stand in for (Trap Monster, Pendulum Scale)",
                             recognized=True)
        key, code, label = subject
        setups = {(MST, "trap-monster"), (MST, "pendulum-scale"), (REINFORCEMENTS, "trap-monster")}
        actor = next((a for a in actors if (a, key) in setups), actors[0])
        if (actor, key) not in setups:
            return self.miss(f"no set-up for {catalog.name(actor)} targeting {label}", recognized=True)
        return Match(self.name, ruling, clause, variant=key,
                     params={"actor": actor, "can": not negated(clause.text), "destroys": bool(lx.DESTROY.search(clause.text))},
                     stand_ins=[StandIn(label, code, catalog.name(code))])

    def build(self, match: Match, catalog: PackCatalog) -> list[Scenario]:
        p = match.params
        verb = "can" if p["can"] else "cannot"
        if p["actor"] == MST and match.variant == "trap-monster":
            return mst_on_trap_monster(match, catalog, can=p["can"], destroys=p["destroys"], topic="targeting",
                                       title=f"「旋風」 {verb} target a Trap Monster"
                                       + (" and destroys it" if p["destroys"] and p["can"] else ""))
        if p["actor"] == MST:
            return mst_on_pendulum_scale(match, catalog, can=p["can"], topic="targeting",
                                         title=f"「旋風」 {verb} target a Pendulum Monster in a Pendulum Zone")
        return self._reinforcements_on_trap_monster(match, catalog, can=p["can"])

    def _reinforcements_on_trap_monster(self, match: Match, catalog: PackCatalog, can: bool) -> list[Scenario]:
        cards = [("apophis", APOPHIS, 0, "szone"), ("reinforcements", REINFORCEMENTS, 0, "szone"),
                 ("guardian", GUARDIAN, 0, "mzone")]
        return with_control(
            match, catalog,
            Duel(f"「援軍」 {'can' if can else 'cannot'} target a Trap Monster", cards,
                 [step("activate", "apophis"),
                  step("activate", "reinforcements", target=["apophis" if can else "guardian"],
                       expect={"offered": True, "target_selectable": {"apophis": can}})],
                 Expect(cards={"reinforcements": {"location": "grave"}, "apophis": {"location": "mzone"}})),
            Duel("a Trap Monster still Set (not a monster) is no target for 「援軍」", cards,
                 [step("activate", "reinforcements", target=["guardian"],
                       expect={"offered": True, "target_selectable": {"apophis": False, "guardian": True}})],
                 Expect(cards={"apophis": {"location": "szone", "face": "down"}, "reinforcements": {"location": "grave"}})),
            topic="targeting", note="the Trap Monster is not activated (not a monster)")
