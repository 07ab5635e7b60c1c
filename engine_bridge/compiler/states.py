"""Situation states of cards the set-up gives them (the frame's FrameCard.state and equipped_to), and where the
compiler can: an Xyz Monster that has Xyz Materials (the two every Xyz Monster placed in the Monster Zone gets,
puzzle.SUMMONED_LUA), an Equip Card equipped to a monster (SetupCard.equipped_to). A state the set-up cannot give
is a reason not to compile the ruling, never a scenario without it."""

from __future__ import annotations

from engine_bridge.compiler.base import CardSource, NotCompiled
from engine_bridge.constants import load_constants
from rulings.records import Frame, HAS_XYZ_MATERIALS


def check_states(frame: Frame, cards: CardSource) -> None:
    """Raise NotCompiled for a card state the compilers do not set up where the frame asks for it."""
    _check_xyz_materials(frame, cards)
    _check_equipped(frame, cards)


def _check_xyz_materials(frame: Frame, cards: CardSource) -> None:
    """A card the ruling says has Xyz Materials (HAS_XYZ_MATERIALS) is set up with them only as an Xyz Monster the
    situation puts face-up in the Monster Zone (puzzle.SUMMONED_LUA attaches two); elsewhere not compiled."""
    for c in frame.cards:
        if HAS_XYZ_MATERIALS not in c.state:
            continue
        xyz = c.passcode is not None and bool(cards.ensure([c.passcode]).data.get(c.passcode, {}).get("type", 0)
                                              & load_constants()["TYPE_XYZ"])
        if not (xyz and "present" in c.state and c.location in (None, "field", "mzone")
                and not (c.position or "").startswith("facedown")):
            raise NotCompiled(f"「{c.name}」 has Xyz Materials: set up only for a face-up Xyz Monster in the Monster Zone")


def _check_equipped(frame: Frame, cards: CardSource) -> None:
    """An Equip Card the ruling equips to a monster (FrameCard.equipped_to) is set up so (SetupCard.equipped_to) by the
    `offered` compiler, both cards situation cards (what the question is asked beside), the monster one it can place
    in the Monster Zone; elsewhere not compiled."""
    q = frame.question
    by_ref = {c.ref: c for c in frame.cards}
    for c in frame.cards:
        if not c.equipped_to:
            continue
        monster = by_ref[c.equipped_to]
        offered = q.kind in ("can_activate", "can_summon", "can_set") and not (
            frame.events or q.targets or frame.fates or frame.applied or frame.stats or frame.lp or frame.damaged
            or frame.summons or frame.to_hand)
        if not offered or q.card in (c.ref, monster.ref) or "present" not in c.state or \
                monster.passcode is None or cards.ensure([monster.passcode]).kind(monster.passcode) not in (
                    "monster", "extra", "pendulum") or \
                monster.location not in (None, "field", "mzone"):
            raise NotCompiled(f"「{c.name}」 equipped to 「{monster.name}」: set up only beside a question whether another "
                              f"card can be activated, summoned or Set, the monster placed in the Monster Zone")
