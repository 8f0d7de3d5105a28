import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './download';

describe('download file name', () => {
  it('reads filename* first, then filename, and nothing from an empty header', () => {
    expect(filenameFromDisposition(`attachment; filename="visao-geral.csv"; filename*=UTF-8''vis%C3%A3o-geral%202026.csv`)).toBe('visão-geral 2026.csv');
    expect(filenameFromDisposition('attachment; filename="relatorio-anuncios.xlsx"')).toBe('relatorio-anuncios.xlsx');
    expect(filenameFromDisposition('attachment; filename=overview.csv')).toBe('overview.csv');
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
