/**
 * Time bounds in tests on a machine of unknown speed (vitest and Playwright both import this).
 *
 * A time bound in a test is either a hang guard or a product target ("a result shows within 2 s",
 * issue #6; "a crafted file is refused within 2 s", issue #13). The targets themselves are measured
 * by the benchmarks (`npm run bench`, BENCHMARKS.md). A test checks the behaviour under its target
 * scaled by how slow the machine is at that moment: CI machines of this kind have run the same
 * suite from 14 to 82 minutes, and a fixed bound fails on the slow day without any fault in the code.
 *
 * {@link slowness} runs a fixed CPU workload (24 SHA-256 digests of 1 MiB plus 3,000,000 integer
 * steps), takes the median of three runs and divides it by {@link REFERENCE_MS}, the same workload's
 * time on a quiet 2-core machine of the project's kind (measured 2026-12-02: 29.5–30 ms). Under CPU
 * contention the workload slows as the app, the database and the browser do (three busy processes
 * on two cores: 3.0×). The factor is at least 1 (a faster machine keeps the target) and at most 20.
 */
import { createHash } from "node:crypto";

/** The workload's time (ms) on a quiet 2-core machine of the project's kind. */
export const REFERENCE_MS = 30;
const MAX_FACTOR = 20;
const buf = Buffer.alloc(1 << 20, 7);

function workloadMs(): number {
  const t0 = performance.now();
  let h: Buffer = buf;
  for (let i = 0; i < 24; i++) h = createHash("sha256").update(buf).update(h.subarray(0, 32)).digest();
  let x = h[0];
  for (let i = 0; i < 3_000_000; i++) x = (x * 31 + i) % 1_000_003;
  if (x < 0) throw new Error("unreachable"); // keeps the loop's result live
  return performance.now() - t0;
}

/** How many times slower than the reference the machine runs right now (1 ≤ factor ≤ 20). Takes ~0.1 s × factor. */
export function slowness(): number {
  const runs = [workloadMs(), workloadMs(), workloadMs()].sort((a, b) => a - b);
  return Math.min(MAX_FACTOR, Math.max(1, runs[1] / REFERENCE_MS));
}

/** `ms` (a target or hang guard, in ms) scaled by the machine's current {@link slowness}, rounded to whole ms. */
export function scaled(ms: number): number {
  return Math.round(ms * slowness());
}
