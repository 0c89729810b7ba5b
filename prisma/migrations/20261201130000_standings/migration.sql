-- AlterTable: bye holders (RULES §2.3 Tier 3–4), byes for rounds 1…byeRounds awarded before round 1
ALTER TABLE "Team" ADD COLUMN "byeRounds" INTEGER NOT NULL DEFAULT 0;
