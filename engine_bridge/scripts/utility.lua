-- utility.lua: the helper functions the ygo-rulings script pack calls, written for this project.
-- Only what our card scripts in official/ use; a real EDOPro/YGOPro script folder brings its own.

Auxiliary = Auxiliary or {}
aux = Auxiliary

-- the string id of a card's n-th effect description (card strings are indexed code*16+n)
function Auxiliary.Stringid(code, n)
	return code * 16 + n
end

function Auxiliary.TRUE() return true end
function Auxiliary.FALSE() return false end

-- scripts open with `local s,id=GetID()`: the core sets self_table/self_code while loading one
function GetID()
	return self_table, self_code
end

-- iterate a Group with a for loop
function Auxiliary.Next(g)
	local first = true
	return function()
		if first then first = false return g:GetFirst() end
		return g:GetNext()
	end
end

-- Group helper: add every card of another group
function Auxiliary.MergeInto(sg, g)
	for tc in Auxiliary.Next(g) do sg:AddCard(tc) end
	return sg
end

-- A Spell/Trap's activation that needs no target and no condition (EVENT_FREE_CHAIN)
function Auxiliary.FreeChainActivation(c)
	local e = Effect.CreateEffect(c)
	e:SetType(EFFECT_TYPE_ACTIVATE)
	e:SetCode(EVENT_FREE_CHAIN)
	c:RegisterEffect(e)
	return e
end

-- Pendulum Monsters: the Pendulum Summon procedure from the Pendulum Zones.
-- Rules: with a card in both Pendulum Zones, once per turn, Special Summon any number of monsters
-- from the hand (and face-up Pendulum Monsters from the Extra Deck) whose Levels are strictly
-- between the two Pendulum Scales. Offered by the left-zone card only, so it is listed once.
local PENDULUM_FLAG = 0x10000000 -- a player flag id private to this helper

local function pendulum_scales(c, tp)
	local other = Duel.GetFieldCard(tp, LOCATION_PZONE, 1 - c:GetSequence() % 2)
	if not other then
		local seq = c:GetSequence()
		for s = 0, 1 do
			local pc = Duel.GetFieldCard(tp, LOCATION_PZONE, s)
			if pc and pc ~= c then other = pc end
		end
	end
	if not other or other == c then return nil end
	local a, b = c:GetLeftScale(), other:GetRightScale()
	if a > b then a, b = b, a end
	return a, b
end

function Auxiliary.PendulumSummonable(mc, e, tp, low, high)
	local lv = mc:GetLevel()
	return lv > low and lv < high and mc:IsType(TYPE_MONSTER)
		and (mc:IsLocation(LOCATION_HAND) or (mc:IsFaceup() and mc:IsType(TYPE_PENDULUM)))
		and mc:IsCanBeSpecialSummoned(e, SUMMON_TYPE_PENDULUM, tp, false, false)
end

function Auxiliary.EnablePendulum(c)
	local e = Effect.CreateEffect(c)
	e:SetType(EFFECT_TYPE_FIELD)
	e:SetCode(EFFECT_SPSUMMON_PROC_G)
	e:SetProperty(EFFECT_FLAG_UNCOPYABLE + EFFECT_FLAG_CANNOT_DISABLE)
	e:SetRange(LOCATION_PZONE)
	e:SetValue(SUMMON_TYPE_PENDULUM)
	e:SetCondition(function(e, pc)
		if pc == nil then return true end
		local tp = pc:GetControler()
		if Duel.GetFlagEffect(tp, PENDULUM_FLAG) > 0 then return false end
		local low, high = pendulum_scales(pc, tp)
		if not low or Duel.GetLocationCount(tp, LOCATION_MZONE) <= 0 then return false end
		if pc ~= Duel.GetFieldCard(tp, LOCATION_PZONE, 0) then return false end
		return Duel.IsExistingMatchingCard(Auxiliary.PendulumSummonable, tp, LOCATION_HAND, 0, 1, nil, e, tp, low, high)
	end)
	e:SetOperation(function(e, tp, eg, ep, ev, re, r, rp, pc, sg)
		local low, high = pendulum_scales(pc, tp)
		local ft = Duel.GetLocationCount(tp, LOCATION_MZONE)
		local g = Duel.SelectMatchingCard(tp, Auxiliary.PendulumSummonable, tp, LOCATION_HAND, 0, 1, ft, nil, e, tp, low, high)
		Auxiliary.MergeInto(sg, g)
		Duel.RegisterFlagEffect(tp, PENDULUM_FLAG, RESET_PHASE + PHASE_END, 0, 1)
	end)
	c:RegisterEffect(e)
	return e
end

-- "negate the activation, and if you do, destroy that card": the target and operation that
-- Counter Traps share (Seven Tools of the Bandit, Solemn Judgment's card branch).
function Auxiliary.NegateActivationTarget(e,tp,eg,ep,ev,re,r,rp,chk)
	if chk==0 then return true end
	Duel.SetOperationInfo(0,CATEGORY_NEGATE,eg,1,0,0)
	if re:GetHandler():IsDestructable() and re:GetHandler():IsRelateToEffect(re) then
		Duel.SetOperationInfo(0,CATEGORY_DESTROY,eg,1,0,0)
	end
end
function Auxiliary.NegateActivationDestroy(e,tp,eg,ep,ev,re,r,rp)
	if Duel.NegateActivation(ev) and re:GetHandler():IsRelateToEffect(re) then
		Duel.Destroy(eg,REASON_EFFECT)
	end
end
