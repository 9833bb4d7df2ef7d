import type { TransactionDto } from '@skillduel/contracts';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../../app/format';
import { directionOf, dollarsToCents } from '../money';

const WIDTH = 300;
const HEIGHT = 100;
const PADDING = 6;

/**
 * The wallet balance after each transaction, oldest first (a transaction that moved nothing has no point), starting
 * with the balance before the oldest one listed: the first deposit already draws a line (from $0 up).
 */
function balancePoints(transactions: readonly TransactionDto[]): number[] {
  const cents: number[] = [];
  let oldest: TransactionDto | null = null;
  for (const transaction of transactions) {
    if (transaction.balance_after === null) continue;
    cents.push(dollarsToCents(transaction.balance_after));
    oldest = transaction;
  }
  cents.reverse();
  if (oldest?.balance_after != null) {
    const movedCents = dollarsToCents(oldest.amount) * (directionOf(oldest.type) === 'credit' ? 1 : -1);
    cents.unshift(dollarsToCents(oldest.balance_after) - movedCents);
  }
  return cents;
}

/** A plain-SVG line of the balance over the last transactions (the "chart of the balance over time"). */
export function BalanceChart({ transactions }: { transactions: readonly TransactionDto[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const points = useMemo(() => balancePoints(transactions), [transactions]);

  if (points.length < 2) {
    return (
      <section className="card wallet-chart" aria-labelledby={titleId}>
        <h2 id={titleId} className="wallet-section-title">
          {t('wallet.chart.title')}
        </h2>
        <p className="muted" data-testid="balance-chart-empty">
          {t('wallet.chart.empty')}
        </p>
      </section>
    );
  }

  const low = Math.min(...points);
  const high = Math.max(...points);
  const span = high - low;
  const x = (index: number) => PADDING + (index * (WIDTH - 2 * PADDING)) / (points.length - 1);
  const y = (cents: number) =>
    span === 0 ? HEIGHT / 2 : HEIGHT - PADDING - ((cents - low) * (HEIGHT - 2 * PADDING)) / span;
  const line = points.map((cents, index) => `${x(index).toFixed(1)},${y(cents).toFixed(1)}`).join(' ');
  const area = `M${x(0).toFixed(1)},${HEIGHT} L${line.replaceAll(' ', ' L')} L${x(points.length - 1).toFixed(1)},${HEIGHT} Z`;
  const summary = t('wallet.chart.label', {
    count: points.length,
    first: formatDollars(points[0] / 100),
    last: formatDollars(points[points.length - 1] / 100),
  });

  return (
    <section className="card wallet-chart" aria-labelledby={titleId}>
      <h2 id={titleId} className="wallet-section-title">
        {t('wallet.chart.title')}
      </h2>
      <svg
        className="wallet-chart-svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={summary}
        data-testid="balance-chart"
        data-points={points.length}
      >
        <path className="wallet-chart-area" d={area} />
        <polyline className="wallet-chart-line" points={line} vectorEffect="non-scaling-stroke" />
      </svg>
      <p className="wallet-chart-range muted small" aria-hidden="true">
        <span>{t('wallet.chart.low', { amount: formatDollars(low / 100) })}</span>
        <span>{t('wallet.chart.high', { amount: formatDollars(high / 100) })}</span>
      </p>
    </section>
  );
}
