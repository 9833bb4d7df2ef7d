import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../app/format';
import { useLogout, useSession } from '../session/hooks';
import { useAnswerRealityCheckMutation, useGetRealityCheckQuery } from './rgApi';
import './responsible-gaming.css';

/** How often a signed-in player's session time is read. */
const REALITY_CHECK_POLL_MS = 60_000;

/**
 * The reality check (docs/product/player-protection.md#reality-check): after RG_REALITY_CHECK_MINUTES of money play the
 * player sees the time played and the session's net result, and chooses to keep playing (the clock starts again) or
 * stop (signed out).
 */
export function RealityCheck() {
  const session = useSession();
  const signedIn = session.kind === 'signedIn';
  const { data } = useGetRealityCheckQuery(undefined, { skip: !signedIn, pollingInterval: REALITY_CHECK_POLL_MS });
  if (!signedIn || !data?.due) return null;
  return <RealityCheckDialog minutes={data.minutes_played} matches={data.matches_played} net={data.net_amount} />;
}

function RealityCheckDialog({ minutes, matches, net }: { minutes: number; matches: number; net: number }) {
  const { t } = useTranslation();
  const id = useId();
  const [answer, { isLoading }] = useAnswerRealityCheckMutation();
  const { refetch } = useGetRealityCheckQuery();
  const logout = useLogout();
  const netText = net > 0 ? `+${formatDollars(net)}` : formatDollars(net);

  const choose = async (action: 'continue' | 'stop') => {
    await answer(action).unwrap();
    if (action === 'stop') await logout();
    else void refetch();
  };

  return (
    <div className="rg-overlay">
      <div
        className="card rg-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        data-testid="reality-check"
      >
        <h2 id={`${id}-title`}>{t('rg.reality.title')}</h2>
        <p id={`${id}-text`}>{t('rg.reality.text', { minutes, matches, net: netText })}</p>
        <div className="rg-actions">
          <button
            type="button"
            className="button button-ghost"
            disabled={isLoading}
            onClick={() => void choose('stop')}
          >
            {t('rg.reality.stop')}
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={isLoading}
            onClick={() => void choose('continue')}
          >
            {t('rg.reality.continue')}
          </button>
        </div>
      </div>
    </div>
  );
}
