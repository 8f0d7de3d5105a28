-- Retail media in the analytics engine's outbox (ANALYTICS_ENGINE=clickhouse): with a sink registered,
-- every change of the ad-serving rollups — events counted and their spend (countEvents), conversions,
-- items and income credited (attributeBatch), decision requests (request-stats), or any other writer's —
-- is copied to analytics_outbox (stream 'ads') in the writer's transaction, by statement-level triggers
-- on the rollups themselves: whatever a statement changed is there exactly once, however it was written.
--
-- A row of the stream (ClickHouse's ad_facts) is the change of one rollup key by one statement: the rows
-- of the key after it (NEW TABLE, sign 1) minus the rows before (OLD TABLE, sign -1), summed, with
-- `stat_rows` the rows of the key added minus removed (1 when the statement created the row, 0 when it
-- updated it): ClickHouse then knows which keys PostgreSQL holds, zero sums included, as the reports
-- list them. Without a sink nothing is copied: one look-up of an empty table per statement.

-- The stream's rows (jsonb "row") for `changes`, a query over rows of the rollup of `kind` (daily:
-- rm_daily_stats, hourly: rm_hourly_stats, product: rm_product_daily_stats, request: rm_request_stats)
-- with a `sign` column: summed per key, keys left as they were omitted. SQL text, so that the triggers
-- (over their transition tables) and a new sink's load (over the tables) share it.
CREATE OR REPLACE FUNCTION ads_facts_sql(kind text, changes text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  keys text[];
  sums text[];
  hour text := $h$to_char(c.hour AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')$h$;
  day_of_hour text := $d$(c.hour AT TIME ZONE 'America/Sao_Paulo')::date$d$;
  fields text;
BEGIN
  CASE kind
    WHEN 'daily' THEN
      keys := ARRAY['day', 'publisher_id', 'advertiser_id', 'campaign_id', 'ad_id', 'placement', 'context'];
      sums := ARRAY['impressions', 'views', 'clicks', 'conversions', 'items_sold', 'income_cents', 'spent_cents'];
    WHEN 'hourly' THEN
      keys := ARRAY['hour', 'publisher_id', 'advertiser_id', 'campaign_id', 'ad_id', 'placement', 'context'];
      sums := ARRAY['impressions', 'views', 'clicks', 'conversions', 'items_sold', 'income_cents', 'spent_cents'];
    WHEN 'product' THEN
      keys := ARRAY['day', 'campaign_id', 'sku'];
      sums := ARRAY['conversions', 'items_sold', 'income_cents'];
    WHEN 'request' THEN
      keys := ARRAY['hour', 'publisher_id', 'placement', 'context'];
      sums := ARRAY['requests', 'filled', 'unfilled', 'ads_requested', 'ads_returned'];
  END CASE;
  -- An hour goes as UTC text (ClickHouse's DateTime('UTC')), with its São Paulo day beside it.
  SELECT string_agg(CASE WHEN k = 'hour' THEN format('%L, %s, %L, %s', 'hour', hour, 'day', day_of_hour) ELSE format('%L, c.%I', k, k) END, ', ')
    INTO fields FROM unnest(keys) AS k;
  SELECT fields || ', ' || string_agg(format('%L, sum(c.sign * c.%I)::text', s, s), ', ') INTO fields FROM unnest(sums) AS s;
  RETURN format(
    'SELECT jsonb_build_object(%L, %L, %L, sum(c.sign), %s) AS "row" FROM (%s) c GROUP BY %s HAVING sum(c.sign) <> 0 OR %s',
    'kind', kind, 'stat_rows', fields, changes,
    (SELECT string_agg(format('c.%I', k), ', ') FROM unnest(keys) AS k),
    (SELECT string_agg(format('sum(c.sign * c.%I) <> 0', s), ' OR ') FROM unnest(sums) AS s));
END $$;

-- What a statement on a rollup changed (TG_ARGV[0]: its kind), into the outbox when a sink exists.
CREATE OR REPLACE FUNCTION rm_stats_to_outbox() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM analytics_sinks) THEN
    EXECUTE format('INSERT INTO analytics_outbox (stream, "row") SELECT %L, f."row" FROM (%s) f', 'ads', ads_facts_sql(TG_ARGV[0], CASE TG_OP
      WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
      WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
      ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1, * FROM old_rows' END));
  END IF;
  RETURN NULL;
END $$;

-- A trigger with transition tables fires on one event: three per rollup.
CREATE TRIGGER rm_daily_stats_inserted_to_outbox AFTER INSERT ON "rm_daily_stats"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rm_stats_to_outbox('daily');
CREATE TRIGGER rm_daily_stats_updated_to_outbox AFTER UPDATE ON "rm_daily_stats"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rm_stats_to_outbox('daily');
CREATE TRIGGER rm_daily_stats_deleted_to_outbox AFTER DELETE ON "rm_daily_stats"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rm_stats_to_outbox('daily');

CREATE TRIGGER rm_hourly_stats_inserted_to_outbox AFTER INSERT ON "rm_hourly_stats"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rm_stats_to_outbox('hourly');
CREATE TRIGGER rm_hourly_stats_updated_to_outbox AFTER UPDATE ON "rm_hourly_stats"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rm_stats_to_outbox('hourly');
CREATE TRIGGER rm_hourly_stats_deleted_to_outbox AFTER DELETE ON "rm_hourly_stats"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rm_stats_to_outbox('hourly');

CREATE TRIGGER rm_product_daily_stats_inserted_to_outbox AFTER INSERT ON "rm_product_daily_stats"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rm_stats_to_outbox('product');
CREATE TRIGGER rm_product_daily_stats_updated_to_outbox AFTER UPDATE ON "rm_product_daily_stats"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rm_stats_to_outbox('product');
CREATE TRIGGER rm_product_daily_stats_deleted_to_outbox AFTER DELETE ON "rm_product_daily_stats"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rm_stats_to_outbox('product');

CREATE TRIGGER rm_request_stats_inserted_to_outbox AFTER INSERT ON "rm_request_stats"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rm_stats_to_outbox('request');
CREATE TRIGGER rm_request_stats_updated_to_outbox AFTER UPDATE ON "rm_request_stats"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rm_stats_to_outbox('request');
CREATE TRIGGER rm_request_stats_deleted_to_outbox AFTER DELETE ON "rm_request_stats"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rm_stats_to_outbox('request');
