-- Issue #11 item 3: data, not audit strings.
-- 1. String columns with a closed set of values become enums (USING casts). A value outside the
--    enum stops the migration with "invalid input value for enum <type>: <value>" and nothing is
--    changed (BEGIN/COMMIT below: one transaction): no value is ever cast to NULL or dropped.
--    No statement here may contain a semicolon except at its end: the driver adapter used by
--    `prisma migrate deploy` splits the script on every semicolon (so no DO blocks either).
-- 2. Decklist."unlockedAt" is filled from the "decklist.unlock" audit rows (the latest per list).
-- 3. The BEGIN snapshot kept in each "round.undo" audit row (before.begin) becomes a RoundSnapshot
--    row with phase UNDONE (roundId null since the round was deleted, eventId + number name it).
-- 4. Manual pairing edits ("round.swap" / "round.move" / "round.bye" audit rows) become
--    PairingEdit rows for the rounds that still exist.

BEGIN;

-- CreateEnum
CREATE TYPE "EntryPolicy" AS ENUM ('losses', 'byes');
CREATE TYPE "MatchEndReason" AS ENUM ('LP_ZERO', 'DECK_OUT', 'SPECIAL_WIN', 'CONCESSION', 'GAME_LOSS_PENALTY',
  'MATCH_LOSS_PENALTY', 'TEAM_ELIMINATED', 'GAMES_WON', 'EOMP_LP_COMPARISON', 'EOMP_FIRST_LP_CHANGE', 'EOMP_TURN_BY_TURN',
  'EOMP_GAME_LEAD', 'EOMP_TIEBREAK_GAME', 'EOMP_SURVIVORS', 'DRAW', 'DOUBLE_LOSS', 'BYE');
CREATE TYPE "ReportSource" AS ENUM ('JUDGE', 'TEAM');
CREATE TYPE "SnapshotPhase" AS ENUM ('BEGIN', 'END', 'UNDONE');
CREATE TYPE "PenaltyKind" AS ENUM ('WARNING', 'GAME_LOSS', 'MATCH_LOSS', 'DISQUALIFICATION');
CREATE TYPE "DeckCheckOutcome" AS ENUM ('OK', 'PROBLEM');
CREATE TYPE "CardImportStatus" AS ENUM ('READING', 'WRITING', 'SWAPPING', 'DONE', 'FAILED');
CREATE TYPE "PairingEditKind" AS ENUM ('SWAP', 'MOVE', 'BYE');

-- AlterTable: string -> enum
ALTER TABLE "Team" ALTER COLUMN "entryPolicy" TYPE "EntryPolicy" USING "entryPolicy"::"EntryPolicy";
ALTER TABLE "Match" ALTER COLUMN "endReason" TYPE "MatchEndReason" USING "endReason"::"MatchEndReason";
ALTER TABLE "ResultReport" ALTER COLUMN "source" TYPE "ReportSource" USING "source"::"ReportSource";
ALTER TABLE "RoundSnapshot" ALTER COLUMN "phase" TYPE "SnapshotPhase" USING "phase"::"SnapshotPhase";
ALTER TABLE "Penalty" ALTER COLUMN "penalty" TYPE "PenaltyKind" USING "penalty"::"PenaltyKind";
ALTER TABLE "LocalInfraction" ALTER COLUMN "defaultPenalty" TYPE "PenaltyKind" USING "defaultPenalty"::"PenaltyKind";
ALTER TABLE "DeckCheck" ALTER COLUMN "outcome" TYPE "DeckCheckOutcome" USING "outcome"::"DeckCheckOutcome";
ALTER TABLE "CardImportJob" ALTER COLUMN "status" TYPE "CardImportStatus" USING "status"::"CardImportStatus";

-- Decklist unlock window
ALTER TABLE "Decklist" ADD COLUMN "unlockedAt" TIMESTAMP(3);
UPDATE "Decklist" d SET "unlockedAt" = u.at
FROM (SELECT "entityId", MAX("createdAt") AS at FROM "AuditLog" WHERE "action" = 'decklist.unlock' AND "entity" = 'Decklist' GROUP BY "entityId") u
WHERE u."entityId" = d."id";

-- Undone rounds' snapshots
ALTER TABLE "RoundSnapshot" ALTER COLUMN "roundId" DROP NOT NULL;
ALTER TABLE "RoundSnapshot" ADD COLUMN "eventId" TEXT;
ALTER TABLE "RoundSnapshot" ADD COLUMN "number" INTEGER;
CREATE INDEX "RoundSnapshot_eventId_number_idx" ON "RoundSnapshot"("eventId", "number");
ALTER TABLE "RoundSnapshot" ADD CONSTRAINT "RoundSnapshot_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "RoundSnapshot" ("id", "roundId", "phase", "data", "createdAt", "eventId", "number")
SELECT 'undone-' || a."id", NULL, 'UNDONE', a."before" -> 'begin', a."createdAt", a."eventId", (a."before" -> 'begin' ->> 'number')::int
FROM "AuditLog" a
JOIN "Event" e ON e."id" = a."eventId"
WHERE a."action" = 'round.undo' AND jsonb_typeof(a."before" -> 'begin') = 'object';

-- Manual pairing edits
CREATE TABLE "PairingEdit" (
    "id" TEXT NOT NULL,
    "roundId" TEXT NOT NULL,
    "kind" "PairingEditKind" NOT NULL,
    "team" TEXT NOT NULL,
    "fromTable" INTEGER,
    "toTable" INTEGER,
    "otherTeam" TEXT,
    "otherFromTable" INTEGER,
    "otherToTable" INTEGER,
    "reason" TEXT NOT NULL,
    "warnings" JSONB NOT NULL DEFAULT '[]',
    "userId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PairingEdit_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "PairingEdit_roundId_createdAt_idx" ON "PairingEdit"("roundId", "createdAt");
ALTER TABLE "PairingEdit" ADD CONSTRAINT "PairingEdit_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "Round"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- round.swap: before = {teamName: table, teamName: table}, after = the same names with their new
-- tables plus reason and warnings (lib/server/actions/operations.ts swapTeams).
INSERT INTO "PairingEdit" ("id", "roundId", "kind", "team", "fromTable", "toTable", "otherTeam", "otherFromTable", "otherToTable",
  "reason", "warnings", "userId", "createdAt")
SELECT 'edit-' || a."id", a."entityId", 'SWAP', n.names[1], (a."before" ->> n.names[1])::int, (a."after" ->> n.names[1])::int,
  n.names[2], (a."before" ->> n.names[2])::int, (a."after" ->> n.names[2])::int,
  COALESCE(a."after" ->> 'reason', ''), COALESCE(a."after" -> 'warnings', '[]'), a."userId", a."createdAt"
FROM "AuditLog" a
JOIN "Round" r ON r."id" = a."entityId"
CROSS JOIN LATERAL (SELECT ARRAY(SELECT k FROM jsonb_object_keys(a."before") AS k ORDER BY octet_length(k), k COLLATE "C") AS names) n
WHERE a."action" = 'round.swap' AND jsonb_typeof(a."before") = 'object';

-- round.move: before = {pairing, table}, after = {pairing, table, swappedWith, reason}
INSERT INTO "PairingEdit" ("id", "roundId", "kind", "team", "fromTable", "toTable", "reason", "userId", "createdAt")
SELECT 'edit-' || a."id", a."entityId", 'MOVE', COALESCE(a."before" ->> 'pairing', ''), (a."before" ->> 'table')::int, (a."after" ->> 'table')::int,
  COALESCE(a."after" ->> 'reason', ''), a."userId", a."createdAt"
FROM "AuditLog" a
JOIN "Round" r ON r."id" = a."entityId"
WHERE a."action" = 'round.move';

-- round.bye: before = {team, table, opponent, byeHolder}, after = {bye, mode, reason, warnings}
INSERT INTO "PairingEdit" ("id", "roundId", "kind", "team", "fromTable", "reason", "warnings", "userId", "createdAt")
SELECT 'edit-' || a."id", a."entityId", 'BYE', COALESCE(a."after" ->> 'bye', ''), (a."before" ->> 'table')::int,
  COALESCE(a."after" ->> 'reason', ''), COALESCE(a."after" -> 'warnings', '[]'), a."userId", a."createdAt"
FROM "AuditLog" a
JOIN "Round" r ON r."id" = a."entityId"
WHERE a."action" = 'round.bye';

COMMIT;
