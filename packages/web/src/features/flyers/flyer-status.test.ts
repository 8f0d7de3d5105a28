import { describe, expect, it } from 'vitest';
import { FLYER_STATUSES } from '@backoffice/contracts';
import { FLYER_STATUS_ACTIONS, flyerActionsFor, isStateAction } from './flyer-status';

describe('flyer status → row actions (spec §4)', () => {
  it.each([
    ['scheduled', ['view', 'edit', 'duplicate', 'cancel', 'delete']],
    ['active', ['view', 'edit', 'duplicate', 'pause', 'finish', 'cancel', 'delete']],
    ['pause', ['view', 'edit', 'duplicate', 'reactivate', 'finish', 'delete']],
    ['finished', ['view', 'duplicate', 'delete']],
    ['canceled', ['view', 'duplicate', 'delete']],
  ] as const)('%s offers %j', (status, actions) => {
    expect(flyerActionsFor(status)).toEqual(actions);
  });

  it('covers every status the API computes', () => {
    expect(Object.keys(FLYER_STATUS_ACTIONS).sort()).toEqual([...FLYER_STATUSES].sort());
  });

  it('only pauses what is on the air and only reactivates what is paused', () => {
    const offering = (action: string) => FLYER_STATUSES.filter((s) => flyerActionsFor(s).includes(action as never));
    expect(offering('pause')).toEqual(['active']);
    expect(offering('reactivate')).toEqual(['pause']);
    expect(offering('edit')).toEqual(['scheduled', 'active', 'pause']);
    expect(offering('cancel')).toEqual(['scheduled', 'active']);
  });

  it('puts the state changes behind a confirmation, not the screens', () => {
    expect(['pause', 'reactivate', 'finish', 'cancel', 'delete'].every((a) => isStateAction(a as never))).toBe(true);
    expect(['view', 'edit', 'duplicate'].some((a) => isStateAction(a as never))).toBe(false);
  });
});
