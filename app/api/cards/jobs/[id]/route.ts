/**
 * GET /api/cards/jobs/:id → the card import job as the /cards page shows it (CardJobView:
 * {id, status READING|WRITING|SWAPPING|DONE|FAILED, done, total, fileName, summary, error}),
 * the error in the visitor's language. Organizer accounts only (401/403 otherwise, 404 unknown).
 * The page polls it while the import runs in the background (lib/server/write/cardImport.ts).
 */
import { getLocale } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { cardJobView } from "@/lib/server/write/cardImport";
import { localizeFailure } from "@/lib/i18n/actionErrors";
import { loadMessages } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/config";

export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const headers = { "cache-control": "no-store" };
  const actor = await pageActor();
  if (!actor.userId) return Response.json({ error: "sign in" }, { status: 401, headers });
  if (!actor.isOrganizer) return Response.json({ error: "organizer accounts only" }, { status: 403, headers });
  const job = await cardJobView(id);
  if (!job) return Response.json({ error: "not found" }, { status: 404, headers });
  const locale = (await getLocale()) as Locale;
  return Response.json({ ...job, error: job.error ? localizeFailure(job.error, loadMessages(locale), locale) : null }, { headers });
}
