import { walletChangesOf } from './wallet-push.service';

describe('walletChangesOf (wallet:changed payloads)', () => {
  const alice = '00000000-0000-4000-8000-00000000000a';
  const bob = '00000000-0000-4000-8000-00000000000b';

  it('gives each user whose wallet moved their own signed amount, with the room and the refund reason', () => {
    expect(
      walletChangesOf(
        { kind: 'refund', references: { roomId: 'room_x' }, metadata: { round: 1, reason: 'left' } },
        new Map([
          [alice, 500n],
          [bob, 500n],
        ]),
      ),
    ).toEqual([
      { userId: alice, payload: { kind: 'refund', amount: 5, room_id: 'room_x', reason: 'left' } },
      { userId: bob, payload: { kind: 'refund', amount: 5, room_id: 'room_x', reason: 'left' } },
    ]);
  });

  it('tells the referenced user of a status-only change (a withdrawal paid out moves no wallet money)', () => {
    expect(walletChangesOf({ kind: 'withdrawal_completion', references: { userId: alice } }, new Map())).toEqual([
      { userId: alice, payload: { kind: 'withdrawal_completion', amount: 0, room_id: null, reason: null } },
    ]);
  });

  it('does not repeat a referenced user whose wallet moved', () => {
    const changes = walletChangesOf(
      { kind: 'win', references: { userId: alice, roomId: 'room_y' } },
      new Map([[alice, 1000n]]),
    );
    expect(changes).toEqual([{ userId: alice, payload: { kind: 'win', amount: 10, room_id: 'room_y', reason: null } }]);
  });
});
