import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, IdempotencyKey, walletRoutes } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { ValidationError } from '../../lib/errors.ts';
import type { MemberContext } from '../../plugins/identity.ts';
import type { WalletCaller, WalletsService } from './wallets.service.ts';

const callerOf = (auth: MemberContext): WalletCaller => ({
  accountId: auth.accountId,
  userId: auth.userId,
  retailMediaRole: auth.retailMediaRole,
});

/** The recharge's `Idempotency-Key` header; missing or malformed is a 400 naming the header. */
function idempotencyKeyOf(request: FastifyRequest): string {
  const parsed = IdempotencyKey.safeParse(request.headers[IDEMPOTENCY_HEADER.toLowerCase()]);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]!.message;
  throw new ValidationError('VALIDATION_ERROR', { field: IDEMPOTENCY_HEADER, detail: message }, [
    { field: IDEMPOTENCY_HEADER, code: 'header', message },
  ]);
}

export function registerWalletRoutes(app: FastifyInstance, wallets: WalletsService) {
  route(app, walletRoutes.list, ({ auth, query }) => wallets.list(callerOf(auth), query));
  route(app, walletRoutes.get, ({ auth, params }) => wallets.get(callerOf(auth), params.id));
  route(app, walletRoutes.transactions, ({ auth, params, query }) => wallets.transactions(callerOf(auth), params.id, query));
  route(app, walletRoutes.recharge, async ({ auth, params, body, request, reply }) => {
    const key = idempotencyKeyOf(request);
    const { replayed, body: result } = await wallets.recharge(callerOf(auth), params.id, body, key);
    reply.code(replayed ? 200 : 201);
    return result;
  });
}
