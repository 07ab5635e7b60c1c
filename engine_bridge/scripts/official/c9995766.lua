-- Imperial Custom (Continuous Trap)
-- "Face-up Continuous Traps cannot be destroyed by battle or card effect, except "Imperial Custom".
--  You can only control 1 "Imperial Custom"."
local s,id=GetID()
function s.initial_effect(c)
	c:SetUniqueOnField(1,0,id)
	aux.FreeChainActivation(c)
	-- the protection applies while this card is face-up in the Spell & Trap Zone
	local e2=Effect.CreateEffect(c)
	e2:SetType(EFFECT_TYPE_FIELD)
	e2:SetCode(EFFECT_INDESTRUCTABLE_EFFECT)
	e2:SetRange(LOCATION_SZONE)
	e2:SetTargetRange(LOCATION_ONFIELD,LOCATION_ONFIELD)
	e2:SetTarget(s.protected)
	e2:SetValue(1)
	c:RegisterEffect(e2)
	local e3=e2:Clone()
	e3:SetCode(EFFECT_INDESTRUCTABLE_BATTLE)
	c:RegisterEffect(e3)
end
-- a face-up Continuous Trap: a Trap Monster that is still a Trap and was a Continuous Trap Card counts
-- (seed 000: Trap Monsters of Continuous Traps are protected); one "NOT treated as a Trap" does not
function s.protected(e,tc)
	return tc:IsFaceup() and tc:IsType(TYPE_TRAP) and not tc:IsCode(id)
		and (tc:IsType(TYPE_CONTINUOUS) or tc:IsOriginalType(TYPE_CONTINUOUS))
end
