-- Issue 19: stores, delivery regions, user-locations, slots, days without work, operators.

-- AlterTable: a store's full record.
ALTER TABLE "locations" ADD COLUMN "seller_id" TEXT,
ADD COLUMN "phone" TEXT,
ADD COLUMN "complement" TEXT,
ADD COLUMN "delivery_type" TEXT NOT NULL DEFAULT 'both',
ADD COLUMN "opening_hours" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN "picking_capacity" INTEGER;

-- CreateTable
CREATE TABLE "delivery_regions" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "location_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "geometry" JSONB NOT NULL,
    "west" DOUBLE PRECISION NOT NULL,
    "south" DOUBLE PRECISION NOT NULL,
    "east" DOUBLE PRECISION NOT NULL,
    "north" DOUBLE PRECISION NOT NULL,
    "delivery_fee_cents" BIGINT NOT NULL DEFAULT 0,
    "min_order_cents" BIGINT NOT NULL DEFAULT 0,
    "eta_minutes" INTEGER NOT NULL DEFAULT 60,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "delivery_regions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_locations" (
    "account_id" INTEGER NOT NULL,
    "location_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_locations_pkey" PRIMARY KEY ("location_id","user_id")
);

-- CreateTable
CREATE TABLE "slots" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "location_id" INTEGER NOT NULL,
    "region_id" INTEGER,
    "mode" TEXT NOT NULL,
    "weekday" INTEGER NOT NULL,
    "start_minute" INTEGER NOT NULL,
    "end_minute" INTEGER NOT NULL,
    "capacity" INTEGER NOT NULL,
    "cutoff_minutes" INTEGER NOT NULL DEFAULT 0,
    "prior_notice_minutes" INTEGER NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "slots_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "slot_day_usage" (
    "slot_id" INTEGER NOT NULL,
    "date" DATE NOT NULL,
    "booked" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "slot_day_usage_pkey" PRIMARY KEY ("slot_id","date")
);

-- CreateTable
CREATE TABLE "slot_bookings" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "slot_id" INTEGER NOT NULL,
    "date" DATE NOT NULL,
    "reference" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "released_at" TIMESTAMPTZ(3),

    CONSTRAINT "slot_bookings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "days_without_work" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "location_id" INTEGER,
    "mode" TEXT,
    "date" DATE NOT NULL,
    "reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "days_without_work_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "operators" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "cpf" TEXT,
    "phone" TEXT,
    "email" TEXT,
    "role" TEXT NOT NULL,
    "vehicle" JSONB,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "operators_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "operator_locations" (
    "operator_id" INTEGER NOT NULL,
    "location_id" INTEGER NOT NULL,

    CONSTRAINT "operator_locations_pkey" PRIMARY KEY ("operator_id","location_id")
);

-- CreateIndex
CREATE INDEX "delivery_regions_account_id_location_id_idx" ON "delivery_regions"("account_id", "location_id");
CREATE INDEX "delivery_regions_account_id_west_east_south_north_idx" ON "delivery_regions"("account_id", "west", "east", "south", "north");
CREATE INDEX "user_locations_account_id_user_id_idx" ON "user_locations"("account_id", "user_id");
CREATE INDEX "slots_account_id_location_id_mode_weekday_idx" ON "slots"("account_id", "location_id", "mode", "weekday");
CREATE INDEX "slot_bookings_slot_id_date_idx" ON "slot_bookings"("slot_id", "date");
CREATE INDEX "slot_bookings_account_id_reference_idx" ON "slot_bookings"("account_id", "reference");
CREATE INDEX "days_without_work_account_id_date_idx" ON "days_without_work"("account_id", "date");
CREATE INDEX "operators_account_id_name_idx" ON "operators"("account_id", "name");
CREATE INDEX "operator_locations_location_id_idx" ON "operator_locations"("location_id");

-- AddForeignKey
ALTER TABLE "delivery_regions" ADD CONSTRAINT "delivery_regions_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "user_locations" ADD CONSTRAINT "user_locations_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "user_locations" ADD CONSTRAINT "user_locations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "slots" ADD CONSTRAINT "slots_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "slots" ADD CONSTRAINT "slots_region_id_fkey" FOREIGN KEY ("region_id") REFERENCES "delivery_regions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "slot_day_usage" ADD CONSTRAINT "slot_day_usage_slot_id_fkey" FOREIGN KEY ("slot_id") REFERENCES "slots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "slot_bookings" ADD CONSTRAINT "slot_bookings_slot_id_fkey" FOREIGN KEY ("slot_id") REFERENCES "slots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "days_without_work" ADD CONSTRAINT "days_without_work_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "operators" ADD CONSTRAINT "operators_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "operator_locations" ADD CONSTRAINT "operator_locations_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "operator_locations" ADD CONSTRAINT "operator_locations_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
