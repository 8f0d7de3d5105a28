import type { z } from 'zod';

type Issue = Parameters<z.core.$ZodErrorMap>[0] & Record<string, unknown>;

const FORMATS: Record<string, string> = {
  email: 'E-mail inválido.',
  url: 'URL inválida.',
  uuid: 'Identificador inválido.',
  datetime: 'Data e hora inválidas.',
  date: 'Data inválida (use AAAA-MM-DD).',
  time: 'Hora inválida (use HH:MM).',
  regex: 'Formato inválido.',
  jwt: 'Token inválido.',
};

const plural = (n: number | bigint, one: string, many: string) => (Number(n) === 1 ? one : many);

/**
 * zod messages in Brazilian Portuguese, written for a person filling a form (zod's own `pt`
 * locale is European Portuguese and technical). Shared by the API's error envelope and the
 * web forms, so both say the same thing.
 */
export function ptBRErrorMap(issue: Issue): string {
  // An empty text box is a missing answer, whatever rule it then breaks.
  if (issue.input === '' && issue.code !== 'unrecognized_keys') return 'Campo obrigatório.';
  switch (issue.code) {
    case 'invalid_type':
      // zod reports a number with decimals where an integer is due as a type error, without its input.
      if (issue.expected === 'int') return 'Deve ser um número inteiro.';
      return issue.input === undefined || issue.input === null ? 'Campo obrigatório.' : 'Tipo de valor inválido.';
    case 'too_small': {
      const min = issue.minimum as number;
      if (issue.origin === 'string') return min <= 1 ? 'Campo obrigatório.' : `Deve ter ao menos ${min} caracteres.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Escolha ao menos ${min} ${plural(min, 'item', 'itens')}.`;
      return issue.inclusive ? `Deve ser maior ou igual a ${min}.` : `Deve ser maior que ${min}.`;
    }
    case 'too_big': {
      const max = issue.maximum as number;
      if (issue.origin === 'string') return `Deve ter no máximo ${max} caracteres.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Escolha no máximo ${max} ${plural(max, 'item', 'itens')}.`;
      return issue.inclusive ? `Deve ser menor ou igual a ${max}.` : `Deve ser menor que ${max}.`;
    }
    case 'invalid_format':
      return FORMATS[issue.format as string] ?? 'Formato inválido.';
    case 'invalid_value': {
      const values = (issue.values as unknown[]).map((v) => String(v));
      return values.length === 1 ? `Valor inválido: use ${values[0]}.` : `Valor inválido: use um destes: ${values.join(', ')}.`;
    }
    case 'not_multiple_of':
      return `Deve ser múltiplo de ${String(issue.divisor)}.`;
    case 'unrecognized_keys': {
      const keys = issue.keys as string[];
      return `${plural(keys.length, 'Campo não permitido', 'Campos não permitidos')}: ${keys.join(', ')}.`;
    }
    case 'custom':
      return typeof issue.message === 'string' && issue.message ? issue.message : 'Valor inválido.';
    default:
      return 'Valor inválido.';
  }
}
