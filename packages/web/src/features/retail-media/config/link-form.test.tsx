import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LinkForm } from './link-form';
import { addBrand, defaultStrategyChoices, emptyLinkValues, formatCnpj, keepDefaultStrategy, type LinkFormValues } from './link-form-values';
import { renderWithMantine } from '../../../test/render';

const values = (patch: Partial<LinkFormValues> = {}): LinkFormValues => ({ ...emptyLinkValues(), brands: ['Aurora'], ...patch });

function renderForm(props: Partial<Parameters<typeof LinkForm>[0]> = {}) {
  const onSubmit = vi.fn().mockResolvedValue(undefined);
  const onRemove = vi.fn();
  renderWithMantine(<LinkForm initialValues={values()} canEditSellerId submitLabel="Salvar" onSubmit={onSubmit} onCancel={vi.fn()} onRemove={onRemove} {...props} />);
  return { onSubmit, onRemove, user: userEvent.setup() };
}

const defaultOptions = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('combobox', { name: 'Estratégia padrão' }));
  return (await screen.findAllByRole('option')).map((o) => o.textContent);
};

describe('link form (spec §3, §5, §6)', () => {
  it('offers as default strategy only the checked strategies, and follows the checkboxes', async () => {
    const { onSubmit, user } = renderForm();
    expect(await defaultOptions(user)).toEqual(['Padrão']);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('checkbox', { name: 'Por objetivo' }));
    expect(await defaultOptions(user)).toEqual(['Padrão', 'Por objetivo']);
    await user.click(screen.getByRole('option', { name: 'Por objetivo' }));

    // Unchecking the default moves it to a strategy still checked.
    await user.click(screen.getByRole('checkbox', { name: 'Padrão' }));
    expect(screen.getByRole('combobox', { name: 'Estratégia padrão' })).toHaveValue('Por objetivo');
    await user.click(screen.getByRole('checkbox', { name: 'Por objetivo' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Escolha ao menos uma estratégia.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByRole('checkbox', { name: 'Por objetivo' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ strategies: ['objective_based'], defaultStrategy: 'objective_based' });
  });

  it('disables the seller id when the API says can_edit_seller_id is false', () => {
    renderForm({ canEditSellerId: false });
    expect(screen.getByRole('textbox', { name: /Seller id/ })).toBeDisabled();
    expect(screen.getByText('Somente o administrador altera o seller id.')).toBeInTheDocument();
  });

  it('adds and removes brands', async () => {
    const { user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Nova marca' }), 'Aurora Gourmet{enter}');
    expect(within(screen.getByTestId('link-brands')).getByText('Aurora Gourmet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remover a marca Aurora' }));
    expect(within(screen.getByTestId('link-brands')).queryByText('Aurora')).not.toBeInTheDocument();
  });

  it('in read-only mode disables everything and hides save, cancel, remove and brand editing', () => {
    renderForm({ readOnly: true });
    for (const button of ['Salvar', 'Cancelar', 'Desvincular', 'Adicionar marca']) expect(screen.queryByRole('button', { name: button })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remover a marca Aurora' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Padrão' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Campanhas com audiências' })).toBeDisabled();
  });

  it('requires the seller id of a seller link', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByText('Seller'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe o seller id de um vínculo do tipo seller.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('link form values', () => {
  it('limits and keeps the default strategy', () => {
    expect(defaultStrategyChoices(['objective_based', 'standard'])).toEqual(['standard', 'objective_based']);
    expect(keepDefaultStrategy(['standard', 'objective_based'], 'objective_based')).toBe('objective_based');
    expect(keepDefaultStrategy(['standard'], 'objective_based')).toBe('standard');
    expect(keepDefaultStrategy([], 'standard')).toBeNull();
  });

  it('adds a brand once, ignoring case and blanks', () => {
    expect(addBrand(['Aurora'], ' aurora ')).toEqual(['Aurora']);
    expect(addBrand(['Aurora'], '  ')).toEqual(['Aurora']);
    expect(addBrand(['Aurora'], 'Serra')).toEqual(['Aurora', 'Serra']);
  });

  it('punctuates a CNPJ as it is typed', () => {
    expect(formatCnpj('12345678000190')).toBe('12.345.678/0001-90');
    expect(formatCnpj('12.345')).toBe('12.345');
  });
});
