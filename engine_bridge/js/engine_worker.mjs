// engine_worker.mjs: runs scenarios on EDOPro's ocgcore (ocgcore-wasm, sync build) inside a worker
// thread, so that driver.mjs can terminate it when a script loops forever.
//
// One request (built by engine_bridge/request.py) = one duel: create it with the scenario's mode
// flags, load the base scripts and the scenario's puzzle Lua (Debug.AddCard ...), then answer the
// engine's prompts from the scenario steps and report what happened as JSON.

import { parentPort } from "node:worker_threads";
import fs from "node:fs";
import path from "node:path";
import createCore, {
  OcgLocation as L,
  OcgMessageType as M,
  OcgPosition as P,
  OcgProcessResult,
  OcgQueryFlags as Q,
  OcgResponseType as R,
  SelectBattleCMDAction as B,
  SelectIdleCMDAction as I,
  cardMatchesOpcode,
  ocgMessageTypeStrings,
} from "ocgcore-wasm";

const core = await createCore({ sync: true });

// ocgcore-wasm 0.1.2 writes OCG_CardData for the 32-bit wasm core with rscale at byte 48 and
// link_marker at byte 52, but in that struct they sit at 44 and 48 (lscale is at 40): unpatched,
// every card's right Pendulum Scale reads as 0 and its Link Arrows as its right scale. The card
// writer runs synchronously right after our cardReader returns, so while it runs we move those
// two writes to the right offsets.
let writingCardData = false;
const setUint32 = DataView.prototype.setUint32;
DataView.prototype.setUint32 = function (offset, value, littleEndian) {
  if (writingCardData) {
    if (offset === 48) return setUint32.call(this, 44, value, littleEndian);
    if (offset === 52) {
      writingCardData = false;
      return setUint32.call(this, 48, value, littleEndian);
    }
  }
  return setUint32.call(this, offset, value, littleEndian);
};

function readCard(cards, code) {
  writingCardData = true;
  return cardData(cards[String(code)]);
}

const PILES = new Set([L.DECK, L.HAND, L.GRAVE, L.REMOVED, L.EXTRA]);
const LOCATION_NAMES = { 1: "deck", 2: "hand", 4: "mzone", 8: "szone", 16: "grave", 32: "removed", 64: "extra", 128: "overlay" };
const POSITION_NAMES = { 1: "faceup_attack", 2: "facedown_attack", 4: "faceup_defense", 8: "facedown_defense", 5: "faceup", 10: "facedown" };
const POSITION_CODES = { faceup_attack: 1, facedown_attack: 2, faceup_defense: 4, facedown_defense: 8, faceup: 5, facedown: 10 };
const TYPE_PENDULUM = 0x1000000;
const DUEL_SEPARATE_PZONE = 0x1000n;

// ------------------------------------------------------------------ scripts and card data

const scriptCache = new Map();

function readScript(dirs, name) {
  for (const dir of dirs) {
    const file = path.join(dir, name);
    if (scriptCache.has(file)) {
      const cached = scriptCache.get(file);
      if (cached !== null) return cached;
      continue;
    }
    let text = null;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      text = null;
    }
    scriptCache.set(file, text);
    if (text !== null) return text;
  }
  return null;
}

// EDOPro's chain.lua reads a chain link's Link Rating and Pendulum Scale "when activated" with
// Duel.GetChainInfo(ch, CHAININFO_TRIGGERING_LINK / _LSCALE), flags (31-33) the core of ocgcore-wasm 0.1.2 does not
// know: it logs "Passed invalid CHAININFO flag" and the duel stops, whenever a chain property falls back to the
// triggering ones (get_all_triggering_properties: a card that left the field before its effect resolved). The
// card's current Scale and Link Rating stand in for them. Loaded after the base scripts; scripts without chain.lua
// (the project's pack) are left alone.
const CHAIN_INFO_COMPAT = `if Chain and Chain.GetTriggeringScale then
  local function handler(ch)
    local e = Duel.GetChainInfo(ch or 0, CHAININFO_TRIGGERING_EFFECT)
    return e and e:GetHandler()
  end
  Chain.GetTriggeringScale = function(ch) local c = handler(ch) return c and c:GetLeftScale() end
  Chain.GetTriggeringLink = function(ch) local c = handler(ch) return c and c:GetLink() end
end`;

function cardData(raw) {
  if (!raw) return null;
  return {
    code: raw.code,
    alias: raw.alias ?? 0,
    setcodes: raw.setcodes ?? [],
    type: raw.type ?? 0,
    level: raw.level ?? 0,
    attribute: raw.attribute ?? 0,
    race: BigInt(raw.race ?? 0),
    attack: raw.attack ?? 0,
    defense: raw.defense ?? 0,
    lscale: raw.lscale ?? 0,
    rscale: raw.rscale ?? 0,
    link_marker: raw.link_marker ?? 0,
  };
}

// ------------------------------------------------------------------ one scenario

class Stop extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind; // "finish" (steps done), "fail" (an expectation cannot hold), "error", "timeout"
  }
}

function bigintSafe(value) {
  return JSON.parse(JSON.stringify(value, (k, v) => (typeof v === "bigint" ? v.toString() : v)));
}

class ScenarioRun {
  constructor(req) {
    this.req = req;
    this.steps = req.steps ?? [];
    this.si = 0; // next step to use
    this.active = null; // the step whose sub-prompts (targets, zones, positions) are being answered
    this.laterAnswer = {}; // engine player -> the `answer` of that player's last taken step
    this.used = new Set(); // refs already chosen in the active step's card prompts
    this.usedLate = new Set(); // refs already chosen at resolution for the last taken step
    this.lastTaken = null;
    this.movedAway = new Set(); // refs of scenario cards that have left the zone they started in (the field, a pile): a step's `after`
    this.obs = []; // one observation per step index
    this.tracked = []; // {ref, code, controller, location, sequence, position}
    this.chains = [];
    this.resolved = [];
    this.events = [];
    this.errors = [];
    this.messages = [];
    this.missingScripts = [];
    this.turnPlayer = 0;
    this.turn = 0;
    this.phase = 0;
    this.winner = null;
    this.lastPrompt = null;
    this.chainSize = 0; // links of the chain being built or resolved (0: none)
    this.afterEvent = false; // a chain resolved or a monster was summoned since the phase began
    this.separatePzone = (BigInt(req.flags) & DUEL_SEPARATE_PZONE) !== 0n;
  }

  // ---- tracking where each scenario card is

  refAt(controller, location, sequence) {
    const card = this.tracked.find(
      (c) => c.controller === controller && c.location === location && c.sequence === sequence,
    );
    return card ? card.ref : null;
  }

  label(c) {
    const ref = this.refAt(c.controller, c.location, c.sequence);
    if (ref) return ref;
    return `#${c.code}@p${c.controller}:${LOCATION_NAMES[c.location] ?? c.location}:${c.sequence}`;
  }

  placeTracked() {
    const groups = new Map();
    for (const r of this.req.refs) {
      const key = `${r.player}:${r.location}`;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(r);
    }
    for (const [key, refs] of groups) {
      const [player, location] = key.split(":").map(Number);
      const cards = core.duelQueryLocation(this.duel, { flags: Q.CODE | Q.POSITION, controller: player, location });
      const taken = new Set();
      for (const r of refs) {
        let index = -1;
        if (r.sequence !== null && r.sequence !== undefined && cards[r.sequence]?.code === r.code && !taken.has(r.sequence)) {
          index = r.sequence;
        } else {
          index = cards.findIndex((c, i) => c && c.code === r.code && !taken.has(i));
        }
        if (index < 0) {
          throw new Stop("error", `card ${r.ref} (${r.code}) was not placed by the engine: its zone is full or not usable under this rule`);
        }
        taken.add(index);
        this.tracked.push({ ref: r.ref, code: r.code, controller: player, location, sequence: index, position: cards[index].position });
      }
    }
  }

  onMove(m) {
    // a card under an Xyz Monster (the core reports the monster's place and the card's overlay_sequence) is followed
    // as location OVERLAY: an Xyz Summon attaches the materials while the monster is still in the Extra Deck, and
    // they must not be taken for Extra Deck cards (nor the monster, moving next, for one of them)
    const under = (l) => (l.overlay_sequence === undefined ? l : { ...l, location: L.OVERLAY, sequence: l.sequence * 64 + l.overlay_sequence });
    const from = under(m.from), to = under(m.to);
    let card = null;
    if (from.location) {
      card = this.tracked.find(
        (c) => c.controller === from.controller && c.location === from.location && c.sequence === from.sequence,
      );
    }
    if (from.location && PILES.has(from.location)) {
      for (const c of this.tracked) {
        if (c !== card && c.controller === from.controller && c.location === from.location && c.sequence > from.sequence) c.sequence -= 1;
      }
    }
    if (to.location && PILES.has(to.location)) {
      for (const c of this.tracked) {
        if (c !== card && c.controller === to.controller && c.location === to.location && c.sequence >= to.sequence) c.sequence += 1;
      }
    }
    if (card) {
      if (to.location !== from.location) this.movedAway.add(card.ref); // (a draw, a card banished from the Deck …)
      Object.assign(card, { controller: to.controller, location: to.location, sequence: to.sequence, position: to.position });
    }
    this.events.push({ event: "move", card: card ? card.ref : `#${m.card}`, from: LOCATION_NAMES[from.location] ?? from.location, to: LOCATION_NAMES[to.location] ?? to.location });
  }

  // A draw takes the top cards of the player's Deck (the highest sequences) to the hand: tracked cards among them
  // move there (their code checked: a Deck shuffled since the set-up is not followed), and have left the Deck.
  onDraw(m) {
    const deck = this.tracked.filter((c) => c.controller === m.player && c.location === L.DECK).sort((a, b) => b.sequence - a.sequence);
    const inHand = this.tracked.filter((c) => c.controller === m.player && c.location === L.HAND).length;
    m.drawn.forEach((drawn, i) => {
      const card = deck[i];
      if (!card || card.code !== drawn.code) return;
      this.movedAway.add(card.ref);
      Object.assign(card, { location: L.HAND, sequence: inHand + i, position: drawn.position });
    });
  }

  onShuffleHand(m) {
    const inHand = this.tracked.filter((c) => c.controller === m.player && c.location === L.HAND);
    const taken = new Set();
    for (const c of inHand) {
      const index = m.cards.findIndex((code, i) => code === c.code && !taken.has(i));
      if (index >= 0) {
        taken.add(index);
        c.sequence = index;
      }
    }
  }

  onMessage(m) {
    switch (m.type) {
      case M.MOVE:
        this.onMove(m);
        break;
      case M.POS_CHANGE:
      case M.SET: {
        const card = this.tracked.find((c) => c.controller === m.controller && c.location === m.location && c.sequence === m.sequence);
        if (card) card.position = m.position;
        if (m.type === M.POS_CHANGE) this.events.push({ event: "position", card: card ? card.ref : `#${m.code}`, to: POSITION_NAMES[m.position] ?? m.position });
        break;
      }
      case M.SWAP: {
        const a = this.tracked.find((c) => c.controller === m.card1.controller && c.location === m.card1.location && c.sequence === m.card1.sequence);
        const b = this.tracked.find((c) => c.controller === m.card2.controller && c.location === m.card2.location && c.sequence === m.card2.sequence);
        if (a) Object.assign(a, { controller: m.card2.controller, location: m.card2.location, sequence: m.card2.sequence });
        if (b) Object.assign(b, { controller: m.card1.controller, location: m.card1.location, sequence: m.card1.sequence });
        break;
      }
      case M.SHUFFLE_HAND:
        this.onShuffleHand(m);
        break;
      case M.CHAIN_END:
        this.chainSize = 0;
        this.afterEvent = true;
        break;
      case M.SUMMONED:
      case M.SPSUMMONED:
      case M.FLIPSUMMONED:
        this.afterEvent = true;
        break;
      case M.NEW_PHASE:
        this.phase = m.phase;
        this.afterEvent = false;
        break;
      case M.CHAINING: {
        this.chainSize = m.chain_size;
        const ref = this.label(m);
        this.onForcedChaining(m, ref);
        if (m.chain_size === 1 || this.chains.length === 0) this.chains.push([]);
        this.chains[this.chains.length - 1].push(ref);
        this.events.push({ event: "chain", link: m.chain_size, card: ref });
        break;
      }
      case M.CHAIN_SOLVING: {
        const chain = this.chains[this.chains.length - 1] ?? [];
        this.resolved.push(chain[m.chain_size - 1] ?? `link${m.chain_size}`);
        // what happens until "solved" is that link's resolution (a frame's outcome: was its effect applied)
        this.events.push({ event: "solving", card: chain[m.chain_size - 1] ?? null, link: m.chain_size });
        break;
      }
      case M.CHAIN_SOLVED:
        this.events.push({ event: "solved", link: m.chain_size });
        break;
      case M.DRAW:
        this.onDraw(m);
        this.events.push({ event: "draw", player: m.player, count: m.drawn.length });
        break;
      case M.CHAIN_NEGATED:
      case M.CHAIN_DISABLED: {
        const chain = this.chains[this.chains.length - 1] ?? [];
        this.events.push({ event: m.type === M.CHAIN_NEGATED ? "negated" : "disabled", card: chain[m.chain_size - 1] ?? null, link: m.chain_size });
        break;
      }
      case M.NEW_TURN:
        this.turnPlayer = m.player;
        this.turn += 1;
        this.events.push({ event: "turn", player: m.player });
        break;
      case M.DAMAGE:
      case M.PAY_LPCOST:
      case M.RECOVER:
        this.events.push({ event: ocgMessageTypeStrings.get(m.type), player: m.player, amount: m.amount });
        break;
      case M.ATTACK:
        this.events.push({ event: "attack", card: this.label(m.card), target: m.target && m.target.location ? this.label(m.target) : null });
        break;
      case M.BATTLE:
        this.events.push({ event: "battle", card: this.label(m.card), target: m.target && m.target.location ? this.label(m.target) : null });
        break;
      case M.ATTACK_DISABLED:
        this.events.push({ event: "attack_disabled" });
        break;
      case M.DAMAGE_STEP_START:
      case M.DAMAGE_STEP_END:
        this.events.push({ event: m.type === M.DAMAGE_STEP_START ? "damage_step_start" : "damage_step_end" });
        break;
      case M.WIN:
        this.winner = m.player;
        this.events.push({ event: "win", player: m.player, reason: m.reason });
        break;
      case M.RETRY:
        throw new Stop("error", `the engine rejected the driver's answer to ${this.lastPrompt ?? "a prompt"} (step ${this.si})`);
      default:
        break;
    }
  }

  // ---- the steps

  // A chain step with `after` waits until those cards have left where they were (the event it responds to).
  waiting(step) {
    return !!step && step.action === "chain" && ((step.after ?? []).some((r) => !this.movedAway.has(r)) || this.notYet(step));
  }

  // A chain step with `window` (a battle window: attack_declaration, damage_step_start,
  // before_damage_calculation, damage_calculation, damage_step_end) waits for that window of the
  // Battle Phase: the event the engine's current chain window is for, asked of the engine itself.
  notYet(step) {
    return !!step.window && this.battleWindow() !== step.window;
  }

  battleWindow() {
    // Duel.CheckEvent(EVENT_X) is true in the chain window that event opened (scripts ask it the same way)
    if (this.phase < 0x08 || this.phase > 0x80) return "none";
    const before = this.messages.length;
    const lua = `local w="none"
if Duel.CheckEvent(EVENT_PRE_DAMAGE_CALCULATE) then w="damage_calculation"
elseif Duel.CheckEvent(EVENT_BATTLE_CONFIRM) then w="before_damage_calculation"
elseif Duel.CheckEvent(EVENT_BATTLE_START) then w="damage_step_start"
elseif Duel.CheckEvent(EVENT_DAMAGE_STEP_END) then w="damage_step_end"
elseif Duel.CheckEvent(EVENT_ATTACK_ANNOUNCE) then w="attack_declaration"
end
Debug.Message("battle-window:" .. w)`;
    core.loadScript(this.duel, "battle_window.lua", lua);
    const said = this.messages.slice(before).find((t) => t.startsWith("battle-window:"));
    this.messages.splice(before);
    return said ? said.slice("battle-window:".length) : "unknown";
  }

  step() {
    return this.si < this.steps.length ? this.steps[this.si] : null;
  }

  observe(index, data) {
    this.obs[index] = { ...(this.obs[index] ?? { index }), ...data };
  }

  // The step's card is (or is not) among the engine's options: record it and decide what to do.
  // Returns the option index to use, or -1 when the step was consumed without acting.
  choose(options, step, prompt) {
    const labels = options.map((c) => this.label(c));
    // a step naming one of the card's effects (EDOPro's aux.Stringid(code, n) = code << 20 | n) takes
    // only the option with that description
    const wanted = step.effect_description ? BigInt(step.effect_description) : null;
    const index = options.findIndex((c, i) => labels[i] === step.card && (wanted === null || BigInt(c.description ?? 0) === wanted));
    const expected = step.expect_offered;
    const descriptions = options.filter((c, i) => labels[i] === step.card).map((c) => String(c.description ?? 0));
    this.observe(this.si, { action: step.action, prompt, offered: index >= 0, options: labels, descriptions });
    if (index >= 0 && expected === false) {
      this.observe(this.si, { status: "unexpectedly_offered" });
      throw new Stop("fail", `step ${this.si} (${step.action} ${step.card}) was offered by the engine`);
    }
    if (index < 0) {
      this.observe(this.si, { status: "not_offered" });
      if (expected === false) {
        this.si += 1;
        return -1;
      }
      throw new Stop("fail", `step ${this.si} (${step.action} ${step.card}) was not offered by the engine (options: ${labels.join(", ") || "none"})`);
    }
    this.take(step);
    return index;
  }

  // A mandatory trigger the engine put on the chain by itself (a lone forced trigger asks no one): for
  // the pending step that activates that card, the engine's offer, taken (its targets and costs follow).
  onForcedChaining(m, ref) {
    if (this.chaining === ref) {
      this.chaining = null; // the link of the step just taken
      return;
    }
    const step = this.step();
    if (!step || (step.action !== "activate" && step.action !== "chain") || step.card !== ref || step.player !== m.controller || this.waiting(step)) return;
    const wanted = step.effect_description ? BigInt(step.effect_description) : null;
    if (wanted !== null && BigInt(m.description ?? 0) !== wanted) return;
    this.observe(this.si, { action: step.action, prompt: "forced", offered: true, options: [ref], descriptions: [String(m.description ?? 0)] });
    if (step.expect_offered === false) {
      this.observe(this.si, { status: "unexpectedly_offered" });
      throw new Stop("fail", `step ${this.si} (${step.action} ${step.card}) was activated by the engine (a forced effect)`);
    }
    this.take(step);
    this.chaining = null;
  }

  // The engine offered the step and it is taken: its own prompts (targets, costs) follow.
  take(step) {
    this.chaining = step.action === "activate" || step.action === "chain" ? step.card : null;
    this.observe(this.si, { status: "done" });
    this.active = step;
    this.activeIndex = this.si;
    this.lastTaken = step; // (frame scenarios) its effect's choices at resolution are noted and answered from it
    this.lastTakenIndex = this.si;
    this.usedLate = new Set();
    // a yes/no question put to this player later, once the step's own prompts are over (e.g. the
    // attacker's "continue the attack?" after a monster appears during the attack), takes this answer
    if (step.answer !== null && step.answer !== undefined) this.laterAnswer[step.player] = step.answer;
    this.used = new Set();
    this.si += 1;
  }

  // The next step that needs an answer in an open game state; "pass" steps are recorded and skipped.
  nextStep() {
    for (;;) {
      const step = this.step();
      if (!step) throw new Stop("finish", "steps done");
      if (step.action !== "pass") return step;
      this.observe(this.si, { action: "pass", status: "skipped" });
      this.si += 1;
    }
  }

  // Frame scenarios (request.choose_any) take any choice the engine offers where the steps name none:
  // their steps say what is played, not which card a cost or an effect picks.
  anyChoice() {
    return !!this.req.choose_any;
  }

  onSelectSum(m) {
    // the cards that must be chosen, then others until their levels reach the amount (either level of
    // a card with two); the engine says RETRY when no such set exists
    const chosen = [];
    let total = 0;
    const level = (c, i) => (i === 0 ? Number(c.amount) & 0xffff : Number(c.amount) >>> 16 || Number(c.amount) & 0xffff);
    for (const c of m.selects_must) total += level(c, 0);
    for (let i = 0; i < m.selects.length && total < m.amount; i++) {
      chosen.push(i);
      total += level(m.selects[i], 0);
    }
    return { type: R.SELECT_SUM, indicies: chosen };
  }

  missing(what) {
    throw new Stop("error", `the engine waits for an answer the steps do not give: ${what}`);
  }

  onIdle(m) {
    this.active = null;
    for (;;) {
      const step = this.nextStep();
      const stepIndex = this.si;
      if (step.player !== undefined && step.player !== null && step.player !== m.player && step.action !== "phase") {
        if (step.action === "chain" || step.action === "activate") {
          this.missing(`player ${m.player} must act in its open game state before step ${stepIndex} (${step.action} ${step.card} by player ${step.player})`);
        }
        this.missing(`step ${stepIndex} (${step.action} ${step.card}) is for player ${step.player}, but player ${m.player} is to act`);
      }
      switch (step.action) {
        case "activate": {
          const i = this.choose(m.activates, step, "idle");
          if (i < 0) continue;
          return { type: R.SELECT_IDLECMD, action: I.SELECT_ACTIVATE, index: i };
        }
        case "chain": {
          if (this.waiting(step)) throw new Stop("error", `step ${stepIndex} (chain ${step.card}) responds to ${step.window ? `the ${step.window} window of a battle` : `${step.after.join(", ")} leaving where they were`}, which did not happen`);
          this.observe(stepIndex, { action: "chain", prompt: "idle", offered: false, options: [], status: "not_offered" });
          if (step.expect_offered === false) {
            this.si += 1;
            continue;
          }
          throw new Stop("fail", `step ${stepIndex} (chain ${step.card}): no chain window opened for player ${step.player}`);
        }
        case "summon": {
          const i = this.choose(m.summons, step, "idle");
          if (i < 0) continue;
          return { type: R.SELECT_IDLECMD, action: I.SELECT_SUMMON, index: i };
        }
        case "special_summon": {
          const i = this.choose(m.special_summons, step, "idle");
          if (i < 0) continue;
          return { type: R.SELECT_IDLECMD, action: I.SELECT_SPECIAL_SUMMON, index: i };
        }
        case "set": {
          const spell = m.spell_sets.map((c) => this.label(c)).indexOf(step.card) >= 0;
          const i = this.choose(spell ? m.spell_sets : m.monster_sets.concat([]), step, "idle");
          if (i < 0) continue;
          return { type: R.SELECT_IDLECMD, action: spell ? I.SELECT_SPELL_SET : I.SELECT_MONSTER_SET, index: i };
        }
        case "phase": {
          const ok = step.phase === "battle" ? m.to_bp : step.phase === "end" ? m.to_ep : false;
          this.observe(stepIndex, { action: "phase", prompt: "idle", offered: ok, status: ok ? "done" : "not_offered" });
          this.si += 1;
          if (!ok) throw new Stop("fail", `step ${stepIndex} (phase ${step.phase}) is not possible from the current phase`);
          return { type: R.SELECT_IDLECMD, action: step.phase === "battle" ? I.TO_BP : I.TO_EP, index: null };
        }
        case "attack":
          this.missing(`step ${stepIndex} (attack ${step.card}) comes before the Battle Phase: add a 'phase: battle' step`);
          break;
        default:
          this.missing(`step ${stepIndex} (${step.action}) cannot be done in the Main Phase`);
      }
    }
  }

  onBattle(m) {
    this.active = null;
    for (;;) {
      const step = this.nextStep();
      const stepIndex = this.si;
      if (step.player !== undefined && step.player !== null && step.player !== m.player && step.action !== "phase") {
        this.missing(`player ${m.player} must act in the Battle Phase before step ${stepIndex} (${step.action} ${step.card} by player ${step.player})`);
      }
      switch (step.action) {
        case "activate": {
          const i = this.choose(m.chains, step, "battle");
          if (i < 0) continue;
          return { type: R.SELECT_BATTLECMD, action: B.SELECT_CHAIN, index: i };
        }
        case "attack": {
          const i = this.choose(m.attacks, step, "battle");
          if (i < 0) continue;
          return { type: R.SELECT_BATTLECMD, action: B.SELECT_BATTLE, index: i };
        }
        case "phase": {
          const ok = step.phase === "main2" ? m.to_m2 : step.phase === "end" ? m.to_ep : false;
          this.observe(stepIndex, { action: "phase", prompt: "battle", offered: ok, status: ok ? "done" : "not_offered" });
          this.si += 1;
          if (!ok) throw new Stop("fail", `step ${stepIndex} (phase ${step.phase}) is not possible from the Battle Phase`);
          return { type: R.SELECT_BATTLECMD, action: step.phase === "main2" ? B.TO_M2 : B.TO_EP, index: null };
        }
        case "chain": {
          if (this.waiting(step)) throw new Stop("error", `step ${stepIndex} (chain ${step.card}) responds to ${step.window ? `the ${step.window} window of a battle` : `${step.after.join(", ")} leaving where they were`}, which did not happen`);
          this.observe(stepIndex, { action: "chain", prompt: "battle", offered: false, options: [], status: "not_offered" });
          if (step.expect_offered === false) {
            this.si += 1;
            continue;
          }
          throw new Stop("fail", `step ${stepIndex} (chain ${step.card}): no chain window opened for player ${step.player}`);
        }
        default:
          this.missing(`step ${stepIndex} (${step.action} ${step.card}) cannot be done in the Battle Phase`);
      }
    }
  }

  onChain(m) {
    this.active = null;
    for (;;) {
      const step = this.step();
      const stepIndex = this.si;
      const mine = step && step.player === m.player;
      // the turn player's "activate" is taken in a chain window only when no chain is building after a
      // chain or a Summon (the window for triggers: an optional trigger offered in a list); else in its
      // open game state (not, e.g., in the window as Main Phase 1 starts)
      if (this.waiting(step)) {
        if (m.forced && (m.selects.length === 1 || this.anyChoice())) return { type: R.SELECT_CHAIN, index: 0 };
        return { type: R.SELECT_CHAIN, index: null };
      }
      const listed = step && m.selects.some((c) => this.label(c) === step.card);
      const respond =
        step && mine && (step.action === "chain" || (step.action === "activate" && (m.player !== this.turnPlayer || (this.chainSize === 0 && listed && this.afterEvent))));
      if (respond) {
        const i = this.choose(m.selects, step, "chain");
        if (i < 0) continue;
        return { type: R.SELECT_CHAIN, index: i };
      }
      if (step && step.action === "pass") {
        this.observe(stepIndex, { action: "pass", status: "done", prompt: "chain", options: m.selects.map((c) => this.label(c)) });
        this.si += 1;
        if (m.forced) this.missing(`step ${stepIndex} passes, but player ${m.player} must activate one of ${m.selects.map((c) => this.label(c)).join(", ")}`);
        return { type: R.SELECT_CHAIN, index: null };
      }
      // a chain window no step is about: pass it (a forced lone effect is taken)
      if (m.forced) {
        if (m.selects.length === 1 || this.anyChoice()) return { type: R.SELECT_CHAIN, index: 0 };
        this.missing(`player ${m.player} must activate one of ${m.selects.map((c) => this.label(c)).join(", ")}`);
      }
      return { type: R.SELECT_CHAIN, index: null };
    }
  }

  pool() {
    if (!this.active) {
      // a frame scenario's choice at resolution (no step's prompts open): the cards the last taken step selects
      if (!this.anyChoice() || !this.lastTaken) return [];
      return (this.lastTaken.select ?? []).filter((r) => !this.usedLate.has(r));
    }
    return [...(this.active.target ?? []), ...(this.active.select ?? [])].filter((r) => !this.used.has(r));
  }

  notePrompt(kind, candidates) {
    if (!this.active && this.anyChoice() && this.lastTaken) {
      // a choice at resolution (after the chain window): noted apart from the step's own prompts
      const o = this.obs[this.lastTakenIndex] ?? { index: this.lastTakenIndex };
      o.late_prompts = [...(o.late_prompts ?? []), { type: kind, candidates }];
      this.obs[this.lastTakenIndex] = o;
    }
    if (this.active) {
      const o = this.obs[this.activeIndex] ?? { index: this.activeIndex };
      o.prompts = [...(o.prompts ?? []), { type: kind, candidates }];
      this.obs[this.activeIndex] = o;
    }
  }

  onSelectCards(m, kind) {
    const candidates = m.selects.map((c) => this.label(c));
    this.notePrompt(kind, candidates);
    const pool = this.pool();
    const chosen = [];
    for (const ref of pool) {
      const i = candidates.indexOf(ref);
      if (i >= 0 && chosen.length < m.max && !chosen.includes(i)) {
        chosen.push(i);
        (this.active ? this.used : this.usedLate).add(ref);
      }
    }
    if (chosen.length >= Math.max(m.min, 1) || (chosen.length === 0 && m.min === 0 && pool.length === 0)) {
      return { type: kind === "tribute" ? R.SELECT_TRIBUTE : R.SELECT_CARD, indicies: chosen };
    }
    if (this.anyChoice()) {
      // a frame scenario: any card the engine offers will do where the step lists none of them
      for (let i = 0; i < candidates.length && chosen.length < Math.max(m.min, 1); i++) if (!chosen.includes(i)) chosen.push(i);
      if (chosen.length >= m.min) return { type: kind === "tribute" ? R.SELECT_TRIBUTE : R.SELECT_CARD, indicies: chosen };
    }
    if (pool.length === 0) {
      if (candidates.length === m.min) return { type: kind === "tribute" ? R.SELECT_TRIBUTE : R.SELECT_CARD, indicies: candidates.map((_, i) => i) };
      this.missing(`player ${m.player} must choose ${m.min}-${m.max} of ${candidates.join(", ")} (give 'target' or 'select' in the step)`);
    }
    const wanted = pool.filter((r) => !candidates.includes(r));
    if (this.active) this.observe(this.activeIndex, { status: "not_selectable", not_selectable: wanted });
    throw new Stop("fail", `step ${this.activeIndex}: ${wanted.join(", ")} could not be chosen (candidates: ${candidates.join(", ") || "none"})`);
  }

  onSelectUnselect(m) {
    const candidates = m.select_cards.map((c) => this.label(c));
    this.notePrompt("select_unselect", candidates);
    const pool = this.pool();
    for (const ref of pool) {
      const i = candidates.indexOf(ref);
      if (i >= 0) {
        (this.active ? this.used : this.usedLate).add(ref);
        return { type: R.SELECT_UNSELECT_CARD, index: i };
      }
    }
    if (m.can_finish) return { type: R.SELECT_UNSELECT_CARD, index: null };
    if (this.anyChoice() && candidates.length) return { type: R.SELECT_UNSELECT_CARD, index: 0 };
    if (pool.length === 0) this.missing(`player ${m.player} must choose among ${candidates.join(", ")}`);
    throw new Stop("fail", `step ${this.activeIndex}: ${pool.join(", ")} could not be chosen (candidates: ${candidates.join(", ")})`);
  }

  onPlace(m, type) {
    const places = [];
    for (let bit = 0; bit < 32 && places.length < m.count; bit++) {
      if (m.field_mask & (1 << bit)) continue;
      const own = bit < 16;
      const local = bit % 16;
      // bit 7 is unused and 13 is the Field Zone; 14/15 are Master Rule 3's separate Pendulum Zones,
      // offered when a Pendulum Monster is activated from the hand
      if (local === 7 || local === 13) continue;
      places.push({
        player: own ? m.player : 1 - m.player,
        location: local < 8 ? L.MZONE : L.SZONE,
        sequence: local < 8 ? local : local - 8,
      });
    }
    if (places.length < m.count) this.missing(`player ${m.player} must choose ${m.count} zone(s), none free`);
    return { type, places };
  }

  onPosition(m) {
    const wanted = this.active?.position ? POSITION_CODES[this.active.position] : 0;
    let position = 0;
    if (wanted && m.positions & wanted) position = wanted & m.positions;
    else if (m.positions & P.FACEUP_ATTACK) position = P.FACEUP_ATTACK;
    else position = [1, 2, 4, 8].find((p) => m.positions & p);
    // a single bit
    position = [1, 2, 4, 8].find((p) => position & p);
    return { type: R.SELECT_POSITION, position };
  }

  // An optional trigger of a lone card is offered as a yes/no question ("activate X's effect?") rather
  // than in a chain list: for the step that activates that card it is the engine's offer.
  onOptionalTrigger(m) {
    const step = this.step();
    if (!step || (step.action !== "activate" && step.action !== "chain") || step.player !== m.player || this.waiting(step)) return null;
    if (this.label(m) !== step.card) return null;
    const wanted = step.effect_description ? BigInt(step.effect_description) : null;
    if (wanted !== null && BigInt(m.description ?? 0) !== wanted) return null;
    this.observe(this.si, { action: step.action, prompt: "effect_yn", offered: true, options: [step.card], descriptions: [String(m.description ?? 0)] });
    if (step.expect_offered === false) {
      this.observe(this.si, { status: "unexpectedly_offered" });
      throw new Stop("fail", `step ${this.si} (${step.action} ${step.card}) was offered by the engine`);
    }
    this.take(step);
    return { type: R.SELECT_EFFECTYN, yes: true };
  }

  onYesNo(m, type) {
    if (this.active && this.active.answer !== null && this.active.answer !== undefined) {
      return { type, yes: !!this.active.answer };
    }
    if (this.laterAnswer[m.player] !== undefined) return { type, yes: !!this.laterAnswer[m.player] };
    if (this.anyChoice()) return { type, yes: true };
    this.missing(`player ${m.player} is asked a yes/no question (${type === R.SELECT_EFFECTYN ? "use an optional effect" : "description " + m.description}); give 'answer' in the step`);
  }

  respond(m) {
    this.lastPrompt = ocgMessageTypeStrings.get(m.type) ?? String(m.type);
    switch (m.type) {
      case M.SELECT_IDLECMD:
        return this.onIdle(m);
      case M.SELECT_BATTLECMD:
        return this.onBattle(m);
      case M.SELECT_CHAIN:
        return this.onChain(m);
      case M.SELECT_CARD:
        return this.onSelectCards(m, "card");
      case M.SELECT_TRIBUTE:
        return this.onSelectCards(m, "tribute");
      case M.SELECT_UNSELECT_CARD:
        return this.onSelectUnselect(m);
      case M.SELECT_PLACE:
        return this.onPlace(m, R.SELECT_PLACE);
      case M.SELECT_DISFIELD:
        return this.onPlace(m, R.SELECT_DISFIELD);
      case M.SELECT_POSITION:
        return this.onPosition(m);
      case M.SELECT_EFFECTYN:
        return this.onOptionalTrigger(m) ?? this.onYesNo(m, R.SELECT_EFFECTYN);
      case M.SELECT_YESNO:
        return this.onYesNo(m, R.SELECT_YESNO);
      case M.SELECT_OPTION:
        // recorded: which of several options an effect took may decide what a later step sees
        this.notePrompt("option", m.options.map((o) => String(o)));
        if (m.options.length === 1 || this.anyChoice()) return { type: R.SELECT_OPTION, index: 0 };
        return this.missing(`player ${m.player} must pick one of ${m.options.length} options`);
      case M.SORT_CHAIN:
      case M.SORT_CARD:
        return { type: R.SORT_CARD, order: null };
      case M.ROCK_PAPER_SCISSORS:
        return { type: R.ROCK_PAPER_SCISSORS, value: 1 };
      case M.SELECT_SUM:
        if (this.anyChoice()) return this.onSelectSum(m);
        return this.missing(`player ${m.player} must choose cards whose levels sum to ${m.amount}`);
      case M.ANNOUNCE_NUMBER:
        if (this.anyChoice()) return { type: R.ANNOUNCE_NUMBER, value: 0 };
        return this.missing(`player ${m.player} must declare a number`);
      case M.ANNOUNCE_RACE:
      case M.ANNOUNCE_ATTRIB: {
        if (!this.anyChoice()) return this.missing(`player ${m.player} must declare a ${m.type === M.ANNOUNCE_RACE ? "Type" : "Attribute"}`);
        const picked = [];
        for (let bit = 1n; picked.length < m.count && bit <= BigInt(m.available); bit <<= 1n) if (BigInt(m.available) & bit) picked.push(bit);
        return m.type === M.ANNOUNCE_RACE ? { type: R.ANNOUNCE_RACE, races: picked } : { type: R.ANNOUNCE_ATTRIB, attributes: picked.map(Number) };
      }
      case M.ANNOUNCE_CARD: {
        // the name of a card the step selects (「X」を宣言して発動した「禁止令」), where the declaration accepts it; else
        // (a frame scenario) the first card of the duel's card data that it accepts
        const accepts = (c) => c && cardMatchesOpcode(c, m.opcodes.map(BigInt));
        const codes = new Map(this.req.refs.map((r) => [r.ref, r.code]));
        const selects = (this.active ? this.active.select ?? [] : []).filter((r) => !this.used.has(r));
        const named = selects.map((r) => cardData(this.req.cards[String(codes.get(r))])).find(accepts);
        if (named) {
          this.used.add(selects.find((r) => codes.get(r) === named.code));
          this.notePrompt("declare", [`#${named.code}`]); // (recorded: which name the declaration took)
          return { type: R.ANNOUNCE_CARD, card: named.code };
        }
        if (!this.anyChoice()) return this.missing(`player ${m.player} must declare a card name`);
        const fits = Object.values(this.req.cards).map(cardData).find(accepts);
        if (!fits) return this.missing(`player ${m.player} must declare a card name none of the duel's cards fits`);
        this.notePrompt("declare", [`#${fits.code}`]);
        return { type: R.ANNOUNCE_CARD, card: fits.code };
      }
      default:
        return this.missing(`player ${m.player ?? "?"} faces a ${this.lastPrompt} prompt`);
    }
  }

  // ---- the duel

  checkErrors(when) {
    if (this.missingScripts.length) {
      throw new Stop("error", `no script found for ${this.missingScripts.join(", ")} (searched ${this.req.script_dirs.join(", ")})`);
    }
    if (this.errors.length) throw new Stop("error", `Lua error ${when}: ${this.errors[0]}`);
  }

  run() {
    const req = this.req;
    const started = Date.now();
    const deadline = started + (req.timeout_ms ?? 5000);
    const needScript = new Set(req.need_scripts ?? []);
    this.duel = core.createDuel({
      flags: BigInt(req.flags),
      seed: (req.seed ?? ["1", "2", "3", "4"]).map((s) => BigInt(s)),
      team1: { startingLP: req.lp[0], startingDrawCount: 0, drawCountPerTurn: 0 },
      team2: { startingLP: req.lp[1], startingDrawCount: 0, drawCountPerTurn: 0 },
      cardReader: (code) => readCard(req.cards, code),
      scriptReader: (name) => {
        const text = readScript(req.script_dirs, name);
        if (text === null) {
          const code = Number((name.match(/^c(\d+)\.lua$/) ?? [])[1]);
          if (needScript.has(code)) this.missingScripts.push(name);
        }
        return text;
      },
      errorHandler: (type, text) => {
        if (type === 0) this.errors.push(String(text));
        else this.messages.push(String(text));
      },
    });
    if (!this.duel) throw new Stop("error", "the engine refused to create the duel");
    let outcome = { kind: "finish", message: "steps done" };
    try {
      for (const name of req.base_scripts ?? []) {
        const text = readScript(req.script_dirs, name);
        if (text === null) throw new Stop("error", `base script ${name} not found in ${req.script_dirs.join(", ")}`);
        if (!core.loadScript(this.duel, name, text)) {
          throw new Stop("error", `Lua error in ${name}: ${this.errors[0] ?? "the core could not load it"}`);
        }
      }
      core.loadScript(this.duel, "chain_info_compat.lua", CHAIN_INFO_COMPAT);
      if (!core.loadScript(this.duel, req.puzzle_name ?? "puzzle.lua", req.puzzle)) {
        throw new Stop("error", `Lua error in the scenario set-up: ${this.errors[0] ?? "the core could not load it"}`);
      }
      this.checkErrors("while loading the cards");
      this.placeTracked();
      core.startDuel(this.duel);
      let processed = 0;
      for (;;) {
        if (Date.now() > deadline) throw new Stop("timeout", `scenario exceeded ${req.timeout_ms} ms`);
        if (++processed > (req.max_process ?? 20000)) {
          throw new Stop("error", `the engine did not settle after ${processed - 1} process steps (endless loop?)`);
        }
        const status = core.duelProcess(this.duel);
        const messages = core.duelGetMessage(this.duel);
        let prompt = null;
        for (const m of messages) {
          this.onMessage(m);
          if (m.type >= M.SELECT_BATTLECMD && m.type <= M.SELECT_UNSELECT_CARD) prompt = m;
          if (m.type === M.ROCK_PAPER_SCISSORS || (m.type >= M.ANNOUNCE_RACE && m.type <= M.ANNOUNCE_NUMBER)) prompt = m;
        }
        this.checkErrors("during the duel");
        if (status === OcgProcessResult.END || this.winner !== null) {
          outcome = { kind: "finish", message: this.winner !== null ? `player ${this.winner} won` : "duel ended" };
          break;
        }
        if (status === OcgProcessResult.WAITING) {
          if (!prompt) throw new Stop("error", "the engine waits but sent no prompt");
          const response = this.respond(prompt);
          core.duelSetResponse(this.duel, response);
        }
      }
    } catch (e) {
      if (!(e instanceof Stop)) throw e;
      outcome = { kind: e.kind, message: e.message };
    }
    const result = this.report(outcome);
    result.elapsed_ms = Date.now() - started;
    core.destroyDuel(this.duel);
    return result;
  }

  report(outcome) {
    const cards = {};
    let state = null;
    try {
      state = core.duelQueryField(this.duel);
    } catch {
      state = null;
    }
    for (const c of this.tracked) {
      let info = null;
      try {
        // ATK/DEF of a monster on the field (a frame's outcome: 「攻撃力は2000になります」)
        const stats = c.location === L.MZONE ? Q.ATTACK | Q.DEFENSE : 0;
        info = core.duelQuery(this.duel, { flags: Q.CODE | Q.POSITION | stats, controller: c.controller, location: c.location, sequence: c.sequence, overlaySequence: 0 });
      } catch {
        info = null;
      }
      // (ocgcore-wasm 0.1.2 cannot parse QUERY_TYPE answers: the printed type comes from the card data)
      const type = this.req.cards[String(c.code)]?.type ?? 0;
      let location = LOCATION_NAMES[c.location] ?? String(c.location);
      if (c.location === L.SZONE) {
        if (c.sequence === 5) location = "fzone";
        else if (this.separatePzone ? c.sequence >= 6 : (type & TYPE_PENDULUM) && (c.sequence === 0 || c.sequence === 4)) location = "pzone";
      }
      const position = info?.position ?? c.position;
      cards[c.ref] = {
        player: c.controller,
        location,
        sequence: c.sequence,
        position: POSITION_NAMES[position] ?? null,
        face: position & P.FACEUP ? "up" : position & P.FACEDOWN ? "down" : null,
        confirmed: !!info && info.code === c.code,
        ...(c.location === L.MZONE && info && typeof info.attack === "number" ? { attack: info.attack, defense: info.defense } : {}),
      };
    }
    let field = null;
    if (this.req.field_snapshot) {
      // every card the engine holds, by player and location (what a loaded puzzle set up)
      field = {};
      for (const player of [0, 1]) {
        field[player] = {};
        for (const [name, location] of Object.entries({ deck: L.DECK, hand: L.HAND, mzone: L.MZONE, szone: L.SZONE, grave: L.GRAVE, removed: L.REMOVED, extra: L.EXTRA })) {
          const cards = core.duelQueryLocation(this.duel, { flags: Q.CODE | Q.POSITION, controller: player, location });
          field[player][name] = cards.map((c, sequence) => (c && c.code ? { code: c.code, sequence, position: POSITION_NAMES[c.position] ?? c.position } : null)).filter(Boolean);
        }
      }
    }
    return bigintSafe({
      id: this.req.id,
      field,
      status: outcome.kind === "finish" || outcome.kind === "fail" ? "ok" : outcome.kind,
      stopped: outcome.kind,
      message: outcome.message,
      steps: this.obs.filter(Boolean),
      cards,
      lp: state ? [state.players[0].lp, state.players[1].lp] : null,
      chains: this.chains,
      resolved: this.resolved,
      events: this.events,
      errors: this.errors,
      script_messages: this.messages,
      turn: this.turn,
      turn_player: this.turnPlayer,
      phase: this.phase,
      winner: this.winner,
    });
  }
}

// The bare engine: create a duel, load the base scripts, add two vanilla cards directly with
// duelNewCard, start it and run to the first prompt. The benchmark's baseline.
function bare(req) {
  const started = Date.now();
  for (let n = 0; n < req.count; n++) {
    const duel = core.createDuel({
      flags: BigInt(req.flags),
      seed: [1n, 2n, 3n, 4n],
      team1: { startingLP: 8000, startingDrawCount: 0, drawCountPerTurn: 0 },
      team2: { startingLP: 8000, startingDrawCount: 0, drawCountPerTurn: 0 },
      cardReader: (code) => readCard(req.cards, code),
      scriptReader: (name) => readScript(req.script_dirs, name),
      errorHandler: () => {},
    });
    for (const name of req.base_scripts) core.loadScript(duel, name, readScript(req.script_dirs, name));
    let seq = 0;
    for (const code of Object.keys(req.cards)) {
      core.duelNewCard(duel, { team: 0, duelist: 0, code: Number(code), controller: 0, location: L.MZONE, sequence: seq++, position: P.FACEUP_ATTACK });
    }
    core.startDuel(duel);
    for (let i = 0; i < 100; i++) {
      const status = core.duelProcess(duel);
      core.duelGetMessage(duel);
      if (status !== OcgProcessResult.CONTINUE) break;
    }
    core.destroyDuel(duel);
  }
  return { id: req.id, status: "ok", count: req.count, elapsed_ms: Date.now() - started };
}

parentPort.on("message", (req) => {
  let result;
  try {
    if (req.op === "bare") result = bare(req);
    else result = new ScenarioRun(req).run();
  } catch (e) {
    result = { id: req.id, status: "error", message: `driver failure: ${e?.message ?? e}` };
  }
  parentPort.postMessage(result);
});
parentPort.postMessage({ ready: true, version: core.getVersion() });
