"""What-happens outcomes of the stats slice: a Continuous Trap's numbered Quick Effect played as an activation
before the question from the face-up card (its activation is another effect). Official Q&As of the shared corpus, on
the real EDOPro scripts when RULINGS_EDOPRO_SCRIPTS points at them."""

from __future__ import annotations

import pytest

from tests.engine.test_step_setups import _real_verdict, real


@pytest.mark.engine
@real
def test_real_scripts_a_token_summoned_though_the_target_left(shared_dir, engine_driver):
    # 「Recette de Personnel～賄いのレシピ～」の①の効果の処理時に、対象のモンスターがモンスターゾーンに表側表示で存在しなく
    # なった場合 -> 「ヌーベルズトークン」を特殊召喚する処理を行います: the face-up Continuous Trap's ① targets a Ritual
    # Monster its filter takes, a stand-in chained returns that monster to the hand, and the Token is still Special Summoned
    compiled, verdict, results = _real_verdict(shared_dir, 23955, {"Recette de Personnel～賄いのレシピ～": 40551410},
                                               engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    recette = next(c for c in scenario.setup.cards if c.ref == "c1")
    assert (recette.location, recette.position) == ("szone", "faceup")
    assert [s.action for s in scenario.steps] == ["activate", "chain"] and scenario.steps[0].target[0] == "c2"
    events = results[scenario.id].log["events"]
    left = next(i for i, e in enumerate(events) if e.get("event") == "move" and e.get("card") == "c2")
    solving = next(i for i, e in enumerate(events) if e.get("event") == "solving" and e.get("card") == "c1")
    assert left < solving
    assert any(e.get("event") == "move" and e.get("to") == "mzone" for e in events[solving:])


def test_a_pendulum_monster_destroyed_by_its_own_effect_is_that_effect_s_move():
    # (a Pendulum Monster destroyed from the field goes face-up to the Extra Deck: 「その後、このカードを破壊する」 did it)
    from engine_bridge.compiler.verdicts import _own_move_said

    destroyed = {"event": "move", "card": "c1", "from": "szone", "to": "extra"}
    assert _own_move_said(destroyed, "そのモンスターの攻撃力をターン終了時まで半分にする。その後、このカードを破壊する")
    assert not _own_move_said(destroyed, "そのモンスターの攻撃力をターン終了時まで半分にする")


@pytest.mark.engine
@real
def test_real_scripts_a_pendulum_effect_whose_target_was_turned_face_down(shared_dir, engine_driver):
    # 「黒牙の魔術師」のペンデュラム効果の処理時に、対象の相手モンスターが裏側守備表示になっている場合 -> nothing is done
    # (its ATK is not halved, 「黒牙の魔術師」 is not destroyed): activated from the Pendulum Zone, 「月の書」 chained turns the
    # target face-down; the baseline (no 「月の書」) destroys 「黒牙の魔術師」, which goes to the Extra Deck
    compiled, verdict, results = _real_verdict(shared_dir, 20420, {"黒牙の魔術師": 75672051}, engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    assert next(c for c in scenario.setup.cards if c.ref == "c1").location == "pzone"
    book = next(c for c in scenario.setup.cards if c.ref == "lv0")
    assert (book.code, book.player, book.location) == (14087893, 1, "szone")
    events = results[scenario.id].log["events"]
    assert {"event": "position", "card": "c2", "to": "facedown_defense"} in events
    assert not any(e.get("event") == "move" and e.get("card") == "c1" for e in events)
    baseline = results[f"{scenario.id}-baseline"].log["events"]
    assert any(e.get("event") == "move" and e.get("card") == "c1" and e.get("to") == "extra" for e in baseline)
