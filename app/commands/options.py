"""The options `rulings scenarios run` and `generate` share: a real EDOPro script folder and cards.cdb,
from the command line or the environment (RULINGS_EDOPRO_SCRIPTS / RULINGS_EDOPRO_CARDS); and the
parameter types of every command (Seconds)."""

import math

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


class Seconds(click.ParamType):
    """A duration in seconds: a finite number above zero and at most `maximum` (nan, inf, 0 and
    negative values are refused with a one-line usage error naming the option)."""

    name = "seconds"

    def __init__(self, maximum: float = 24 * 3600):
        self.maximum = maximum

    def convert(self, value, param, ctx):
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            number = float(value)
        else:
            try:
                number = float(str(value).strip())
            except ValueError:
                self.fail(f"{value!r} is not a number of seconds", param, ctx)
        if not math.isfinite(number) or number <= 0 or number > self.maximum:
            self.fail(f"{value!r} is not a duration: give seconds above 0 and at most {self.maximum:g}", param, ctx)
        return number
