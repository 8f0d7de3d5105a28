import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FlyerRowActions } from './flyer-row-actions';
import { FlyerStateButtons } from './flyer-state-buttons';
import { renderWithMantine } from '../../test/render';

const NAME = 'Festival do Churrasco';

async function menuItems(status: 'scheduled' | 'active' | 'pause' | 'finished' | 'canceled') {
  const user = userEvent.setup();
  const onAction = vi.fn();
  renderWithMantine(<FlyerRowActions flyer={{ name: NAME, status }} onAction={onAction} />);
  await user.click(screen.getByRole('button', { name: `Mais ações: ${NAME}` }));
  const items = screen.getAllByRole('menuitem').map((i) => i.textContent);
  return { items, onAction, user };
}

describe('FlyerRowActions', () => {
  it('offers pause, finish and cancel for an active flyer, and reports the chosen one', async () => {
    const { items, onAction, user } = await menuItems('active');
    expect(items).toEqual(['Duplicar', 'Pausar', 'Finalizar', 'Cancelar encarte', 'Excluir']);
    expect(screen.getByRole('button', { name: `Ver encarte: ${NAME}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Editar: ${NAME}` })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Pausar' }));
    expect(onAction).toHaveBeenCalledWith('pause');
  });

  it('offers reactivate, not pause, for a paused flyer', async () => {
    const { items } = await menuItems('pause');
    expect(items).toEqual(['Duplicar', 'Reativar', 'Finalizar', 'Excluir']);
  });

  it('leaves a finished flyer to be seen, duplicated or deleted', async () => {
    const { items } = await menuItems('finished');
    expect(items).toEqual(['Duplicar', 'Excluir']);
    expect(screen.queryByRole('button', { name: `Editar: ${NAME}` })).not.toBeInTheDocument();
  });

  it('shows only "view" to those who cannot change flyers', () => {
    renderWithMantine(<FlyerRowActions flyer={{ name: NAME, status: 'active' }} onAction={vi.fn()} readOnly />);
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([`Ver encarte: ${NAME}`]);
  });
});

describe('FlyerStateButtons (view page)', () => {
  it('shows the state changes that fit a scheduled flyer', async () => {
    const onAction = vi.fn();
    renderWithMantine(<FlyerStateButtons status="scheduled" onAction={onAction} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancelar encarte', 'Excluir']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancelar encarte' }));
    expect(onAction).toHaveBeenCalledWith('cancel');
  });
});
