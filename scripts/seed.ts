/**
 * Seeds the demo event into the embedded database (run once by `npm start`, never into a
 * DATABASE_URL database): an organizer and a judge (passwords printed once), a small sample card
 * set and F&L list written by Tandem (scripts/demo/), a Tag Duel event with 8 teams, a few
 * decklists (one illegal), and round 1 paired, published and on the clock.
 * Everything goes through the same actions the app uses, so the demo is valid data.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { hashSecret } from "@/lib/auth/passwords";
import { ACTIONS } from "@/lib/server/actions";
import { TYPE_EXTRA, TYPE_TOKEN } from "@/lib/decks";

const here = path.dirname(new URL(import.meta.url).pathname);

async function must<T>(name: string, userId: string | null, input: unknown): Promise<T> {
  const r = await ACTIONS[name].handle(userId, input);
  if (!r.ok) throw new Error(`seed: ${name}: ${r.error.message}`);
  return r.data as T;
}

const password = () => randomBytes(9).toString("base64url");

async function main() {
  if ((await db().user.count()) > 0) {
    console.error("[seed] the database already has users: not seeding the demo");
    return;
  }
  const toPass = password(),
    judgePass = password();
  const to = await db().user.create({
    data: { username: "organizer", displayName: "Demo Organizer", isOrganizer: true, passwordHash: await hashSecret(toPass) },
  });
  const judge = await db().user.create({
    data: { username: "judge", displayName: "Demo Judge", passwordHash: await hashSecret(judgePass) },
  });

  const sample = JSON.parse(readFileSync(path.join(here, "demo/sample.json"), "utf8")) as {
    cards: { passcode: number; alias: number; type: number; ot: number; name: string }[];
    deck: { main: number[]; extra: number[] };
  };
  await db().card.createMany({
    data: sample.cards.map((c) => ({ ...c, isExtra: (c.type & TYPE_EXTRA) !== 0, isToken: (c.type & TYPE_TOKEN) !== 0 })),
    skipDuplicates: true,
  });

  const { eventId } = await must<{ eventId: string }>("createEvent", to.id, {
    name: "Tandem Demo Tag Duel",
    formatPreset: "KONAMI_TAG_2019",
    timeZone: "UTC",
  });
  await must("addJudge", to.id, { eventId, username: "judge" });
  await must("acceptInvitation", judge.id, { eventId }); // the demo judge accepts at once (issue #10: consent)
  await must("importBanlist", to.id, { eventId, text: readFileSync(path.join(here, "demo/lflist.conf"), "utf8"), fileName: "lflist.conf" });

  const teams = [
    ["Blue-Eyes Brigade", "Ana Souza", "Bruno Lima"],
    ["Dark Magicians", "Carla Rossi", "Davide Bianchi"],
    ["Link Strikers", "Elena Costa", "Fabio Santos"],
    ["Spell Counters", "Giulia Ferri", "Henrique Alves"],
    ["Trap Masters", "Isabel Rocha", "João Pereira"],
    ["Chain Builders", "Kenji Sato", "Laura Conti"],
    ["Field Spellers", "Marco Greco", "Nadia Oliveira"],
    ["Graveyard Shift", "Otávio Ramos", "Paola Marino"],
  ];
  const ydk = (main: number[], extra: number[]) =>
    ["#created by Tandem demo", "#main", ...main, "#extra", ...extra, "!side", ""].join("\n");
  const legal = ydk(sample.deck.main, sample.deck.extra);
  const illegal = ydk([...sample.deck.main.slice(0, 39), 73628505], sample.deck.extra); // a 2nd Terraforming (Limited)
  for (const [i, [name, a, b]] of teams.entries()) {
    const { teamId } = await must<{ teamId: string }>("registerTeam", judge.id, {
      eventId,
      name,
      a: { name: a, playerId: `10000${i + 1}1` },
      b: { name: b, playerId: `10000${i + 1}2` },
    });
    if (i < 3) {
      const ds = await db().duelist.findMany({ where: { teamId }, orderBy: { designation: "asc" } });
      await must("submitDecklist", judge.id, { duelistId: ds[0].id, text: legal, fileName: "demo.ydk" });
      await must("submitDecklist", judge.id, { duelistId: ds[1].id, text: i === 2 ? illegal : legal, fileName: "demo.ydk" });
    }
  }
  const { roundId } = await must<{ roundId: string }>("pairNextRound", to.id, { eventId, seed: "demo" });
  await must("publishRound", to.id, { roundId });
  await must("roundClock", judge.id, { roundId, action: "START" });

  console.log("");
  console.log("  Demo event seeded: Tandem Demo Tag Duel (8 teams, round 1 running).");
  console.log(`  Organizer sign-in:  organizer / ${toPass}`);
  console.log(`  Judge sign-in:      judge / ${judgePass}`);
  console.log("  (shown once; an organizer can issue reset codes, or run `npm run admin:create`)");
  console.log("");
}

main()
  .then(() => db().$disconnect())
  .catch(async (e) => {
    console.error(e);
    await db().$disconnect();
    process.exit(1);
  });
