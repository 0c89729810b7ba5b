-- Issue #16 flight series: an event with flightSize is a series, a flight links back to it.
ALTER TABLE "Event" ADD COLUMN "flightSize" INTEGER,
ADD COLUMN "flightsHeld" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "seriesId" TEXT,
ADD COLUMN "flightNumber" INTEGER;

-- A series team's place in the queue, and a flight team's origin (a series team enters one flight).
ALTER TABLE "Team" ADD COLUMN "queuedAt" TIMESTAMP(3),
ADD COLUMN "seriesTeamId" TEXT;

CREATE UNIQUE INDEX "Event_seriesId_flightNumber_key" ON "Event"("seriesId", "flightNumber");

CREATE UNIQUE INDEX "Team_seriesTeamId_key" ON "Team"("seriesTeamId");

ALTER TABLE "Event" ADD CONSTRAINT "Event_seriesId_fkey" FOREIGN KEY ("seriesId") REFERENCES "Event"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

ALTER TABLE "Team" ADD CONSTRAINT "Team_seriesTeamId_fkey" FOREIGN KEY ("seriesTeamId") REFERENCES "Team"("id") ON DELETE SET NULL ON UPDATE CASCADE;
