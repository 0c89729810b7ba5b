/**
 * GET /api/events/:id/version → {version, now}: the event's change counter (bumped by every audited
 * mutation) and the server clock (epoch ms). Live pages poll it and re-render when it changes; the
 * clock component uses `now` for its offset. Public, read-only, tiny.
 */
import { NextResponse } from "next/server";
import { db } from "@/lib/db";

export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const e = await db().event.findUnique({ where: { id }, select: { version: true } });
  if (!e) return NextResponse.json({ error: "not found" }, { status: 404 });
  return NextResponse.json({ version: e.version, now: Date.now() }, { headers: { "cache-control": "no-store" } });
}
