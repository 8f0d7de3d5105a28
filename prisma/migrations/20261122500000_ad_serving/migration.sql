-- CreateEnum
CREATE TYPE "RmEventType" AS ENUM ('impression', 'view', 'click');

-- CreateTable
CREATE TABLE "publisher_api_keys" (
    "id" SERIAL NOT NULL,
    "publisher_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "key_prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "publisher_api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rm_events" (
    "id" BIGSERIAL NOT NULL,
    "event_key" TEXT NOT NULL,
    "type" "RmEventType" NOT NULL,
    "request_id" TEXT NOT NULL,
    "publisher_id" INTEGER NOT NULL,
    "advertiser_id" INTEGER NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "ad_id" INTEGER NOT NULL,
    "placement" TEXT NOT NULL DEFAULT '',
    "context" TEXT NOT NULL DEFAULT '',
    "user_id" TEXT,
    "session_id" TEXT,
    "cost_cents" BIGINT NOT NULL DEFAULT 0,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rm_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rm_event_inbox" (
    "id" BIGSERIAL NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rm_event_inbox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rm_hourly_stats" (
    "id" BIGSERIAL NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "publisher_id" INTEGER NOT NULL,
    "advertiser_id" INTEGER NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "ad_id" INTEGER NOT NULL,
    "placement" TEXT NOT NULL DEFAULT '',
    "context" TEXT NOT NULL DEFAULT '',
    "impressions" BIGINT NOT NULL DEFAULT 0,
    "views" BIGINT NOT NULL DEFAULT 0,
    "clicks" BIGINT NOT NULL DEFAULT 0,
    "conversions" BIGINT NOT NULL DEFAULT 0,
    "items_sold" BIGINT NOT NULL DEFAULT 0,
    "income_cents" BIGINT NOT NULL DEFAULT 0,
    "spent_cents" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "rm_hourly_stats_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "publisher_api_keys_key_hash_key" ON "publisher_api_keys"("key_hash");

-- CreateIndex
CREATE INDEX "publisher_api_keys_publisher_id_idx" ON "publisher_api_keys"("publisher_id");

-- CreateIndex
CREATE UNIQUE INDEX "rm_events_event_key_key" ON "rm_events"("event_key");

-- CreateIndex
CREATE INDEX "rm_events_campaign_id_occurred_at_idx" ON "rm_events"("campaign_id", "occurred_at");

-- CreateIndex
CREATE INDEX "rm_events_user_id_occurred_at_idx" ON "rm_events"("user_id", "occurred_at");

-- CreateIndex
CREATE UNIQUE INDEX "rm_hourly_stats_hour_ad_id_placement_context_key" ON "rm_hourly_stats"("hour", "ad_id", "placement", "context");

-- CreateIndex
CREATE INDEX "rm_hourly_stats_campaign_id_hour_idx" ON "rm_hourly_stats"("campaign_id", "hour");

-- CreateIndex
CREATE INDEX "rm_hourly_stats_publisher_id_hour_idx" ON "rm_hourly_stats"("publisher_id", "hour");

-- AddForeignKey
ALTER TABLE "publisher_api_keys" ADD CONSTRAINT "publisher_api_keys_publisher_id_fkey" FOREIGN KEY ("publisher_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
