/** Distinct, print-safe colours for regions (store page) or stores (account map), in turn. */
const PALETTE = ['#1c7ed6', '#e8590c', '#2f9e44', '#ae3ec9', '#f08c00', '#0c8599', '#d6336c', '#5f3dc4', '#66a80f', '#c92a2a'];

export const paletteColor = (index: number): string => PALETTE[((index % PALETTE.length) + PALETTE.length) % PALETTE.length]!;
