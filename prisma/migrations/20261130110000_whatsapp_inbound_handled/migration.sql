-- When the onInbound handlers saw a customer's message: a message stored whose job was never queued
-- (Redis away after the insert) or failed for good is queued again by the sweep.
ALTER TABLE "whatsapp_inbound" ADD COLUMN "handled_at" TIMESTAMPTZ(3);
-- What was stored before this column existed was handled by its job.
UPDATE "whatsapp_inbound" SET "handled_at" = "received_at";
CREATE INDEX "whatsapp_inbound_handled_at_received_at_idx" ON "whatsapp_inbound"("handled_at", "received_at");
