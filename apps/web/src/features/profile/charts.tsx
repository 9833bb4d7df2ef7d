import type { EarningsPointDto, PlayerGameStatsDto } from '@skillduel/contracts';
import { formatDollars } from '../../app/format';
import { useGameText } from '../games/gameText';

/**
 * Two small charts in plain SVG (no chart library in the bundle). Each SVG is an image with a text summary, and the
 * figures are also listed in a table for screen readers.
 */

const BAR_HEIGHT = 22;
const BAR_GAP = 10;
const LABEL_WIDTH = 120;
const CHART_WIDTH = 420;

export function WinRateChart({ games, label }: { games: PlayerGameStatsDto[]; label: string }) {
  const { gameName } = useGameText();
  const height = games.length * (BAR_HEIGHT + BAR_GAP);
  const barSpace = CHART_WIDTH - LABEL_WIDTH - 50;
  return (
    <svg
      className="chart"
      viewBox={`0 0 ${CHART_WIDTH} ${Math.max(height, BAR_HEIGHT)}`}
      role="img"
      aria-label={label}
      data-testid="win-rate-chart"
    >
      {games.map((game, index) => {
        const y = index * (BAR_HEIGHT + BAR_GAP);
        const width = Math.max(2, (game.win_rate / 100) * barSpace);
        return (
          <g key={game.game_id} data-testid="win-rate-bar" data-game={game.game_id} data-value={game.win_rate}>
            <text x={0} y={y + BAR_HEIGHT * 0.7} className="chart-label">
              {`${game.icon} ${gameName(game.game_id, game.name)}`}
            </text>
            <rect x={LABEL_WIDTH} y={y} width={barSpace} height={BAR_HEIGHT} rx={4} className="chart-track" />
            <rect x={LABEL_WIDTH} y={y} width={width} height={BAR_HEIGHT} rx={4} className="chart-bar" />
            <text x={LABEL_WIDTH + barSpace + 6} y={y + BAR_HEIGHT * 0.7} className="chart-value">
              {`${game.win_rate}%`}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

const LINE_HEIGHT = 160;
const PAD = 24;

export function EarningsChart({ points, label }: { points: EarningsPointDto[]; label: string }) {
  const values = points.map((point) => point.cumulative);
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const x = (index: number) =>
    points.length === 1 ? CHART_WIDTH / 2 : PAD + (index / (points.length - 1)) * (CHART_WIDTH - 2 * PAD);
  const y = (value: number) => PAD + (1 - (value - min) / span) * (LINE_HEIGHT - 2 * PAD);
  const path = points.map((point, index) => `${index === 0 ? 'M' : 'L'}${x(index)},${y(point.cumulative)}`).join(' ');
  return (
    <svg
      className="chart"
      viewBox={`0 0 ${CHART_WIDTH} ${LINE_HEIGHT}`}
      role="img"
      aria-label={label}
      data-testid="earnings-chart"
    >
      <line x1={PAD} x2={CHART_WIDTH - PAD} y1={y(0)} y2={y(0)} className="chart-axis" />
      <path d={path} className="chart-line" fill="none" />
      {points.map((point, index) => (
        <circle
          key={point.date}
          cx={x(index)}
          cy={y(point.cumulative)}
          r={3.5}
          className="chart-dot"
          data-testid="earnings-point"
        >
          <title>{`${point.date}: ${formatDollars(point.cumulative)}`}</title>
        </circle>
      ))}
      <text x={PAD} y={14} className="chart-value">
        {formatDollars(max)}
      </text>
    </svg>
  );
}
