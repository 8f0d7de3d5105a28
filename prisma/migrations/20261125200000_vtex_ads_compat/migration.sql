-- AlterTable: publisher settings of the public ad endpoints.
ALTER TABLE "retail_media_configs" ADD COLUMN "require_api_key" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "allowed_origins" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable: how long a digital signage ad stays on screen.
ALTER TABLE "ads" ADD COLUMN "duration_seconds" INTEGER;

-- AlterTable: the documented order fields of a conversion.
ALTER TABLE "rm_conversions" ADD COLUMN "channel" TEXT,
ADD COLUMN "brand" TEXT,
ADD COLUMN "gender" TEXT,
ADD COLUMN "uf" TEXT,
ADD COLUMN "city" TEXT,
ADD COLUMN "is_company" BOOLEAN,
ADD COLUMN "email_hashed" TEXT,
ADD COLUMN "phone_hashed" TEXT,
ADD COLUMN "social_id_hashed" TEXT,
ADD COLUMN "first_name_hashed" TEXT,
ADD COLUMN "last_name_hashed" TEXT;

-- CreateTable
CREATE TABLE "rm_identities" (
    "publisher_id" INTEGER NOT NULL,
    "identifier" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rm_identities_pkey" PRIMARY KEY ("publisher_id","identifier","user_id")
);

-- CreateIndex
CREATE INDEX "rm_identities_publisher_id_user_id_idx" ON "rm_identities"("publisher_id", "user_id");

-- AlterTable: catalog tags of a SKU (an ad query's `tags`).
ALTER TABLE "products" ADD COLUMN "tags" TEXT[] DEFAULT ARRAY[]::TEXT[];
