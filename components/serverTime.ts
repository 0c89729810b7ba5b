"use client";
/**
 * This device's estimate of the server clock, shared by every clock on the page. LiveRefresh
 * feeds a sample from each poll of /api/events/:id/version (its `now`); the estimate is the
 * sample with the smallest round trip among the last five (lib/timer bestOffset). Until the first
 * sample, components use the offset from the server time at render.
 */
import { useSyncExternalStore } from "react";
import { bestOffset, offsetSample, type OffsetSample } from "@/lib/timer";

const samples: OffsetSample[] = [];
let current: number | null = null;
const listeners = new Set<() => void>();

/** Records one measurement (device ms before/after the request, server epoch ms). */
export function recordServerTime(sentAt: number, receivedAt: number, serverNow: number): void {
  const s = offsetSample(sentAt, receivedAt, serverNow);
  if (!s) return;
  samples.push(s);
  if (samples.length > 20) samples.shift();
  const next = bestOffset(samples);
  if (next !== current) {
    current = next;
    for (const l of listeners) l();
  }
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

/** The measured offset (server − device, ms) now, or null before the first sample (for event handlers). */
export function measuredServerOffset(): number | null {
  return current;
}

/** The measured offset (server − device, ms), or null before the first poll answered. */
export function useServerOffset(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
