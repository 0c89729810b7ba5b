-- Issue #13 item 8: the infraction picked from the catalogue, and an event's own entries.
ALTER TABLE "Penalty" ADD COLUMN "infractionCode" TEXT;

CREATE TABLE "LocalInfraction" (
    "id" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "defaultPenalty" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LocalInfraction_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "LocalInfraction_eventId_name_key" ON "LocalInfraction"("eventId", "name");

ALTER TABLE "LocalInfraction" ADD CONSTRAINT "LocalInfraction_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;
