import { formatDateTime } from '../../app/dates';
import type { RoundReviewDto } from '@skillduel/contracts';
import { useTranslation } from 'react-i18next';
import './fairness.css';

/**
 * Transparency for a round held for a fair-play review (decision 1802): where the review stands, the signals that
 * held it in plain words, and support's note once decided. Nothing for a round that was never held.
 */
export function RoundReview({ review }: { review: RoundReviewDto | null }) {
  const { t, i18n } = useTranslation();
  if (review === null) return null;
  return (
    <div
      className={`round-review round-review-${review.status}`}
      data-testid="round-review"
      data-status={review.status}
    >
      <p className="round-review-status" data-testid="round-review-status">
        {t(`fairness.review.status.${review.status}`)}
      </p>
      {review.reasons.length > 0 && (
        <>
          <p className="muted small">{t('fairness.review.reasonsTitle')}</p>
          <ul data-testid="round-review-reasons">
            {review.reasons.map((kind) => (
              <li key={kind}>{t(`fairness.review.reasons.${kind}`)}</li>
            ))}
          </ul>
        </>
      )}
      {review.decision_note !== null && (
        <p data-testid="round-review-note">
          <span className="muted">{t('fairness.review.note')}: </span>“{review.decision_note}”
        </p>
      )}
      {review.decided_at !== null && (
        <p className="muted small">
          {t('fairness.review.decidedAt', { date: formatDateTime(review.decided_at, i18n.language) })}
        </p>
      )}
    </div>
  );
}
