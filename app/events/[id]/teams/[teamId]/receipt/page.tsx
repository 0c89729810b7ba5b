import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { eventTeam } from "@/lib/server/read/teams";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { getPreset } from "@/lib/formats/presets";
import { EventFacts } from "@/components/EventFacts";
import { ClaimCodeSlot, ClaimCodesControls, ClaimCodesProvider } from "./ReceiptCodes";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";
import { publicAddress } from "@/lib/server/http/publicAddress";
import { linkOn } from "@/lib/publicAddress";
import { PrintStyles } from "@/app/events/[id]/print/PrintStyles";

export const generateMetadata = eventPageMetadata("receipt");

/**
 * Registration receipt (staff only; printable; issue #13 items 5–7): two halves, A and B, on
 * either side of a cut line, so each duelist takes only their own claim code. Each half has the
 * event (name, date, location), the team, the duelist, the claim code, a QR code of the claim page
 * with the code filled in, and the event's address — all on the public address
 * (lib/server/http/publicAddress), never localhost: when only loopback is known the half says phones
 * cannot open the link and how to fix it.
 *
 * Claim codes are stored hashed (issue #10), so the server cannot print them: the plaintext is
 * shown once, right after registration (handed over by the registering tab) or when the judge
 * prints new codes (the old ones stop working) — ReceiptCodes. The server passes only the claim
 * page's base URL on the public address (`linkOn(address, "/claim")`); each half's QR code is
 * drawn in the browser from its code (ClaimCodeSlot).
 */
export default async function ReceiptPage({ params }: { params: Promise<{ id: string; teamId: string }> }) {
  await connection();
  const { id, teamId } = await params;
  const t = await getTranslations("receipt");
  const te = await getTranslations("eventday.receipt");
  const { event, role } = await eventView(id, await pageActor());
  if (!role) notFound();
  const game = getPreset(event.formatPreset).game;
  const team = await eventTeam(id, teamId);
  if (!team) notFound();
  const address = await publicAddress();
  const eventUrl = linkOn(address, `/events/${id}`);
  const claimBase = linkOn(address, "/claim");
  const loopback = address.source === "loopback";
  return (
    <ClaimCodesProvider teamId={team.id}>
      <div className="mx-auto min-w-0 max-w-xl space-y-3">
        <PrintStyles />
        <div className="no-print flex flex-wrap items-center justify-between gap-2">
          <Link href={`/events/${id}/teams`} className="text-sm">
            {te("back")}
          </Link>
          <ClaimCodesControls teamId={team.id} unclaimed={team.duelists.filter((d) => !d.userId).length} />
        </div>
        <p
          className={
            "no-print text-sm " + (loopback ? "rounded-lg border border-amber-300 bg-amber-50 p-2 text-amber-950" : "text-slate-600")
          }
          data-testid="public-address-note"
        >
          {loopback ? te("loopbackStaff") : te("addressNote", { url: address.url ?? "", source: address.source })}{" "}
          <Link href="/settings" className="underline">
            {te("changeAddress")}
          </Link>
        </p>
        {team.entry === "WAITLIST" && (
          <p
            className="no-print rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950"
            data-testid="receipt-waitlisted"
          >
            {te("waitlisted")}
          </p>
        )}
        <article className="card space-y-0 p-0 [overflow-wrap:break-word]" data-testid="receipt">
          <h2 className="sr-only">{t("title")}</h2>
          {team.duelists.map((d, i) => (
            <div key={d.id}>
              {i > 0 && (
                <div
                  role="separator"
                  aria-label={te("cutHere")}
                  className="relative my-0 border-t-2 border-dashed border-slate-400"
                  data-testid="cut-line"
                >
                  <span aria-hidden="true" className="absolute -top-3 left-2 bg-white px-1 text-slate-500">
                    ✂
                  </span>
                </div>
              )}
              <section
                className="avoid-break space-y-2 p-4 print:min-h-[128mm]"
                data-testid={`receipt-${d.designation}`}
                aria-label={t("designation", { d: d.designation, game })}
              >
                <div>
                  <p className="text-xs uppercase tracking-wide text-slate-500">{t("title")}</p>
                  <p className="font-semibold">
                    <bdi>{event.name}</bdi>
                  </p>
                  <EventFacts event={event} />
                </div>
                <p>
                  <span className="text-slate-500">{t("team")}</span>{" "}
                  <strong data-testid={i === 0 ? "receipt-team" : undefined}>
                    <bdi>{team.name}</bdi>
                  </strong>{" "}
                  (#{team.number})
                </p>
                <p>
                  <span className="font-mono text-xs text-slate-500">{t("designation", { d: d.designation, game })}</span>{" "}
                  <strong>
                    <bdi>{d.name}</bdi>
                  </strong>
                </p>
                {d.userId ? (
                  <p className="text-sm text-green-800">{t("claimed", { game })}</p>
                ) : (
                  <ClaimCodeSlot d={d.designation} claimBase={claimBase} />
                )}
                {eventUrl && (
                  <p className="text-sm">
                    {te("eventAt")}{" "}
                    <span className="font-mono text-xs [overflow-wrap:anywhere]" data-testid="event-url">
                      {eventUrl}
                    </span>
                  </p>
                )}
                <p className="text-xs text-slate-600">{t("howTo", { game })}</p>
              </section>
            </div>
          ))}
        </article>
      </div>
    </ClaimCodesProvider>
  );
}
