/**
 * The price to send on approval (spec §5): the API divides by 100 when the approving account uses
 * a cents currency, so such an account sends integer cents; the others send reais.
 */
export function approvalPrice(reais: number, currencyCents: boolean): number {
  return currencyCents ? Math.round(reais * 100) : Math.round(reais * 100) / 100;
}
