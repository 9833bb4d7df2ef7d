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

/** A gain or loss with its sign: 5 → "+$5.00", -5 → "-$5.00", 0 → "$0.00". */
function formatSignedDollars(dollars: number): string {
  const cents = dollarsToCents(dollars);
  return cents > 0 ? `+${formatDollars(dollars)}` : formatDollars(dollars);
}

/**
 * One payout vocabulary on every screen: what a won match paid out (the pot, less any fee) and what the player gained
 * over their stake. The spec's "winnings" are the payout (twice the bet); the net is the payout minus the stake.
 */
export function payoutFigures(payoutDollars: number, betDollars: number): { payout: string; net: string } {
  const netCents = dollarsToCents(payoutDollars) - dollarsToCents(betDollars);
  return { payout: formatDollars(payoutDollars), net: formatSignedDollars(netCents / 100) };
}
