import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { ValidationError } from '../lib/errors.ts';
import { translate, type MessageCode } from '../i18n/messages.ts';

/**
 * Text that PostgreSQL cannot store or JSON cannot carry faithfully: the NUL character, and a UTF-16
 * surrogate without its other half (only `\uD8xx` escapes in JSON or percent-decoding can make one).
 */
// eslint-disable-next-line no-control-regex -- the NUL is what is looked for
const REFUSED_TEXT = /[\u0000\uD800-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- the NUL is what is looked for
const NUL_OR_LONE_SURROGATE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a text, if anything: a NUL, or a lone surrogate (a pair, as in emoji, is fine). */
export function refusedCharacter(text: string): MessageCode | undefined {
  // The quick test first: almost every text has neither a NUL nor any surrogate.
  if (!REFUSED_TEXT.test(text)) return undefined;
  const found = NUL_OR_LONE_SURROGATE.exec(text);
  if (!found) return undefined;
  return found[0] === '\u0000' ? 'TEXT_NUL_CHARACTER' : 'TEXT_LONE_SURROGATE';
}

/**
 * Whether a raw JSON text may hold such a character once parsed: a `\u0000` or `\uD8xx`–`\uDFxx`
 * escape (raw NULs are not JSON; raw surrogates do not survive UTF-8). For fast paths, before
 * parsing: a surrogate pair written as escapes also says yes, and goes the long way.
 */
export const mayHoldRefusedText = (json: string): boolean => /\\u(?:0000|[dD][89abcdefABCDEF])/.test(json);

/** The first refused text in a parsed part (keys included): its path and what is wrong. */
function findRefused(value: unknown, depth = 0): { path: string[]; code: MessageCode } | undefined {
  if (typeof value === 'string') {
    const code = refusedCharacter(value);
    return code ? { path: [], code } : undefined;
  }
  // Deeper than any contract goes: the schema refuses it anyway.
  if (!value || typeof value !== 'object' || depth > 64) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findRefused(value[i], depth + 1);
      if (found) {
        found.path.unshift(String(i));
        return found;
      }
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    const code = refusedCharacter(key);
    if (code) return { path: [key], code };
    const found = findRefused((value as Record<string, unknown>)[key], depth + 1);
    if (found) {
      found.path.unshift(key);
      return found;
    }
  }
  return undefined;
}

const PARTS = [
  ['params', (r: FastifyRequest) => r.params],
  ['querystring', (r: FastifyRequest) => r.query],
  ['body', (r: FastifyRequest) => r.body],
] as const;

/**
 * Refuses, where input is parsed and before any route reads it, a path or query value or a JSON
 * string (or key) holding a NUL or a lone surrogate: a 400 validation envelope naming the field,
 * instead of the 500 PostgreSQL's refusal would make of it. Headers never hold either (Node's
 * parser refuses a NUL; they are Latin-1), and a multipart upload's text is checked by its route.
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', (request, _reply, done) => {
      for (const [context, read] of PARTS) {
        const found = findRefused(read(request));
        if (!found) continue;
        const field = found.path.join('.') || context;
        const detail = translate(found.code, request.lang);
        return done(new ValidationError('VALIDATION_ERROR', { field, detail }, [{ field, code: 'invalid_characters', message: detail }]));
      }
      done();
    });
  },
  { name: 'input-text', dependencies: ['errors'] },
);
