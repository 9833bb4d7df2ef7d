import { STORAGE_KEYS } from '../../app/storage';
import { buildUser } from '../../test/factories';
import { createGuestSession } from './guestSession';
import { loadStoredSession } from './sessionStorage';

describe('createGuestSession', () => {
  it('makes a practice-and-spectate-only session with no money', () => {
    const guest = createGuestSession(new Date('2026-03-01T12:00:00.000Z'));
    expect(guest.id).toMatch(/^guest_[a-z0-9]+$/);
    expect(guest.username).toMatch(/^Guest_[a-z0-9]{6}$/);
    expect(guest).toMatchObject({
      email: null,
      level: 1,
      xp: 0,
      wins: 0,
      losses: 0,
      balance: 0,
      current_balance: 0,
      rank: 'Guest',
      isGuest: true,
      canPlay: true,
      canBet: false,
      canDeposit: false,
      canWithdraw: false,
      spectatorMode: true,
      joinDate: '2026-03-01T12:00:00.000Z',
      stats: { total_wins: 0, total_earnings: 0, total_deposited: 0, total_withdrawn: 0 },
    });
  });

  it('makes a different guest each time', () => {
    expect(createGuestSession().id).not.toBe(createGuestSession().id);
  });
});

describe('loadStoredSession', () => {
  it('is anonymous with nothing stored', () => {
    expect(loadStoredSession()).toEqual({ kind: 'anonymous' });
  });

  it('restores a stored guest session', () => {
    const guest = createGuestSession();
    localStorage.setItem(STORAGE_KEYS.guestSession, JSON.stringify(guest));
    expect(loadStoredSession()).toEqual({ kind: 'guest', user: guest });
  });

  it('prefers stored tokens and user over a guest session', () => {
    const user = buildUser();
    localStorage.setItem(STORAGE_KEYS.accessToken, 'a');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    localStorage.setItem(STORAGE_KEYS.guestSession, JSON.stringify(createGuestSession()));
    expect(loadStoredSession()).toEqual({ kind: 'signedIn', user });
  });

  it('keeps tokens without a usable cached user until GET /users/me/ answers (restoring)', () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'a');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r');
    localStorage.setItem(STORAGE_KEYS.user, '{not json');
    expect(loadStoredSession()).toEqual({ kind: 'anonymous', restoring: true });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('a');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('r');
  });

  it('drops a corrupt guest session', () => {
    localStorage.setItem(STORAGE_KEYS.guestSession, JSON.stringify({ id: 'x' }));
    expect(loadStoredSession()).toEqual({ kind: 'anonymous' });
    expect(localStorage.getItem(STORAGE_KEYS.guestSession)).toBeNull();
  });
});
