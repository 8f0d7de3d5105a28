-- Trade marketing (issue 24): agreements between a brand (industry account) and a linked retailer
-- for in-store actions, their status history and the store's proof photos.
CREATE TABLE "trade_agreements" (
    "id" SERIAL PRIMARY KEY,
    "brand_account_id" INTEGER NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    "retailer_account_id" INTEGER NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    -- Always the brand or the retailer (checked below), so their keys cover it.
    "author_account_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "description" TEXT,
    "location_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "product_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "start_date" DATE NOT NULL,
    "end_date" DATE NOT NULL,
    "investment_cents" BIGINT NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "rejection_reason" TEXT,
    "created_by_user_id" INTEGER NOT NULL,
    "decided_by_user_id" INTEGER,
    "decided_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "trade_agreements_kind_check" CHECK ("kind" IN ('shelf_space', 'end_cap', 'tasting', 'flyer_placement', 'other')),
    CONSTRAINT "trade_agreements_status_check" CHECK ("status" IN ('draft', 'proposed', 'approved', 'rejected', 'running', 'done', 'canceled')),
    CONSTRAINT "trade_agreements_period_check" CHECK ("end_date" >= "start_date"),
    CONSTRAINT "trade_agreements_sides_check" CHECK ("brand_account_id" <> "retailer_account_id" AND "author_account_id" IN ("brand_account_id", "retailer_account_id"))
);
CREATE INDEX "trade_agreements_brand_idx" ON "trade_agreements"("brand_account_id", "status");
CREATE INDEX "trade_agreements_retailer_idx" ON "trade_agreements"("retailer_account_id", "status");

CREATE TABLE "trade_agreement_events" (
    "id" SERIAL PRIMARY KEY,
    "agreement_id" INTEGER NOT NULL REFERENCES "trade_agreements"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    "account_id" INTEGER,
    "user_id" INTEGER,
    "from_status" TEXT,
    "to_status" TEXT NOT NULL,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "trade_agreement_events_agreement_idx" ON "trade_agreement_events"("agreement_id", "id");

CREATE TABLE "trade_proofs" (
    "id" SERIAL PRIMARY KEY,
    "agreement_id" INTEGER NOT NULL REFERENCES "trade_agreements"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    -- The retailer of the agreement (which the agreement's key covers).
    "account_id" INTEGER NOT NULL,
    "location_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "media_type" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "trade_proofs_agreement_idx" ON "trade_proofs"("agreement_id", "id");
