-- Versions of each store's orders, as the orders list and board caches check them: raised in the same
-- transaction by every statement that writes an order, its lines (a card counts them), its store's
-- name or its customer's name (a card shows both), whoever runs it (the API, a provider's webhook, a
-- job, a script). The account's version is the sum of its stores'.

-- CreateTable
CREATE TABLE "order_versions" (
    "account_id" INTEGER NOT NULL,
    "location_id" INTEGER NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "order_versions_pkey" PRIMARY KEY ("account_id","location_id")
);

-- AddForeignKey
ALTER TABLE "order_versions" ADD CONSTRAINT "order_versions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Raises the versions of these (account, store) pairs, in key order so that two statements touching
-- several stores never wait on each other in a cycle; an account being deleted has none to raise.
CREATE OR REPLACE FUNCTION order_versions_raise(pairs jsonb) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO order_versions (account_id, location_id, version)
  SELECT DISTINCT (p->>0)::int, (p->>1)::int, 1 FROM jsonb_array_elements(pairs) p
   WHERE EXISTS (SELECT 1 FROM accounts a WHERE a.id = (p->>0)::int)
   ORDER BY 1, 2
  ON CONFLICT (account_id, location_id) DO UPDATE SET version = order_versions.version + 1;
$$;

-- Orders written (inserted, updated, deleted): their stores, before and after.
CREATE OR REPLACE FUNCTION order_versions_orders() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM order_versions_raise((SELECT jsonb_agg(DISTINCT jsonb_build_array(account_id, location_id)) FROM changed));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM order_versions_raise((SELECT jsonb_agg(DISTINCT jsonb_build_array(account_id, location_id)) FROM before));
  ELSE
    PERFORM order_versions_raise((SELECT jsonb_agg(DISTINCT jsonb_build_array(account_id, location_id))
                                    FROM (SELECT account_id, location_id FROM changed UNION SELECT account_id, location_id FROM before) s));
  END IF;
  RETURN NULL;
END $$;

-- Lines added or removed (a card shows how many): their orders' stores.
CREATE OR REPLACE FUNCTION order_versions_items() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_versions_raise((SELECT jsonb_agg(DISTINCT jsonb_build_array(o.account_id, o.location_id))
                                  FROM lines l JOIN orders o ON o.id = l.order_id));
  RETURN NULL;
END $$;

-- A store renamed: its orders' cards show the new name.
CREATE OR REPLACE FUNCTION order_versions_locations() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_versions_raise((SELECT jsonb_agg(DISTINCT jsonb_build_array(c.account_id, c.id))
                                  FROM changed c JOIN before b ON b.id = c.id AND b.name IS DISTINCT FROM c.name));
  RETURN NULL;
END $$;

-- A customer renamed: every store of the account that has orders (a version row) is raised.
CREATE OR REPLACE FUNCTION order_versions_customers() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_versions_raise((SELECT jsonb_agg(DISTINCT jsonb_build_array(v.account_id, v.location_id))
                                  FROM changed c JOIN before b ON b.id = c.id AND b.name IS DISTINCT FROM c.name
                                  JOIN order_versions v ON v.account_id = c.account_id));
  RETURN NULL;
END $$;

CREATE TRIGGER orders_versions_insert AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION order_versions_orders();
CREATE TRIGGER orders_versions_update AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION order_versions_orders();
CREATE TRIGGER orders_versions_delete AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS before FOR EACH STATEMENT EXECUTE FUNCTION order_versions_orders();
CREATE TRIGGER order_items_versions_insert AFTER INSERT ON "order_items"
  REFERENCING NEW TABLE AS lines FOR EACH STATEMENT EXECUTE FUNCTION order_versions_items();
CREATE TRIGGER order_items_versions_delete AFTER DELETE ON "order_items"
  REFERENCING OLD TABLE AS lines FOR EACH STATEMENT EXECUTE FUNCTION order_versions_items();
CREATE TRIGGER locations_order_versions AFTER UPDATE ON "locations"
  REFERENCING OLD TABLE AS before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION order_versions_locations();
CREATE TRIGGER customers_order_versions AFTER UPDATE ON "customers"
  REFERENCING OLD TABLE AS before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION order_versions_customers();
