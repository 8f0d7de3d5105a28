-- CreateTable
CREATE TABLE "rm_event_dedup" (
    "dedup_key" TEXT NOT NULL,
    "last_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rm_event_dedup_pkey" PRIMARY KEY ("dedup_key")
);

-- CreateIndex
CREATE INDEX "rm_event_dedup_last_at_idx" ON "rm_event_dedup"("last_at");
