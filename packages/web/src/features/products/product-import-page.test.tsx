import '../../test/signed-in';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SHELL_ROUTES, json, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { checkImportFile } from './product-import-page';

const item = (patch: Record<string, unknown> = {}) => ({
  id: 5,
  source: 'csv',
  file_name: 'produtos-novembro.csv',
  status: 'running',
  total: 3,
  processed: 1,
  accepted: 1,
  rejected_count: 0,
  percent: 33,
  error: null,
  created_at: '2026-11-25T12:00:00.000Z',
  started_at: '2026-11-25T12:00:01.000Z',
  finished_at: null,
  ...patch,
});

describe('product import screen', { timeout: 30_000 }, () => {
  it('follows a running import until it is done, then lists its rejected rows', async () => {
    let polls = 0;
    const done = item({ status: 'done', processed: 3, accepted: 2, rejected_count: 1, percent: 100, finished_at: '2026-11-25T12:00:03.000Z' });
    mockApi({
      ...SHELL_ROUTES,
      'GET /api/product/import': () => json({ data: [polls > 1 ? done : item()] }),
      'GET /api/product/import/5': () => {
        polls += 1;
        return json(polls > 1 ? { ...done, rejected: [{ line: 4, sku: 'e2e-ruim', reason: 'preco: valor inválido' }] } : { ...item(), rejected: [] });
      },
    });
    renderApp('/products/import?id=5');
    expect(await screen.findByTestId('import-percent')).toHaveTextContent('33%');
    expect(screen.getByText('1 de 3 linhas processadas')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('import-percent')).toHaveTextContent('100%'), { timeout: 5_000 });
    expect(screen.getByTestId('import-accepted')).toHaveTextContent('2');
    expect(screen.getByTestId('import-rejected')).toHaveTextContent('1');
    const [rejected] = screen.getAllByTestId('import-rejected-row');
    expect(within(rejected!).getByText('preco: valor inválido')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Baixar linhas rejeitadas' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('import-history-row')).toHaveLength(1);
  });

  it('refuses what is not a CSV or XLSX before sending it', () => {
    expect(checkImportFile(new File(['x'], 'fotos.zip'))).toBe('Envie um arquivo CSV ou XLSX.');
    expect(checkImportFile(new File([''], 'vazio.csv'))).toBe('O arquivo está vazio.');
    expect(checkImportFile(new File(['sku;nome;preco'], 'produtos.CSV'))).toBeNull();
  });
});
