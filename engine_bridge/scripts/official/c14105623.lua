-- Odd-Eyes Arc Pendulum Dragon (Normal Pendulum Monster, Pendulum Scale 8)
-- Pendulum Effect: "If a face-up "Odd-Eyes" card(s) you control is destroyed by battle or card effect:
-- You can Special Summon 1 "Odd-Eyes" monster from your hand, Deck, or GY. You can only use this
-- effect of "Odd-Eyes Arc Pendulum Dragon" once per turn."
local s,id=GetID()
local ODD_EYES=0x99 -- the "Odd-Eyes" archetype's set code
function s.initial_effect(c)
	aux.EnablePendulum(c)
	local e1=Effect.CreateEffect(c)
	e1:SetCategory(CATEGORY_SPECIAL_SUMMON)
	e1:SetType(EFFECT_TYPE_FIELD+EFFECT_TYPE_TRIGGER_O)
	e1:SetCode(EVENT_DESTROYED)
	e1:SetProperty(EFFECT_FLAG_DELAY)
	e1:SetRange(LOCATION_PZONE)
	e1:SetCountLimit(1,id)
	e1:SetCondition(s.condition)
	e1:SetTarget(s.target)
	e1:SetOperation(s.operation)
	c:RegisterEffect(e1)
end
-- a face-up "Odd-Eyes" card this player controlled, destroyed by battle or by a card effect
function s.was_odd_eyes(tc,tp)
	return tc:IsPreviousControler(tp) and tc:IsPreviousLocation(LOCATION_ONFIELD) and tc:IsPreviousPosition(POS_FACEUP)
		and tc:IsPreviousSetCard(ODD_EYES) and tc:IsReason(REASON_BATTLE+REASON_EFFECT)
end
function s.condition(e,tp,eg,ep,ev,re,r,rp)
	return eg:IsExists(s.was_odd_eyes,1,nil,tp)
end
function s.summonable(tc,e,tp)
	return tc:IsSetCard(ODD_EYES) and tc:IsType(TYPE_MONSTER) and tc:IsCanBeSpecialSummoned(e,0,tp,false,false)
end
function s.target(e,tp,eg,ep,ev,re,r,rp,chk)
	if chk==0 then
		return Duel.GetLocationCount(tp,LOCATION_MZONE)>0
			and Duel.IsExistingMatchingCard(s.summonable,tp,LOCATION_HAND+LOCATION_DECK+LOCATION_GRAVE,0,1,nil,e,tp)
	end
	Duel.SetOperationInfo(0,CATEGORY_SPECIAL_SUMMON,nil,1,tp,LOCATION_HAND+LOCATION_DECK+LOCATION_GRAVE)
end
function s.operation(e,tp,eg,ep,ev,re,r,rp)
	if Duel.GetLocationCount(tp,LOCATION_MZONE)<=0 then return end
	local g=Duel.SelectMatchingCard(tp,s.summonable,tp,LOCATION_HAND+LOCATION_DECK+LOCATION_GRAVE,0,1,1,nil,e,tp)
	if #g>0 then Duel.SpecialSummon(g,0,tp,tp,false,false,POS_FACEUP) end
end
