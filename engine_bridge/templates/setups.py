"""Duel situations more than one family uses: a card acting on a Trap Monster or on a Pendulum
Monster in its Pendulum Zone, and the control where the same card meets a card without that
property. Each function returns (ruling scenario, control)."""

from __future__ import annotations

from engine_bridge.scenario import Expect, Scenario
from engine_bridge.templates.base import Build, Match, PackCatalog, make_scenario, ruling_era, step
from engine_bridge.templates.cards import APOPHIS, BOOK_OF_MOON, BOTTOMLESS, DARK_HOLE, GUARDIAN, MST, REINFORCEMENTS, SILVERD


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


def on_field(b: Build, ref: str, code: int, player: int) -> list:
    """Put a card of the pack on the field ready to apply: a monster in the Monster Zone; a Trap Monster
    or a Continuous Spell/Trap Set in the Spell & Trap Zone, with the step that activates it."""
    card = b.catalog.cards.get(code)
    if code == APOPHIS or (card is not None and card.card_type in ("Spell", "Trap")):
        b.card(ref, code, player, "szone")
        return [step("activate", ref)]
    b.card(ref, code, player, "mzone")
    return []


def bottomless_on_trap_monster(match: Match, catalog: PackCatalog, *, topic: str, title: str) -> list[Scenario]:
    b = Build(catalog)
    b.card("apophis", APOPHIS, 0, "szone")
    b.card("bottomless", BOTTOMLESS, 1, "szone")
    ruling = make_scenario(
        match, title=title, build=b,
        # the first window answers 「アポピスの化神」's activation; the Special Summon opens the next one
        steps=[step("activate", "apophis"), step("pass"), step("chain", "bottomless", expect={"offered": True})],
        expect=Expect(cards={"apophis": {"location": "removed"}, "bottomless": {"location": "grave"}}), topic=topic)
    c = Build(catalog)
    c.card("guardian", GUARDIAN, 0, "hand")
    c.card("bottomless", BOTTOMLESS, 1, "szone")
    control = make_scenario(
        match, title="a Summoned monster with less than 1500 ATK (Celtic Guardian) does not let 「奈落の落とし穴」 be activated",
        build=c, steps=[step("summon", "guardian"), step("chain", "bottomless", expect={"offered": False})],
        expect=Expect(cards={"guardian": {"location": "mzone"}, "bottomless": {"location": "szone", "face": "down"}}),
        topic=topic, control_of=ruling, control_note="the Summoned monster has less than 1500 ATK")
    return [ruling, control]


def _book_alone(match: Match, catalog: PackCatalog, topic: str, title: str, control_of=None, note="",
                again: bool = False) -> Scenario:
    b = Build(catalog)
    b.card("apophis", APOPHIS, 0, "szone", sequence=2)
    b.card("book", BOOK_OF_MOON, 0, "hand")
    where = {"location": "szone", "face": "down"}
    if ruling_era(match.ruling).rule != "MR5":
        where["sequence"] = 2  # before Master Rule 5 the Trap Monster kept its zone and goes back to it
    return make_scenario(match, title=title, build=b,
                         steps=[step("activate", "apophis"), step("activate", "book", target=["apophis"]),
                                # Set again this turn: it cannot be activated until the next turn
                                *([step("activate", "apophis", expect={"offered": False})] if again else [])],
                         expect=Expect(cards={"apophis": where, "book": {"location": "grave"}}), topic=topic,
                         control_of=control_of, control_note=note)


def book_of_moon_chained_to_mst(match: Match, catalog: PackCatalog, *, topic: str, title: str) -> list[Scenario]:
    b = Build(catalog)
    b.card("apophis", APOPHIS, 0, "szone")
    b.card("mst", MST, 0, "hand")
    b.card("book", BOOK_OF_MOON, 1, "szone")
    ruling = make_scenario(
        match, title=title, build=b,
        steps=[step("activate", "apophis"),
               step("activate", "mst", target=["apophis"], expect={"offered": True}),
               step("chain", "book", target=["apophis"], expect={"offered": True})],
        expect=Expect(cards={"apophis": {"location": "grave"}, "mst": {"location": "grave"}, "book": {"location": "grave"}},
                      chain=["mst", "book"], resolved=["apophis", "book", "mst"]), topic=topic)
    control = _book_alone(match, catalog, topic, "「月の書」 alone: the Trap Monster is Set in the Spell & Trap Zone again, "
                          "not destroyed", control_of=ruling, note="no 「サイクロン」 under the 「月の書」")
    return [ruling, control]


def book_of_moon_on_trap_monster(match: Match, catalog: PackCatalog, *, topic: str, title: str) -> list[Scenario]:
    ruling = _book_alone(match, catalog, topic, title, again=True)
    c = Build(catalog)
    c.card("guardian", GUARDIAN, 0, "mzone")
    c.card("book", BOOK_OF_MOON, 0, "hand")
    control = make_scenario(
        match, title="a monster that is not a Trap turned face-down by 「月の書」 stays in the Monster Zone", build=c,
        steps=[step("activate", "book", target=["guardian"])],
        expect=Expect(cards={"guardian": {"location": "mzone", "position": "facedown_defense"}}),
        topic=topic, control_of=ruling, control_note="the face-down card is a plain monster")
    return [ruling, control]
