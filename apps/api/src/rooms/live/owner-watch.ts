import type { RoomCluster } from './room-cluster';

/** How often an instance checks that the owners its sockets watch rooms through still listen. */
export const OWNER_CHECK_INTERVAL_MS = 1000;

/**
 * Tells, from the owners this instance's sockets watch rooms through, which died (docs/decisions/0801): an owner is
 * dead once it has not listened on its request channel at two checks in a row (OWNER_CHECK_INTERVAL_MS apart), so a
 * connection to Redis that drops and comes straight back is not a death. Each death is reported once.
 */
export class OwnerWatch {
  private readonly silentAtLastCheck = new Set<string>();
  private readonly reported = new Set<string>();

  constructor(private readonly cluster: Pick<RoomCluster, 'silentInstances'>) {}

  /** The owners found dead at this check (not reported before). */
  async newlyDead(owners: string[]): Promise<string[]> {
    const silent = new Set(await this.cluster.silentInstances(owners));
    const dead: string[] = [];
    for (const owner of owners) {
      if (!silent.has(owner)) {
        this.silentAtLastCheck.delete(owner);
        this.reported.delete(owner);
      } else if (!this.silentAtLastCheck.has(owner)) {
        this.silentAtLastCheck.add(owner);
      } else if (!this.reported.has(owner)) {
        this.reported.add(owner);
        dead.push(owner);
      }
    }
    const watched = new Set(owners);
    for (const owner of [...this.silentAtLastCheck]) {
      if (watched.has(owner)) continue;
      this.silentAtLastCheck.delete(owner);
      this.reported.delete(owner);
    }
    return dead;
  }

  /** Handling a reported death failed (the database was away): report it again at the next check. */
  retry(owner: string): void {
    this.reported.delete(owner);
  }
}
