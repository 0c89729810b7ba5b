/**
 * GET /api/events/:id/decklists/:teamId?format=ydk|txt|pdf[&seat=A|B] → a team's decklists as files
 * (issue #17 "Decklists out"): `.ydk` or text of one duelist (`seat`), or the team's deck-check PDF
 * (Tag/2HG team registration form + both deck list forms, built in a worker thread). Authorized like
 * the decklist page (lib/server/read/decklistView canSeeTeamLists): the duelist, the teammate, the
 * event's judges/organizer, anyone once the lists are published; everyone else gets 404 (the lists'
 * existence is not revealed).
 */
import { pageActor } from "@/lib/auth/session";
import { deckSheetsInput, duelistListFile, mayDownloadTeamLists } from "@/lib/server/read/deckSheets";
import { deckSheetsPdf, pdfFailure } from "@/lib/server/pdf/deckSheetsPdf";

const text = (status: number, body: string) =>
  new Response(body + "\n", { status, headers: { "content-type": "text/plain; charset=utf-8" } });
const attachment = (name: string) => `attachment; filename="${name}"`;

export async function GET(req: Request, { params }: { params: Promise<{ id: string; teamId: string }> }) {
  const { id, teamId } = await params;
  const q = new URL(req.url).searchParams;
  const format = q.get("format");
  const seat = q.get("seat");
  if (format !== "ydk" && format !== "txt" && format !== "pdf") return text(400, "format: expected ydk, txt or pdf.");
  if (format !== "pdf" && seat !== "A" && seat !== "B") return text(400, "seat: expected A or B.");
  if (!(await mayDownloadTeamLists(id, teamId, await pageActor()))) return text(404, "No such decklist.");
  const headers = { "cache-control": "private, no-store", "x-content-type-options": "nosniff" };
  if (format === "pdf") {
    const input = await deckSheetsInput(id, teamId);
    if (!input) return text(404, "No such decklist.");
    let pdf: Uint8Array;
    try {
      pdf = await deckSheetsPdf(input);
    } catch (e) {
      return pdfFailure(e);
    }
    const name = `team${input.teams[0].number}-decklists.pdf`;
    return new Response(Buffer.from(pdf), {
      headers: { ...headers, "content-type": "application/pdf", "content-disposition": attachment(name) },
    });
  }
  const file = await duelistListFile(teamId, seat as "A" | "B", format);
  if (!file) return text(404, "No such decklist.");
  const type = format === "ydk" ? "application/octet-stream" : "text/plain; charset=utf-8";
  return new Response(file.body, { headers: { ...headers, "content-type": type, "content-disposition": attachment(file.fileName) } });
}
