"""Engine constants, rule flags and card data against their sources (the reference table,
ocgcore-wasm's own OcgDuelMode, the shared card database, a cards.cdb)."""

from __future__ import annotations

import json
import subprocess

import pytest

from engine_bridge.carddata import card_data_from_cdb, card_data_from_jsonl
from engine_bridge.constants import CONSTANT_LUA, load_constants, render_constant_lua, rule_flags
from engine_bridge.runner import JS_DIR
from tests.engine.conftest import write_cdb


def test_constant_lua_is_generated_from_the_reference_table():
    assert CONSTANT_LUA.read_text(encoding="utf-8") == render_constant_lua(), \
        "engine_bridge/scripts/constant.lua is stale: run python -m engine_bridge.constants"


def test_octal_link_markers_are_read_as_c_reads_them(shared_dir):
    rows = dict(line.split("\t")[1:3] for line in (shared_dir / "reference" / "ocgcore-constants.tsv")
                .read_text(encoding="utf-8").splitlines()[1:])
    assert rows["LINK_MARKER_RIGHT"].strip() == "0040"
    assert load_constants()["LINK_MARKER_RIGHT"] == 0o40


def test_rule_flags_match_ocgcore_wasm_duel_modes(node):
    script = ("import {OcgDuelMode} from 'ocgcore-wasm';"
              "console.log(JSON.stringify({MR3: String(OcgDuelMode.MODE_MR3), MR4: String(OcgDuelMode.MODE_MR4),"
              " MR5: String(OcgDuelMode.MODE_MR5)}))")
    out = subprocess.run([node, "--input-type=module", "-e", script], cwd=JS_DIR, capture_output=True,
                         text=True, check=True).stdout
    modes = json.loads(out)
    for rule in ("MR3", "MR4", "MR5"):
        assert rule_flags(rule) == int(modes[rule]), rule
    k = load_constants()
    # the April 2020 change: trap monsters stop using a Spell & Trap Zone
    assert rule_flags("MR5") & k["DUEL_TRAP_MONSTERS_NOT_USE_ZONE"]
    assert not rule_flags("MR4") & k["DUEL_TRAP_MONSTERS_NOT_USE_ZONE"]


def test_card_data_from_the_shared_database(catalog):
    k = load_constants()
    data = card_data_from_jsonl([5318639, 28649820, 9000988, 89631139, 123])
    assert 123 not in data
    assert data[5318639]["type"] == k["TYPE_SPELL"] | k["TYPE_QUICKPLAY"]
    assert data[28649820]["type"] == k["TYPE_TRAP"] | k["TYPE_CONTINUOUS"]
    coin = data[9000988]
    assert coin["type"] == k["TYPE_MONSTER"] | k["TYPE_EFFECT"] | k["TYPE_PENDULUM"]
    assert int(coin["race"]) == k["RACE_DRAGON"] and coin["attribute"] == k["ATTRIBUTE_WATER"]
    assert (coin["level"], coin["attack"], coin["defense"], coin["lscale"], coin["rscale"]) == (4, 1700, 1000, 5, 5)
    assert data[89631139]["type"] == k["TYPE_MONSTER"] | k["TYPE_NORMAL"]


def test_card_data_from_a_cdb_keeps_the_raw_bits(tmp_path):
    # a Pendulum monster: scales packed in the level column; a Link monster: arrows in def
    path = write_cdb(tmp_path / "cards.cdb",
                     [(111, 1, 0, 0x00020045, 0x1000021, 1800, 1000, 0x04040004, 0x2000, 0x10, 0),
                      (222, 1, 0, 0, 0x4000021, 2300, 0x0A0, 2, 0x1000000, 0x20, 0)],
                     [(111, "Pendulum", ""), (222, "Link", "")])
    data = card_data_from_cdb(path)
    assert (data[111]["level"], data[111]["lscale"], data[111]["rscale"]) == (4, 4, 4)
    assert data[111]["setcodes"] == [0x45, 0x2]
    assert (data[222]["level"], data[222]["link_marker"], data[222]["defense"]) == (2, 0x0A0, 0)


def test_a_file_that_is_not_a_cdb_is_refused(tmp_path):
    from rulings.errors import InputError

    path = tmp_path / "cards.cdb"
    path.write_text("not sqlite", encoding="utf-8")
    with pytest.raises(InputError, match="not a SQLite database"):
        card_data_from_cdb(path)


def test_cards_a_cdb_lacks_get_the_set_codes_of_their_series(tmp_path, catalog):
    # the shared database has no set codes; its series names give them where the scripts in use define the
    # archetype constants (EDOPro's archetype_setcode_constants.lua) and the cdb in use does not disagree
    from engine_bridge.carddata import with_series_setcodes

    scripts = tmp_path / "script"
    (scripts / "official").mkdir(parents=True)
    (scripts / "archetype_setcode_constants.lua").write_text(
        "SET_SIX_SAMURAI = 0x3d\nSET_SECRET_SIX_SAMURAI = 0x103d\n", encoding="utf-8")
    hatsume, kizaru, kagemusha = 44686185, 6579928, 1498130  # Secret Six Samurai - Hatsume / - Kizaru; Kagemusha
    fresh = lambda: card_data_from_jsonl([hatsume])  # noqa: E731
    assert fresh()[hatsume]["setcodes"] == []
    assert with_series_setcodes(fresh(), [])[hatsume]["setcodes"] == []  # the project's pack: no constants
    data = with_series_setcodes(fresh(), [scripts / "official"])
    assert data[hatsume]["setcodes"] == [0x3D, 0x103D]
    # a cdb whose cards of a series are not of its archetype (Kizaru only a 「六武衆」 there): that series gives nothing
    agrees = write_cdb(tmp_path / "agrees.cdb", [(kizaru, 1, 0, 0x103D, 0x21, 0, 0, 4, 1, 1, 0),
                                                 (kagemusha, 1, 0, 0x3D, 0x21, 0, 0, 4, 1, 1, 0)], [])
    assert with_series_setcodes(fresh(), [scripts], agrees)[hatsume]["setcodes"] == [0x3D, 0x103D]
    disagrees = write_cdb(tmp_path / "disagrees.cdb", [(kizaru, 1, 0, 0x3D, 0x21, 0, 0, 4, 1, 1, 0),
                                                       (kagemusha, 1, 0, 0x3D, 0x21, 0, 0, 4, 1, 1, 0)], [])
    assert with_series_setcodes(fresh(), [scripts], disagrees)[hatsume]["setcodes"] == [0x3D]
    # a series gives the archetypes the database lists, not every one a card is of: never complete
    from engine_bridge.carddata import setcodes_complete
    assert not setcodes_complete(data[hatsume]) and not setcodes_complete(fresh()[hatsume])
    assert setcodes_complete(card_data_from_cdb(agrees, {kizaru})[kizaru])
