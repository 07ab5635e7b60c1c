-- Prepared Explosives (Normal Trap)
-- "①: Inflict 300 damage to your opponent for each card they control.
--  ②: If this card on the field is destroyed by your opponent's card and sent to the GY:
--  Inflict 1000 damage to your opponent."
local s,id=GetID()
function s.initial_effect(c)
	local e1=Effect.CreateEffect(c)
	e1:SetCategory(CATEGORY_DAMAGE)
	e1:SetType(EFFECT_TYPE_ACTIVATE)
	e1:SetCode(EVENT_FREE_CHAIN)
	e1:SetTarget(s.target)
	e1:SetOperation(s.activate)
	c:RegisterEffect(e1)
	-- ② is mandatory ("Inflict"), so a forced trigger; it also fires when the card is destroyed
	-- while its own activation is still on the chain (the Q&A's case)
	local e2=Effect.CreateEffect(c)
	e2:SetCategory(CATEGORY_DAMAGE)
	e2:SetType(EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_F)
	e2:SetCode(EVENT_TO_GRAVE)
	e2:SetCondition(s.burn_condition)
	e2:SetTarget(s.burn_target)
	e2:SetOperation(s.burn_operation)
	c:RegisterEffect(e2)
end
function s.target(e,tp,eg,ep,ev,re,r,rp,chk)
	if chk==0 then return Duel.GetFieldGroupCount(tp,0,LOCATION_ONFIELD)>0 end
	Duel.SetOperationInfo(0,CATEGORY_DAMAGE,nil,0,1-tp,Duel.GetFieldGroupCount(tp,0,LOCATION_ONFIELD)*300)
end
function s.activate(e,tp,eg,ep,ev,re,r,rp)
	-- counted when it resolves: the opponent's cards then, not at activation
	Duel.Damage(1-tp,Duel.GetFieldGroupCount(tp,0,LOCATION_ONFIELD)*300,REASON_EFFECT)
end
function s.burn_condition(e,tp,eg,ep,ev,re,r,rp)
	local c=e:GetHandler()
	return c:IsReason(REASON_DESTROY) and c:IsPreviousLocation(LOCATION_ONFIELD)
		and rp==1-tp and c:IsPreviousControler(tp)
end
function s.burn_target(e,tp,eg,ep,ev,re,r,rp,chk)
	if chk==0 then return true end
	Duel.SetOperationInfo(0,CATEGORY_DAMAGE,nil,0,1-tp,1000)
end
function s.burn_operation(e,tp,eg,ep,ev,re,r,rp)
	Duel.Damage(1-tp,1000,REASON_EFFECT)
end
