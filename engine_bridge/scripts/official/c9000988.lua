-- Performapal Coin Dragon (Pendulum Effect Monster, Pendulum Scale 5)
-- Pendulum Effect: "Once per turn: You can target 1 Dragon-Type monster you control that was Special
-- Summoned from the Extra Deck; this turn, if that monster you control battles an opponent's monster,
-- banish that opponent's monster after damage calculation (even if this card leaves the field)."
-- Monster Effect: "Other Dragon-Type monsters you control gain 500 ATK, also they cannot be destroyed
-- by card effects."
local s,id=GetID()
function s.initial_effect(c)
	aux.EnablePendulum(c)
	local p1=Effect.CreateEffect(c)
	p1:SetType(EFFECT_TYPE_IGNITION)
	p1:SetProperty(EFFECT_FLAG_CARD_TARGET)
	p1:SetRange(LOCATION_PZONE)
	p1:SetCountLimit(1)
	p1:SetTarget(s.pend_target)
	p1:SetOperation(s.pend_operation)
	c:RegisterEffect(p1)
	local e1=Effect.CreateEffect(c)
	e1:SetType(EFFECT_TYPE_FIELD)
	e1:SetCode(EFFECT_UPDATE_ATTACK)
	e1:SetRange(LOCATION_MZONE)
	e1:SetTargetRange(LOCATION_MZONE,0)
	e1:SetTarget(s.target)
	e1:SetValue(500)
	c:RegisterEffect(e1)
	local e2=e1:Clone()
	e2:SetCode(EFFECT_INDESTRUCTABLE_EFFECT)
	e2:SetValue(1)
	c:RegisterEffect(e2)
end
function s.target(e,tc)
	return tc~=e:GetHandler() and tc:IsRace(RACE_DRAGON)
end
function s.from_extra_dragon(tc)
	return tc:IsFaceup() and tc:IsRace(RACE_DRAGON) and tc:IsSummonLocation(LOCATION_EXTRA)
end
function s.pend_target(e,tp,eg,ep,ev,re,r,rp,chk,chkc)
	if chkc then return chkc:IsLocation(LOCATION_MZONE) and chkc:IsControler(tp) and s.from_extra_dragon(chkc) end
	if chk==0 then return Duel.IsExistingTarget(s.from_extra_dragon,tp,LOCATION_MZONE,0,1,nil) end
	Duel.SelectTarget(tp,s.from_extra_dragon,tp,LOCATION_MZONE,0,1,1,nil)
end
function s.pend_operation(e,tp,eg,ep,ev,re,r,rp)
	local tc=Duel.GetFirstTarget()
	if not tc or not tc:IsRelateToEffect(e) then return end
	-- a duel effect, so it applies even if this card leaves the field; it follows that one monster
	local after=Effect.CreateEffect(e:GetHandler())
	after:SetType(EFFECT_TYPE_FIELD+EFFECT_TYPE_CONTINUOUS)
	after:SetCode(EVENT_BATTLED)
	after:SetLabel(tc:GetFieldID())
	after:SetLabelObject(tc)
	after:SetOperation(s.banish_after_battle)
	after:SetReset(RESET_PHASE+PHASE_END)
	Duel.RegisterEffect(after,tp)
end
function s.banish_after_battle(e,tp,eg,ep,ev,re,r,rp)
	local tc=e:GetLabelObject()
	if tc:GetFieldID()~=e:GetLabel() or not tc:IsControler(tp) or not tc:IsLocation(LOCATION_MZONE) then return end
	local attacker,defender=Duel.GetAttacker(),Duel.GetAttackTarget()
	local other=(attacker==tc and defender) or (defender==tc and attacker) or nil
	if other and other:IsControler(1-tp) and other:IsRelateToBattle() then
		Duel.Remove(other,POS_FACEUP,REASON_EFFECT)
	end
end
