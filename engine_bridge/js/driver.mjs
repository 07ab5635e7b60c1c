// driver.mjs: the batch front of the engine bridge. Reads one JSON request per line on stdin,
// runs it on the engine worker (engine_worker.mjs) and writes one JSON result per line on stdout,
// in order. A request that outlives its timeout_ms gets a "timeout" result: the worker (stuck in
// a Lua loop inside the engine, which cannot be interrupted from its own thread) is terminated
// and a fresh one serves the rest of the batch.
//
// Usage: node driver.mjs < requests.jsonl > results.jsonl

import { Worker } from "node:worker_threads";
import readline from "node:readline";

const WORKER_URL = new URL("./engine_worker.mjs", import.meta.url);
const GRACE_MS = 1000; // the worker checks its own deadline between engine steps; this is the hard stop

let worker = null;
let ready = null;
let pending = null; // {resolve} of the request in flight

function spawn() {
  worker = new Worker(WORKER_URL);
  ready = new Promise((resolve, reject) => {
    const onMessage = (msg) => {
      if (msg && msg.ready) {
        worker.off("message", onMessage);
        resolve(msg);
      }
    };
    worker.on("message", onMessage);
    worker.once("error", reject);
  });
  worker.on("message", (msg) => {
    if (msg && msg.ready) return;
    if (pending) {
      const p = pending;
      pending = null;
      p.resolve(msg);
    }
  });
  worker.on("error", (err) => {
    if (pending) {
      const p = pending;
      pending = null;
      p.resolve({ status: "error", message: `engine worker crashed: ${err?.message ?? err}` });
    }
    worker = null;
  });
  worker.on("exit", () => {
    if (pending) {
      const p = pending;
      pending = null;
      p.resolve({ status: "error", message: "engine worker exited" });
    }
  });
}

async function runOne(req) {
  if (!worker) spawn();
  try {
    await ready;
  } catch (err) {
    worker = null;
    return { id: req.id, status: "error", message: `the engine could not start: ${err?.message ?? err}` };
  }
  const timeout = (req.timeout_ms ?? 5000) + GRACE_MS;
  let timer = null;
  const result = await new Promise((resolve) => {
    pending = { resolve };
    timer = setTimeout(() => {
      if (pending) {
        pending = null;
        resolve({ status: "timeout", message: `scenario exceeded ${req.timeout_ms ?? 5000} ms (the engine or a script never returned)` });
      }
    }, timeout);
    worker.postMessage(req);
  });
  clearTimeout(timer);
  if (result.status === "timeout" && !result.steps) {
    // the worker is stuck inside the engine: drop it
    const stuck = worker;
    worker = null;
    await stuck.terminate();
  } else if (!worker) {
    // crashed: the next request gets a new one
  }
  return { id: req.id, ...result };
}

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
const queue = [];
let busy = false;
let closed = false;

async function pump() {
  if (busy) return;
  busy = true;
  while (queue.length) {
    const line = queue.shift();
    let req;
    try {
      req = JSON.parse(line);
    } catch (err) {
      process.stdout.write(JSON.stringify({ id: null, status: "error", message: `bad request line: ${err.message}` }) + "\n");
      continue;
    }
    const result = await runOne(req);
    process.stdout.write(JSON.stringify(result) + "\n");
  }
  busy = false;
  if (closed) finish();
}

async function finish() {
  if (worker) await worker.terminate();
  process.exit(0);
}

rl.on("line", (line) => {
  if (!line.trim()) return;
  queue.push(line);
  pump();
});
rl.on("close", () => {
  closed = true;
  if (!busy) finish();
});
