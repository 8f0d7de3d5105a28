-- A counted click or view finds the attributed conversions of its person it could change by an
-- index lookup per person (user, else session) rather than a scan of the publisher's recent orders.
DROP INDEX "rm_conversions_publisher_id_ordered_at_idx";

-- CreateIndex
CREATE INDEX "rm_conversions_publisher_id_user_id_ordered_at_idx" ON "rm_conversions"("publisher_id", "user_id", "ordered_at");

-- CreateIndex
CREATE INDEX "rm_conversions_publisher_id_session_id_ordered_at_idx" ON "rm_conversions"("publisher_id", "session_id", "ordered_at");
