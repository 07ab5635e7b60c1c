-- Metalfoes Silverd (Normal Pendulum Monster, Pendulum Scale 1)
-- No effect text: only the Pendulum rules (it can Pendulum Summon from a Pendulum Zone).
local s,id=GetID()
function s.initial_effect(c)
	aux.EnablePendulum(c)
end
