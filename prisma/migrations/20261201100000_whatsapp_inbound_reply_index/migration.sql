-- The foreign key of a customer's answer to our message: deleting outbound messages (an account's,
-- in cascade) sets their answers' reply_to_id to null, one lookup per message; without an index
-- each was a scan of every customer's message ever stored.
CREATE INDEX "whatsapp_inbound_reply_to_id_idx" ON "whatsapp_inbound"("reply_to_id");
