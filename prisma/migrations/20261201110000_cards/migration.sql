-- CreateTable
CREATE TABLE "CardImportJob" (
    "id" TEXT NOT NULL,
    "userId" TEXT,
    "fileName" TEXT,
    "allowChanges" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL,
    "done" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL DEFAULT 0,
    "summary" JSONB,
    "error" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CardImportJob_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CardChange" (
    "id" TEXT NOT NULL,
    "jobId" TEXT NOT NULL,
    "passcode" INTEGER NOT NULL,
    "before" JSONB NOT NULL,
    "after" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CardChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CardImportJob_createdAt_idx" ON "CardImportJob"("createdAt");

-- CreateIndex
CREATE INDEX "CardChange_createdAt_idx" ON "CardChange"("createdAt");
