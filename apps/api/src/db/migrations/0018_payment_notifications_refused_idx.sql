-- Issue 26 item 2: housekeeping deletes refused payment notifications older than 30 days; this
-- partial index holds only those rows, so the hourly prune reads them alone, however many accepted
-- notifications the table keeps.
CREATE INDEX "payment_notifications_refused_idx" ON "payment_notifications" USING btree ("received_at") WHERE "payment_notifications"."outcome" in ('malformed', 'status_mismatch', 'not_loopback', 'bad_signature', 'unknown_order', 'wrong_amount', 'unverified');
