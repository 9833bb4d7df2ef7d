import type { SessionDto } from '@skillduel/contracts';
import { LogOut, Monitor } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { toast } from '../../../app/toast';
import { Spinner } from '../../../app/ui/Spinner';
import {
  useGetSessionsQuery,
  useLogoutAllMutation,
  useRevokeOtherSessionsMutation,
  useRevokeSessionMutation,
} from '../../auth/authApi';
import { authErrorText } from '../../auth/authErrors';
import { isSocialProvider, PROVIDER_NAMES } from '../../auth/oauthMessages';
import { endSession } from '../../session/sessionThunks';
import { formatDateTime } from '../../../app/dates';
import { ConfirmAction } from './ConfirmAction';
import { describeDevice } from './describeDevice';

function formatSessionTime(language: string, iso: string): string {
  return formatDateTime(iso, language) || '—';
}

/** The current session first, then the most recently used. */
function ordered(sessions: readonly SessionDto[]): SessionDto[] {
  return [...sessions].sort(
    (left, right) =>
      Number(right.current) - Number(left.current) || right.last_used_at.localeCompare(left.last_used_at),
  );
}

/**
 * GET /auth/sessions with revoke one, revoke all others, and sign out everywhere (docs/product/accounts.md#sessions).
 */
export function SessionsSection() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { data: sessions, isLoading, isError, refetch } = useGetSessionsQuery();
  const [revokeSession, revokeState] = useRevokeSessionMutation();
  const [revokeOthers, revokeOthersState] = useRevokeOtherSessionsMutation();
  const [logoutAll, logoutAllState] = useLogoutAllMutation();
  const id = useId();

  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      toast.success(success);
    } catch (error) {
      toast.error(authErrorText(t, error, t('httpErrors.fallback')));
    }
  };

  const onLogoutAll = async () => {
    try {
      await logoutAll().unwrap();
    } catch (error) {
      toast.error(authErrorText(t, error, t('httpErrors.fallback')));
      return;
    }
    dispatch(endSession());
    toast.success(t('profile.security.sessions.loggedOutAll'));
    navigate('/', { replace: true });
  };

  const method = (session: SessionDto) => {
    const provider = session.auth_method.startsWith('oauth:') ? session.auth_method.slice('oauth:'.length) : null;
    if (provider === null) return t('profile.security.sessions.methodPassword');
    return isSocialProvider(provider) ? PROVIDER_NAMES[provider] : provider;
  };

  const others = sessions?.filter((session) => !session.current).length ?? 0;

  return (
    <section className="card security-section" aria-labelledby={`${id}-title`} data-testid="security-sessions">
      <h2 id={`${id}-title`}>{t('profile.security.sessions.title')}</h2>
      <p className="muted">{t('profile.security.sessions.text')}</p>
      {isLoading && <Spinner label={t('common.loading')} />}
      {isError && !sessions && (
        <div role="alert">
          <p>{t('profile.security.loadError')}</p>
          <button type="button" className="button button-secondary" onClick={() => void refetch()}>
            {t('profile.security.retry')}
          </button>
        </div>
      )}
      {sessions && (
        <ul className="session-list">
          {ordered(sessions).map((session) => {
            const device = describeDevice(session.user_agent) ?? t('profile.security.sessions.unknownDevice');
            return (
              <li key={session.id} className="session-item" data-testid="session-item" data-current={session.current}>
                <Monitor aria-hidden="true" size={22} className="session-icon" />
                <div className="session-details">
                  <p className="session-device" title={session.user_agent ?? undefined}>
                    <strong>{device}</strong>
                    {session.current && (
                      <span className="badge badge-current">{t('profile.security.sessions.current')}</span>
                    )}
                  </p>
                  <dl className="session-facts">
                    <div>
                      <dt>{t('profile.security.sessions.ip')}</dt>
                      <dd>{session.ip ?? t('profile.security.sessions.unknown')}</dd>
                    </div>
                    <div>
                      <dt>{t('profile.security.sessions.method')}</dt>
                      <dd>{method(session)}</dd>
                    </div>
                    <div>
                      <dt>{t('profile.security.sessions.created')}</dt>
                      <dd>{formatSessionTime(i18n.language, session.created_at)}</dd>
                    </div>
                    <div>
                      <dt>{t('profile.security.sessions.lastUsed')}</dt>
                      <dd>{formatSessionTime(i18n.language, session.last_used_at)}</dd>
                    </div>
                  </dl>
                </div>
                {!session.current && (
                  <ConfirmAction
                    label={t('profile.security.sessions.revoke')}
                    ariaLabel={t('profile.security.sessions.revokeLabel', { device })}
                    question={t('profile.security.sessions.confirmRevoke')}
                    busy={revokeState.isLoading && revokeState.originalArgs === session.id}
                    onConfirm={() =>
                      run(() => revokeSession(session.id).unwrap(), t('profile.security.sessions.revoked'))
                    }
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {sessions && others === 0 && <p className="muted">{t('profile.security.sessions.none')}</p>}
      <div className="button-row">
        <ConfirmAction
          label={t('profile.security.sessions.revokeAll')}
          question={t('profile.security.sessions.confirmRevokeAll')}
          busy={revokeOthersState.isLoading}
          disabled={others === 0}
          testId="revoke-all-sessions"
          onConfirm={() => run(() => revokeOthers().unwrap(), t('profile.security.sessions.revokedAll'))}
        />
        <ConfirmAction
          label={
            <>
              <LogOut aria-hidden="true" size={16} />
              <span>{t('profile.security.sessions.logoutAll')}</span>
            </>
          }
          question={t('profile.security.sessions.confirmLogoutAll')}
          busy={logoutAllState.isLoading}
          className="button button-ghost"
          onConfirm={onLogoutAll}
        />
      </div>
    </section>
  );
}
