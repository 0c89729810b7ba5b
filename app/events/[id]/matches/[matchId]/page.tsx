import Link from "next/link";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { slipAccess } from "@/lib/server/read/slips";
import { getPreset } from "@/lib/formats/presets";
import { resultEntryRule } from "@/lib/formats/results";
import { lpEntryMax, timeCalledMode, timeLpPrompt } from "@/lib/formats/lpEntry";
import { resultLabel } from "@/components/PairingList";
import { bdiText } from "@/components/Bdi";
import { LiveRefresh } from "@/components/LiveRefresh";
import { ResultForm } from "../../rounds/[number]/ResultForm";

/** resultLabel reads only outcome, winnerSlot, games1/2 and the teams' slot and name, which a SlipMatch has. */
type LabelInput = Parameters<typeof resultLabel>[0];

/**
 * The page a match slip's QR code opens (issue #14): for a signed-in judge of the event, that
 * match's result form; for a signed-in duelist of the match, the team's report page; a duelist of
 * another table and anyone else signed in are refused without any match data; signed out, a link
 * to sign in and come back (the QR holds no secret). Decision: lib/server/read/slips slipAccess.
 */
export default async function SlipMatchPage({ params }: { params: Promise<{ id: string; matchId: string }> }) {
  await connection();
  const { id, matchId } = await params;
  const actor = await pageActor();
  const view = await eventView(id, actor);
  const access = await slipAccess(id, matchId, view, Boolean(actor.userId));
  if (access.kind === "duelist") redirect(`/events/${id}/report`);
  const t = await getTranslations("slips.match");
  const refusal = (testId: string, text: string, link?: { href: string; label: string }) => (
    <div className="mx-auto max-w-lg space-y-3">
      <p role="alert" className="card text-slate-700" data-testid={testId}>
        {text}
      </p>
      {link && (
        <Link href={link.href} className="btn inline-flex min-h-11 items-center">
          {link.label}
        </Link>
      )}
    </div>
  );
  if (access.kind === "signedOut")
    return refusal("slip-sign-in", t("signIn"), {
      href: `/signin?next=${encodeURIComponent(`/events/${id}/matches/${matchId}`)}`,
      label: t("signInLink"),
    });
  if (access.kind === "otherTable")
    return refusal("slip-other-table", t("otherTable"), { href: `/events/${id}/report`, label: t("yourTable") });
  if (access.kind === "refused") return refusal("slip-refused", t("notStaff"));
  if (access.kind === "notFound") return refusal("slip-not-found", t("notFound"));
  const { event, settings, role } = view;
  const m = access.match;
  const preset = getPreset(event.formatPreset);
  const stage = m.round.kind === "TOP_CUT" ? "single_elimination" : "swiss";
  const tp = await getTranslations("pairings");
  const tf = await getTranslations("formats");
  const ask = timeLpPrompt(preset, settings, stage);
  const [s1, s2] = m.teams;
  const res = m.outcome ? bdiText((n) => resultLabel(m as unknown as LabelInput, tp, n) ?? "") : null;
  const editable = s2 && m.round.status !== "PAIRED" && (m.round.status === "PUBLISHED" || role === "ORGANIZER");
  return (
    <div className="mx-auto max-w-lg space-y-3">
      <LiveRefresh eventId={id} version={event.version} />
      <Link href={`/events/${id}/rounds/${m.round.number}`} className="text-sm">
        ← {t("roundPage", { number: m.round.number })}
      </Link>
      <h2 className="text-xl" data-testid="slip-match-title">
        {t("title", { round: m.round.number, table: m.table })}
      </h2>
      <div className="card grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="slip-match-teams">
        {m.teams.map((s) => (
          <div key={s.slot} className="min-w-0 space-y-1">
            <div className="break-words font-bold">
              <bdi>{s.team.name}</bdi>
            </div>
            {s.team.duelists.map((d) => (
              <div key={d.designation} className="text-sm">
                {bdiText((n) => t("seat", { seat: d.designation, name: n(d.name) }))}
              </div>
            ))}
          </div>
        ))}
      </div>
      {!s2 && <p className="card text-slate-600">{t("bye")}</p>}
      {res && (
        <p className="rounded-lg bg-green-50 p-3 font-semibold text-green-900" data-testid="match-result">
          {t("final")} {res}
        </p>
      )}
      {editable && s2 && (
        <section className="card space-y-2" aria-labelledby="judge-form-h">
          <h3 id="judge-form-h" className="text-lg font-bold">
            {t("judgeForm")}
          </h3>
          <ResultForm
            game={preset.game}
            roundId={m.round.id}
            matchId={m.id}
            version={m.version}
            team1={s1.team.name}
            team2={s2.team.name}
            lpMax={lpEntryMax(preset)}
            lpHint={tf(`lpAtTime.${ask.code}`, ask.params)}
            outcomes={resultEntryRule(preset, settings, stage).outcomes}
            closed={m.round.status === "CLOSED"}
            bestOf={preset.bestOf}
            timeMode={timeCalledMode(preset, settings, stage)}
          />
        </section>
      )}
    </div>
  );
}
