import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConfig, lintFromString, loadConfig, parseYaml, type NormalizedProblem } from '@redocly/openapi-core';
import * as contracts from '@backoffice/contracts';
import type { RouteContract } from '@backoffice/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceRoot } from '../src/lib/paths.ts';
import { documentedResponses } from '../src/lib/route.ts';
import { createTestApp, type TestApp } from './helpers.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string }>;
  responses: Record<string, { description?: string; content?: Record<string, { schema?: { $ref?: string } }> }>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  tags?: Array<{ name: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

/** Every route contract exported by @backoffice/contracts (the route tables of each domain). */
const routeContracts: RouteContract[] = Object.values(contracts as Record<string, unknown>)
  .filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null)
  .flatMap((table) => Object.values(table))
  .filter((v): v is RouteContract => typeof v === 'object' && v !== null && 'operationId' in v && 'method' in v && 'path' in v);

/** The path a contract is documented at: `{param}` style, without a trailing slash. */
const documentedPath = (path: string) => path.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');

const errorsOf = (problems: NormalizedProblem[]) =>
  problems
    .filter((p) => p.severity === 'error')
    .map((p) => `${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(', ')}`);

describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;
  let source: string;
  const operations: Array<{ path: string; method: string; op: Operation }> = [];

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.http.get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    source = res.text;
    doc = JSON.parse(source) as Document;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) if (METHODS.includes(method)) operations.push({ path, method, op });
    }
  });
  afterAll(() => t?.close());

  it('is OpenAPI 3.1 and describes this API', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: 'Varejo Back-office API', version: t.config.version });
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      integrationKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: expect.any(String) },
    });
    expect(operations.length).toBeGreaterThan(10);
  });

  it('documents every route of the contracts, and nothing else', () => {
    expect(routeContracts.length).toBeGreaterThan(10);
    const fromContracts = routeContracts.map((c) => `${c.method.toLowerCase()} ${documentedPath(c.path)} ${c.operationId}`).sort();
    const documented = operations.map((o) => `${o.method} ${o.path} ${o.op.operationId}`).sort();
    expect(documented).toEqual(fromContracts);
  });

  it('gives every operation a unique operationId, a summary and declared tags', () => {
    const ids = operations.map((o) => o.op.operationId);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]+$/);
    expect(new Set(ids).size).toBe(ids.length);
    const declaredTags = new Set((doc.tags ?? []).map((tag) => tag.name));
    for (const { path, method, op } of operations) {
      expect(op.summary, `${method} ${path}`).toBeTruthy();
      expect(op.tags?.length, `${method} ${path} tags`).toBeGreaterThan(0);
      for (const tag of op.tags!) expect(declaredTags.has(tag), `tag ${tag} of ${method} ${path}`).toBe(true);
    }
  });

  it('gives every operation a 2xx response with a body schema', () => {
    for (const { path, method, op } of operations) {
      const success = Object.keys(op.responses).filter((s) => /^2\d\d$/.test(s));
      expect(success.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const status of success) {
        expect(op.responses[status]!.description, `${method} ${path} ${status}`).toBeTruthy();
        if (status !== '204') expect(op.responses[status]!.content?.['application/json']?.schema, `${method} ${path} ${status}`).toBeDefined();
      }
    }
  });

  it('requires the bearer token (or an integration key where the contract accepts one), and documents 401, on every operation that is not public', () => {
    const publicIds = new Set(routeContracts.filter((c) => c.permission.kind === 'public').map((c) => c.operationId));
    const keyIds = new Set(routeContracts.filter((c) => c.apiKeyScope).map((c) => c.operationId));
    expect(keyIds.has('createOrder')).toBe(true);
    expect(publicIds.has('authenticate')).toBe(true);
    for (const { path, method, op } of operations) {
      const where = `${method} ${path}`;
      if (publicIds.has(op.operationId!)) {
        expect(op.security, where).toEqual([]);
      } else {
        expect(op.security, where).toEqual([{ bearerAuth: [] }, ...(keyIds.has(op.operationId!) ? [{ integrationKey: [] }] : [])]);
        expect(Object.keys(op.responses), where).toContain('401');
      }
    }
  });

  it('describes every error response with the common envelope', () => {
    expect(doc.components.schemas).toHaveProperty('ErrorEnvelope');
    for (const { path, method, op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (!/^4\d\d$/.test(status)) continue;
        expect(response.content?.['application/json']?.schema?.$ref, `${method} ${path} ${status}`).toBe('#/components/schemas/ErrorEnvelope');
        expect(response.description, `${method} ${path} ${status}`).not.toBe('Default Response');
      }
    }
  });

  it('serves every operation at its documented path', async () => {
    for (const { path, method } of operations) {
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'code' ? 'c'.repeat(32) : '1'));
      const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url });
      // Anonymous and without a body: 400, 401 or a 404 of the resource, never "no such route".
      expect(res.json()?.error?.code, `${method} ${url}`).not.toBe('ROUTE_NOT_FOUND');
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
  });

  it('serves the docs page as HTML', async () => {
    const res = await t.http.get('/docs').redirects(3);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toMatch(/swagger/i);
  });

  it('lints with no errors under Redocly’s recommended rules', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: join(workspaceRoot(), 'openapi.json'), config });
    expect(errorsOf(problems)).toEqual([]);
  });

  it('lints clean, not even a warning, under the repository’s redocly.yaml (what `pnpm lint` runs)', async () => {
    const configPath = join(workspaceRoot(), 'redocly.yaml');
    expect((parseYaml(readFileSync(configPath, 'utf8')) as { extends?: string[] }).extends).toContain('recommended-strict');
    const config = await loadConfig({ configPath });
    const problems = await lintFromString({ source, absoluteRef: join(workspaceRoot(), 'openapi.json'), config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(', ')}`)).toEqual([]);
  });

  it('documents exactly the statuses each route answers (lib/route.ts documentedResponses, which the response check reads)', () => {
    for (const c of routeContracts) {
      const op = doc.paths[documentedPath(c.path)]?.[c.method.toLowerCase()];
      const documented = Object.keys(op?.responses ?? {}).map(Number).sort();
      expect(documented, c.operationId).toEqual(Object.keys(documentedResponses(c)).map(Number).sort());
      expect(documented, c.operationId).not.toContain(500);
      expect(documented, c.operationId).toContain(503);
    }
  });

  it('names this server, wherever it listens, as the API’s server', () => {
    expect((doc as unknown as { servers: unknown }).servers).toEqual([{ url: '/', description: 'Este servidor' }]);
  });
});
