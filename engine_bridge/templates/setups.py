"""Duel situations more than one family uses: a card acting on a Trap Monster or on a Pendulum
Monster in its Pendulum Zone, and the control where the same card meets a card without that
property. Each function returns (ruling scenario, control)."""

from __future__ import annotations

from engine_bridge.scenario import Expect, Scenario, Step
from engine_bridge.templates.base import CardRow, Duel, Match, PackCatalog, ruling_era, step, with_control
from engine_bridge.templates.cards import APOPHIS, BOOK_OF_MOON, BOTTOMLESS, DARK_HOLE, GUARDIAN, MST, REINFORCEMENTS, SILVERD

THEIR_TRAP: CardRow = ("their-trap", REINFORCEMENTS, 1, "szone")


def _mst_targets(*, chosen: str, selectable: dict[str, bool]) -> Step:
    return step("activate", "mst", target=[chosen], expect={"offered": True, "target_selectable": selectable})


def mst_on_trap_monster(match: Match, catalog: PackCatalog, *, can: bool, destroys: bool, topic: str,
                        title: str) -> list[Scenario]:
    cards: list[CardRow] = [("mst", MST, 0, "hand"), ("apophis", APOPHIS, 0, "szone", {"position": "facedown"})]
    steps = [step("activate", "apophis")]
    if can:
        steps.append(_mst_targets(chosen="apophis", selectable={"apophis": True}))
        after = {"mst": {"location": "grave"}}
        if destroys:
            after["apophis"] = {"location": "grave"}
        expect = Expect(cards=after, chain=["mst"])
    else:
        cards.append(THEIR_TRAP)
        steps.append(_mst_targets(chosen="their-trap", selectable={"apophis": False, "their-trap": True}))
        expect = Expect(cards={"apophis": {"location": "mzone"}})
    return with_control(
        match, catalog, Duel(title, cards, steps, expect),
        Duel("the same 「旋風」 meets a monster that is not a Trap: it cannot be targeted",
             [("mst", MST, 0, "hand"), ("guardian", GUARDIAN, 0, "mzone", {"position": "faceup_attack"}), THEIR_TRAP],
             [_mst_targets(chosen="their-trap", selectable={"guardian": False, "their-trap": True})],
             Expect(cards={"guardian": {"location": "mzone", "position": "faceup_attack"},
                           "their-trap": {"location": "grave"}})),
        topic=topic, note="the target is a monster that is not also a Trap")


def mst_on_pendulum_scale(match: Match, catalog: PackCatalog, *, can: bool, topic: str, title: str) -> list[Scenario]:
    cards: list[CardRow] = [("scale", SILVERD, 1, "pzone", {"sequence": 0}), ("mst", MST, 0, "hand")]
    if can:
        steps = [_mst_targets(chosen="scale", selectable={"scale": True})]
        # a Pendulum Monster leaving the field goes face-up to its owner's Extra Deck
        expect = Expect(cards={"scale": {"location": "extra", "player": 1}, "mst": {"location": "grave"}})
    else:
        cards.append(THEIR_TRAP)
        steps = [_mst_targets(chosen="their-trap", selectable={"scale": False, "their-trap": True})]
        expect = Expect(cards={"scale": {"location": "pzone"}})
    return with_control(
        match, catalog, Duel(title, cards, steps, expect),
        Duel("the same Pendulum Monster in the Monster Zone is not a Spell: 「旋風」 cannot target it",
             [("monster", SILVERD, 1, "mzone", {"position": "faceup_attack"}), THEIR_TRAP, ("mst", MST, 0, "hand")],
             [_mst_targets(chosen="their-trap", selectable={"monster": False, "their-trap": True})],
             Expect(cards={"monster": {"location": "mzone"}, "their-trap": {"location": "grave"}})),
        topic=topic, note="the Pendulum Monster is in the Monster Zone, not a Pendulum Zone")


def dark_hole_on_pendulum_scale(match: Match, catalog: PackCatalog, *, destroyed: bool, topic: str,
                                title: str) -> list[Scenario]:
    return with_control(
        match, catalog,
        Duel(title, [("scale", SILVERD, 0, "pzone", {"sequence": 0}), ("guardian", GUARDIAN, 1, "mzone"),
                     ("dark-hole", DARK_HOLE, 0, "hand")],
             [step("activate", "dark-hole")],
             Expect(cards={"scale": {"location": "extra" if destroyed else "pzone"}, "guardian": {"location": "grave"}})),
        Duel("the same Pendulum Monster in the Monster Zone is a monster: 「黑洞」 destroys it",
             [("monster", SILVERD, 0, "mzone"), ("dark-hole", DARK_HOLE, 0, "hand")],
             [step("activate", "dark-hole", expect={"offered": True})],
             Expect(cards={"monster": {"location": "extra", "face": "up"}})),
        topic=topic, note="the Pendulum Monster is in the Monster Zone, not a Pendulum Zone")


def dark_hole_on_trap_monster(match: Match, catalog: PackCatalog, *, destroyed: bool, topic: str,
                              title: str) -> list[Scenario]:
    return with_control(
        match, catalog,
        Duel(title, [("apophis", APOPHIS, 0, "szone"), ("dark-hole", DARK_HOLE, 0, "hand")],
             [step("activate", "apophis"), step("activate", "dark-hole")],
             Expect(cards={"apophis": {"location": "grave" if destroyed else "mzone"}, "dark-hole": {"location": "grave"}})),
        Duel("the Trap Monster still Set in the Spell & Trap Zone is not a monster: 「黑洞」 leaves it",
             [("apophis", APOPHIS, 0, "szone"), ("guardian", GUARDIAN, 1, "mzone"), ("dark-hole", DARK_HOLE, 0, "hand")],
             [step("activate", "dark-hole")],
             Expect(cards={"apophis": {"location": "szone", "face": "down"}, "guardian": {"location": "grave"}})),
        topic=topic, note="the Trap Monster is not activated (not a monster)")


def on_field(catalog: PackCatalog, ref: str, code: int, player: int) -> tuple[CardRow, list[Step]]:
    """Put a card of the pack on the field ready to apply: a monster in the Monster Zone; a Trap Monster
    or a Continuous Spell/Trap Set in the Spell & Trap Zone, with the step that activates it."""
    card = catalog.cards.get(code)
    if code == APOPHIS or (card is not None and card.card_type in ("Spell", "Trap")):
        return (ref, code, player, "szone"), [step("activate", ref)]
    return (ref, code, player, "mzone"), []


def bottomless_on_trap_monster(match: Match, catalog: PackCatalog, *, topic: str, title: str) -> list[Scenario]:
    return with_control(
        match, catalog,
        Duel(title, [("apophis", APOPHIS, 0, "szone"), ("bottomless", BOTTOMLESS, 1, "szone")],
             # the first window answers 「アポピスの化神」's activation; the Special Summon opens the next one
             [step("activate", "apophis"), step("pass"), step("chain", "bottomless", expect={"offered": True})],
             Expect(cards={"apophis": {"location": "removed"}, "bottomless": {"location": "grave"}})),
        Duel("a Summoned monster with less than 1500 ATK (Celtic Guardian) does not let 「奈落の落とし穴」 be activated",
             [("guardian", GUARDIAN, 0, "hand"), ("bottomless", BOTTOMLESS, 1, "szone")],
             [step("summon", "guardian"), step("chain", "bottomless", expect={"offered": False})],
             Expect(cards={"guardian": {"location": "mzone"}, "bottomless": {"location": "szone", "face": "down"}})),
        topic=topic, note="the Summoned monster has less than 1500 ATK")


def _book_alone(match: Match, title: str, again: bool = False) -> Duel:
    where = {"location": "szone", "face": "down"}
    if ruling_era(match.ruling).rule != "MR5":
        where["sequence"] = 2  # before Master Rule 5 the Trap Monster kept its zone and goes back to it
    return Duel(title, [("apophis", APOPHIS, 0, "szone", {"sequence": 2}), ("book", BOOK_OF_MOON, 0, "hand")],
                [step("activate", "apophis"), step("activate", "book", target=["apophis"]),
                 # Set again this turn: it cannot be activated until the next turn
                 *([step("activate", "apophis", expect={"offered": False})] if again else [])],
                Expect(cards={"apophis": where, "book": {"location": "grave"}}))


def book_of_moon_chained_to_mst(match: Match, catalog: PackCatalog, *, topic: str, title: str) -> list[Scenario]:
    return with_control(
        match, catalog,
        Duel(title, [("apophis", APOPHIS, 0, "szone"), ("mst", MST, 0, "hand"), ("book", BOOK_OF_MOON, 1, "szone")],
             [step("activate", "apophis"),
              step("activate", "mst", target=["apophis"], expect={"offered": True}),
              step("chain", "book", target=["apophis"], expect={"offered": True})],
             Expect(cards={"apophis": {"location": "grave"}, "mst": {"location": "grave"}, "book": {"location": "grave"}},
                    chain=["mst", "book"], resolved=["apophis", "book", "mst"])),
        _book_alone(match, "「月の書」 alone: the Trap Monster is Set in the Spell & Trap Zone again, not destroyed"),
        topic=topic, note="no 「サイクロン」 under the 「月の書」")


def book_of_moon_on_trap_monster(match: Match, catalog: PackCatalog, *, topic: str, title: str) -> list[Scenario]:
    return with_control(
        match, catalog, _book_alone(match, title, again=True),
        Duel("a monster that is not a Trap turned face-down by 「月の書」 stays in the Monster Zone",
             [("guardian", GUARDIAN, 0, "mzone"), ("book", BOOK_OF_MOON, 0, "hand")],
             [step("activate", "book", target=["guardian"])],
             Expect(cards={"guardian": {"location": "mzone", "position": "facedown_defense"}})),
        topic=topic, note="the face-down card is a plain monster")
