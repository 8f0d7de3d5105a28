-- TV devices (issue 24): the device collection with Firestore's semantics, kept in PostgreSQL when
-- Firebase is not configured. Each row is one document: its id, the document as jsonb, and the two
-- fields the collection is queried by, copied out of the document on every write.
CREATE TABLE "tv_devices" (
    "id" TEXT PRIMARY KEY,
    -- The account that activated the device; null while it waits to be paired.
    "account_id" INTEGER,
    "token" TEXT,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "tv_devices_token_key" ON "tv_devices"("token");
CREATE INDEX "tv_devices_account_idx" ON "tv_devices"("account_id", "id");
