"""Passcodes of the script-pack cards the templates build with, by the rule each one exemplifies.
Each must have a script in engine_bridge/scripts/official (or be a vanilla Normal Monster);
PackCatalog refuses nothing silently: a template checks `catalog.has` before using one."""

MST = 5318639  # Mystical Space Typhoon: Quick-Play Spell (Spell Speed 2), targets a Spell/Trap, destroys it
DARK_HOLE = 53129443  # Dark Hole: Normal Spell (Spell Speed 1), destroys every monster, no target
REINFORCEMENTS = 17814387  # Reinforcements: Normal Trap, targets a face-up monster
APOPHIS = 28649820  # Embodiment of Apophis: Continuous Trap that Special Summons itself (Trap Monster)
SEVEN_TOOLS = 3819470  # Seven Tools of the Bandit: Counter Trap (Spell Speed 3)
COIN_DRAGON = 9000988  # Performapal Coin Dragon: other Dragons cannot be destroyed by card effects
SILVERD = 7868571  # Metalfoes Silverd: Normal Pendulum Monster, scale 1
GUARDIAN = 91152256  # Celtic Guardian: vanilla Level 4 Warrior (a monster that is neither Spell nor Trap)
BLUE_EYES = 89631139  # Blue-Eyes White Dragon: vanilla Level 8 Dragon
IMPERIAL_CUSTOM = 9995766  # Imperial Custom: Continuous Trap, face-up Continuous Traps cannot be destroyed
BOOK_OF_MOON = 14087893  # Book of Moon: Quick-Play Spell, turns a face-up monster face-down
BOTTOMLESS = 29401950  # Bottomless Trap Hole: Normal Trap, destroys and banishes a Summoned monster (ATK >= 1500)
