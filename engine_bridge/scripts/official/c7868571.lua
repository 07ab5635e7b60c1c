-- Metalfoes Silverd (Normal Pendulum Monster, Pendulum Scale 1)
-- Pendulum Effect: "Once per turn: You can target 1 other face-up card you control; destroy it, and if
-- you do, Set 1 "Metalfoes" Spell/Trap directly from your Deck."
local s,id=GetID()
local METALFOES=0xe1 -- the "Metalfoes" archetype's set code
function s.initial_effect(c)
	aux.EnablePendulum(c)
	local e1=Effect.CreateEffect(c)
	e1:SetCategory(CATEGORY_DESTROY)
	e1:SetType(EFFECT_TYPE_IGNITION)
	e1:SetProperty(EFFECT_FLAG_CARD_TARGET)
	e1:SetRange(LOCATION_PZONE)
	e1:SetCountLimit(1)
	e1:SetTarget(s.target)
	e1:SetOperation(s.operation)
	c:RegisterEffect(e1)
end
function s.other_faceup(tc,c)
	return tc:IsFaceup() and tc~=c
end
function s.settable(tc)
	return tc:IsSetCard(METALFOES) and tc:IsType(TYPE_SPELL+TYPE_TRAP) and tc:IsSSetable()
end
function s.target(e,tp,eg,ep,ev,re,r,rp,chk,chkc)
	local c=e:GetHandler()
	if chkc then return chkc:IsOnField() and chkc:IsControler(tp) and s.other_faceup(chkc,c) end
	if chk==0 then
		return Duel.IsExistingTarget(s.other_faceup,tp,LOCATION_ONFIELD,0,1,c,c)
			and Duel.IsExistingMatchingCard(s.settable,tp,LOCATION_DECK,0,1,nil)
	end
	local g=Duel.SelectTarget(tp,s.other_faceup,tp,LOCATION_ONFIELD,0,1,1,c,c)
	Duel.SetOperationInfo(0,CATEGORY_DESTROY,g,1,0,0)
end
function s.operation(e,tp,eg,ep,ev,re,r,rp)
	local tc=Duel.GetFirstTarget()
	if not tc or not tc:IsRelateToEffect(e) or Duel.Destroy(tc,REASON_EFFECT)==0 then return end
	local g=Duel.SelectMatchingCard(tp,s.settable,tp,LOCATION_DECK,0,1,1,nil)
	if #g>0 then Duel.SSet(tp,g:GetFirst()) end
end
