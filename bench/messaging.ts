// Messaging benchmark (issue 22): a WhatsApp campaign to 100,000 opted-in customers dispatched through
// the local provider at its configured rate while the API keeps answering the chats list, and inbound
// webhooks at a bare Fastify route's pace, every message stored exactly once.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 node --import tsx bench/messaging.ts
//
// The parent seeds a benchmark database (backoffice_bench_messaging): the access modules and the demo
// accounts and users (accounts seed only), then in the demo grocery account 10 stores, 100,000 opted-in
// customers with distinct phones and 5,000 opted out (never to be messaged), 20 attendants (users of the
// account, most online, each serving a store), 8 chat tags, the bot's flow, 20,000 chats over 60 days
// on every channel (the last 250 still open, waiting or with the bot; the others closed) with 4 to 7
// messages each (customer, bot, attendant), their assignment and closing events, tags and bot steps,
// an approved messaging template and the account's WhatsApp number (the phone_number_id the webhook
// bodies name), in set-based SQL, then VACUUM ANALYZE. It bundles the server as `pnpm build` bundles
// the API and forks two processes sharing Redis, as deployed: the API (`--serve`: the real app with
// RUN_WORKERS=false, and the bare routes, one process) and the worker (`--work`: the same app with
// RUN_WORKERS=true, as packages/api/src/worker.ts runs it), with WHATSAPP_PROVIDER=local, a
// WHATSAPP_APP_SECRET of this run and WHATSAPP_RATE_PER_SECOND = BENCH_RATE (default 1,000: 100,000
// messages take ~100 s).
//
// Then, through the real API, it creates a campaign (audience: all) starting now and, while it
// dispatches, drives the API with autocannon at 20 connections, compared rows in turns:
//   1. bare GET vs GET /api/chats, first page, rotating over the list's filters (status, channel,
//      store, attendant, tag, sort): p95 ≤ 50 ms;
//   2. bare POST vs POST /webhooks/whatsapp with pre-generated Meta-format bodies, each a customer's
//      text message with an id of its own, signed with X-Hub-Signature-256 (one request in ten a replay
//      of an id sent before): requests per second ≥ 0.5× the bare route's (which takes the same bodies).
// Then it waits until the campaign is sent and the worker has handled every inbound message, and
// checks: every opted-in customer messaged exactly once (the campaign's outbound messages = distinct
// customers = distinct phones = opted-in customers; no opted-out customer among them), every accepted
// webhook message stored exactly once (whatsapp_inbound rows = chat messages = distinct ids; no id
// stored that was not sent), the measured dispatch rate against the configured one, and that the
// campaign was still dispatching when the rows ended. Writes bench/results/messaging-<date>.json.
//
// BENCH_REUSE=1: the dataset of a previous run is used (what earlier runs added is removed first).
// BENCH_CUSTOMERS (100,000), BENCH_RATE (1,000), BENCH_SECONDS (10 per row) for smaller trials;
// BENCH_PROFILE=1 writes CPU profiles of the API and the worker to /tmp/messaging-prof.
import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { buildApp } from '../packages/api/src/app.ts';
import { loadConfig } from '../packages/api/src/config.ts';
import { createDatabase, type SqlRunner } from '../packages/api/src/db/client.ts';
import { DEFAULT_BOT_FLOW } from '../packages/api/src/modules/chats/chat-inbound.ts';
import { signWebhook } from '../packages/api/src/modules/messaging/whatsapp-webhook.ts';
import { DEMO_PASSWORD } from '../packages/api/src/seed.ts';
import { benchDatabaseUrl, benchDataset, serveApp } from './app-server.ts';
import { bundleServer, CONNECTIONS, cpuMeter, DURATION, processes, REPO, rotating, serverChannel, writeResults, type Msg } from './load.ts';
import { interleavedRows, SLICES, type Timed } from './timed-rows.ts';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const OPTED_OUT = Math.max(1, Math.round(CUSTOMERS / 20));
const STORES = 10;
const ATTENDANTS = 20;
const TAGS = 8;
const CHATS = 20_000;
/** The newest chats are still open, waiting or with the bot; the others are closed. */
const ACTIVE_CHATS = 250;
const CHAT_DAYS = 60;
const RATE = Number(process.env.BENCH_RATE ?? 1000);
/** Distinct inbound messages prepared for the webhook rows (more than they can send on this machine). */
const WEBHOOK_BODIES = Number(process.env.BENCH_WEBHOOK_BODIES ?? 60_000);
/** One webhook request in this many is a replay of an id sent before. */
const REPLAY_EVERY = 10;
const LIST_P95_MS = 50;
const WEBHOOK_RATIO = 0.5;
const ACCOUNT_SLUG = 'supermercado-bom-preco';
const TEMPLATE_NAME = 'oferta_da_semana';
const PHONE_NUMBER_ID = '109876543210987';
const WABA_ID = '2222333344445555';
const reuseDataset = process.env.BENCH_REUSE === '1';

const baseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const benchDbUrl = benchDatabaseUrl(baseUrl, 'backoffice_bench_messaging');

// The API and the worker (forked with this environment) share the channel's settings.
process.env.WHATSAPP_PROVIDER = 'local';
process.env.WHATSAPP_APP_SECRET ??= `bench-app-secret-${randomUUID()}`;
process.env.WHATSAPP_RATE_PER_SECOND = String(RATE);
const APP_SECRET = process.env.WHATSAPP_APP_SECRET;

// ---------------------------------------------------------------------------------------------
// Dataset

const seedDataset = () =>
  benchDataset(baseUrl, 'backoffice_bench_messaging', {
    reuse: reuseDataset,
    seed: seedRows,
    seeded,
    complete: (found) => found.optedIn === CUSTOMERS && found.optedOut === OPTED_OUT && found.chats >= CHATS,
  });

const FIRST_NAMES = `ARRAY['Ana','Bruno','Carla','Daniel','Eduarda','Felipe','Gabriela','Henrique','Isabela','João','Larissa','Marcos','Natália','Otávio','Patrícia','Rafael','Sofia','Thiago','Vanessa','Wagner']`;
const LAST_NAMES = `ARRAY['Silva','Santos','Oliveira','Souza','Lima','Pereira','Costa','Ferreira','Almeida','Ribeiro','Carvalho','Gomes','Martins','Rocha','Barbosa']`;
const CHANNELS = `ARRAY['whatsapp_bot','whatsapp_bot','whatsapp','whatsapp','rappi','magento','vtex']`;
const CUSTOMER_LINES = `ARRAY['Oi, boa tarde','Vocês entregam no Jardim Paulista?','Meu pedido veio com um item faltando','Tem pão francês quentinho agora?','Qual o valor da taxa de entrega?','Aceitam vale-refeição?','Pode mandar o link, por favor','Obrigado!']`;
const ATTENDANT_LINES = `ARRAY['Claro! Já estou montando o seu carrinho.','Entregamos sim, a taxa para o seu bairro é R$ 7,90.','Sinto muito pelo transtorno. Vou estornar o valor agora mesmo.','Seu carrinho está pronto, vou enviar o link.','Aceitamos VR e VA na entrega.']`;
const TAG_NAMES = `ARRAY['Entrega urgente','Reclamação','Primeira compra','Orçamento','Cliente VIP','Troca','Pix','Retirada']`;
/** What customers write to the webhook (no menu choice, list or opt-out words: the bot only greets or repeats its menu). */
const INBOUND_TEXTS = ['Oi, tudo bem?', 'Bom dia!', 'Vocês abrem amanhã cedo?', 'Chegou aqui, obrigado', 'O entregador já saiu?', 'Tem promoção de carne hoje?', 'Boa noite', 'Ok, combinado'];

async function seedRows(db: SqlRunner) {
  const t0 = performance.now();
  const [{ id: accountId }] = (await db.query<{ id: number }>(`SELECT id FROM accounts WHERE slug = $1`, [ACCOUNT_SLUG])) as [{ id: number }];
  const allCustomers = CUSTOMERS + OPTED_OUT;
  await db.exec(`
    INSERT INTO locations (account_id, name, city, state, updated_at)
    SELECT ${accountId}, 'Bom Preço Loja ' || lpad(s::text, 2, '0'), 'São Paulo', 'SP', now() FROM generate_series(1, ${STORES}) s;
    CREATE TEMP TABLE bench_stores AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM locations WHERE account_id = ${accountId} AND name LIKE 'Bom Preço Loja %';
    INSERT INTO customers (account_id, name, phone, email, opt_in, opt_in_at, tags, created_at, updated_at)
    SELECT ${accountId}, (${FIRST_NAMES})[1 + c % 20] || ' ' || (${LAST_NAMES})[1 + (c / 20) % 15] || ' ' || c,
           '+55119' || lpad(c::text, 8, '0'), 'cliente' || c || '@bench.test', true, now() - (c % 700) * interval '1 day',
           CASE WHEN c % 9 = 0 THEN ARRAY['vip'] ELSE ARRAY[]::text[] END, now() - (c % 700) * interval '1 day', now()
      FROM generate_series(1, ${CUSTOMERS}) c;
    INSERT INTO customers (account_id, name, phone, email, opt_in, opt_in_at, created_at, updated_at)
    SELECT ${accountId}, (${FIRST_NAMES})[1 + c % 20] || ' ' || (${LAST_NAMES})[1 + (c / 20) % 15] || ' Sem Mensagens ' || c,
           '+55118' || lpad(c::text, 8, '0'), 'semmensagens' || c || '@bench.test', false, now() - (c % 30) * interval '1 day', now() - 400 * interval '1 day', now()
      FROM generate_series(1, ${OPTED_OUT}) c;
    CREATE TEMP TABLE bench_customers AS SELECT id, phone, row_number() OVER (ORDER BY id) - 1 AS n FROM customers WHERE account_id = ${accountId};
    INSERT INTO users (email, name, updated_at)
    SELECT 'atendente' || lpad(a::text, 2, '0') || '@bench.test', (${FIRST_NAMES})[1 + (a * 7) % 20] || ' Atendente ' || a, now() FROM generate_series(1, ${ATTENDANTS}) a;
    CREATE TEMP TABLE bench_attendants AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users WHERE email LIKE 'atendente%@bench.test';
    INSERT INTO memberships (account_id, user_id, role, status, updated_at) SELECT ${accountId}, id, 'operator', 'active', now() FROM bench_attendants;
    INSERT INTO chat_attendants (account_id, user_id, status, max_chats, location_ids, status_changed_at, updated_at)
    SELECT ${accountId}, a.id, CASE WHEN a.n % 4 = 3 THEN 'away' ELSE 'online' END, 10, ARRAY[s.id], now(), now()
      FROM bench_attendants a JOIN bench_stores s ON s.n = a.n % ${STORES};
    INSERT INTO chat_tags (account_id, name, updated_at) SELECT ${accountId}, (${TAG_NAMES})[t], now() FROM generate_series(1, ${TAGS}) t;
    CREATE TEMP TABLE bench_tags AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM chat_tags WHERE account_id = ${accountId};
  `);
  const flow = DEFAULT_BOT_FLOW;
  await db.query(
    `INSERT INTO chat_bot_flows (account_id, enabled, greeting, menu, list_prompt, list_received, handover, business_hours, abandon_after_minutes, default_location_id, updated_at)
     VALUES ($1, true, $2, $3, $4, $5, $6, $7, $8, (SELECT id FROM bench_stores WHERE n = 0), now())`,
    [accountId, flow.greeting, flow.menu, flow.listPrompt, flow.listReceived, flow.handover, flow.businessHours, flow.abandonAfterMinutes],
  );
  const t1 = performance.now();
  // Chats in the order they began over CHAT_DAYS days; the newest ACTIVE_CHATS are not closed, each a
  // different customer's (one chat not closed per phone).
  await db.exec(`
    INSERT INTO chats (account_id, location_id, customer_id, phone, channel, status, attendant_user_id, unread_count, last_message_at,
                       last_message_preview, assigned_at, first_response_at, resolved_at, bot_step, created_at, updated_at)
    SELECT ${accountId}, s.id, c.id, c.phone, x.channel, x.status,
           CASE WHEN x.status IN ('open', 'closed') THEN a.id END,
           CASE x.status WHEN 'closed' THEN 0 WHEN 'open' THEN g % 3 ELSE 1 + g % 2 END,
           x.last_at, (${CUSTOMER_LINES})[1 + g % 8],
           CASE WHEN x.status IN ('open', 'closed') THEN x.created + interval '2 minutes' END,
           CASE WHEN x.status IN ('open', 'closed') THEN x.created + (3 + g % 10) * interval '1 minute' END,
           CASE WHEN x.status = 'closed' THEN x.last_at + interval '5 minutes' END,
           CASE WHEN x.status = 'bot' THEN 'menu' WHEN x.channel = 'whatsapp_bot' THEN 'handover' END,
           x.created, now()
      FROM generate_series(0, ${CHATS - 1}) g
      JOIN bench_stores s ON s.n = g % ${STORES}
      JOIN bench_customers c ON c.n = g % ${allCustomers}
      JOIN bench_attendants a ON a.n = g % ${ATTENDANTS}
      CROSS JOIN LATERAL (
        SELECT CASE WHEN g < ${CHATS - ACTIVE_CHATS} THEN 'closed' WHEN g % 10 < 6 THEN 'open' WHEN g % 10 < 8 THEN 'waiting' ELSE 'bot' END AS status,
               now() - (${CHATS} - g) * (interval '${CHAT_DAYS} days' / ${CHATS}) AS created
      ) y
      CROSS JOIN LATERAL (
        SELECT y.status, y.created,
               CASE WHEN y.status = 'bot' THEN 'whatsapp_bot' ELSE (${CHANNELS})[1 + g % 7] END AS channel,
               least(y.created + (10 + g % 50) * interval '1 minute', now() - interval '10 seconds') AS last_at
      ) x;
    CREATE TEMP TABLE bench_chats AS SELECT id, channel, status, attendant_user_id, created_at, last_message_at, (4 + id % 4) AS n FROM chats WHERE account_id = ${accountId};
    INSERT INTO chat_messages (account_id, chat_id, direction, author, author_user_id, kind, body, delivery_status, provider_message_id, created_at)
    SELECT ${accountId}, ch.id, CASE WHEN m.author = 'customer' THEN 'in' ELSE 'out' END, m.author,
           CASE WHEN m.author = 'attendant' THEN ch.attendant_user_id END, 'text',
           CASE m.author WHEN 'customer' THEN (${CUSTOMER_LINES})[1 + (ch.id + i) % 8]
                         WHEN 'bot' THEN CASE WHEN i = 1 THEN $menu$${flow.menu}$menu$ ELSE $handover$${flow.handover}$handover$ END
                         ELSE (${ATTENDANT_LINES})[1 + (ch.id + i) % 5] END,
           CASE WHEN m.author <> 'customer' THEN 'read' END,
           CASE WHEN m.author = 'customer' THEN 'seed:' || ch.id || ':' || i END,
           ch.created_at + i * ((ch.last_message_at - ch.created_at) / (ch.n - 1))
      FROM bench_chats ch
      CROSS JOIN generate_series(0, 7) i
      CROSS JOIN LATERAL (
        SELECT CASE WHEN i % 2 = 0 OR i = ch.n - 1 AND ch.status <> 'closed' THEN 'customer'
                    WHEN ch.channel = 'whatsapp_bot' AND (i < 3 OR ch.attendant_user_id IS NULL) THEN 'bot'
                    WHEN ch.attendant_user_id IS NULL THEN 'bot'
                    ELSE 'attendant' END AS author
      ) m
     WHERE i < ch.n;
    INSERT INTO chat_events (account_id, chat_id, kind, to_user_id, created_at)
    SELECT ${accountId}, id, 'assigned', attendant_user_id, created_at + interval '2 minutes' FROM bench_chats WHERE attendant_user_id IS NOT NULL;
    INSERT INTO chat_events (account_id, chat_id, kind, from_status, to_status, from_user_id, actor_user_id, created_at)
    SELECT ${accountId}, id, 'status', 'open', 'closed', attendant_user_id, attendant_user_id, last_message_at + interval '5 minutes' FROM bench_chats WHERE status = 'closed';
    INSERT INTO chat_tag_links (chat_id, tag_id) SELECT ch.id, t.id FROM bench_chats ch JOIN bench_tags t ON t.n = ch.id % ${TAGS} WHERE ch.id % 3 = 0;
    INSERT INTO chat_bot_steps (account_id, chat_id, step, reached_at, left_at, outcome)
    SELECT ${accountId}, ch.id, st.step, ch.created_at, CASE WHEN ch.status = 'bot' AND st.step = 'menu' THEN NULL ELSE ch.created_at + interval '2 minutes' END,
           CASE WHEN ch.status = 'bot' AND st.step = 'menu' THEN NULL ELSE 'advanced' END
      FROM bench_chats ch CROSS JOIN (VALUES ('greeting'), ('menu'), ('handover')) st(step)
     WHERE ch.channel = 'whatsapp_bot' AND NOT (ch.status = 'bot' AND st.step = 'handover');
  `);
  const t2 = performance.now();
  await db.query(
    `INSERT INTO messaging_templates (account_id, name, description, message, buttons, status, decided_at, updated_at)
     VALUES ($1, $2, 'Ofertas semanais para clientes que aceitaram mensagens', $3, ARRAY['Quero aproveitar', 'Não quero mensagens'], 'approved', now(), now())`,
    [accountId, TEMPLATE_NAME, 'Olá, {{nome}}! Nesta semana o Bom Preço tem hortifrúti com até 30% de desconto e pão francês fresquinho o dia todo. Aproveite!'],
  );
  await db.query(
    `INSERT INTO whatsapp_numbers (account_id, phone_number_id, waba_id, display_phone, updated_at) VALUES ($1, $2, $3, '+55 11 4000-0000', now())`,
    [accountId, PHONE_NUMBER_ID, WABA_ID],
  );
  await db.exec('VACUUM ANALYZE');
  console.log(
    `dataset: customers, attendants and tags ${((t1 - t0) / 1000).toFixed(1)} s, chats and their messages ${((t2 - t1) / 1000).toFixed(1)} s, template, number and VACUUM ANALYZE ${((performance.now() - t2) / 1000).toFixed(1)} s`,
  );
  return seeded(db);
}

/** The seeded dataset: counts, and what the rows name (stores, attendants, tags, the phones that write). */
async function seeded(db: SqlRunner) {
  const [account] = await db.query<{ id: number }>(`SELECT id FROM accounts WHERE slug = $1`, [ACCOUNT_SLUG]);
  const accountId = account!.id;
  const [counts] = await db.query<{ opted_in: string; opted_out: string; chats: string; messages: string }>(
    `SELECT (SELECT count(*) FROM customers WHERE account_id = $1 AND opt_in AND phone IS NOT NULL) AS opted_in,
            (SELECT count(*) FROM customers WHERE account_id = $1 AND NOT opt_in) AS opted_out,
            (SELECT count(*) FROM chats WHERE account_id = $1) AS chats,
            (SELECT count(*) FROM chat_messages WHERE account_id = $1) AS messages`,
    [accountId],
  );
  const ids = async (sql: string) => (await db.query<{ id: number }>(sql, [accountId])).map((r) => r.id);
  const [template] = await db.query<{ id: number }>(`SELECT id FROM messaging_templates WHERE account_id = $1 AND name = $2 AND status = 'approved'`, [accountId, TEMPLATE_NAME]);
  return {
    accountId,
    optedIn: Number(counts!.opted_in),
    optedOut: Number(counts!.opted_out),
    chats: Number(counts!.chats),
    messages: Number(counts!.messages),
    templateId: template?.id ?? 0,
    storeIds: await ids(`SELECT id FROM locations WHERE account_id = $1 AND name LIKE 'Bom Preço Loja %' ORDER BY id`),
    attendantIds: await ids(`SELECT user_id AS id FROM chat_attendants WHERE account_id = $1 ORDER BY user_id`),
    tagIds: await ids(`SELECT id FROM chat_tags WHERE account_id = $1 ORDER BY id`),
    /** Phones of the customers in a chat with an attendant (most webhook messages come from them). */
    openPhones: (await db.query<{ phone: string }>(`SELECT phone FROM chats WHERE account_id = $1 AND status = 'open' ORDER BY id`, [accountId])).map((r) => r.phone),
    /** Opted-in customers with no chat going on (their message opens a chat with the bot). */
    newPhones: (
      await db.query<{ phone: string }>(
        `SELECT c.phone FROM customers c WHERE c.account_id = $1 AND c.opt_in AND NOT EXISTS (SELECT 1 FROM chats h WHERE h.account_id = c.account_id AND h.phone = c.phone AND h.status <> 'closed')
          ORDER BY c.id DESC LIMIT 300`,
        [accountId],
      )
    ).map((r) => r.phone),
  };
}

/**
 * What earlier runs on a reused dataset added: their campaigns (and recipients), outbound and inbound
 * messages, and the chats their webhooks opened (after the seeded ones); the seeded chats they wrote to
 * keep those messages' effects (unread counts, last message), as a day's traffic would leave them.
 * Answers the dataset as it is then.
 */
async function removeEarlierRuns(accountId: number) {
  const database = await createDatabase({ databaseUrl: benchDbUrl, dataDir: 'memory://', poolSize: 1 });
  await database.sql.exec(`
    DELETE FROM messaging_campaigns WHERE account_id = ${accountId};
    DELETE FROM chat_messages WHERE account_id = ${accountId} AND (provider_message_id IS NULL OR provider_message_id NOT LIKE 'seed:%')
      AND created_at > (SELECT max(created_at) FROM chat_messages WHERE account_id = ${accountId} AND provider_message_id LIKE 'seed:%');
    DELETE FROM chats WHERE account_id = ${accountId} AND id > (SELECT max(chat_id) FROM chat_messages WHERE account_id = ${accountId} AND provider_message_id LIKE 'seed:%');
    DELETE FROM whatsapp_inbound WHERE account_id = ${accountId};
    DELETE FROM outbound_messages WHERE account_id = ${accountId};
  `);
  await database.sql.exec('VACUUM ANALYZE');
  const found = await database.session((db) => seeded(db));
  await database.close();
  return found;
}

// ---------------------------------------------------------------------------------------------
// Processes: the API (`--serve`, with the bare routes) and the worker (`--work`).

const serve = () => serveApp(benchDbUrl);

/** The worker as packages/api/src/worker.ts runs it: the same app, taking the jobs (no HTTP). */
async function work() {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: benchDbUrl,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    REDIS_PREFIX: process.env.BENCH_REDIS_PREFIX,
    RUN_WORKERS: 'true',
  });
  const database = await createDatabase(config);
  const app = await buildApp({ ...config, runWorkers: true }, { database, logger: false });
  await app.ready();
  process.on('message', async (m: Msg) => {
    if (m.type === 'close') {
      setTimeout(() => process.exit(0), 10_000).unref();
      await app.close();
      await database.close();
      process.exit(0);
    }
  });
  process.send!({ type: 'ready', redis: Boolean(config.redisUrl) });
}

// ---------------------------------------------------------------------------------------------
// Webhook bodies

interface Inbound {
  id: string;
  body: string;
  signature: string;
}

/** Meta's notification of one customer's text message to the account's number, signed as Meta signs it. */
function inboundBody(id: string, phone: string, name: string, text: string): Inbound {
  const waId = phone.replace(/\D/g, '');
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: WABA_ID,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '551140000000', phone_number_id: PHONE_NUMBER_ID },
              contacts: [{ profile: { name }, wa_id: waId }],
              messages: [{ from: waId, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } }],
            },
          },
        ],
      },
    ],
  });
  return { id, body, signature: signWebhook(body, APP_SECRET) };
}

/**
 * The webhook's requests: the prepared messages in turn, each sent once, and one request in
 * REPLAY_EVERY a replay of one sent before (the same body and signature). Records the ids sent and
 * those answered 200 (a request still in flight when a slice stops was sent but not answered).
 */
function webhookRequests(bodies: Inbound[]) {
  const state = { next: 0, requests: 0, replays: 0, sent: new Set<string>(), accepted: new Set<string>(), statuses: {} as Record<string, number> };
  let seed = 22;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const requests = [
    {
      method: 'POST' as const,
      setupRequest: (req: autocannon.Request, ctx: object) => {
        const context = ctx as { id?: string };
        const replay = state.requests++ % REPLAY_EVERY === REPLAY_EVERY - 1 && state.next > 0;
        const m = replay ? bodies[Math.floor(random() * Math.min(state.next, bodies.length))]! : bodies[state.next++ % bodies.length]!;
        if (replay || state.next > bodies.length) state.replays++;
        state.sent.add(m.id);
        context.id = m.id;
        return {
          ...req,
          method: 'POST' as const,
          path: '/webhooks/whatsapp',
          headers: { ...req.headers, 'content-type': 'application/json', 'x-hub-signature-256': m.signature },
          body: m.body,
        };
      },
      onResponse: (status: number, _body: string, ctx: object) => {
        const { id } = ctx as { id?: string };
        if (status === 200 && id) state.accepted.add(id);
        else state.statuses[status] = (state.statuses[status] ?? 0) + 1;
      },
    },
  ];
  return { requests, state };
}

// ---------------------------------------------------------------------------------------------
// Load

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round1 = (n: number) => Math.round(n * 10) / 10;

async function main() {
  const keepAlive = setInterval(() => undefined, 1_000);
  let dataset = await seedDataset();
  if (reuseDataset) dataset = await removeEarlierRuns(dataset.accountId);
  console.log(
    `dataset: ${dataset.optedIn} opted-in customers, ${dataset.optedOut} opted out, ${dataset.chats} chats, ${dataset.messages} chat messages, ${dataset.storeIds.length} stores, ${dataset.attendantIds.length} attendants, template ${dataset.templateId}`,
  );
  if (!dataset.templateId) throw new Error('the approved template is missing from the dataset');
  const bundle = await bundleServer(resolve(REPO, 'bench/messaging.ts'), 'messaging');
  // BENCH_PROFILE=1: CPU profiles of the API and the worker in /tmp/messaging-prof (written when they exit).
  const profile = process.env.BENCH_PROFILE === '1' ? ['--cpu-prof', '--cpu-prof-dir=/tmp/messaging-prof'] : [];
  const child: ChildProcess = fork(bundle.server, ['--serve'], { execArgv: ['--enable-source-maps', ...profile], env: { ...process.env, BENCH_REPO: REPO } });
  const workerChild: ChildProcess = fork(bundle.server, ['--work'], { execArgv: ['--enable-source-maps', ...profile], env: { ...process.env, BENCH_REPO: REPO } });
  const { next, ask, close } = serverChannel(child, () => workerChild);
  const worker = serverChannel(workerChild);
  const ready = await next();
  const workerReady = await worker.next();
  processes.server = child.pid;
  processes.worker = workerChild.pid;
  if (!ready.redis || !workerReady.redis) throw new Error('this benchmark needs REDIS_URL: the API and the worker share the jobs through Redis');
  const appUrl = `http://127.0.0.1:${ready.appPort}`;
  const bareUrl = `http://127.0.0.1:${ready.barePort}`;

  const login = await fetch(`${appUrl}/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@varejo.test', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const loadBefore = loadavg().map((l) => Math.round(l * 100) / 100);

  // The chats list: the first page, with each of the list's filters and both sorts.
  const [store, otherStore] = [dataset.storeIds[0]!, dataset.storeIds[3]!];
  const listPaths = [
    '/api/chats',
    '/api/chats?status=open',
    '/api/chats?status=waiting',
    '/api/chats?status=bot',
    '/api/chats?channel=whatsapp_bot',
    `/api/chats?location_id=${store}`,
    `/api/chats?attendant_user_id=${dataset.attendantIds[1]}`,
    `/api/chats?tag_id=${dataset.tagIds[2]}`,
    '/api/chats?sort=asc',
    `/api/chats?status=closed&location_id=${otherStore}&sort=desc`,
    '/api/chats?unassigned=true',
    `/api/chats?channel=rappi&location_id=${dataset.storeIds[5]}`,
  ];
  const get = (path: string) => ({ method: 'GET' as const, path, headers: auth, body: '' });
  const samples: Record<string, { status: number; ms: number; bytes: number; note: string }> = {};
  for (const path of listPaths) {
    const t0 = performance.now();
    const res = await fetch(`${appUrl}${path}`, { headers: auth });
    const text = await res.text();
    const ms = Math.round((performance.now() - t0) * 100) / 100;
    const body = JSON.parse(text) as { data?: unknown[]; meta?: { total?: number } };
    samples[path] = { status: res.status, ms, bytes: text.length, note: res.ok ? `${body.data?.length} of ${body.meta?.total} found` : text.slice(0, 300) };
    console.log(`sample GET ${path}: ${res.status} in ${ms} ms (alone), ${text.length} bytes, ${samples[path]!.note}`);
    if (path === '/api/chats') await ask({ type: 'bare-body', name: 'list', body });
  }

  // The webhook's messages: most from customers talking to an attendant, some opening a chat with the bot.
  const runId = randomUUID().slice(0, 8);
  const phones = dataset.openPhones.length ? dataset.openPhones : dataset.newPhones;
  const t0 = performance.now();
  const bodies = Array.from({ length: WEBHOOK_BODIES }, (_, i) => {
    const phone = i % 7 === 6 && dataset.newPhones.length ? dataset.newPhones[(i * 13) % dataset.newPhones.length]! : phones[(i * 31) % phones.length]!;
    return inboundBody(`wamid.bench.${runId}.${i}`, phone, `Cliente ${phone.slice(-4)}`, INBOUND_TEXTS[i % INBOUND_TEXTS.length]!);
  });
  console.log(`${bodies.length} webhook bodies signed in ${Math.round(performance.now() - t0)} ms (${Math.round(bodies.reduce((s, b) => s + b.body.length, 0) / bodies.length)} bytes each)`);
  // The bare POST answers what the webhook answers, to the same bodies.
  await ask({ type: 'bare-body', name: 'webhook', body: { received: true, messages: 1, statuses: 0, templates: 0 } });
  const bareBodies = bodies.map((b) => ({ method: 'POST' as const, path: '/bare/webhook', headers: { 'content-type': 'application/json', 'x-hub-signature-256': b.signature }, body: b.body }));

  // Warm-up (the webhook warms with ids of its own, checked like the others).
  const webhook = webhookRequests(bodies);
  await autocannon({ url: appUrl, connections: CONNECTIONS, duration: 2, requests: rotating(listPaths.map(get)) });
  await autocannon({ url: appUrl, connections: CONNECTIONS, duration: 2, requests: webhook.requests });

  // The campaign, through the real API: every opted-in customer, starting now.
  const created = await fetch(`${appUrl}/api/messaging-campaign`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Ofertas da semana (carga ${runId})`,
      template_id: dataset.templateId,
      audience: { type: 'all' },
      location_ids: [],
      start_at: new Date().toISOString(),
      end_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    }),
  });
  const createdAt = Date.now();
  const campaign = (await created.json()) as { id: number; status: string; message?: string };
  if (!created.ok) throw new Error(`campaign not created: ${created.status} ${JSON.stringify(campaign)}`);
  console.log(`campaign ${campaign.id} created (${campaign.status}), ${RATE} messages/s configured`);
  const database = await createDatabase({ databaseUrl: benchDbUrl, dataDir: 'memory://', poolSize: 2 });
  const db = database.sql;
  const sentCount = async () =>
    Number(
      (await db.query<{ n: string }>(`SELECT count(*) AS n FROM messaging_campaign_recipients WHERE campaign_id = $1 AND status IN ('sent', 'delivered', 'read')`, [campaign.id]))[0]!.n,
    );
  // The rows begin once the dispatch has begun (its recipients written, the first batch sent).
  for (let waited = 0; (await sentCount()) === 0; waited += 250) {
    if (waited > 120_000) throw new Error('the campaign has not started sending after two minutes');
    await sleep(250);
  }
  const firstSentAfterMs = Date.now() - createdAt;
  console.log(`campaign sending ${Math.round(firstSentAfterMs)} ms after it was created`);

  const sentBeforeRows = await sentCount();
  const rowsStarted = Date.now();
  const rows: Record<string, Timed> = await interleavedRows([
    ['bare GET /bare (list-sized body)', { url: bareUrl, requests: rotating([get('/bare/list')]) }],
    ['GET /api/chats, first page (12 filter and sort variants)', { url: appUrl, requests: rotating(listPaths.map(get)) }],
    ['bare POST /bare (the webhook’s bodies)', { url: bareUrl, requests: rotating(bareBodies) }],
    ['POST /webhooks/whatsapp (signed, 1 in 10 a replay)', { url: appUrl, requests: webhook.requests }],
  ]);
  const rowsSeconds = (Date.now() - rowsStarted) / 1000;
  const sentAfterRows = await sentCount();
  const w = webhook.state;
  console.log(
    `during the rows (${round1(rowsSeconds)} s) the campaign sent ${sentAfterRows - sentBeforeRows} messages (${round1((sentAfterRows - sentBeforeRows) / rowsSeconds)}/s; ${sentAfterRows} of ${dataset.optedIn} so far)`,
  );
  console.log(`webhook: ${w.requests} requests, ${w.sent.size} distinct ids sent, ${w.accepted.size} answered 200, ${w.replays} replays${Object.keys(w.statuses).length ? `, other answers ${JSON.stringify(w.statuses)}` : ''}`);

  // Until the campaign is sent and every stored inbound message is in its chat.
  const like = `wamid.bench.${runId}.%`;
  const inboundCounts = async () => {
    const [r] = await db.query<{ stored: string; distinct_ids: string; chat_messages: string; distinct_chat: string }>(
      `SELECT (SELECT count(*) FROM whatsapp_inbound WHERE account_id = $1 AND provider = 'cloud' AND provider_message_id LIKE $2) AS stored,
              (SELECT count(DISTINCT provider_message_id) FROM whatsapp_inbound WHERE account_id = $1 AND provider = 'cloud' AND provider_message_id LIKE $2) AS distinct_ids,
              (SELECT count(*) FROM chat_messages WHERE account_id = $1 AND provider_message_id LIKE $3) AS chat_messages,
              (SELECT count(DISTINCT provider_message_id) FROM chat_messages WHERE account_id = $1 AND provider_message_id LIKE $3) AS distinct_chat`,
      [dataset.accountId, like, `cloud:${like}`],
    );
    return { stored: Number(r!.stored), distinctIds: Number(r!.distinct_ids), chatMessages: Number(r!.chat_messages), distinctChat: Number(r!.distinct_chat) };
  };
  const campaignRow = async () =>
    (
      await db.query<{ status: string; started_at: Date | null; finished_at: Date | null }>(`SELECT status, started_at, finished_at FROM messaging_campaigns WHERE id = $1`, [campaign.id])
    )[0]!;
  const deadline = Date.now() + Math.max(600_000, (dataset.optedIn / RATE) * 3_000);
  let lastLog = 0;
  /** Once the campaign is sent, what handling the rest of the webhook's messages costs (the worker alone at work). */
  let handlingFrom: { at: number; handled: number; cpuUsed: () => Record<string, number> } | undefined;
  let handling: { messages: number; seconds: number; perSecond: number; cpuMsPerMessage: Record<string, number> } | undefined;
  for (;;) {
    const [c, inbound] = await Promise.all([campaignRow(), inboundCounts()]);
    if (c.status === 'sent' && !handlingFrom && inbound.chatMessages < inbound.stored) {
      handlingFrom = { at: performance.now(), handled: inbound.chatMessages, cpuUsed: cpuMeter(['worker', 'postgres', 'redis', 'server']) };
    }
    if (c.status === 'sent' && inbound.chatMessages >= inbound.stored) {
      if (handlingFrom) {
        const messages = inbound.chatMessages - handlingFrom.handled;
        const seconds = (performance.now() - handlingFrom.at) / 1000;
        const cpu = handlingFrom.cpuUsed();
        handling = {
          messages,
          seconds: round1(seconds),
          perSecond: round1(messages / seconds),
          cpuMsPerMessage: Object.fromEntries(Object.entries(cpu).map(([name, used]) => [name, Math.round((used * 1e6) / Math.max(1, messages)) / 1000])),
        };
        console.log(`handling after the campaign: ${messages} messages in ${handling.seconds} s (${handling.perSecond}/s); CPU ms per message ${JSON.stringify(handling.cpuMsPerMessage)}`);
      }
      break;
    }
    if (Date.now() > deadline) break;
    if (Date.now() - lastLog > 10_000) {
      lastLog = Date.now();
      console.log(`waiting: campaign ${c.status}, ${await sentCount()} of ${dataset.optedIn} sent; inbound ${inbound.chatMessages} of ${inbound.stored} in chats`);
    }
    await sleep(500);
  }
  const doneAfterMs = Date.now() - createdAt;
  const c = await campaignRow();
  const inbound = await inboundCounts();
  const drained = inbound.chatMessages >= inbound.stored;
  const storedIds = new Set((await db.query<{ id: string }>(`SELECT provider_message_id AS id FROM whatsapp_inbound WHERE provider = 'cloud' AND provider_message_id LIKE $1`, [like])).map((r) => r.id));
  const acceptedMissing = [...w.accepted].filter((id) => !storedIds.has(id)).length;
  const storedNotSent = [...storedIds].filter((id) => !w.sent.has(id)).length;

  // The campaign's messages: one per opted-in customer, none to an opted-out one.
  const [out] = await db.query<Record<string, string>>(
    `SELECT count(*) AS messages, count(DISTINCT customer_id) AS customers, count(DISTINCT "to") AS phones,
            count(*) FILTER (WHERE status IN ('sent', 'delivered', 'read')) AS sent, count(*) FILTER (WHERE status = 'delivered') AS delivered,
            count(*) FILTER (WHERE status = 'failed') AS failed, count(*) FILTER (WHERE provider <> 'local') AS other_provider
       FROM outbound_messages WHERE account_id = $1 AND dedup_key LIKE $2`,
    [dataset.accountId, `messaging_campaign:${campaign.id}:%`],
  );
  const [optedOutMessaged] = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM outbound_messages o JOIN customers c ON c.id = o.customer_id
      WHERE o.account_id = $1 AND o.dedup_key LIKE $2 AND NOT c.opt_in`,
    [dataset.accountId, `messaging_campaign:${campaign.id}:%`],
  );
  const [optedOutRecipients] = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM messaging_campaign_recipients r JOIN customers c ON c.id = r.customer_id WHERE r.campaign_id = $1 AND NOT c.opt_in`,
    [campaign.id],
  );
  const [rec] = await db.query<{ recipients: string; sent: string; first_sent: Date | null; last_sent: Date | null; pending: string }>(
    `SELECT count(*) AS recipients, count(*) FILTER (WHERE status IN ('sent', 'delivered', 'read')) AS sent,
            min(sent_at) AS first_sent, max(sent_at) AS last_sent, count(*) FILTER (WHERE status IN ('pending', 'sending')) AS pending
       FROM messaging_campaign_recipients WHERE campaign_id = $1`,
    [campaign.id],
  );
  // The throttle: the most messages sent in any 10 seconds (one dispatch loop per campaign keeps it at 10× the rate).
  const [peak] = await db.query<{ peak: string | null }>(
    `WITH per_second AS (
       SELECT s.at, count(r.id) AS n
         FROM generate_series(date_trunc('second', $2::timestamptz), date_trunc('second', $3::timestamptz), interval '1 second') s(at)
         LEFT JOIN messaging_campaign_recipients r ON r.campaign_id = $1 AND date_trunc('second', r.sent_at) = s.at
        GROUP BY s.at)
     SELECT max(w) AS peak FROM (SELECT sum(n) OVER (ORDER BY at ROWS BETWEEN 9 PRECEDING AND CURRENT ROW) AS w FROM per_second) x`,
    [campaign.id, rec!.first_sent ?? new Date(), rec!.last_sent ?? new Date()],
  );
  await database.close();
  await close();
  await worker.close();
  clearInterval(keepAlive);

  const n = (v: string | undefined) => Number(v ?? 0);
  const recipientsSent = n(rec!.sent);
  // The dispatch sends a second's batch, then waits out the second: from the first send to the campaign's end is the time it took.
  const dispatchSeconds = rec!.first_sent && c.finished_at ? (c.finished_at.getTime() - rec!.first_sent.getTime()) / 1000 : Number.NaN;
  const measuredRate = round1(recipientsSent / dispatchSeconds);
  const campaignOut = {
    messages: n(out!.messages),
    customers: n(out!.customers),
    phones: n(out!.phones),
    sent: n(out!.sent),
    delivered: n(out!.delivered),
    failed: n(out!.failed),
    otherProvider: n(out!.other_provider),
  };
  const dispatch = {
    campaignId: campaign.id,
    status: c.status,
    configuredRate: RATE,
    measuredRate,
    peakIn10Seconds: n(peak?.peak ?? undefined),
    recipients: n(rec!.recipients),
    sent: recipientsSent,
    pending: n(rec!.pending),
    firstSentAfterCreateMs: firstSentAfterMs,
    dispatchSeconds: round1(dispatchSeconds),
    doneAfterCreateSeconds: round1(doneAfterMs / 1000),
    sentDuringRows: sentAfterRows - sentBeforeRows,
    sentPerSecondDuringRows: round1((sentAfterRows - sentBeforeRows) / rowsSeconds),
    outbound: campaignOut,
    optedOutMessaged: n(optedOutMessaged!.n),
    optedOutRecipients: n(optedOutRecipients!.n),
  };
  const webhookResult = {
    requests: w.requests,
    replays: w.replays,
    distinctSent: w.sent.size,
    accepted: w.accepted.size,
    otherAnswers: w.statuses,
    stored: inbound.stored,
    storedDistinct: inbound.distinctIds,
    chatMessages: inbound.chatMessages,
    chatMessagesDistinct: inbound.distinctChat,
    acceptedNotStored: acceptedMissing,
    storedNotSent,
    drained,
    handling,
  };
  // Where a webhook request's CPU goes, against what the machine could give each request at the target rate.
  const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
  const hookRow = rows['POST /webhooks/whatsapp (signed, 1 in 10 a replay)']!;
  const bareRow = rows['bare POST /bare (the webhook’s bodies)']!;
  const webhookCpu = {
    cores: availableParallelism(),
    msPerRequestAtTarget: round1((availableParallelism() * 1000 * 1000) / (WEBHOOK_RATIO * bareRow.rps)) / 1000,
    bareMsPerRequest: Math.round(sum(bareRow.cpuMsPerRequest) * 1000) / 1000,
    intakeMsPerRequest: Math.round(sum(hookRow.cpuMsPerRequest) * 1000) / 1000,
    handlingMsPerMessage: handling ? Math.round(sum(handling.cpuMsPerMessage) * 1000) / 1000 : null,
  };
  console.log(`webhook CPU: ${JSON.stringify(webhookCpu)}`);

  const bareOf = (label: string) => rows[label.includes('POST') ? 'bare POST /bare (the webhook’s bodies)' : 'bare GET /bare (list-sized body)']!;
  const shown = Object.fromEntries(
    Object.entries(rows).map(([label, r]) => {
      const b = bareOf(label);
      return [label, { 'req/s': r.rps, p50: r.p50, p95: r.p95, p99: r.p99, non2xx: r.non2xx, errors: r.errors, 'req/s vs bare': `${((r.rps / b.rps) * 100).toFixed(1)}%`, 'p95 vs bare': `${(r.p95 / Math.max(b.p95, 0.01)).toFixed(1)}×` }];
    }),
  );
  const list = rows['GET /api/chats, first page (12 filter and sort variants)']!;
  const hook = rows['POST /webhooks/whatsapp (signed, 1 in 10 a replay)']!;
  const barePost = rows['bare POST /bare (the webhook’s bodies)']!;
  const checks = {
    [`GET /api/chats first page while the campaign dispatches: p95 ≤ ${LIST_P95_MS} ms`]: {
      value: `${list.p95} ms (p50 ${list.p50}, p99 ${list.p99}; non-2xx ${list.non2xx}, errors ${list.errors})`,
      pass: list.p95 <= LIST_P95_MS && list.non2xx === 0 && list.errors === 0,
    },
    [`POST /webhooks/whatsapp: ≥ ${WEBHOOK_RATIO}× the bare POST’s requests per second`]: {
      value: `${hook.rps} vs ${barePost.rps} req/s (${(hook.rps / barePost.rps).toFixed(2)}×; non-2xx ${hook.non2xx}, errors ${hook.errors})`,
      pass: hook.rps >= WEBHOOK_RATIO * barePost.rps && hook.non2xx === 0 && hook.errors === 0,
    },
    'the campaign dispatched during all the rows': {
      value: `${dispatch.sentDuringRows} sent during the rows (${dispatch.sentPerSecondDuringRows}/s); finished ${c.finished_at ? `${round1((c.finished_at.getTime() - rowsStarted) / 1000 - rowsSeconds)} s after the rows ended` : 'never'}`,
      pass: dispatch.sentDuringRows > 0 && (c.finished_at === null || c.finished_at.getTime() >= rowsStarted + rowsSeconds * 1000),
    },
    [`every opted-in customer messaged exactly once (${dataset.optedIn})`]: {
      value: `campaign ${c.status}; ${campaignOut.messages} messages, ${campaignOut.customers} customers, ${campaignOut.phones} phones, ${campaignOut.sent} sent, ${campaignOut.failed} failed; recipients ${dispatch.recipients} (${dispatch.sent} sent, ${dispatch.pending} pending)`,
      pass:
        c.status === 'sent' &&
        campaignOut.messages === dataset.optedIn &&
        campaignOut.customers === dataset.optedIn &&
        campaignOut.phones === dataset.optedIn &&
        campaignOut.sent === dataset.optedIn &&
        dispatch.recipients === dataset.optedIn &&
        dispatch.sent === dataset.optedIn &&
        campaignOut.otherProvider === 0,
    },
    [`no opted-out customer messaged (${dataset.optedOut} opted out)`]: {
      value: `${dispatch.optedOutMessaged} messages, ${dispatch.optedOutRecipients} recipients`,
      pass: dispatch.optedOutMessaged === 0 && dispatch.optedOutRecipients === 0,
    },
    [`dispatch at the configured rate (${RATE}/s, within 90–105%)`]: {
      value: `${measuredRate}/s over ${round1(dispatchSeconds)} s (${((measuredRate / RATE) * 100).toFixed(1)}%); at most ${dispatch.peakIn10Seconds} in any 10 s`,
      pass: measuredRate >= 0.9 * RATE && measuredRate <= 1.05 * RATE && dispatch.peakIn10Seconds <= 10 * RATE * 1.1,
    },
    'every accepted webhook message stored exactly once': {
      value: `${w.accepted.size} accepted (${w.sent.size} distinct ids sent, ${w.replays} replays): ${inbound.stored} stored (${inbound.distinctIds} distinct), ${inbound.chatMessages} chat messages (${inbound.distinctChat} distinct); accepted not stored ${acceptedMissing}, stored not sent ${storedNotSent}`,
      pass:
        drained &&
        acceptedMissing === 0 &&
        storedNotSent === 0 &&
        inbound.stored === inbound.distinctIds &&
        inbound.chatMessages === inbound.stored &&
        inbound.distinctChat === inbound.stored &&
        inbound.stored >= w.accepted.size &&
        inbound.stored <= w.sent.size,
    },
  };
  console.log(
    `\n${DURATION}s per row in ${SLICES} turns, ${CONNECTIONS} connections, campaign of ${dataset.optedIn} at ${RATE}/s meanwhile, PostgreSQL, redis: ${ready.redis ? 'on' : 'in-process'}, ` +
      `${availableParallelism()} cores, load average before ${loadBefore.join(' / ')}`,
  );
  console.table(shown);
  console.table({ dispatch: { ...dispatch, outbound: undefined }, webhook: { ...webhookResult, otherAnswers: JSON.stringify(w.statuses) } });
  console.table(checks);
  writeResults(
    'messaging',
    {
      redis: ready.redis,
      loadAverage: { before: loadBefore, after: loadavg().map((l) => Math.round(l * 100) / 100) },
      dataset: {
        optedIn: dataset.optedIn,
        optedOut: dataset.optedOut,
        chats: dataset.chats,
        chatMessages: dataset.messages,
        stores: dataset.storeIds.length,
        attendants: dataset.attendantIds.length,
        tags: dataset.tagIds.length,
      },
      rate: RATE,
      samples,
      dispatch,
      webhook: webhookResult,
      webhookCpu,
      rows,
    },
    checks,
  );
}

if (process.argv.includes('--serve')) await serve();
else if (process.argv.includes('--work')) await work();
else await main();
