-- Issue 23: the names an analytics answer shows, versioned, so a kept answer is loaded again when one
-- changes (and can be kept for as long as its sales stay the same).
--   label_versions (account): raised in the same transaction by every statement that changes the
--                  name, SKU, brand or categories of one of the account's products, or deletes one;
--                  the name of one of its stores or of its customers (or deletes one); or its
--                  own name (a brand's dashboards show it).
-- One statement raises its accounts in id order: two statements cannot take them crosswise.
CREATE TABLE "label_versions" (
    "account_id" INTEGER NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "label_versions_pkey" PRIMARY KEY ("account_id")
);
ALTER TABLE "label_versions" ADD CONSTRAINT "label_versions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE OR REPLACE FUNCTION label_versions_raise(accounts int[]) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO label_versions AS v (account_id, version)
  SELECT DISTINCT a.id, 1 FROM unnest(accounts) AS x(id) JOIN accounts a ON a.id = x.id
   ORDER BY 1
  ON CONFLICT (account_id) DO UPDATE SET version = v.version + 1;
$$;

CREATE OR REPLACE FUNCTION label_versions_products() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM label_versions_raise((SELECT array_agg(DISTINCT account_id) FROM before));
  ELSE
    PERFORM label_versions_raise((SELECT array_agg(DISTINCT c.account_id) FROM changed c JOIN before b ON b.id = c.id
                                   WHERE (b.name, b.sku, b.brand, b.categories) IS DISTINCT FROM (c.name, c.sku, c.brand, c.categories)));
  END IF;
  RETURN NULL;
END $$;

-- Stores and customers: their name (a store or customer deleted takes its name along).
CREATE OR REPLACE FUNCTION label_versions_named() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM label_versions_raise((SELECT array_agg(DISTINCT account_id) FROM before));
  ELSE
    PERFORM label_versions_raise((SELECT array_agg(DISTINCT c.account_id) FROM changed c JOIN before b ON b.id = c.id WHERE b.name IS DISTINCT FROM c.name));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION label_versions_accounts() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM label_versions_raise((SELECT array_agg(DISTINCT c.id) FROM changed c JOIN before b ON b.id = c.id WHERE b.name IS DISTINCT FROM c.name));
  RETURN NULL;
END $$;

CREATE TRIGGER label_versions_products_update AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION label_versions_products();
CREATE TRIGGER label_versions_products_delete AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS before FOR EACH STATEMENT EXECUTE FUNCTION label_versions_products();
CREATE TRIGGER label_versions_locations_update AFTER UPDATE ON "locations"
  REFERENCING OLD TABLE AS before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION label_versions_named();
CREATE TRIGGER label_versions_locations_delete AFTER DELETE ON "locations"
  REFERENCING OLD TABLE AS before FOR EACH STATEMENT EXECUTE FUNCTION label_versions_named();
CREATE TRIGGER label_versions_customers_update AFTER UPDATE ON "customers"
  REFERENCING OLD TABLE AS before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION label_versions_named();
CREATE TRIGGER label_versions_customers_delete AFTER DELETE ON "customers"
  REFERENCING OLD TABLE AS before FOR EACH STATEMENT EXECUTE FUNCTION label_versions_named();
CREATE TRIGGER label_versions_accounts_update AFTER UPDATE ON "accounts"
  REFERENCING OLD TABLE AS before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION label_versions_accounts();
