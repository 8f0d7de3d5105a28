-- Issue 20, search speed: the words of each account's catalog (a shopper's misspelt word is corrected
-- against them before the full-text search, instead of a trigram scan of every product), and a
-- version of each account's catalog that every write to its products or offers raises in the same
-- transaction (what cached search results are checked against).

-- CreateTable
CREATE TABLE "catalog_words" (
    "account_id" INTEGER NOT NULL,
    "word" TEXT NOT NULL,

    CONSTRAINT "catalog_words_pkey" PRIMARY KEY ("account_id","word")
);

-- CreateTable
CREATE TABLE "catalog_versions" (
    "account_id" INTEGER NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "catalog_versions_pkey" PRIMARY KEY ("account_id")
);

-- CreateIndex
CREATE INDEX "catalog_words_word_idx" ON "catalog_words" USING GIN ("word" gin_trgm_ops);

-- AddForeignKey
ALTER TABLE "catalog_words" ADD CONSTRAINT "catalog_words_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "catalog_versions" ADD CONSTRAINT "catalog_versions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The words of a product's folded search text: letters only, three or more.
CREATE OR REPLACE FUNCTION catalog_words_of(value text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT DISTINCT w FROM regexp_split_to_table(value, '[^a-z]+') w WHERE length(w) >= 3 $$;

-- Once per statement (a 100,000-row import adds its new words in one insert). A word stays when its
-- products go: a correction to it finds nothing and the search goes on without it.
CREATE OR REPLACE FUNCTION products_catalog_words() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_words (account_id, word)
  SELECT DISTINCT c.account_id, w FROM changed c, catalog_words_of(c.search_text) w
   WHERE EXISTS (SELECT 1 FROM accounts a WHERE a.id = c.account_id)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- Accounts in id order, so that two statements touching several accounts never wait on each other in a
-- cycle; an account being deleted (its products go with it) has no version to raise.
CREATE OR REPLACE FUNCTION catalog_version_bump() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_versions (account_id, version)
  SELECT DISTINCT c.account_id, 1 FROM changed c
   WHERE EXISTS (SELECT 1 FROM accounts a WHERE a.id = c.account_id)
   ORDER BY c.account_id
  ON CONFLICT (account_id) DO UPDATE SET version = catalog_versions.version + 1;
  RETURN NULL;
END $$;

-- An update adds the words of the rows whose text changed only (a stock or price update adds none).
CREATE OR REPLACE FUNCTION products_catalog_words_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_words (account_id, word)
  SELECT DISTINCT c.account_id, w
    FROM changed c JOIN before b ON b.id = c.id AND b.search_text IS DISTINCT FROM c.search_text,
         catalog_words_of(c.search_text) w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER products_catalog_words_insert AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION products_catalog_words();
CREATE TRIGGER products_catalog_words_update AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION products_catalog_words_changed();

CREATE TRIGGER products_catalog_version_insert AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER products_catalog_version_update AFTER UPDATE ON "products"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER products_catalog_version_delete AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER offers_catalog_version_insert AFTER INSERT ON "offers"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER offers_catalog_version_update AFTER UPDATE ON "offers"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER offers_catalog_version_delete AFTER DELETE ON "offers"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();

INSERT INTO catalog_words (account_id, word)
SELECT DISTINCT p.account_id, w FROM products p, catalog_words_of(p.search_text) w
ON CONFLICT DO NOTHING;
