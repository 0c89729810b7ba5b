-- CreateTable
CREATE TABLE "ArchivedPerson" (
    "id" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,

    CONSTRAINT "ArchivedPerson_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ArchivedPerson_eventId_displayName_key" ON "ArchivedPerson"("eventId", "displayName");

-- AddForeignKey
ALTER TABLE "ArchivedPerson" ADD CONSTRAINT "ArchivedPerson_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;
