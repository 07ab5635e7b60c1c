-- Embodiment of Apophis (Continuous Trap)
-- "During the Main Phase: Special Summon this card as a Normal Monster
--  (Reptile/EARTH/Level 4/ATK 1600/DEF 1800) (this card is also still a Trap)."
local s,id=GetID()
local RACE,ATTR,LEVEL,ATK,DEF=RACE_REPTILE,ATTRIBUTE_EARTH,4,1600,1800
function s.initial_effect(c)
	local e1=Effect.CreateEffect(c)
	e1:SetCategory(CATEGORY_SPECIAL_SUMMON)
	e1:SetType(EFFECT_TYPE_ACTIVATE)
	e1:SetCode(EVENT_FREE_CHAIN)
	e1:SetCondition(s.condition)
	e1:SetTarget(s.target)
	e1:SetOperation(s.activate)
	c:RegisterEffect(e1)
end
function s.condition(e,tp,eg,ep,ev,re,r,rp)
	return Duel.IsMainPhase()
end
function s.target(e,tp,eg,ep,ev,re,r,rp,chk)
	if chk==0 then
		return Duel.GetLocationCount(tp,LOCATION_MZONE)>0
			and Duel.IsPlayerCanSpecialSummonMonster(tp,id,0,TYPE_MONSTER+TYPE_NORMAL,ATK,DEF,LEVEL,RACE,ATTR)
	end
	Duel.SetOperationInfo(0,CATEGORY_SPECIAL_SUMMON,e:GetHandler(),1,0,0)
end
function s.activate(e,tp,eg,ep,ev,re,r,rp)
	local c=e:GetHandler()
	if not c:IsRelateToEffect(e) or Duel.GetLocationCount(tp,LOCATION_MZONE)<=0
		or not Duel.IsPlayerCanSpecialSummonMonster(tp,id,0,TYPE_MONSTER+TYPE_NORMAL,ATK,DEF,LEVEL,RACE,ATTR) then
		return
	end
	-- a monster that is also still a Trap
	c:AddMonsterAttribute(TYPE_NORMAL+TYPE_TRAP,ATTR,RACE,LEVEL,ATK,DEF)
	Duel.SpecialSummon(c,0,tp,tp,true,false,POS_FACEUP)
end
