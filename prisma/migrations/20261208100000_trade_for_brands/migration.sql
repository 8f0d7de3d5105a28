-- Trade for brands (issue 24): industry accounts take part in trade agreements with their linked
-- retailers, so each gets the trade submodule (904, promotional.trade) without the rest of the
-- promotional module. New databases get it from the seed; this grants it where the catalogue and
-- the accounts already exist. Members with a list of their own modules keep their list.
INSERT INTO "account_access_modules" ("account_id", "module_id")
SELECT a."id", m."id"
  FROM "accounts" a
  JOIN "access_modules" m ON m."id" = 904
 WHERE a."type" = 'industry'
ON CONFLICT DO NOTHING;
