/** One row of the opportunity-cost report, in ads and cents. */
export interface OpportunityCell {
  adsRequested: number;
  adsReturned: number;
  revenueCents: number;
}

/**
 * What the ads asked for and not returned could have earned, in cents: (ads_requested − ads_returned)
 * × the row's revenue per returned ad; a row that returned no ads uses the period's overall revenue
 * per returned ad, and nothing ever returned means 0.
 */
export function potentialRevenue(cell: OpportunityCell, overall: { returned: number; revenue: number }): number {
  const missing = Math.max(0, cell.adsRequested - cell.adsReturned);
  if (missing === 0) return 0;
  if (cell.adsReturned > 0) return Math.round((missing * cell.revenueCents) / cell.adsReturned);
  if (overall.returned > 0) return Math.round((missing * overall.revenue) / overall.returned);
  return 0;
}
