import { describe, expect, it } from 'vitest';
import { approvalPrice } from './price';
import { applyAudiencesFilter } from './audiences-search';

describe('approvalPrice (spec §5 cents currency)', () => {
  it('sends integer cents for an account with a cents currency', () => {
    expect(approvalPrice(250, true)).toBe(25000);
    expect(approvalPrice(250.75, true)).toBe(25075);
    expect(approvalPrice(0.1 + 0.2, true)).toBe(30);
  });

  it('sends reais with two places otherwise', () => {
    expect(approvalPrice(250.75, false)).toBe(250.75);
    expect(approvalPrice(0.1 + 0.2, false)).toBe(0.3);
  });
});

describe('applyAudiencesFilter', () => {
  it('starts again at page 1 and drops a cleared status', () => {
    expect(applyAudiencesFilter({ page: 3, status: 'approved' }, { status: undefined })).toEqual({ page: 1 });
    expect(applyAudiencesFilter({ page: 3 }, { status: 'rejected', name: '  café ' })).toEqual({ page: 1, status: 'rejected', name: 'café' });
  });
});
