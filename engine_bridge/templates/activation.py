"""Activation legality: a Normal Trap cannot be activated in the turn it was Set; a Quick-Play Spell
is activated from the hand only in its controller's own turn, and not in the turn it was Set.
General rules: any Normal Trap / Quick-Play Spell of the pack demonstrates them (stand-ins named)."""

from __future__ import annotations

from engine_bridge.scenario import Expect, Scenario
from engine_bridge.templates import lexicon as lx
from engine_bridge.templates.base import (CardRow, Clause, Duel, Match, Miss, PackCatalog, StoredRuling, StandIn, Template,
                                          negated, step, with_control)
from engine_bridge.templates.cards import GUARDIAN, MST, REINFORCEMENTS


def _about(pattern, clause: Clause, ruling: StoredRuling) -> bool:
    return bool(pattern.search(clause.text) or pattern.search(ruling.normalized)
                or any(pattern.search(s) for s in ruling.section))


class ActivationLegality(Template):
    name = "activation-legality"
    topic = "activation-timing"
    general_rule = True

    def match(self, ruling: StoredRuling, clause: Clause, catalog: PackCatalog) -> Match | Miss:
        set_turn = bool(lx.SET_TURN.search(clause.text))
        normal_trap = _about(lx.NORMAL_TRAP, clause, ruling)
        quick_play = _about(lx.QUICK_PLAY, clause, ruling)
        if set_turn and normal_trap and not lx.QUICK_PLAY.search(clause.text):
            return self._match(ruling, clause, catalog, "normal-trap-set-turn", REINFORCEMENTS, "a Normal Trap")
        if set_turn and quick_play:
            return self._match(ruling, clause, catalog, "quick-play-set-turn", MST, "a Quick-Play Spell")
        if quick_play and lx.FROM_HAND.search(clause.text) and lx.OWN_TURN.search(clause.text):
            return self._match(ruling, clause, catalog, "quick-play-from-hand", MST, "a Quick-Play Spell",
                               own_turn_allowed=not negated(clause.text))
        if normal_trap or quick_play:
            return self.miss("about a Normal Trap / Quick-Play Spell, but not about the turn it was Set or activating "
                             "from the hand in one's own turn", recognized=bool(lx.ACTIVATE.search(clause.text)))
        return self.miss("not about activating a Normal Trap or a Quick-Play Spell")

    def _match(self, ruling, clause, catalog, variant, code, label, **params) -> Match:
        stand_ins = [StandIn(label, code, catalog.name(code))]
        stand_ins += self.example_stand_ins(clause, catalog, code, "named in the ruling")
        return Match(self.name, ruling, clause, variant=variant, params=params, stand_ins=stand_ins)

    def build(self, match: Match, catalog: PackCatalog) -> list[Scenario]:
        if match.variant == "normal-trap-set-turn":
            return self._set_turn(match, catalog, REINFORCEMENTS, "a Normal Trap", "guardian")
        if match.variant == "quick-play-set-turn":
            return self._set_turn(match, catalog, MST, "a Quick-Play Spell", "their-trap")
        return self._from_hand(match, catalog)

    def _set_turn(self, match: Match, catalog: PackCatalog, code: int, label: str, target: str) -> list[Scenario]:
        def situation(set_this_turn: bool) -> list[CardRow]:
            other = ("guardian", GUARDIAN, 0, "mzone") if target == "guardian" else ("their-trap", REINFORCEMENTS, 1, "szone")
            return [("card", code, 0, "szone", {"position": "facedown", "set_this_turn": set_this_turn}), other]

        return with_control(
            match, catalog,
            Duel(f"{label} cannot be activated in the turn it was Set", situation(True),
                 [step("activate", "card", target=[target], expect={"offered": False})],
                 Expect(cards={"card": {"location": "szone", "face": "down"}})),
            Duel(f"{label} Set in an earlier turn can be activated", situation(False),
                 [step("activate", "card", target=[target], expect={"offered": True})],
                 Expect(cards={"card": {"location": "grave"}})),
            topic=self.topic, note="the card was Set in an earlier turn")

    def _from_hand(self, match: Match, catalog: PackCatalog) -> list[Scenario]:
        own_turn = Duel(
            "a Quick-Play Spell can be activated from the hand in its controller's own turn",
            [("mst", MST, 0, "hand"), ("their-trap", REINFORCEMENTS, 1, "szone")],
            [step("activate", "mst", target=["their-trap"], expect={"offered": True})],
            Expect(cards={"mst": {"location": "grave"}, "their-trap": {"location": "grave", "player": 1}}), turn_player=0)
        their_turn = Duel(
            "a Quick-Play Spell cannot be activated from the hand in the opponent's turn",
            [("their-trap", REINFORCEMENTS, 1, "szone"), ("their-monster", GUARDIAN, 1, "mzone"), ("mst", MST, 0, "hand")],
            [step("activate", "their-trap", target=["their-monster"]),
             step("chain", "mst", target=["their-trap"], expect={"offered": False})],
            Expect(cards={"mst": {"location": "hand"}, "their-trap": {"location": "grave"}}, chain=["their-trap"]),
            turn_player=1)
        first, second = (own_turn, their_turn) if match.params.get("own_turn_allowed", True) else (their_turn, own_turn)
        return with_control(match, catalog, first, second, topic=self.topic, note="the other player's turn")
