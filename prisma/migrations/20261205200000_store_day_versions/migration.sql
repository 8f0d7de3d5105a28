-- Issue 23: a supermarket's analytics answers (its sell-out and customers cards) are kept per
-- (store, day), not per store: an order counted, taken away or moved on a day after an answer's period
-- leaves the answer (it reads nothing after its last day: first purchases, RFM and cohorts included).
--
--   sales_store_versions  (account, store, whole month?, day): raised once by each transaction whose
--                         sales changes (sales_changes, applied to the rollups as it commits) touched
--                         that store on that day, and the row of the day's month (whole_month, on its
--                         first day) with it. Day '-infinity' (whole_month): every day at once (a
--                         rebuild of the rollups). What an answer up to a day is checked against: the
--                         versions of the months before that day's and of its month's days up to it.
--
-- Raised by one statement per transaction (the deletion of its applied sales changes, at commit), its
-- rows locked in key order: two transactions cannot take them crosswise.
CREATE TABLE "sales_store_versions" (
    "account_id" INTEGER NOT NULL,
    "location_id" INTEGER NOT NULL,
    "whole_month" BOOLEAN NOT NULL,
    "day" DATE NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "sales_store_versions_pkey" PRIMARY KEY ("account_id","location_id","whole_month","day")
);
ALTER TABLE "sales_store_versions" ADD CONSTRAINT "sales_store_versions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE OR REPLACE FUNCTION sales_store_versions_raise() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_store_versions AS v (account_id, location_id, whole_month, day, version)
  SELECT DISTINCT g.account_id, g.location_id, m.whole_month, m.day, 1
    FROM gone g CROSS JOIN LATERAL (VALUES (FALSE, g.day), (TRUE, date_trunc('month', g.day)::date)) AS m(whole_month, day)
   WHERE EXISTS (SELECT 1 FROM accounts WHERE id = g.account_id)
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (account_id, location_id, whole_month, day) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER sales_store_versions_raise AFTER DELETE ON "sales_changes"
  REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION sales_store_versions_raise();
