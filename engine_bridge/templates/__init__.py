"""Scenario templates, one module per family. Order matters: a clause goes to the first family
that matches it (target legality before destruction: 「以陷阱怪兽为对象发动「旋风」把陷阱怪兽破坏」 is
first a targeting ruling)."""

from engine_bridge.templates.activation import ActivationLegality
from engine_bridge.templates.base import Match, Miss, PackCatalog, StoredRuling, Template, default_catalog
from engine_bridge.templates.destruction import Destruction
from engine_bridge.templates.pendulum import PendulumLevelRange
from engine_bridge.templates.spell_speed import SpellSpeed
from engine_bridge.templates.target import TargetLegality
from engine_bridge.templates.trap_monster import TrapMonsterBothKinds

TEMPLATES: tuple[Template, ...] = (TargetLegality(), Destruction(), ActivationLegality(), SpellSpeed(),
                                   TrapMonsterBothKinds(), PendulumLevelRange())

__all__ = ["TEMPLATES", "Match", "Miss", "PackCatalog", "StoredRuling", "Template", "default_catalog"]
