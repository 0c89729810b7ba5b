import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { canSeeTeamLists, teamDecklists, topCutTeamIds } from "@/lib/server/read/decklistView";
import { eventTeam } from "@/lib/server/read/teams";
import { decklistWindow } from "@/lib/decks";
import { getPreset } from "@/lib/formats/presets";
import { withBdi } from "@/components/Bdi";
import { isolate } from "@/lib/i18n/bidi";
import { DecklistView, violationText } from "@/components/DecklistView";
import { DecklistForm } from "@/components/DecklistForm";
import { ActionButton } from "@/components/ConfirmButton";
import { unlockDecklist } from "@/lib/server/actions/browser/core";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";

export const generateMetadata = eventPageMetadata("decklists");

/**
 * Both lists of one team side by side (staff; the team itself; everyone once published), the
 * team-rule problems once above them, violations next to the cards. Staff can unlock a list that
 * is locked for its duelist (explicit lock or past the deadline) and submit for a duelist.
 */
export default async function TeamDecklistsPage({ params }: { params: Promise<{ id: string; teamId: string }> }) {
  await connection();
  const { id, teamId } = await params;
  const t = await getTranslations("decklists");
  const to = await getTranslations("deckops");
  const files = await getTranslations("deckFiles");
  const { event, role, me, settings } = await eventView(id, await pageActor());
  const team = await eventTeam(id, teamId);
  const topCut = settings.topCutOpenLists && me && !role && !event.decklistsPublished ? await topCutTeamIds(id) : undefined;
  const view = {
    role,
    myTeamId: me?.teamId ?? null,
    published: event.decklistsPublished,
    topCutOpenLists: settings.topCutOpenLists,
    topCut,
  };
  if (!team || !canSeeTeamLists(view, teamId)) notFound();
  const lists = await teamDecklists(teamId);
  const now = new Date();
  // Locked for its duelist? (what the duelist would see; staff are not bound by the deadline)
  const lockedFor = (l: (typeof lists)[number]) =>
    Boolean(l.decklistId) &&
    !decklistWindow({
      isStaff: false,
      locked: l.locked,
      deadline: event.decklistDeadline,
      now,
      submittedAt: l.submittedAt,
      unlockedAt: l.unlockedAt,
    }).open;
  const withTeamViolations = lists.find((l) => (l.legality?.team?.length ?? 0) > 0);
  const teamViolations = withTeamViolations?.legality?.team ?? [];
  const say = await violationText(withTeamViolations?.game ?? "YGO", withTeamViolations?.legality?.list ?? "");
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="break-words text-xl">{withBdi((n) => t("teamTitle", { team: n }), team.name)}</h2>
        {role && (
          <Link href={`/events/${id}/decklists/checks`} className="text-sm">
            {to("link")}
          </Link>
        )}
        {lists.some((l) => l.decklistId) && (
          <a href={`/api/events/${id}/decklists/${teamId}?format=pdf`} className="text-sm" download data-testid="team-pdf">
            {files("teamPdf")}
          </a>
        )}
      </div>
      {teamViolations.length > 0 && (
        <section
          className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
          aria-labelledby="team-v-h"
          data-testid="team-violations"
        >
          <h3 id="team-v-h" className="font-semibold">
            {to("teamViolationsTitle")}
          </h3>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {teamViolations.map((v, i) => (
              <li key={i} data-code={v.code}>
                {say(v)}
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="grid gap-3 lg:grid-cols-2">
        {lists.map((l) => (
          <div key={l.duelistId} className="min-w-0 space-y-2">
            <DecklistView list={l} locked={lockedFor(l)} />
            {l.decklistId && (
              <nav aria-label={files("listDownloads", { name: isolate(l.duelistName) })} className="flex flex-wrap gap-3 text-sm">
                {l.game === "YGO" && (
                  <a href={`/api/events/${id}/decklists/${teamId}?format=ydk&seat=${l.designation}`} download>
                    {files("ydk")}
                  </a>
                )}
                <a href={`/api/events/${id}/decklists/${teamId}?format=txt&seat=${l.designation}`} download>
                  {files("text")}
                </a>
              </nav>
            )}
            {role && l.decklistId && lockedFor(l) && (
              <ActionButton action={unlockDecklist} input={{ decklistId: l.decklistId }} label={t("unlock")} />
            )}
            {role && (
              <details className="card">
                <summary className="cursor-pointer text-sm font-semibold">
                  {withBdi((n) => t("submitFor", { name: n }), l.duelistName)}
                </summary>
                <div className="mt-2">
                  <DecklistForm duelistId={l.duelistId} game={getPreset(event.formatPreset).game} label={t("submit")} />
                </div>
              </details>
            )}
          </div>
        ))}
      </div>
    </div>
  );
}
