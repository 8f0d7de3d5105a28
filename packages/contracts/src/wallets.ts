import { z } from 'zod';
import { defineRoute } from './route.ts';
import { IdParam, Money, OptionalText, PageQuery, Timestamp, paged } from './common.ts';
import { msg } from './messages.ts';

export const WALLET_TRANSACTION_TYPES = ['credit', 'debit'] as const;
export type WalletTransactionType = (typeof WALLET_TRANSACTION_TYPES)[number];

/** The largest single recharge, in reais. */
export const MAX_RECHARGE = 1_000_000;

/** The `Idempotency-Key` header of a recharge: a retried request with the same key credits once. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IdempotencyKey = z
  .string({ message: msg('IDEMPOTENCY_KEY_REQUIRED') })
  .regex(/^[A-Za-z0-9_-]{8,128}$/, { message: msg('IDEMPOTENCY_KEY_FORMAT') });

export const RechargeHeaders = z.object({
  [IDEMPOTENCY_HEADER]: IdempotencyKey.meta({
    description: 'Chave única da recarga (8 a 128 letras, números, "_" ou "-"). Repetir a chave devolve o movimento original sem creditar de novo.',
  }),
});

export const WalletListQuery = PageQuery.extend({
  name: OptionalText.meta({ description: 'Parte do nome do anunciante ou do publisher.' }),
});

const WalletParty = z.object({ id: z.number().int(), name: z.string(), account_logo: z.string().nullable() });

export const Wallet = z
  .object({
    id: z.number().int(),
    balance: Money,
    advertiser: WalletParty,
    publisher: WalletParty,
    updated_at: Timestamp,
  })
  .meta({ id: 'Wallet' });

export const WalletTransaction = z
  .object({
    id: z.number().int(),
    created_at: Timestamp,
    amount: Money.meta({ description: 'Valor em reais; débitos são negativos.' }),
    transaction_type: z.enum(WALLET_TRANSACTION_TYPES),
    transaction_subtype: z.string(),
    user_name: z.string().nullable(),
    user_email: z.string().nullable(),
    note: z.string().nullable(),
    balanceAfter: Money.meta({ description: 'Saldo da carteira depois deste movimento, em reais.' }),
  })
  .meta({ id: 'WalletTransaction' });

export const WalletTransactionsQuery = PageQuery;

export const RechargeWalletBody = z.strictObject({
  amount: Money.positive().max(MAX_RECHARGE),
  note: z
    .string()
    .trim()
    .max(500)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type RechargeWalletInput = z.output<typeof RechargeWalletBody>;

export const RechargeResult = z.object({ transaction: WalletTransaction, wallet: Wallet }).meta({ id: 'RechargeResult' });

const retailMedia = 'retail_media';
const tags = ['Wallets'] as const;

export const walletRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/wallet',
    operationId: 'listWallets',
    summary: 'Carteiras visíveis à conta atual (como anunciante ou como publisher), por nome do anunciante',
    tags,
    permission: { kind: 'account', module: retailMedia },
    access: { fixture: 'wallet', allow: ['linkedPublisher'] },
    querystring: WalletListQuery,
    responses: { 200: paged(Wallet) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/wallet/:id',
    operationId: 'getWallet',
    summary: 'Uma carteira da conta atual',
    tags,
    permission: { kind: 'account', module: retailMedia },
    access: { fixture: 'wallet', allow: ['linkedPublisher'] },
    params: IdParam,
    responses: { 200: Wallet },
    errors: [404],
  }),
  transactions: defineRoute({
    method: 'GET',
    path: '/api/wallet/:id/transactions',
    operationId: 'listWalletTransactions',
    summary: 'Movimentos de uma carteira, do mais recente ao mais antigo',
    tags,
    permission: { kind: 'account', module: retailMedia },
    access: { fixture: 'wallet', allow: ['linkedPublisher'] },
    params: IdParam,
    querystring: WalletTransactionsQuery,
    responses: { 200: paged(WalletTransaction) },
    errors: [404],
  }),
  recharge: defineRoute({
    method: 'POST',
    path: '/api/wallet/:id/recharge',
    operationId: 'rechargeWallet',
    summary:
      'Recarrega uma carteira. Exige o cabeçalho Idempotency-Key: repetir a chave devolve o movimento original (200) sem creditar de novo',
    tags,
    permission: { kind: 'account', module: retailMedia, roles: ['admin', 'manager'] },
    access: { fixture: 'walletRecharge', allow: ['linkedPublisher'] },
    params: IdParam,
    body: RechargeWalletBody,
    headers: RechargeHeaders,
    responses: { 200: RechargeResult, 201: RechargeResult },
    errors: [404, 409],
  }),
} as const;
