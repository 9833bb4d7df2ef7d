import { pairCandidates, QueueCandidate } from './matchmaking-pairing';

let next = 0;
function entry(
  userId: string,
  rating: number,
  waitedMs: number,
  betCents = 100n,
  origin: { deviceId?: string | null; ip?: string | null } = {},
): QueueCandidate {
  next++;
  return {
    entryId: `e${next}`,
    userId,
    roomId: `room_${next}`,
    gameId: 'tap_race',
    betCents,
    rating,
    waitedMs,
    deviceId: origin.deviceId ?? `device-${userId}`,
    ip: origin.ip ?? '10.0.0.1',
  };
}

describe('pairCandidates', () => {
  it('pairs within ±100 at once and widens to ±400 over 60 s, using the longer wait', () => {
    expect(pairCandidates([entry('a', 1500, 0), entry('b', 1600, 0)], new Map())).toHaveLength(1);
    expect(pairCandidates([entry('a', 1500, 0), entry('b', 1800, 0)], new Map())).toHaveLength(0);
    // 300 apart needs a width of 300: two thirds of the way, 40 s.
    expect(pairCandidates([entry('a', 1500, 39_000), entry('b', 1800, 0)], new Map())).toHaveLength(0);
    const [pair] = pairCandidates([entry('b', 1800, 0), entry('a', 1500, 41_000)], new Map());
    expect(pair.map((candidate) => candidate.userId)).toEqual(['a', 'b']);
  });

  it('never pairs a user with themself, nor across bets', () => {
    expect(pairCandidates([entry('a', 1500, 0), entry('a', 1500, 0)], new Map())).toHaveLength(0);
    expect(pairCandidates([entry('a', 1500, 0), entry('b', 1500, 0, 200n)], new Map())).toHaveLength(0);
  });

  it('never pairs two accounts of one device, and passes over them to another opponent', () => {
    const sameDevice = { deviceId: 'device-shared' };
    expect(
      pairCandidates([entry('a', 1500, 0, 100n, sameDevice), entry('b', 1500, 0, 100n, sameDevice)], new Map()),
    ).toEqual([]);
    const [pair] = pairCandidates(
      [entry('a', 1500, 9000, 100n, sameDevice), entry('b', 1500, 5000, 100n, sameDevice), entry('c', 1600, 0)],
      new Map(),
    );
    expect(pair.map((candidate) => candidate.userId)).toEqual(['a', 'c']);
    // No device id sent (an API client) is not a shared device.
    const none = { deviceId: null };
    expect(pairCandidates([entry('a', 1500, 0, 100n, none), entry('b', 1500, 0, 100n, none)], new Map())).toHaveLength(
      1,
    );
  });

  it('pairs accounts sharing an address unless MATCHMAKING_DISTINCT_IPS is on', () => {
    const candidates = [
      entry('a', 1500, 0, 100n, { ip: '203.0.113.7' }),
      entry('b', 1500, 0, 100n, { ip: '203.0.113.7' }),
    ];
    expect(pairCandidates(candidates, new Map())).toHaveLength(1);
    expect(pairCandidates(candidates, new Map(), { distinctIps: false })).toHaveLength(1);
    expect(pairCandidates(candidates, new Map(), { distinctIps: true })).toEqual([]);
    const apart = [entry('a', 1500, 0, 100n, { ip: '203.0.113.7' }), entry('b', 1500, 0, 100n, { ip: '203.0.113.8' })];
    expect(pairCandidates(apart, new Map(), { distinctIps: true })).toHaveLength(1);
  });

  it('prefers an opponent not met recently, and takes a recent one when nobody else fits', () => {
    const recent = new Map([['a', new Set(['b'])]]);
    const [pair] = pairCandidates([entry('a', 1500, 5000), entry('b', 1500, 3000), entry('c', 1550, 0)], recent);
    expect(pair[1].userId).toBe('c');
    expect(pairCandidates([entry('a', 1500, 5000), entry('b', 1500, 3000)], recent)).toHaveLength(1);
  });

  it('gives each entry at most one pair', () => {
    const candidates = Array.from({ length: 9 }, (_, index) => entry(`u${index}`, 1500, index));
    const pairs = pairCandidates(candidates, new Map());
    expect(pairs).toHaveLength(4);
    expect(new Set(pairs.flat().map((candidate) => candidate.userId)).size).toBe(8);
  });
});
