import { applyXp, rankForLevel, xpToNextLevel } from './progression';

describe('progression', () => {
  it.each([
    [1, 'Bronze'],
    [4, 'Bronze'],
    [5, 'Silver'],
    [9, 'Silver'],
    [10, 'Gold'],
    [19, 'Gold'],
    [20, 'Diamond'],
    [34, 'Diamond'],
    [35, 'Legendary'],
    [120, 'Legendary'],
  ])('level %i is %s', (level, rank) => {
    expect(rankForLevel(level)).toBe(rank);
  });

  it('xpToNext grows with the level', () => {
    expect(xpToNextLevel(1)).toBe(100);
    expect(xpToNextLevel(2)).toBe(200);
    expect(xpToNextLevel(10)).toBe(1000);
  });

  it('carries XP over several levels', () => {
    expect(applyXp({ level: 1, xp: 90 }, 10)).toEqual({ level: 2, xp: 0, levelsGained: 1 });
    expect(applyXp({ level: 1, xp: 0 }, 350)).toEqual({ level: 3, xp: 50, levelsGained: 2 });
    expect(applyXp({ level: 3, xp: 10 }, 0)).toEqual({ level: 3, xp: 10, levelsGained: 0 });
  });

  it('refuses negative or fractional XP', () => {
    expect(() => applyXp({ level: 1, xp: 0 }, -1)).toThrow(RangeError);
    expect(() => applyXp({ level: 1, xp: 0 }, 1.5)).toThrow(RangeError);
  });
});
