import { connection } from "next/server";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { roundView } from "@/lib/server/read/pairings";
import { pairingsDataOf } from "@/lib/server/read/liveData";
import { getPreset } from "@/lib/formats/presets";
import { LivePairings } from "@/components/LivePairings";
import { roundModel } from "@/components/pairingsLoad";
import { FindMyTable } from "./FindMyTable";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";

export const generateMetadata = eventPageMetadata("pairings");

/**
 * The public round view: the server reads the round once and renders components/LivePairings with
 * it (PairingsData, the same JSON `/api/events/:id/data/pairings` serves); the client keeps it live
 * from that JSON (issue #15). "Find my table" is matched here (player IDs stay on the server).
 */
export default async function PairingsPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ round?: string; find?: string }>;
}) {
  await connection();
  const { id } = await params;
  const sp = await searchParams;
  const { event, me } = await eventView(id, await pageActor());
  const pinned = sp.round ? Number(sp.round) || null : null;
  const round = await roundView(id, { number: pinned ?? undefined, publishedOnly: true });
  const initial = roundModel(await pairingsDataOf(id, round, event.version), me?.teamId ?? null);
  const game = getPreset(event.formatPreset).game;
  return (
    <div className="space-y-4">
      <LivePairings
        key={sp.round ?? "current"}
        eventId={id}
        initial={initial}
        serverNow={Date.now()}
        pinned={pinned}
        me={me ? { teamId: me.teamId, designation: me.designation } : null}
        game={game}
        find={round ? <FindMyTable round={round} query={sp.find} game={game} /> : null}
        findForm={<FindMyTable round={null} query={undefined} game={game} />}
      />
    </div>
  );
}
