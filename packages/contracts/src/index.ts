export * from './route.ts';
export * from './common.ts';
export * from './account.ts';
export * from './auth.ts';
export * from './users.ts';
export * from './system.ts';
export * from './zod-pt-br.ts';
export * from './promotions.ts';
