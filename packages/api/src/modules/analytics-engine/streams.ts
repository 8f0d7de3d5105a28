import { adsStream } from './ads.clickhouse.ts';
import type { ClickHouse } from './clickhouse.ts';
import type { OutboxStream } from './outbox.ts';
import { salesStream } from './sales.clickhouse.ts';

/** What flows from PostgreSQL to ClickHouse: the sales and the retail-media serving. */
export const clickhouseStreams = (ch: ClickHouse): OutboxStream[] => [salesStream(ch), adsStream(ch)];
