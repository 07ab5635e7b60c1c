"""The level range of a Pendulum Summon: with scales A and B, monsters of Level A+1 to B-1 only;
with equal scales (or scales 1 apart) no Pendulum Summon at all. The scale cards come from the pack
(refused when the pack has no Pendulum Monster of a stated scale); hand monsters are vanilla ones."""

from __future__ import annotations

from engine_bridge.scenario import Expect, Scenario
from engine_bridge.templates import lexicon as lx
from engine_bridge.templates.base import (CardRow, Clause, Duel, Match, Miss, PackCatalog, StoredRuling, StandIn, Template, step,
                                          with_control)


class PendulumLevelRange(Template):
    name = "pendulum-range"
    topic = "pendulum"
    general_rule = True

    def match(self, ruling: StoredRuling, clause: Clause, catalog: PackCatalog) -> Match | Miss:
        scales = lx.PENDULUM_SCALES_PAIR.search(clause.text)
        levels = lx.LEVEL_RANGE.search(clause.text)
        if scales and levels:
            lo, hi = sorted(int(g) for g in scales.groups())
            first, last = sorted(int(g) for g in levels.groups())
            return self._with_scales(ruling, clause, catalog, "level-range", lo, hi, first=first, last=last)
        if lx.NO_LEVEL_BETWEEN.search(clause.text) and lx.PENDULUM_SCALE.search(clause.text):
            scale_cards = sorted(s for s in {c.pendulum_scale for c in catalog.cards.values() if c.is_pendulum} if s is not None)
            if not scale_cards:
                return self.miss("no Pendulum Monster in the script pack", recognized=True)
            return self._with_scales(ruling, clause, catalog, "equal-scales", scale_cards[0], scale_cards[0])
        if lx.PENDULUM_SCALE.search(clause.text):
            return self.miss("about Pendulum Scales but states no scale pair with its level range", recognized=True)
        return self.miss("not about the level range of a Pendulum Summon")

    def _with_scales(self, ruling, clause, catalog, variant, lo, hi, **params) -> Match | Miss:
        stand_ins = []
        codes = []
        for scale in (lo, hi):
            found = catalog.pendulum_with_scale(scale)
            if not found:
                return self.miss(f"no Pendulum Monster with scale {scale} in the script pack", recognized=True)
            codes.append(found[0])
            stand_ins.append(StandIn(f"a Pendulum Monster with scale {scale}", found[0], catalog.name(found[0])))
        stand_ins += self.example_stand_ins(clause, catalog, codes[0], "named in the ruling")
        return Match(self.name, ruling, clause, variant=variant, params={"lo": lo, "hi": hi, "codes": codes, **params},
                     stand_ins=stand_ins)

    def build(self, match: Match, catalog: PackCatalog) -> list[Scenario]:
        p = match.params
        hand = catalog.monsters_in_hand_order()
        if match.variant == "equal-scales":
            return self._equal(match, catalog, hand)
        first, last = p["first"], p["last"]
        inside = [c for c in hand if first <= c.level <= last]
        outside = [c for c in hand if not first <= c.level <= last]
        low = ("scale-low", p["codes"][0], 0, "pzone", {"sequence": 0})
        refs_in = [f"level-{c.level}" for c in inside]
        refs_out = [f"level-{c.level}" for c in outside]
        selectable = {**{r: True for r in refs_in}, **{r: False for r in refs_out}}
        cards = {**{r: {"location": "mzone", "face": "up"} for r in refs_in}, **{r: {"location": "hand"} for r in refs_out}}
        return with_control(
            match, catalog,
            Duel(f"scales {p['lo']} and {p['hi']}: a Pendulum Summon brings out Levels {first} to {last} only",
                 [low, ("scale-high", p["codes"][1], 0, "pzone", {"sequence": 1}), *_in_hand(inside + outside)],
                 [step("special_summon", "scale-low", select=refs_in, expect={"offered": True, "selectable": selectable})],
                 Expect(cards=cards)),
            Duel("with only one Pendulum Scale there is no Pendulum Summon", [low, *_in_hand(inside)],
                 [step("special_summon", "scale-low", expect={"offered": False})],
                 Expect(cards={r: {"location": "hand"} for r in refs_in})),
            topic=self.topic, note="the second Pendulum Scale is absent")

    def _equal(self, match: Match, catalog: PackCatalog, hand) -> list[Scenario]:
        p = match.params
        # control: the widest pair of scales the pack has, with a monster whose level lies between
        scales = sorted((c.pendulum_scale, code) for code, c in catalog.cards.items() if c.is_pendulum and c.pendulum_scale is not None)
        (lo, lo_code), (hi, hi_code) = scales[0], scales[-1]
        inside = [m for m in hand if lo < m.level < hi][:1]
        refs = [f"level-{m.level}" for m in inside]
        return with_control(
            match, catalog,
            Duel(f"two Pendulum Scales of {p['lo']}: no Level lies between them, no Pendulum Summon",
                 [*_scales(p["codes"][0], p["codes"][0]), *_in_hand(hand)],
                 [step("special_summon", "scale-a", expect={"offered": False})],
                 Expect(cards={f"level-{m.level}": {"location": "hand"} for m in hand})),
            Duel(f"scales {lo} and {hi} leave Levels between them: the Pendulum Summon is offered",
                 [*_scales(lo_code, hi_code), *_in_hand(inside)],
                 [step("special_summon", "scale-a", select=refs, expect={"offered": True})],
                 Expect(cards={r: {"location": "mzone", "face": "up"} for r in refs})),
            topic=self.topic, note=f"scales {lo} and {hi} instead of two equal scales")


def _scales(a: int, b: int) -> list[CardRow]:
    return [("scale-a", a, 0, "pzone", {"sequence": 0}), ("scale-b", b, 0, "pzone", {"sequence": 1})]


def _in_hand(monsters) -> list[CardRow]:
    return [(f"level-{m.level}", m.passcode, 0, "hand") for m in monsters]
