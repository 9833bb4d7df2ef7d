import type { TournamentDto } from '@skillduel/contracts';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../app/format';
import { prizeLabels } from './format';

/** The confirmation before paying: it names the fee and the prizes (docs/product/tournaments.md#players). */
export function JoinConfirm({
  tournament,
  busy,
  onConfirm,
  onCancel,
}: {
  tournament: TournamentDto;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const cancelButton = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelButton.current?.focus(), []);
  const amount = formatDollars(tournament.entry_fee);
  const prizes = prizeLabels(tournament)
    .map((prize, index) => `${t('tournaments.prizes.placeN', { place: index + 1 })} ${prize}`)
    .join(', ');
  return (
    <div className="rg-overlay" onKeyDown={(event) => event.key === 'Escape' && onCancel()}>
      <div
        className="card rg-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-fee`}
        data-testid="join-confirm"
      >
        <h2 id={`${id}-title`}>{t('tournaments.confirm.title', { name: tournament.name })}</h2>
        <p id={`${id}-fee`}>{t('tournaments.confirm.fee', { amount })}</p>
        <p>{t('tournaments.confirm.prizes', { prizes })}</p>
        <p className="muted">{t('tournaments.confirm.refund')}</p>
        <div className="tournament-actions">
          <button ref={cancelButton} type="button" className="button button-secondary" onClick={onCancel}>
            {t('tournaments.confirm.cancel')}
          </button>
          <button type="button" className="button button-primary" onClick={onConfirm} disabled={busy}>
            {t('tournaments.confirm.confirm', { amount })}
          </button>
        </div>
      </div>
    </div>
  );
}
