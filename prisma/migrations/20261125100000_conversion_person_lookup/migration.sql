-- CreateIndex: a counted click or view finds the attributed conversions it could change (same publisher, ordered after it).
CREATE INDEX "rm_conversions_publisher_id_ordered_at_idx" ON "rm_conversions"("publisher_id", "ordered_at");
