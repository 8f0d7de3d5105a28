import { describe, expect, it } from 'vitest';
import { auditChange, auditColor, auditNote, auditPayload, auditTitle, formatAuditValue, groupAuditByDay } from './audit';
import { auditEntry } from './test-fixtures';

/** Intl puts a no-break space after R$. */
const plain = (s: string | null) => s?.replace(/\u00a0/g, ' ');

describe('audit timeline (spec §2)', () => {
  it('groups by São Paulo day: 01:30 UTC still belongs to the day before', () => {
    const days = groupAuditByDay([
      auditEntry(3, { created_at: '2026-12-03T13:10:00.000Z' }),
      auditEntry(2, { created_at: '2026-12-03T01:30:00.000Z' }),
      auditEntry(1, { created_at: '2026-12-02T12:00:00.000Z' }),
    ]);
    expect(days.map((d) => [d.date, d.entries.map((e) => [e.id, e.hour])])).toEqual([
      ['2026-12-03', [[3, '10:10']]],
      ['2026-12-02', [[2, '22:30'], [1, '09:00']]],
    ]);
  });

  it('titles in pt-BR from action and field', () => {
    expect(auditTitle(auditEntry(1, { field_name: 'daily_budget', old_value: 100, new_value: 150 }))).toBe('Orçamento diário alterado');
    expect(auditTitle(auditEntry(1, { field_name: 'end_at' }))).toBe('Data de término alterada');
    expect(auditTitle(auditEntry(1, { field_name: 'active', new_value: false }))).toBe('Campanha desativada');
    expect(auditTitle(auditEntry(1, { entity: 'ad', field_name: 'active', new_value: true }))).toBe('Anúncio ativado');
    expect(auditTitle(auditEntry(1, { action: 'create' }))).toBe('Campanha criada');
    expect(auditTitle(auditEntry(1, { entity: 'ad', action: 'reject', details: { note: 'Imagem ilegível' } }))).toBe('Anúncio reprovado');
    expect(auditTitle(auditEntry(1, { action: 'create', field_name: 'keyword', new_value: 'café' }))).toBe('Palavra-chave adicionada');
    expect(auditTitle(auditEntry(1, { field_name: 'media_url' }))).toBe('Campo media_url alterado');
  });

  it('formats values: money in R$, dates dd/mm/aaaa, booleans Ativada/Desativada, no end as Sempre ativa', () => {
    expect(plain(auditChange(auditEntry(1, { field_name: 'daily_budget', old_value: 100, new_value: 150.5 })))).toBe('R$ 100,00 → R$ 150,50');
    expect(auditChange(auditEntry(1, { field_name: 'end_at', old_value: '2026-12-31', new_value: null }))).toBe('31/12/2026 → Sempre ativa');
    expect(auditChange(auditEntry(1, { field_name: 'active', old_value: true, new_value: false }))).toBe('Ativada → Desativada');
    expect(auditChange(auditEntry(1, { action: 'create', field_name: 'keyword', new_value: 'café' }))).toBe('café');
    expect(formatAuditValue('products', [{ sku: 'a' }, { sku: 'b' }])).toBe('a, b');
    expect(formatAuditValue('start_at', '2026-12-01T03:00:00.000Z')).toBe('01/12/2026');
  });

  it('ad entries take the primary colour, the others success green', () => {
    expect(auditColor({ entity: 'ad' }, 'blue')).toBe('blue');
    expect(auditColor({ entity: 'campaign' }, 'blue')).toBe('green');
  });

  it('reads the review note and the creation payload', () => {
    expect(auditNote(auditEntry(1, { action: 'reject', details: { note: 'Imagem ilegível' } }))).toBe('Imagem ilegível');
    expect(auditPayload(auditEntry(1, { action: 'create', details: { name: 'x' } }))).toContain('"name": "x"');
    expect(auditPayload(auditEntry(1, { action: 'create', details: null }))).toBeNull();
  });
});
