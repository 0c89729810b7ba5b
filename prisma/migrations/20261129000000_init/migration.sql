-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "EventStatus" AS ENUM ('REGISTRATION', 'RUNNING', 'FINISHED');

-- CreateEnum
CREATE TYPE "StaffRole" AS ENUM ('ORGANIZER', 'JUDGE');

-- CreateEnum
CREATE TYPE "TeamStatus" AS ENUM ('ACTIVE', 'DROPPED');

-- CreateEnum
CREATE TYPE "Designation" AS ENUM ('A', 'B');

-- CreateEnum
CREATE TYPE "CardGame" AS ENUM ('YGO', 'MTG');

-- CreateEnum
CREATE TYPE "RoundKind" AS ENUM ('SWISS', 'TOP_CUT');

-- CreateEnum
CREATE TYPE "RoundStatus" AS ENUM ('PAIRED', 'PUBLISHED', 'CLOSED');

-- CreateEnum
CREATE TYPE "TimerAction" AS ENUM ('START', 'PAUSE', 'RESUME', 'ADD');

-- CreateEnum
CREATE TYPE "MatchOutcome" AS ENUM ('WIN', 'DRAW', 'DOUBLE_LOSS', 'BYE');

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "username" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "passwordHash" TEXT,
    "isOrganizer" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PasswordResetCode" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "issuedById" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PasswordResetCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Event" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "formatPreset" TEXT NOT NULL,
    "settings" JSONB NOT NULL DEFAULT '{}',
    "timeZone" TEXT NOT NULL DEFAULT 'UTC',
    "roundMinutes" INTEGER NOT NULL,
    "banlistId" TEXT,
    "decklistDeadline" TIMESTAMP(3),
    "decklistsPublished" BOOLEAN NOT NULL DEFAULT false,
    "status" "EventStatus" NOT NULL DEFAULT 'REGISTRATION',
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EventStaff" (
    "eventId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" "StaffRole" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EventStaff_pkey" PRIMARY KEY ("eventId","userId")
);

-- CreateTable
CREATE TABLE "Team" (
    "id" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "status" "TeamStatus" NOT NULL DEFAULT 'ACTIVE',
    "checkedIn" BOOLEAN NOT NULL DEFAULT true,
    "droppedAfter" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Team_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Duelist" (
    "id" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,
    "designation" "Designation" NOT NULL,
    "name" TEXT NOT NULL,
    "playerId" TEXT,
    "claimCode" TEXT,
    "userId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Duelist_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Banlist" (
    "id" TEXT NOT NULL,
    "game" "CardGame" NOT NULL,
    "name" TEXT NOT NULL,
    "effectiveFrom" TIMESTAMP(3),
    "isWhitelist" BOOLEAN NOT NULL DEFAULT false,
    "source" TEXT,
    "importedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Banlist_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BanlistEntry" (
    "id" TEXT NOT NULL,
    "banlistId" TEXT NOT NULL,
    "passcode" INTEGER,
    "cardName" TEXT,
    "limit" INTEGER NOT NULL,

    CONSTRAINT "BanlistEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Card" (
    "passcode" INTEGER NOT NULL,
    "alias" INTEGER NOT NULL DEFAULT 0,
    "name" TEXT NOT NULL,
    "type" INTEGER NOT NULL,
    "ot" INTEGER NOT NULL DEFAULT 0,
    "isExtra" BOOLEAN NOT NULL DEFAULT false,
    "isToken" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "Card_pkey" PRIMARY KEY ("passcode")
);

-- CreateTable
CREATE TABLE "Decklist" (
    "id" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "duelistId" TEXT NOT NULL,
    "sourceFormat" TEXT NOT NULL,
    "rawText" TEXT NOT NULL,
    "sections" JSONB NOT NULL,
    "legality" JSONB NOT NULL,
    "isLegal" BOOLEAN NOT NULL,
    "locked" BOOLEAN NOT NULL DEFAULT false,
    "submittedById" TEXT,
    "submittedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Decklist_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Round" (
    "id" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "kind" "RoundKind" NOT NULL DEFAULT 'SWISS',
    "status" "RoundStatus" NOT NULL DEFAULT 'PAIRED',
    "seed" TEXT NOT NULL,
    "minutes" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "publishedAt" TIMESTAMP(3),
    "closedAt" TIMESTAMP(3),

    CONSTRAINT "Round_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TimerActivation" (
    "id" TEXT NOT NULL,
    "roundId" TEXT NOT NULL,
    "matchId" TEXT,
    "action" "TimerAction" NOT NULL,
    "seconds" INTEGER NOT NULL DEFAULT 0,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "byUserId" TEXT,

    CONSTRAINT "TimerActivation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Match" (
    "id" TEXT NOT NULL,
    "roundId" TEXT NOT NULL,
    "table" INTEGER NOT NULL,
    "firstSlot" INTEGER,
    "outcome" "MatchOutcome",
    "winnerSlot" INTEGER,
    "endReason" TEXT,
    "lp1" INTEGER,
    "lp2" INTEGER,
    "games1" INTEGER NOT NULL DEFAULT 0,
    "games2" INTEGER NOT NULL DEFAULT 0,
    "reasons" JSONB NOT NULL DEFAULT '[]',
    "version" INTEGER NOT NULL DEFAULT 0,
    "reportedAt" TIMESTAMP(3),

    CONSTRAINT "Match_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MatchTeam" (
    "matchId" TEXT NOT NULL,
    "roundId" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,

    CONSTRAINT "MatchTeam_pkey" PRIMARY KEY ("matchId","slot")
);

-- CreateTable
CREATE TABLE "ResultReport" (
    "id" TEXT NOT NULL,
    "matchId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "teamId" TEXT,
    "payload" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ResultReport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditLog" (
    "id" TEXT NOT NULL,
    "eventId" TEXT,
    "userId" TEXT,
    "action" TEXT NOT NULL,
    "entity" TEXT NOT NULL,
    "entityId" TEXT,
    "before" JSONB,
    "after" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditLog_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_username_key" ON "User"("username");

-- CreateIndex
CREATE INDEX "PasswordResetCode_userId_idx" ON "PasswordResetCode"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Team_eventId_name_key" ON "Team"("eventId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Team_eventId_number_key" ON "Team"("eventId", "number");

-- CreateIndex
CREATE UNIQUE INDEX "Duelist_claimCode_key" ON "Duelist"("claimCode");

-- CreateIndex
CREATE UNIQUE INDEX "Duelist_teamId_designation_key" ON "Duelist"("teamId", "designation");

-- CreateIndex
CREATE UNIQUE INDEX "Duelist_eventId_playerId_key" ON "Duelist"("eventId", "playerId");

-- CreateIndex
CREATE UNIQUE INDEX "Duelist_eventId_userId_key" ON "Duelist"("eventId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "Banlist_game_name_key" ON "Banlist"("game", "name");

-- CreateIndex
CREATE INDEX "BanlistEntry_banlistId_idx" ON "BanlistEntry"("banlistId");

-- CreateIndex
CREATE UNIQUE INDEX "Decklist_duelistId_key" ON "Decklist"("duelistId");

-- CreateIndex
CREATE UNIQUE INDEX "Round_eventId_number_key" ON "Round"("eventId", "number");

-- CreateIndex
CREATE INDEX "TimerActivation_roundId_idx" ON "TimerActivation"("roundId");

-- CreateIndex
CREATE UNIQUE INDEX "Match_roundId_table_key" ON "Match"("roundId", "table");

-- CreateIndex
CREATE UNIQUE INDEX "MatchTeam_roundId_teamId_key" ON "MatchTeam"("roundId", "teamId");

-- CreateIndex
CREATE INDEX "ResultReport_matchId_idx" ON "ResultReport"("matchId");

-- CreateIndex
CREATE INDEX "AuditLog_eventId_createdAt_idx" ON "AuditLog"("eventId", "createdAt");

-- AddForeignKey
ALTER TABLE "PasswordResetCode" ADD CONSTRAINT "PasswordResetCode_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PasswordResetCode" ADD CONSTRAINT "PasswordResetCode_issuedById_fkey" FOREIGN KEY ("issuedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Event" ADD CONSTRAINT "Event_banlistId_fkey" FOREIGN KEY ("banlistId") REFERENCES "Banlist"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EventStaff" ADD CONSTRAINT "EventStaff_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EventStaff" ADD CONSTRAINT "EventStaff_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Team" ADD CONSTRAINT "Team_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Duelist" ADD CONSTRAINT "Duelist_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Duelist" ADD CONSTRAINT "Duelist_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Duelist" ADD CONSTRAINT "Duelist_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BanlistEntry" ADD CONSTRAINT "BanlistEntry_banlistId_fkey" FOREIGN KEY ("banlistId") REFERENCES "Banlist"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Decklist" ADD CONSTRAINT "Decklist_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Decklist" ADD CONSTRAINT "Decklist_duelistId_fkey" FOREIGN KEY ("duelistId") REFERENCES "Duelist"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Round" ADD CONSTRAINT "Round_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TimerActivation" ADD CONSTRAINT "TimerActivation_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "Round"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Match" ADD CONSTRAINT "Match_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "Round"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MatchTeam" ADD CONSTRAINT "MatchTeam_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MatchTeam" ADD CONSTRAINT "MatchTeam_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResultReport" ADD CONSTRAINT "ResultReport_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

