-- Event date, location and the organizer's "hide" switch (issue #13 item 7).
ALTER TABLE "Event" ADD COLUMN "startsOn" DATE,
ADD COLUMN "location" TEXT,
ADD COLUMN "hidden" BOOLEAN NOT NULL DEFAULT false;

-- Instance-wide settings (issue #13 item 5: the public address printed links use).
CREATE TABLE "InstanceSetting" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "updatedById" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "InstanceSetting_pkey" PRIMARY KEY ("key")
);
