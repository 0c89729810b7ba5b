-- Issue #10: consented staff roles, session versions, hashed claim codes with expiry, reset-code
-- attempts, the database-backed limiter. Existing plaintext claim codes stay in "claimCode" until
-- the server hashes them at start (lib/server/claimCodes.ts) and clears the column.

-- AlterTable
ALTER TABLE "User" ADD COLUMN "sessionVersion" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "createdById" TEXT,
ADD COLUMN "resetNoticeBy" TEXT,
ADD COLUMN "resetNoticeAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "PasswordResetCode" ADD COLUMN "eventId" TEXT,
ADD COLUMN "attempts" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Duelist" ADD COLUMN "claimCodeHash" TEXT,
ADD COLUMN "claimExpiresAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "StaffInvitation" (
    "id" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" "StaffRole" NOT NULL DEFAULT 'JUDGE',
    "invitedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "StaffInvitation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RateCounter" (
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "lastAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "RateCounter_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "Duelist_claimCodeHash_key" ON "Duelist"("claimCodeHash");

-- CreateIndex
CREATE INDEX "StaffInvitation_userId_idx" ON "StaffInvitation"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "StaffInvitation_eventId_userId_key" ON "StaffInvitation"("eventId", "userId");

-- AddForeignKey
ALTER TABLE "StaffInvitation" ADD CONSTRAINT "StaffInvitation_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StaffInvitation" ADD CONSTRAINT "StaffInvitation_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Existing claim codes expire like new ones: a week from now at most (see lib/server/claimCodes.ts).
UPDATE "Duelist" SET "claimExpiresAt" = CURRENT_TIMESTAMP + INTERVAL '7 days' WHERE "claimCode" IS NOT NULL;
