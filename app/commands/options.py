"""The options `rulings scenarios run` and `generate` share: a real EDOPro script folder and cards.cdb,
from the command line or the environment (RULINGS_EDOPRO_SCRIPTS / RULINGS_EDOPRO_CARDS)."""

import click

from engine_bridge.constants import CARDS_ENV, SCRIPTS_ENV

scripts_option = click.option(
    "--scripts", type=click.Path(file_okay=False), envvar=SCRIPTS_ENV, show_envvar=True,
    help="An EDOPro/YGOPro script folder (constant.lua, utility.lua and the proc_*.lua it loads at its top; "
         "card scripts in official/ and the other sub-folders) instead of the project's script pack.")
cards_option = click.option(
    "--cards", type=click.Path(dir_okay=False), envvar=CARDS_ENV, show_envvar=True,
    help="A cards.cdb for card data; cards it lacks come from the shared card database "
         "(default: the shared card database alone; Trap Monster stats are read from the card text).")
