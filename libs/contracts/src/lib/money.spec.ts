import { centsToDollars, formatCents, parseDollarsToCents } from './money';

describe('parseDollarsToCents', () => {
  it.each([
    [10, 1000n],
    [10.5, 1050n],
    [0.01, 1n],
    ['25.99', 2599n],
    ['5', 500n],
    [10000, 1000000n],
    [0.3, 30n],
  ])('parses %p to %p cents', (input, expected) => {
    expect(parseDollarsToCents(input)).toBe(expected);
  });

  it.each([[-1], [1.234], ['1.234'], [NaN], [Infinity], ['abc'], [''], ['1e3'], [null], [undefined], [{}], ['01.5']])(
    'rejects %p',
    (input) => {
      expect(parseDollarsToCents(input)).toBeNull();
    },
  );
});

describe('formatCents / centsToDollars', () => {
  it('formats with two decimals', () => {
    expect(formatCents(0n)).toBe('0.00');
    expect(formatCents(123456n)).toBe('1234.56');
    expect(formatCents(-5)).toBe('-0.05');
    expect(centsToDollars(2550n)).toBe(25.5);
  });
});
