"""Trap Monsters are both a monster and a Trap while they are monsters: an effect that affects
monsters (「黑洞」) and one that affects Traps (「旋風」) both apply. General rule, demonstrated with
「アポピスの化神」 (a Continuous Trap that Special Summons itself); each of the two sides is a scenario
with its control (the Trap Monster still Set is not a monster; a plain monster is not a Trap)."""

from __future__ import annotations

from engine_bridge.scenario import Scenario
from engine_bridge.templates import lexicon as lx
from engine_bridge.templates.base import Clause, Match, Miss, PackCatalog, StoredRuling, StandIn, Template
from engine_bridge.templates.cards import APOPHIS, BOOK_OF_MOON, DARK_HOLE, MST
from engine_bridge.templates.setups import book_of_moon_on_trap_monster, dark_hole_on_trap_monster, mst_on_trap_monster


class TrapMonsterBothKinds(Template):
    name = "trap-monster"
    topic = "trap-monster"
    general_rule = True

    def match(self, ruling: StoredRuling, clause: Clause, catalog: PackCatalog) -> Match | Miss:
        about_trap_monsters = "trap_monsters" in ruling.topics or bool(lx.TRAP_MONSTER.search(ruling.normalized))
        if about_trap_monsters and lx.TURNED_FACE_DOWN.search(clause.text) and lx.BACK_TO_SPELL_TRAP_ZONE.search(clause.text):
            # 「變成里側表示的場合，陷阱怪獸返回那個…魔法·陷阱區域格子並變成蓋放狀態」: a specific
            # consequence, shown with 「月の書」 on 「アポピスの化神」; cards the clause names must be playable
            refused = self.refuse_unplayable(clause, catalog)
            if refused:
                return refused
            named = {m.passcode for m in clause.named_cards}
            stand_ins = [StandIn("a Trap Monster (a Continuous Trap that becomes a monster)", APOPHIS, catalog.name(APOPHIS))]
            if BOOK_OF_MOON not in named:
                stand_ins.append(StandIn("a card effect that turns a monster face-down", BOOK_OF_MOON, catalog.name(BOOK_OF_MOON)))
            return Match(self.name, ruling, clause, variant="face-down-returns", stand_ins=stand_ins)
        if not lx.BOTH_MONSTER_AND_TRAP.search(clause.text):
            return self.miss("not about a Trap Monster being both a monster and a Trap",
                             recognized=about_trap_monsters and bool(lx.TRAP_MONSTER.search(clause.text)))
        if not about_trap_monsters:
            return self.miss("'both a monster and a Trap' but not about Trap Monsters", recognized=True)
        stand_ins = [StandIn("a Trap Monster (a Continuous Trap that becomes a monster)", APOPHIS, catalog.name(APOPHIS))]
        named = {m.passcode for m in clause.named_cards} | set(catalog.named_in(clause.text))
        if DARK_HOLE not in named:
            stand_ins.append(StandIn("an effect that affects monsters", DARK_HOLE, catalog.name(DARK_HOLE)))
        if MST not in named:
            stand_ins.append(StandIn("an effect that affects Traps", MST, catalog.name(MST)))
        stand_ins += self.example_stand_ins(clause, catalog, APOPHIS, "named in the ruling")
        return Match(self.name, ruling, clause, variant="", stand_ins=stand_ins)

    def build(self, match: Match, catalog: PackCatalog) -> list[Scenario]:
        if match.variant == "face-down-returns":
            return book_of_moon_on_trap_monster(
                match, catalog, topic=self.topic,
                title="a Trap Monster turned face-down goes back to the Spell & Trap Zone, Set, and cannot be activated this turn")
        monster_side = Match(match.template, match.ruling, match.clause, "monster-side", match.params, match.stand_ins)
        trap_side = Match(match.template, match.ruling, match.clause, "trap-side", match.params, match.stand_ins)
        return [
            *dark_hole_on_trap_monster(monster_side, catalog, destroyed=True, topic=self.topic,
                                       title="a Trap Monster is a monster: 「黑洞」 destroys it"),
            *mst_on_trap_monster(trap_side, catalog, can=True, destroys=True, topic=self.topic,
                                 title="a Trap Monster is still a Trap: 「旋風」 can target and destroy it"),
        ]
