"""Duel situations more than one family uses: a card acting on a Trap Monster or on a Pendulum
Monster in its Pendulum Zone, and the control where the same card meets a card without that
property. Each function returns (ruling scenario, control)."""

from __future__ import annotations

from engine_bridge.scenario import Expect, Scenario
from engine_bridge.templates.base import Build, Match, PackCatalog, make_scenario, step
from engine_bridge.templates.cards import APOPHIS, DARK_HOLE, GUARDIAN, MST, REINFORCEMENTS, SILVERD


def mst_on_trap_monster(match: Match, catalog: PackCatalog, *, can: bool, destroys: bool, topic: str,
                        title: str) -> list[Scenario]:
    b = Build(catalog)
    b.card("mst", MST, 0, "hand")
    b.card("apophis", APOPHIS, 0, "szone", position="facedown")
    steps = [step("activate", "apophis")]
    if can:
        steps.append(step("activate", "mst", target=["apophis"],
                          expect={"offered": True, "target_selectable": {"apophis": True}}))
        cards = {"mst": {"location": "grave"}}
        if destroys:
            cards["apophis"] = {"location": "grave"}
        expect = Expect(cards=cards, chain=["mst"])
    else:
        b.card("their-trap", REINFORCEMENTS, 1, "szone")
        steps.append(step("activate", "mst", target=["their-trap"],
                          expect={"offered": True, "target_selectable": {"apophis": False, "their-trap": True}}))
        expect = Expect(cards={"apophis": {"location": "mzone"}})
    ruling = make_scenario(match, title=title, build=b, steps=steps, expect=expect, topic=topic)

    c = Build(catalog)
    c.card("mst", MST, 0, "hand")
    c.card("guardian", GUARDIAN, 0, "mzone", position="faceup_attack")
    c.card("their-trap", REINFORCEMENTS, 1, "szone")
    control = make_scenario(
        match, title="the same 「旋風」 meets a monster that is not a Trap: it cannot be targeted", build=c,
        steps=[step("activate", "mst", target=["their-trap"],
                    expect={"offered": True, "target_selectable": {"guardian": False, "their-trap": True}})],
        expect=Expect(cards={"guardian": {"location": "mzone", "position": "faceup_attack"},
                             "their-trap": {"location": "grave"}}),
        topic=topic, control_of=ruling, control_note="the target is a monster that is not also a Trap")
    return [ruling, control]


def mst_on_pendulum_scale(match: Match, catalog: PackCatalog, *, can: bool, topic: str, title: str) -> list[Scenario]:
    b = Build(catalog)
    b.card("scale", SILVERD, 1, "pzone", sequence=0)
    b.card("mst", MST, 0, "hand")
    if can:
        steps = [step("activate", "mst", target=["scale"], expect={"offered": True, "target_selectable": {"scale": True}})]
        # a Pendulum Monster leaving the field goes face-up to its owner's Extra Deck
        expect = Expect(cards={"scale": {"location": "extra", "player": 1}, "mst": {"location": "grave"}})
    else:
        b.card("their-trap", REINFORCEMENTS, 1, "szone")
        steps = [step("activate", "mst", target=["their-trap"],
                      expect={"offered": True, "target_selectable": {"scale": False, "their-trap": True}})]
        expect = Expect(cards={"scale": {"location": "pzone"}})
    ruling = make_scenario(match, title=title, build=b, steps=steps, expect=expect, topic=topic)

    c = Build(catalog)
    c.card("monster", SILVERD, 1, "mzone", position="faceup_attack")
    c.card("their-trap", REINFORCEMENTS, 1, "szone")
    c.card("mst", MST, 0, "hand")
    control = make_scenario(
        match, title="the same Pendulum Monster in the Monster Zone is not a Spell: 「旋風」 cannot target it", build=c,
        steps=[step("activate", "mst", target=["their-trap"],
                    expect={"offered": True, "target_selectable": {"monster": False, "their-trap": True}})],
        expect=Expect(cards={"monster": {"location": "mzone"}, "their-trap": {"location": "grave"}}),
        topic=topic, control_of=ruling, control_note="the Pendulum Monster is in the Monster Zone, not a Pendulum Zone")
    return [ruling, control]


def dark_hole_on_pendulum_scale(match: Match, catalog: PackCatalog, *, destroyed: bool, topic: str,
                                title: str) -> list[Scenario]:
    b = Build(catalog)
    b.card("scale", SILVERD, 0, "pzone", sequence=0)
    b.card("guardian", GUARDIAN, 1, "mzone")
    b.card("dark-hole", DARK_HOLE, 0, "hand")
    expect = Expect(cards={"scale": {"location": "extra" if destroyed else "pzone"}, "guardian": {"location": "grave"}})
    ruling = make_scenario(match, title=title, build=b, steps=[step("activate", "dark-hole")], expect=expect, topic=topic)

    c = Build(catalog)
    c.card("monster", SILVERD, 0, "mzone")
    c.card("dark-hole", DARK_HOLE, 0, "hand")
    control = make_scenario(
        match, title="the same Pendulum Monster in the Monster Zone is a monster: 「黑洞」 destroys it", build=c,
        steps=[step("activate", "dark-hole", expect={"offered": True})],
        expect=Expect(cards={"monster": {"location": "extra", "face": "up"}}),
        topic=topic, control_of=ruling, control_note="the Pendulum Monster is in the Monster Zone, not a Pendulum Zone")
    return [ruling, control]


def dark_hole_on_trap_monster(match: Match, catalog: PackCatalog, *, destroyed: bool, topic: str,
                              title: str) -> list[Scenario]:
    b = Build(catalog)
    b.card("apophis", APOPHIS, 0, "szone")
    b.card("dark-hole", DARK_HOLE, 0, "hand")
    expect = Expect(cards={"apophis": {"location": "grave" if destroyed else "mzone"}, "dark-hole": {"location": "grave"}})
    ruling = make_scenario(match, title=title, build=b, steps=[step("activate", "apophis"), step("activate", "dark-hole")],
                           expect=expect, topic=topic)

    c = Build(catalog)
    c.card("apophis", APOPHIS, 0, "szone")
    c.card("guardian", GUARDIAN, 1, "mzone")
    c.card("dark-hole", DARK_HOLE, 0, "hand")
    control = make_scenario(
        match, title="the Trap Monster still Set in the Spell & Trap Zone is not a monster: 「黑洞」 leaves it", build=c,
        steps=[step("activate", "dark-hole")],
        expect=Expect(cards={"apophis": {"location": "szone", "face": "down"}, "guardian": {"location": "grave"}}),
        topic=topic, control_of=ruling, control_note="the Trap Monster is not activated (not a monster)")
    return [ruling, control]
