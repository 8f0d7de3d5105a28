-- CreateTable
CREATE TABLE "rm_conversions" (
    "id" BIGSERIAL NOT NULL,
    "publisher_id" INTEGER NOT NULL,
    "order_id" TEXT NOT NULL,
    "user_id" TEXT,
    "session_id" TEXT,
    "ordered_at" TIMESTAMPTZ(3) NOT NULL,
    "items" JSONB NOT NULL,
    "total_cents" BIGINT NOT NULL,
    "attributed_at" TIMESTAMPTZ(3),
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rm_conversions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rm_attributions" (
    "id" BIGSERIAL NOT NULL,
    "conversion_id" BIGINT NOT NULL,
    "publisher_id" INTEGER NOT NULL,
    "advertiser_id" INTEGER NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "ad_id" INTEGER NOT NULL,
    "event_key" TEXT NOT NULL,
    "event_type" "RmEventType" NOT NULL,
    "event_at" TIMESTAMPTZ(3) NOT NULL,
    "placement" TEXT NOT NULL DEFAULT '',
    "context" TEXT NOT NULL DEFAULT '',
    "sku" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "income_cents" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rm_attributions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rm_request_stats" (
    "id" BIGSERIAL NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "publisher_id" INTEGER NOT NULL,
    "placement" TEXT NOT NULL DEFAULT '',
    "context" TEXT NOT NULL DEFAULT '',
    "requests" BIGINT NOT NULL DEFAULT 0,
    "filled" BIGINT NOT NULL DEFAULT 0,
    "unfilled" BIGINT NOT NULL DEFAULT 0,
    "ads_requested" BIGINT NOT NULL DEFAULT 0,
    "ads_returned" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "rm_request_stats_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "rm_conversions_publisher_id_order_id_key" ON "rm_conversions"("publisher_id", "order_id");

-- CreateIndex
CREATE INDEX "rm_conversions_attributed_at_idx" ON "rm_conversions"("attributed_at");

-- CreateIndex
CREATE INDEX "rm_attributions_conversion_id_idx" ON "rm_attributions"("conversion_id");

-- CreateIndex
CREATE INDEX "rm_attributions_campaign_id_event_at_idx" ON "rm_attributions"("campaign_id", "event_at");

-- CreateIndex
CREATE INDEX "rm_events_session_id_occurred_at_idx" ON "rm_events"("session_id", "occurred_at");

-- CreateIndex
CREATE UNIQUE INDEX "rm_request_stats_hour_publisher_id_placement_context_key" ON "rm_request_stats"("hour", "publisher_id", "placement", "context");

-- CreateIndex
CREATE INDEX "rm_request_stats_publisher_id_hour_idx" ON "rm_request_stats"("publisher_id", "hour");

-- AddForeignKey
ALTER TABLE "rm_attributions" ADD CONSTRAINT "rm_attributions_conversion_id_fkey" FOREIGN KEY ("conversion_id") REFERENCES "rm_conversions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
