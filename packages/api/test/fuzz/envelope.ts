import { INVALID_CAMPAIGN_TYPE_MESSAGE, contractMessageOf } from '@backoffice/contracts';
import { messages } from '../../src/i18n/messages.ts';

export type Lang = 'pt-BR' | 'en';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Every message of the catalogue, as a pattern (its `{placeholders}` match anything), per language. */
const templates: Record<Lang, RegExp[]> = { 'pt-BR': [], en: [] };
for (const entry of Object.values(messages) as Array<Record<Lang, string>>) {
  for (const lang of ['pt-BR', 'en'] as const) {
    const source = escape(entry[lang]).replace(/\\\{\w+\\\}/g, '[\\s\\S]*');
    templates[lang].push(new RegExp(`^${source}$`));
  }
}

// zod's English messages start like these; the pt-BR map never does.
const ENGLISH_DETAIL = /^(Invalid|Too (big|small)|Unrecognized|Expected|Required|Number must|String must)\b/;
/** Details the spec words in English for both languages. */
const VERBATIM = new Set([INVALID_CAMPAIGN_TYPE_MESSAGE]);

export interface Envelope {
  error: { code: string; message: string; details?: Array<{ field: string; code: string; message: string }> };
  requestId: string;
}

/** What is wrong with a 4xx body: not the envelope, or not in the caller's language. Undefined when right. */
export function envelopeProblem(body: unknown, lang: Lang): string | undefined {
  const b = body as Partial<Envelope> | undefined;
  if (!b || typeof b !== 'object' || !b.error || typeof b.error.code !== 'string' || typeof b.error.message !== 'string' || typeof b.requestId !== 'string') {
    return `not the error envelope: ${JSON.stringify(body)?.slice(0, 300)}`;
  }
  const { message, details } = b.error;
  if (!message.trim()) return 'an empty message';
  if (!templates[lang].some((re) => re.test(message))) {
    const other = lang === 'en' ? 'pt-BR' : 'en';
    return templates[other].some((re) => re.test(message))
      ? `the message is in ${other} where ${lang} was asked: ${message}`
      : `the message is not one of the catalogue's (${lang}): ${message}`;
  }
  if (details !== undefined && !Array.isArray(details) && b.error.code === 'VALIDATION_ERROR') return 'validation details are not a list';
  if (lang === 'pt-BR' && Array.isArray(details)) {
    const english = details.find((d) => ENGLISH_DETAIL.test(d.message) && !VERBATIM.has(d.message));
    if (english) return `a detail in English where pt-BR was asked: ${english.field}: ${english.message}`;
  }
  return undefined;
}

// Words the pt-BR messages use and English ones do not (quoted values, which may be anything sent, left out).
const PORTUGUESE = /[ãõçâêôáéíóú]|\b(deve|informe|escolha|envie|não|ao menos|campo|valor|somente|precisam)\b/i;

/**
 * The details of an English answer still in Portuguese: a contract-authored message (`msg`) left in
 * pt-BR, or any text in Portuguese words. A failure of the answer.
 */
export function portugueseDetails(body: unknown): string[] {
  const details = (body as Partial<Envelope> | undefined)?.error?.details;
  if (!Array.isArray(details)) return [];
  return details
    .filter((d) => typeof d?.message === 'string' && d.code !== 'unrecognized_keys')
    .filter((d) => contractMessageOf(d.message) !== undefined || PORTUGUESE.test(d.message.replace(/"[^"]*"/g, '""')))
    .map((d) => `${d.field}: ${d.message}`);
}

/** The fields a validation envelope names: its details', or the one its message quotes. */
export function namedFields(body: Envelope): string[] {
  const fromDetails = (body.error.details ?? []).flatMap((d) => d.field.split(', '));
  const quoted = /"([^"]*)"/.exec(body.error.message)?.[1];
  return [...fromDetails, ...(quoted ? [quoted] : [])];
}
