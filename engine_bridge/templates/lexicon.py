"""The words templates look for, per language, on normalized ruling text (Chinese is Simplified
after normalization, Japanese is width-folded). One pattern per idea so every template reads the
same way; case-insensitive for French."""

from __future__ import annotations

import re


def _p(*alternatives: str) -> re.Pattern:
    return re.compile("|".join(alternatives), re.IGNORECASE)


TRAP_MONSTER = _p(r"陷阱怪兽", r"罠モンスター", r"モンスターカード扱い.{0,12}罠", r"monstres? pièges?", r"plein-pièges?",
                  r"trap monsters?")
PENDULUM_ZONE = _p(r"灵摆区域", r"ペンデュラムゾーン", r"Pゾーン", r"zone pendule", r"pendulum zone")
PENDULUM_SCALE = _p(r"灵摆刻度", r"ペンデュラムスケール", r"Pスケール", r"échelles? pendule", r"pendulum scales?")
NORMAL_TRAP = _p(r"通常陷阱", r"普通陷阱", r"通常罠", r"pièges? norma(?:l|ux)", r"normal traps?")
QUICK_PLAY = _p(r"速攻魔法", r"magies? jeu-rapide", r"quick-play spells?")
TARGET = _p(r"为对象", r"を対象", r"対象として", r"cibl", r"\btarget")
DESTROY = _p(r"破坏", r"破壊", r"détrui", r"destroy")
ACTIVATE = _p(r"发动", r"発動", r"activ")
SET_TURN = _p(r"盖放的同一回合", r"盖放的回合", r"セットしたターン", r"伏せた.{0,12}(?:その|同じ)ターン", r"下回合开始才可以发动",
              r"(?:le|du) tour où (?:elle|il) (?:a été|est) posée?", r"the turn (?:it|they) (?:was|were) set")
FROM_HAND = _p(r"手牌", r"手卡", r"手札", r"de la main", r"from (?:the|your) hand")
OWN_TURN = _p(r"己方", r"自己的回合", r"自分のターン", r"votre (?:propre )?tour", r"your (?:own )?turn")
SPELL_SPEED = _p(r"咒文速度\s*([123])", r"(?<![\d~・])([123])速(?!度)", r"スペルスピード\s*([123])",
                 r"vitesse de sort\s*([123])", r"spell speed\s*([123])")
RESPOND_NO = _p(r"不能反击", r"不能(?:主动)?连锁", r"チェーンできない", r"チェーン.{0,6}不可", r"ne peu[tv](?:ent)? pas (?:être )?chaîn",
                r"cannot (?:respond|chain)")
RESPOND_YES = _p(r"可以反击", r"可以连锁", r"チェーン.{0,14}可能", r"peu[tv](?:ent)? (?:être )?chaîn", r"can (?:respond|chain)")
BOTH_MONSTER_AND_TRAP = _p(r"同时作为怪兽卡和陷阱卡", r"怪兽卡和陷阱卡", r"モンスターカードとしても罠カードとしても", r"罠カードとしても扱",
                           r"les deux un (?:piège et un monstre|monstre et un piège)", r"both a (?:monster and a trap|trap and a monster)")
PENDULUM_SCALES_PAIR = _p(r"(?:刻度|スケール|échelles?|scales?)\D{0,6}(\d{1,2})\s*(?:和|と|et|and|、|/)\s*(\d{1,2})")
LEVEL_RANGE = _p(r"(?:星级|レベル|niveaux?|levels?)\s*(\d{1,2})\s*(?:到|～|~|から|à|to|-)\s*(\d{1,2})")
NO_LEVEL_BETWEEN = _p(r"不存在.{0,4}两个灵摆刻度之间的星级", r"刻度相同", r"无法进行灵摆召唤", r"ペンデュラム召喚(?:は|が)?できない",
                      r"ne peut pas (?:faire|effectuer) d'invocation pendule")
TURNED_FACE_DOWN = _p(r"变成里侧(?:表示|守备)", r"裏側(?:守備)?表示にな", r"裏側表示に(?:変更|する)", r"(?:mis|placé)e? face verso",
                      r"(?:changed|turned) (?:to )?face-down")
BACK_TO_SPELL_TRAP_ZONE = _p(r"返回.{0,12}魔法[·・&＆]?陷阱区域", r"魔法[&＆]罠ゾーンに戻", r"retourne.{0,20}zone (?:des )?magies?",
                             r"returns? to (?:its|the) spell ?(?:&|and|/) ?trap zone")
# "X's effect does not make it indestructible": the protection does not apply (a double negation
# that a plain negation test would read as "is not destroyed")
NOT_PROTECTED = _p(r"不会使其?不被破坏", r"不会变成不会被.{0,6}破坏", r"破壊されなくならない", r"破壊耐性を(?:得|持)たない",
                   r"ne (?:le |la |les )?(?:protège|rend) pas (?:in)?destructible", r"ne (?:le |la |les )?protège pas",
                   r"(?:does|do) not (?:protect|make (?:it|them) (?:unable to be destroyed|indestructible))")
