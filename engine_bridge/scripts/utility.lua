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

-- Pendulum Monsters (rulebook, "Pendulum Summon"): a Pendulum Monster in the hand can be activated as
-- a Spell Card in an empty Pendulum Zone during its controller's Main Phase. With a card in both
-- Pendulum Zones, once per turn, its controller can Special Summon at the same time any number of
-- monsters from the hand and face-up Pendulum Monsters from the Extra Deck whose Levels are strictly
-- between the two Pendulum Scales. Monsters from the Extra Deck need a zone a monster from the Extra
-- Deck may use (the Extra Monster Zone or a zone a Link Arrow points to, from Master Rule 4 on).
-- The procedure belongs to the left-zone card, so it is offered once.
local PENDULUM_FLAG = 0x10000000 -- a player flag id private to this helper

local function pendulum_scales(c, tp)
	if Duel.GetFieldCard(tp, LOCATION_PZONE, 0) ~= c then return nil end
	local other = Duel.GetFieldCard(tp, LOCATION_PZONE, 1)
	if not other or other == c then return nil end
	local low, high = c:GetLeftScale(), other:GetRightScale()
	if low > high then low, high = high, low end
	return low, high
end

-- free Main Monster Zones for monsters from the hand, zones a monster from the Extra Deck may use
local function pendulum_room(tp)
	return Duel.GetLocationCount(tp, LOCATION_MZONE), Duel.GetLocationCountFromEx(tp, tp, nil, TYPE_PENDULUM)
end

function Auxiliary.PendulumSummonable(mc, e, tp, low, high)
	local lv = mc:GetLevel()
	return lv > low and lv < high and mc:IsType(TYPE_MONSTER)
		and (mc:IsLocation(LOCATION_HAND) or (mc:IsLocation(LOCATION_EXTRA) and mc:IsFaceup() and mc:IsType(TYPE_PENDULUM)))
		and mc:IsCanBeSpecialSummoned(e, SUMMON_TYPE_PENDULUM, tp, false, false) and not mc:IsForbidden()
end

local function pendulum_candidates(e, tp, low, high, from_hand, from_extra)
	local where = (from_hand > 0 and LOCATION_HAND or 0) | (from_extra > 0 and LOCATION_EXTRA or 0)
	if where == 0 then return Group.CreateGroup() end
	return Duel.GetMatchingGroup(Auxiliary.PendulumSummonable, tp, where, 0, nil, e, tp, low, high)
end

function Auxiliary.EnablePendulum(c)
	-- the Pendulum Summon (a procedure of the card in the left Pendulum Zone)
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
		if not low then return false end
		local from_hand, from_extra = pendulum_room(tp)
		return #pendulum_candidates(e, tp, low, high, from_hand, from_extra) > 0
	end)
	e:SetOperation(function(e, tp, eg, ep, ev, re, r, rp, pc, sg)
		local low, high = pendulum_scales(pc, tp)
		local from_hand, from_extra = pendulum_room(tp)
		local total = Duel.GetUsableMZoneCount(tp)
		-- one card at a time, while a zone is left for its location; finishing is allowed once one is chosen
		while total > 0 do
			local choices = pendulum_candidates(e, tp, low, high, from_hand, from_extra):Filter(function(mc)
				return not sg:IsContains(mc)
			end, nil)
			if #choices == 0 then break end
			local mc = Group.SelectUnselect(choices, sg, tp, #sg > 0, #sg > 0, 1, 1)
			if not mc or sg:IsContains(mc) then break end
			sg:AddCard(mc)
			if mc:IsLocation(LOCATION_HAND) then from_hand = from_hand - 1 else from_extra = from_extra - 1 end
			total = total - 1
		end
		if #sg > 0 then Duel.RegisterFlagEffect(tp, PENDULUM_FLAG, RESET_PHASE + PHASE_END, 0, 1) end
	end)
	c:RegisterEffect(e)
	-- activation from the hand as a Spell Card, into a Pendulum Zone (the core places it there)
	local act = Effect.CreateEffect(c)
	act:SetType(EFFECT_TYPE_ACTIVATE)
	act:SetCode(EVENT_FREE_CHAIN)
	act:SetRange(LOCATION_HAND)
	c:RegisterEffect(act)
	return e
end

-- Cards that change ATK/DEF may be activated in the Damage Step, until damage is calculated.
function Auxiliary.BeforeDamageCalculation()
	return Duel.GetCurrentPhase() ~= PHASE_DAMAGE or not Duel.IsDamageCalculated()
end

-- EDOPro's puzzle start (puzzles/*.lua call it after Debug.ReloadFieldEnd): the puzzle is one turn
-- long, so the player skips the Draw and Standby Phases and loses when that turn ends.
function Auxiliary.BeginPuzzle()
	local lose = Effect.GlobalEffect()
	lose:SetType(EFFECT_TYPE_FIELD + EFFECT_TYPE_CONTINUOUS)
	lose:SetCode(EVENT_TURN_END)
	lose:SetCountLimit(1)
	lose:SetOperation(function() Duel.SetLP(0, 0) end)
	Duel.RegisterEffect(lose, 0)
	for _, skip in ipairs({EFFECT_SKIP_DP, EFFECT_SKIP_SP}) do
		local e = Effect.GlobalEffect()
		e:SetType(EFFECT_TYPE_FIELD)
		e:SetProperty(EFFECT_FLAG_PLAYER_TARGET)
		e:SetCode(skip)
		e:SetTargetRange(1, 0)
		Duel.RegisterEffect(e, 0)
	end
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
