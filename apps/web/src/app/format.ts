import { formatCents } from '@skillduel/contracts';

/** Wire amounts are dollars; convert once to whole cents and let the contracts formatter print them. */
function dollarsToCents(dollars: number): number {
  return Number.isFinite(dollars) ? Math.round(dollars * 100) : 0;
}

/** 12.5 → "$12.50" */
export function formatDollars(dollars: number): string {
  const text = formatCents(dollarsToCents(dollars));
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** Bet limits read best without empty decimals: 1 → "$1", 2.5 → "$2.50". */
export function formatBetDollars(dollars: number): string {
  const text = formatCents(dollarsToCents(dollars));
  return `$${text.endsWith('.00') ? text.slice(0, -3) : text}`;
}
