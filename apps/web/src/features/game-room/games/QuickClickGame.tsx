import type { InputOf, QuickClickView } from '@skillduel/games';
import { useTranslation } from 'react-i18next';
import { useAutoFocus } from '../components/useAutoFocus';
import type { GameProps } from './types';

/** quick-click: one big target; progress toward the seeded number of clicks. */
export function QuickClickGame({ view, onInput }: GameProps<QuickClickView, InputOf<'quick-click'>>) {
  const { t } = useTranslation();
  const targetRef = useAutoFocus<HTMLButtonElement>();
  const progress = t('gameRoom.quickClick.progress', { clicks: view.clicks, target: view.targetClicks });
  return (
    <div className="gr-game gr-quick-click">
      <button
        ref={targetRef}
        type="button"
        className="gr-click-target"
        onClick={() => onInput({ type: 'click' })}
        disabled={!view.active}
        data-testid="quick-click-target"
      >
        <span aria-hidden="true" className="gr-click-target-icon">
          🎯
        </span>
        <span>{t('gameRoom.quickClick.target')}</span>
      </button>
      <div
        className="gr-progress"
        role="progressbar"
        aria-label={t('gameRoom.quickClick.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={view.targetClicks}
        aria-valuenow={view.clicks}
        aria-valuetext={progress}
      >
        <span style={{ width: `${Math.min(100, (view.clicks / view.targetClicks) * 100)}%` }} />
      </div>
      <p className="gr-progress-text" data-testid="quick-click-progress">
        {progress} · {t('gameRoom.quickClick.remaining', { count: view.remainingClicks })}
      </p>
    </div>
  );
}
