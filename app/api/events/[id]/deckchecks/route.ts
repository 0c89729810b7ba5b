/**
 * GET /api/events/:id/deckchecks → one PDF of every team's forms for deck checks (issue #17): per
 * team by number, the team registration form (A first) and each duelist's deck list form (Konami's
 * layout; an MTG deck registration sheet for 2HG). Judges and the organizer of the event only
 * (unpublished lists); anyone else gets 404. Built in a worker thread (lib/server/pdf/deckSheetsPdf).
 */
import { pageActor } from "@/lib/auth/session";
import { deckFileViewer, deckSheetsInput } from "@/lib/server/read/deckSheets";
import { deckSheetsPdf, pdfFailure } from "@/lib/server/pdf/deckSheetsPdf";

export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const viewer = await deckFileViewer(id, await pageActor());
  const input = viewer?.role ? await deckSheetsInput(id) : null;
  if (!input) return new Response("No such event.\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  let pdf: Uint8Array;
  try {
    pdf = await deckSheetsPdf(input);
  } catch (e) {
    return pdfFailure(e);
  }
  return new Response(Buffer.from(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": 'attachment; filename="deck-checks.pdf"',
      "cache-control": "private, no-store",
    },
  });
}
