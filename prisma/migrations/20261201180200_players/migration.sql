-- CreateEnum
CREATE TYPE "TeamEntry" AS ENUM ('PLACED', 'WAITLIST', 'PENDING_APPROVAL', 'LOST_PLACE');

-- AlterTable
ALTER TABLE "Event" ADD COLUMN     "checkInClosedAt" TIMESTAMP(3),
ADD COLUMN     "partnerSeed" TEXT,
ADD COLUMN     "registrationClosesAt" TIMESTAMP(3),
ADD COLUMN     "registrationOpensAt" TIMESTAMP(3),
ADD COLUMN     "requireApproval" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "selfRegistration" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "teamCap" INTEGER;

-- AlterTable
ALTER TABLE "Team" ADD COLUMN     "entry" "TeamEntry" NOT NULL DEFAULT 'PLACED',
ADD COLUMN     "entryNotice" TEXT,
ADD COLUMN     "entryNoticeAt" TIMESTAMP(3),
ADD COLUMN     "waitlistSeq" INTEGER;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "email" TEXT,
ADD COLUMN     "konamiId" TEXT,
ADD COLUMN     "language" TEXT,
ADD COLUMN     "wizardsId" TEXT;

-- CreateTable
CREATE TABLE "TeamRegistration" (
    "id" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "side" "Designation" NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "tokenExpiresAt" TIMESTAMP(3) NOT NULL,
    "codeHash" TEXT,
    "codeExpiresAt" TIMESTAMP(3),
    "status" TEXT NOT NULL DEFAULT 'OPEN',
    "teamId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TeamRegistration_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PartnerPoolEntry" (
    "id" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "playerId" TEXT,
    "userId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'POOL',
    "teamId" TEXT,
    "designation" "Designation",
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PartnerPoolEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "TeamRegistration_tokenHash_key" ON "TeamRegistration"("tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "TeamRegistration_codeHash_key" ON "TeamRegistration"("codeHash");

-- CreateIndex
CREATE INDEX "TeamRegistration_eventId_status_idx" ON "TeamRegistration"("eventId", "status");

-- CreateIndex
CREATE INDEX "PartnerPoolEntry_eventId_status_idx" ON "PartnerPoolEntry"("eventId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "PartnerPoolEntry_eventId_userId_key" ON "PartnerPoolEntry"("eventId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "PartnerPoolEntry_eventId_playerId_key" ON "PartnerPoolEntry"("eventId", "playerId");

-- CreateIndex
CREATE UNIQUE INDEX "User_konamiId_key" ON "User"("konamiId");

-- CreateIndex
CREATE UNIQUE INDEX "User_wizardsId_key" ON "User"("wizardsId");

-- AddForeignKey
ALTER TABLE "TeamRegistration" ADD CONSTRAINT "TeamRegistration_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TeamRegistration" ADD CONSTRAINT "TeamRegistration_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PartnerPoolEntry" ADD CONSTRAINT "PartnerPoolEntry_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PartnerPoolEntry" ADD CONSTRAINT "PartnerPoolEntry_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

