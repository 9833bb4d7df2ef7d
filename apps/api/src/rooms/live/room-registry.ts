import { MatchesRepository } from '../matches.repository';
import { RoomsRepository } from '../rooms.repository';
import { toMatchResultDto } from '../room-presenter';
import { RoomCluster } from './room-cluster';
import { RoomRuntime } from './room-runtime';

/** How long a room nobody watches stays in memory (its chat with it). */
const EVICT_AFTER_MS = 60_000;

/**
 * The rooms this instance has loaded (one RoomRuntime each): loading a room once however many sockets ask at the
 * same time, reloading its row after a change, and evicting it once nobody needs it here (releasing its lease).
 */
export class RoomRegistry {
  private readonly runtimes = new Map<string, RoomRuntime>();
  private readonly loading = new Map<string, Promise<RoomRuntime | null>>();

  constructor(
    private readonly rooms: RoomsRepository,
    private readonly matches: MatchesRepository,
    private readonly cluster: RoomCluster,
  ) {}

  get(roomId: string): RoomRuntime | undefined {
    return this.runtimes.get(roomId);
  }

  has(roomId: string): boolean {
    return this.runtimes.has(roomId);
  }

  ids(): string[] {
    return [...this.runtimes.keys()];
  }

  all(): RoomRuntime[] {
    return [...this.runtimes.values()];
  }

  /** Drops the room from memory without releasing its lease (a round left to crash recovery). */
  delete(roomId: string): void {
    this.runtimes.delete(roomId);
  }

  /** The loaded room, else loaded from the database now (null when it does not exist). */
  async runtime(roomId: string): Promise<RoomRuntime | null> {
    const existing = this.runtimes.get(roomId);
    if (existing) return existing;
    const pending = this.loading.get(roomId);
    if (pending) return pending;
    const load = (async () => {
      const record = await this.rooms.findRoom(this.rooms.runner, roomId);
      if (!record) return null;
      const runtime = new RoomRuntime(record);
      const last = await this.matches.lastClosedMatch(this.matches.runner, roomId);
      runtime.lastResult = last ? toMatchResultDto(last) : null;
      if (last && runtime.lastResult) {
        runtime.lastMatch = {
          round: last.round,
          phase: 'finished',
          seed_hash: last.seedHash,
          seed: last.seed,
          starts_at: last.startsAt.getTime(),
          ends_at: last.startsAt.getTime() + last.timeLimitMs,
          time_limit_ms: last.timeLimitMs,
          display_scores: last.displayScores,
          statuses: ['playing', 'playing'],
          result: runtime.lastResult,
        };
      }
      this.runtimes.set(roomId, runtime);
      return runtime;
    })();
    this.loading.set(roomId, load);
    try {
      return await load;
    } finally {
      this.loading.delete(roomId);
    }
  }

  async reload(runtime: RoomRuntime): Promise<void> {
    const record = await this.rooms.findRoom(this.rooms.runner, runtime.id);
    if (!record) return;
    runtime.record = record;
    runtime.syncSeats();
  }

  maybeEvict(runtime: RoomRuntime): void {
    if (!runtime.idle || runtime.evictTimer) return;
    runtime.evictTimer = setTimeout(() => {
      runtime.evictTimer = undefined;
      if (runtime.idle && this.runtimes.get(runtime.id) === runtime) {
        runtime.clearTimers();
        this.runtimes.delete(runtime.id);
        void this.cluster.release(runtime.id);
        void this.cluster.forgetSpectators(runtime.id);
      }
    }, EVICT_AFTER_MS);
    runtime.evictTimer.unref();
  }
}
