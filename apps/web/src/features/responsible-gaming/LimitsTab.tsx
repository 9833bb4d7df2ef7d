import {
  RG_LIMIT_KINDS,
  SELF_EXCLUSION_PERIODS,
  type RgLimitKind,
  type RgLimitsDto,
  type SelfExclusionDto,
  type SelfExclusionKind,
} from '@skillduel/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isApiError } from '../../app/apiErrors';
import { formatDateTime } from '../../app/dates';
import { formatDollars } from '../../app/format';
import { toast } from '../../app/toast';
import { useGetLimitsQuery, useStartBreakMutation, useUpdateLimitsMutation } from './rgApi';
import './responsible-gaming.css';

type Drafts = Partial<Record<RgLimitKind, string>>;

function failureText(error: unknown, fallback: string): string {
  return isApiError(error) ? (error.serverMessage ?? error.message) : fallback;
}

function formatDate(iso: string, language: string): string {
  return formatDateTime(iso, language);
}

/**
 * Profile → Limits & safety (docs/product/player-protection.md#limits): limits with pending raises, usage, breaks and
 * where to get help.
 */
export function LimitsTab() {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useGetLimitsQuery();

  if (isLoading) return <p className="muted">{t('rg.limits.loading')}</p>;
  if (isError || !data) return <p className="field-error">{t('rg.limits.loadError')}</p>;
  return (
    <div data-testid="limits-tab">
      {data.exclusion && <ActiveBreak exclusion={data.exclusion} />}
      <LimitsForm limits={data} />
      {!data.exclusion?.ends_at && data.exclusion ? null : <BreakForm />}
      <section className="card rg-section">
        <h2>{t('rg.help.title')}</h2>
        <p className="muted">{t('rg.help.text')}</p>
        <ul>
          <li>
            <a href="https://www.begambleaware.org/" target="_blank" rel="noreferrer">
              BeGambleAware
            </a>
          </li>
          <li>
            <a href="https://www.gamblersanonymous.org/" target="_blank" rel="noreferrer">
              Gamblers Anonymous
            </a>
          </li>
          <li>
            <Link to="/terms">{t('rg.help.terms')}</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}

function ActiveBreak({ exclusion }: { exclusion: SelfExclusionDto }) {
  const { t, i18n } = useTranslation();
  const text =
    exclusion.ends_at === null
      ? t('rg.breaks.active.permanent')
      : t(`rg.breaks.active.${exclusion.kind}`, { date: formatDate(exclusion.ends_at, i18n.language) });
  return (
    <p className="card rg-banner" role="status" data-testid="active-break">
      {text}
    </p>
  );
}

function LimitsForm({ limits }: { limits: RgLimitsDto }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [updateLimits, { isLoading }] = useUpdateLimitsMutation();
  const [drafts, setDrafts] = useState<Drafts>({});
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: Partial<Record<RgLimitKind, number | null>> = {};
    for (const kind of RG_LIMIT_KINDS) {
      const text = drafts[kind]?.trim();
      if (!text) continue;
      const value = Number(text);
      if (!Number.isFinite(value) || value < 0 || !/^\d+(\.\d{1,2})?$/.test(text)) {
        setError(t('validation.invalidBet'));
        return;
      }
      body[kind] = value === 0 ? null : value;
    }
    if (Object.keys(body).length === 0) return;
    setError(null);
    try {
      await updateLimits(body).unwrap();
      setDrafts({});
      toast.success(t('rg.limits.saved'));
    } catch (failure) {
      setError(failureText(failure, t('httpErrors.unexpected')));
    }
  };

  return (
    <form className="card rg-section rg-form" onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('rg.limits.title')}</h2>
      <p className="muted">{t('rg.limits.intro', { hours: limits.raise_delay_hours })}</p>
      <div className="rg-limits">
        {RG_LIMIT_KINDS.map((kind) => {
          const limit = limits.limits[kind];
          const used = kind === 'max_bet' ? null : limits.usage[kind];
          return (
            <div className="rg-limit" key={kind} data-testid={`limit-${kind}`}>
              <label className="rg-limit-name" htmlFor={`${id}-${kind}`}>
                {t(`rg.limits.kinds.${kind}`)}
              </label>
              <span className="rg-limit-value" data-testid={`limit-${kind}-value`}>
                {limit.amount === null ? t('rg.limits.none') : formatDollars(limit.amount)}
              </span>
              {used !== null && limit.amount !== null && (
                <span className="muted">{t('rg.limits.used', { used: used.toFixed(2) })}</span>
              )}
              {limit.pending && (
                <span className="rg-pending" data-testid={`limit-${kind}-pending`}>
                  {limit.pending.amount === null
                    ? t('rg.limits.pendingRemoval', { date: formatDate(limit.pending.applies_at, i18n.language) })
                    : t('rg.limits.pending', {
                        amount: formatDollars(limit.pending.amount),
                        date: formatDate(limit.pending.applies_at, i18n.language),
                      })}
                </span>
              )}
              <input
                id={`${id}-${kind}`}
                className="input"
                inputMode="decimal"
                placeholder={t('rg.limits.newValue')}
                aria-label={`${t(`rg.limits.kinds.${kind}`)}: ${t('rg.limits.newValue')}`}
                value={drafts[kind] ?? ''}
                onChange={(event) => setDrafts((current) => ({ ...current, [kind]: event.target.value }))}
                data-testid={`limit-${kind}-input`}
              />
            </div>
          );
        })}
      </div>
      <p className="muted">{t('rg.limits.removeHint')}</p>
      {error && (
        <p className="field-error" role="alert" data-testid="limits-error">
          {error}
        </p>
      )}
      <div className="rg-actions">
        <button type="submit" className="button button-primary" disabled={isLoading} data-testid="limits-save">
          {t('rg.limits.save')}
        </button>
      </div>
    </form>
  );
}

function BreakForm() {
  const { t } = useTranslation();
  const id = useId();
  const [startBreak, { isLoading }] = useStartBreakMutation();
  const [kind, setKind] = useState<SelfExclusionKind>('cool_off');
  const [period, setPeriod] = useState<string>('24h');
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const periods = Object.keys(SELF_EXCLUSION_PERIODS[kind]);

  const chooseKind = (next: SelfExclusionKind) => {
    setKind(next);
    setPeriod(Object.keys(SELF_EXCLUSION_PERIODS[next])[0]);
    setAsking(false);
  };
  const start = async () => {
    setError(null);
    try {
      await startBreak({ kind, period }).unwrap();
      setAsking(false);
      toast.success(t('rg.breaks.started'));
    } catch (failure) {
      setError(failureText(failure, t('httpErrors.unexpected')));
    }
  };

  return (
    <section className="card rg-section rg-form" aria-labelledby={`${id}-title`} data-testid="break-form">
      <h2 id={`${id}-title`}>{t('rg.breaks.title')}</h2>
      <p className="muted">{t('rg.breaks.intro')}</p>
      <fieldset className="rg-section">
        <legend>{t('rg.breaks.kind')}</legend>
        {(['cool_off', 'self_exclusion'] as const).map((option) => (
          <label className="rg-check" key={option}>
            <input
              type="radio"
              name={`${id}-kind`}
              checked={kind === option}
              onChange={() => chooseKind(option)}
              data-testid={`break-kind-${option}`}
            />
            <span>{option === 'cool_off' ? t('rg.breaks.coolOff') : t('rg.breaks.selfExclusion')}</span>
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span>{t('rg.breaks.period')}</span>
        <select
          className="input"
          value={period}
          onChange={(event) => setPeriod(event.target.value)}
          data-testid="break-period"
        >
          {periods.map((option) => (
            <option key={option} value={option}>
              {t(`rg.breaks.periods.${option}` as 'rg.breaks.periods.24h')}
            </option>
          ))}
        </select>
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {asking ? (
        <div className="rg-actions" role="group" aria-label={t('rg.breaks.confirmQuestion')}>
          <span>{t('rg.breaks.confirmQuestion')}</span>
          <button type="button" className="button button-ghost" onClick={() => setAsking(false)}>
            {t('rg.breaks.cancel')}
          </button>
          <button
            type="button"
            className="button button-danger"
            disabled={isLoading}
            onClick={() => void start()}
            data-testid="break-confirm"
          >
            {t('rg.breaks.confirm')}
          </button>
        </div>
      ) : (
        <div className="rg-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setAsking(true)}
            data-testid="break-start"
          >
            {t('rg.breaks.start')}
          </button>
        </div>
      )}
    </section>
  );
}
