import { formatDate, formatDateTime } from './dates';

describe('one date format on every screen', () => {
  const now = new Date(2026, 10, 28, 12, 0);

  it('writes a moment as day, short month and 24-hour time, in English and Spanish', () => {
    const moment = new Date(2026, 10, 28, 20, 31);
    expect(formatDateTime(moment, 'en', now)).toBe('28 Nov, 20:31');
    expect(formatDateTime(moment, 'es', now)).toBe('28 nov, 20:31');
  });

  it('adds the year when it is not this year, and writes nothing for an unreadable value', () => {
    expect(formatDateTime(new Date(2027, 4, 2, 9, 5), 'en', now)).toBe('2 May 2027, 09:05');
    expect(formatDateTime('not a date', 'en', now)).toBe('');
  });

  it('writes a date of birth as the day given, whatever the time zone', () => {
    expect(formatDate('2010-05-17', 'en')).toBe('17 May 2010');
    expect(formatDate('2010-05-17', 'es')).toBe('17 de mayo de 2010');
  });
});
