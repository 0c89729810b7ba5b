-- AlterTable
ALTER TABLE "Event" ADD COLUMN     "checkInOpen" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "swissRounds" INTEGER,
ADD COLUMN     "topCut" INTEGER;

-- AlterTable
ALTER TABLE "Match" ADD COLUMN     "eompState" JSONB;

-- AlterTable
ALTER TABLE "Team" ADD COLUMN     "entryPolicy" TEXT,
ADD COLUMN     "entryRound" INTEGER,
ADD COLUMN     "fixedTable" INTEGER;

-- CreateTable
CREATE TABLE "AvoidPair" (
    "id" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "teamAId" TEXT NOT NULL,
    "teamBId" TEXT NOT NULL,
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AvoidPair_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RoundSnapshot" (
    "id" TEXT NOT NULL,
    "roundId" TEXT NOT NULL,
    "phase" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RoundSnapshot_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Penalty" (
    "id" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,
    "duelistId" TEXT,
    "roundNumber" INTEGER,
    "infraction" TEXT NOT NULL,
    "penalty" TEXT NOT NULL,
    "judgeId" TEXT,
    "notes" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Penalty_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DeckCheck" (
    "id" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "roundId" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,
    "judgeId" TEXT,
    "outcome" TEXT NOT NULL,
    "notes" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DeckCheck_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AvoidPair_eventId_teamAId_teamBId_key" ON "AvoidPair"("eventId", "teamAId", "teamBId");

-- CreateIndex
CREATE UNIQUE INDEX "RoundSnapshot_roundId_phase_key" ON "RoundSnapshot"("roundId", "phase");

-- CreateIndex
CREATE INDEX "Penalty_eventId_teamId_idx" ON "Penalty"("eventId", "teamId");

-- CreateIndex
CREATE UNIQUE INDEX "DeckCheck_roundId_teamId_key" ON "DeckCheck"("roundId", "teamId");

-- AddForeignKey
ALTER TABLE "AvoidPair" ADD CONSTRAINT "AvoidPair_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RoundSnapshot" ADD CONSTRAINT "RoundSnapshot_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "Round"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Penalty" ADD CONSTRAINT "Penalty_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Penalty" ADD CONSTRAINT "Penalty_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeckCheck" ADD CONSTRAINT "DeckCheck_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeckCheck" ADD CONSTRAINT "DeckCheck_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "Round"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeckCheck" ADD CONSTRAINT "DeckCheck_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

