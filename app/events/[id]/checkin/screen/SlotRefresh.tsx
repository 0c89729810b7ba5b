"use client";
/** Re-renders the big-screen check-in page every `everyMs` so the QR follows the 60-second slots (issue #16). */
import { useRouter } from "next/navigation";
import { useEffect } from "react";

export function SlotRefresh({ everyMs = 15_000 }: { everyMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), everyMs);
    return () => clearInterval(timer);
  }, [router, everyMs]);
  return null;
}
