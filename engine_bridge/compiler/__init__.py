"""Ruling frame -> engine scenarios: the general path from what a ruling says (rulings.records.Frame)
to a duel the engine plays, for any card that has a script.

    compiled = compile_frame(ruling, frame, cards)    # cards: CardSource (card data + scripts)
    compiled.scenarios                                # variants: a ruling scenario and its baseline each
    compiled.reason                                   # why nothing was compiled (specific)
    verdicts = settle(scenarios, results)             # ruling id -> FrameVerdict (pass | fail | inconclusive)

Set-up: the situation's cards where the frame puts them; where it does not, the card's type decides
(a monster face-up in the Monster Zone, a Trap Set, a Spell in the hand, a Field Spell in the Field
Zone, a Pendulum Effect in the Pendulum Zone). A questioned card whose place the ruling leaves open
is tried in each place its type allows, bare and with filler (vanilla monsters on both fields, in
both Graveyards and Decks, a Set Spell on each side), so both players have what the action needs.

Steps: the frame's events in order (activations), then the questioned action. The effect asked
about is chosen by the engine's own option list: EDOPro describes an activated effect with
aux.Stringid(code, n); the card's ①②… map to n = 0, 1 … when its script's option texts line up
with the card text's numbered effects (checked in the script), and the baseline run checks that
the engine offers that option.

Expectation and verdict: `offered` (yes/no) at the questioned step. Each variant has a baseline
(the same set-up and steps without the ruling's deciding condition: the situation cards and events).
A variant is conclusive only when its baseline offers the action; the ruling's verdict is that of
its first conclusive variant; inconclusive (with the reason) when no variant is, or when the set-up
or a step before the questioned one cannot be played as written.

Modules, each owning one idea (each imports only those above it):

    base      stand-in ids, CardSource, Compiled/FrameVerdict/NotCompiled, the scenario builder
    effects   card texts and scripts: numbered effects, engine options, what a script offers
    boards    set-up: placing cards, filler, board profiles, stand-ins, zones
    steps     events and steps before the questioned action, played activations
    verdicts  expectations, outcomes and verdicts beside baselines (settle, judged_beside_baseline, one_*)
    kinds     compilers of the question kinds beside `offered`
    tributes  a Tribute Summon with named Tributes before the question, and its summoned monster's trigger
    frame     compile_frame and the `offered` compiler
"""
from __future__ import annotations

from engine_bridge.compiler.base import (CardSource, CIRCLED, Compiled, EXTRA_KINDS, FILLER_MONSTER, FILLER_SET,
                                         FrameVerdict, NotCompiled, STAND_IN_SUMMON, SUMMON_HOW, TEMPLATE)
from engine_bridge.compiler.effects import (activated_effects, answers_own_activations, applies_on_its_own, effect_index,
                                            event_effect_index,
                                            exact_names, numbered_effect_text, open_state_effects, own_summon_effect,
                                            referenced_cards, summon_source, targeting_effect)
from engine_bridge.compiler.boards import (BARE_NEEDS, BATTLE_FOES, BOARD_PROFILES, board_profiles, CATEGORY_STANDINS,
                                           CHAIN_STANDINS, read_categories,
                                           described_filter_pairs, described_stand_ins, EFFECT_DESTROYER, EXTRA_FILLER,
                                           extra_filler, faceup_named, faceup_named_needed, filter_stand_ins,
                                           filtered_cards, script_filters,
                                           material_monsters, pick_described, profile_filler, RICH_FACEUP,
                                           RICH_FACEUP_OTHER, RICH_PENDULUM, RICH_SPELLCASTER, similar_cards,
                                           summoned_this_turn, VANILLA_STAND_INS, VARIETY_FILLER, variety_filler,
                                           with_described_cards, zone_baseline, zone_forbids, zone_setup, ZONE_SIZE)
from engine_bridge.compiler.steps import (_event_place, Played, played_activations, PLAYED_EVENTS, revive_steps,
                                          revive_triggered, STAND_IN_REVIVE, summon_triggered, trigger_steps)
from engine_bridge.compiler.verdicts import (_selectable, applied_seen, best_baseline, FATE_CONTRARY, FATE_LOCATION,
                                             judged_beside_baseline, one_applied, one_stats, one_triggered,
                                             resolution_result, settle, settle_result, steps_unplayed, target_prompt,
                                             triggered_seen)
from engine_bridge.compiler.kinds import CAUSED_NOTES, compile_applied, compile_stats, compile_triggered
from engine_bridge.compiler.frame import compile_frame

__all__ = [
    "activated_effects",
    "answers_own_activations",
    "applied_seen",
    "applies_on_its_own",
    "BARE_NEEDS",
    "BATTLE_FOES",
    "best_baseline",
    "BOARD_PROFILES",
    "board_profiles",
    "CardSource",
    "CATEGORY_STANDINS",
    "CAUSED_NOTES",
    "CHAIN_STANDINS",
    "CIRCLED",
    "compile_applied",
    "compile_frame",
    "compile_stats",
    "compile_triggered",
    "Compiled",
    "described_filter_pairs",
    "described_stand_ins",
    "EFFECT_DESTROYER",
    "effect_index",
    "event_effect_index",
    "_event_place",
    "exact_names",
    "EXTRA_FILLER",
    "extra_filler",
    "faceup_named",
    "faceup_named_needed",
    "filter_stand_ins",
    "filtered_cards",
    "EXTRA_KINDS",
    "FATE_CONTRARY",
    "FATE_LOCATION",
    "FILLER_MONSTER",
    "FILLER_SET",
    "FrameVerdict",
    "judged_beside_baseline",
    "material_monsters",
    "NotCompiled",
    "numbered_effect_text",
    "one_applied",
    "one_stats",
    "one_triggered",
    "open_state_effects",
    "own_summon_effect",
    "pick_described",
    "Played",
    "played_activations",
    "PLAYED_EVENTS",
    "profile_filler",
    "read_categories",
    "referenced_cards",
    "resolution_result",
    "revive_steps",
    "revive_triggered",
    "RICH_FACEUP",
    "RICH_FACEUP_OTHER",
    "RICH_PENDULUM",
    "RICH_SPELLCASTER",
    "_selectable",
    "script_filters",
    "settle",
    "settle_result",
    "similar_cards",
    "STAND_IN_REVIVE",
    "STAND_IN_SUMMON",
    "steps_unplayed",
    "SUMMON_HOW",
    "summon_source",
    "summon_triggered",
    "summoned_this_turn",
    "target_prompt",
    "targeting_effect",
    "TEMPLATE",
    "trigger_steps",
    "triggered_seen",
    "VANILLA_STAND_INS",
    "VARIETY_FILLER",
    "variety_filler",
    "with_described_cards",
    "zone_baseline",
    "zone_forbids",
    "zone_setup",
    "ZONE_SIZE",
]
