/**
 * bcrypt off the event loop (issue #10: a sign-in flood must not starve other requests).
 * bcryptjs is plain JavaScript: on the main thread each check blocks the event loop in slices of
 * up to 100 ms, so one page's few DB round trips each wait behind a slice. Here the checks run
 * in `size` worker threads (bcryptjs' sync functions inside the worker), FIFO; the main thread
 * only posts messages. Workers run at the lowest CPU priority (nice 19, Linux) and are unref'd
 * while idle, so scripts still exit.
 * Falls back to bcryptjs on the main thread when a worker cannot be started.
 */
import { Worker } from "node:worker_threads";
import { createRequire } from "node:module";
import path from "node:path";
import bcrypt from "bcryptjs";

type Job = { op: "hash"; secret: string; cost: number } | { op: "compare"; secret: string; hash: string };
type Pending = { resolve: (v: string | boolean) => void; reject: (e: Error) => void };

// The worker lowers its own thread's scheduling priority (Linux: setpriority on the thread id
// from /proc/thread-self; nice BCRYPT_NICE, default 19): under load, page requests on the main
// thread go first.
const NICE = Math.max(0, Math.min(19, Number(process.env.BCRYPT_NICE ?? 19) || 0));
const SOURCE = (bcryptPath: string) => `
const { parentPort } = require("node:worker_threads");
try {
  const tid = Number(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop());
  if (tid > 0 && ${NICE} > 0) require("node:os").setPriority(tid, ${NICE});
} catch {}
const b = require(${JSON.stringify(bcryptPath)});
parentPort.on("message", (m) => {
  try { parentPort.postMessage({ id: m.id, r: m.op === "hash" ? b.hashSync(m.secret, m.cost) : b.compareSync(m.secret, m.hash) }); }
  catch (e) { parentPort.postMessage({ id: m.id, e: String(e && e.message || e) }); }
});`;

class Slot {
  worker: Worker;
  busy = 0;
  private pending = new Map<number, Pending>();
  private next = 0;
  constructor(src: string) {
    this.worker = new Worker(src, { eval: true });
    this.worker.unref();
    this.worker.on("message", (m: { id: number; r?: string | boolean; e?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (--this.busy === 0) this.worker.unref();
      if (m.e !== undefined) p.reject(new Error(m.e));
      else p.resolve(m.r!);
    });
    this.worker.on("error", (e) => {
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
      this.busy = 0;
    });
  }
  run(job: Job): Promise<string | boolean> {
    const id = this.next++;
    if (this.busy++ === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...job });
    });
  }
}

let slots: Slot[] | null | undefined;

function pool(size: number): Slot[] | null {
  if (slots !== undefined) return slots;
  try {
    const bcryptPath = createRequire(path.join(process.cwd(), "package.json")).resolve("bcryptjs");
    slots = Array.from({ length: size }, () => new Slot(SOURCE(bcryptPath)));
  } catch (e) {
    console.error("[bcrypt] worker threads unavailable, hashing on the main thread:", e);
    slots = null;
  }
  return slots;
}

/** Runs one bcrypt job on the least busy worker (or on the main thread without workers). */
export async function runBcrypt(job: Job, size: number): Promise<string | boolean> {
  const p = pool(size);
  if (!p) return job.op === "hash" ? bcrypt.hash(job.secret, job.cost) : bcrypt.compare(job.secret, job.hash);
  const slot = p.reduce((a, b) => (b.busy < a.busy ? b : a));
  return slot.run(job);
}
