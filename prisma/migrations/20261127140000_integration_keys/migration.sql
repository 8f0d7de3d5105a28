-- Integration keys of an account: personal access tokens acting as their creator (issue 21, order intake).
CREATE TABLE "integration_keys" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "created_by_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "key_prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "integration_keys_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "integration_keys_key_hash_key" ON "integration_keys"("key_hash");
CREATE INDEX "integration_keys_account_id_id_idx" ON "integration_keys"("account_id", "id");
CREATE INDEX "integration_keys_created_by_id_idx" ON "integration_keys"("created_by_id");

ALTER TABLE "integration_keys" ADD CONSTRAINT "integration_keys_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "integration_keys" ADD CONSTRAINT "integration_keys_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
