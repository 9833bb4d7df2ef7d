import {
  CLIENT_EVENTS,
  REALTIME_ERROR_CODES,
  SERVER_EVENTS,
  type Ack,
  type EmoteId,
  type RealtimeErrorDto,
} from '@skillduel/contracts';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { getRealtimeClient, realtimeAuthRefresher } from '../../app/realtime';
import { TIMEOUT_ERROR_CODE } from '../../app/realtime/client';
import { INITIAL_LIVE_ROOM, liveRoomReducer, type LiveRoomState } from './liveRoomState';

export interface LiveRoomControls {
  readonly state: LiveRoomState;
  /** Start Game (`match:ready`). Resolves the refusal, if any. */
  ready(): Promise<RealtimeErrorDto | null>;
  /** Play Again (`match:play_again`): both confirm, both bets escrowed again. */
  playAgain(): Promise<RealtimeErrorDto | null>;
  /** One game input; the ack's outcome or rejection lands in `state.feedback` / `state.notice`. */
  sendInput(input: unknown): void;
  /** A chat message (trimmed; empty ones are not sent). */
  sendChat(message: string): Promise<RealtimeErrorDto | null>;
  sendEmote(emote: EmoteId): Promise<RealtimeErrorDto | null>;
}

/**
 * A join refused because no server answered in time (the instance running the room paused or moved: UNAVAILABLE,
 * or the client's own ack timeout) is tried again after these pauses before the player is told it failed.
 */
export const JOIN_RETRY_DELAYS_MS = [500, 1500, 3000] as const;
const RETRYABLE_JOIN_CODES: ReadonlySet<string> = new Set([REALTIME_ERROR_CODES.unavailable, TIMEOUT_ERROR_CODE]);

function refusalOf(ack: Ack<unknown>): RealtimeErrorDto | null {
  return ack.ok ? null : ack.error;
}

/**
 * Joins a live room over the tab's socket (`room:join`, again after every reconnect) and follows it: room state,
 * presence, the countdown, play, both scores, the result and the chat. Unmounting leaves the room (`room:leave`).
 * `onError` gets the `app:error` refusals that arrive without an ack.
 */
export function useLiveRoom(roomId: string, onError?: (error: RealtimeErrorDto) => void): LiveRoomControls {
  const appDispatch = useAppDispatch();
  const [state, dispatch] = useReducer(liveRoomReducer, INITIAL_LIVE_ROOM);
  const onErrorRef = useRef(onError);
  const rejoinRef = useRef<(() => Promise<boolean>) | null>(null);
  useEffect(() => {
    onErrorRef.current = onError;
  }, [onError]);

  useEffect(() => {
    const client = getRealtimeClient();
    let alive = true;
    let joinSent = false;
    let joinRetries = 0;
    let joinRetryTimer: ReturnType<typeof setTimeout> | undefined;
    const mine = (payload: { room_id: string }) => alive && payload.room_id === roomId;

    /** Resolves true once joined (a retried join resolves with its first answer). */
    const join = (): Promise<boolean> => {
      joinSent = true;
      clearTimeout(joinRetryTimer);
      return client.request(CLIENT_EVENTS.roomJoin, { room_id: roomId }).then((ack) => {
        if (!alive) return false;
        if (ack.ok) {
          joinRetries = 0;
          dispatch({ type: 'joined', payload: ack.data, receivedAt: Date.now() });
          return true;
        }
        if (RETRYABLE_JOIN_CODES.has(ack.error.code) && joinRetries < JOIN_RETRY_DELAYS_MS.length) {
          joinRetryTimer = setTimeout(() => void join(), JOIN_RETRY_DELAYS_MS[joinRetries++]);
        } else dispatch({ type: 'joinFailed', error: ack.error });
        return false;
      });
    };
    rejoinRef.current = join;

    const stops = [
      client.on(SERVER_EVENTS.roomState, (payload) => {
        if (alive && payload.room.id === roomId) dispatch({ type: 'state', payload, receivedAt: Date.now() });
      }),
      client.on(SERVER_EVENTS.roomPresence, (payload) => {
        if (mine(payload)) dispatch({ type: 'presence', payload });
      }),
      client.on(SERVER_EVENTS.matchCountdown, (payload) => {
        if (mine(payload)) dispatch({ type: 'countdown', payload, receivedAt: Date.now() });
      }),
      client.on(SERVER_EVENTS.matchStarted, (payload) => {
        if (mine(payload)) dispatch({ type: 'started', payload, receivedAt: Date.now() });
      }),
      client.on(SERVER_EVENTS.matchView, (payload) => {
        if (mine(payload)) dispatch({ type: 'view', payload });
      }),
      client.on(SERVER_EVENTS.matchScores, (payload) => {
        if (mine(payload)) dispatch({ type: 'scores', payload });
      }),
      client.on(SERVER_EVENTS.matchFinished, (payload) => {
        if (mine(payload)) dispatch({ type: 'finished', payload });
      }),
      client.on(SERVER_EVENTS.matchResult, (payload) => {
        if (mine(payload)) dispatch({ type: 'result', payload: payload.result });
      }),
      client.on(SERVER_EVENTS.chatMessage, (payload) => {
        if (mine(payload)) dispatch({ type: 'chat', payload });
      }),
      client.onError((error) => {
        if (alive) onErrorRef.current?.(error);
      }),
      // Every (re)connection is a new socket on the server: join the room again, and take its state afresh.
      client.onConnect(() => void join()),
    ];
    const lease = client.acquire({ refreshAuth: realtimeAuthRefresher(appDispatch) });
    if (!joinSent && client.getStatus() === 'connected') void join();

    return () => {
      alive = false;
      rejoinRef.current = null;
      clearTimeout(joinRetryTimer);
      for (const stop of stops) stop();
      if (client.getStatus() === 'connected') void client.request(CLIENT_EVENTS.roomLeave, { room_id: roomId });
      lease.release();
    };
  }, [appDispatch, roomId]);

  /**
   * Sends a request for this room; one the server refuses NOT_WATCHING (it no longer counts this socket in the room:
   * the server that ran it stalled, or the room moved to another server) did not run, so the room is joined again
   * and the request sent once more before the player hears of it.
   */
  const inRoom = useCallback(async <T>(send: () => Promise<Ack<T>>): Promise<Ack<T>> => {
    const ack = await send();
    if (ack.ok || ack.error.code !== REALTIME_ERROR_CODES.notWatching) return ack;
    const rejoin = rejoinRef.current;
    return rejoin && (await rejoin()) ? send() : ack;
  }, []);

  const ready = useCallback(
    async () =>
      refusalOf(await inRoom(() => getRealtimeClient().request(CLIENT_EVENTS.matchReady, { room_id: roomId }))),
    [inRoom, roomId],
  );
  const playAgain = useCallback(
    async () =>
      refusalOf(await inRoom(() => getRealtimeClient().request(CLIENT_EVENTS.matchPlayAgain, { room_id: roomId }))),
    [inRoom, roomId],
  );
  const sendInput = useCallback(
    (input: unknown) => {
      void inRoom(() => getRealtimeClient().request(CLIENT_EVENTS.matchInput, { room_id: roomId, input })).then((ack) =>
        dispatch({ type: 'inputAck', ack }),
      );
    },
    [inRoom, roomId],
  );
  const sendChat = useCallback(
    async (message: string) => {
      const text = message.trim();
      if (text === '') return null; // an empty or whitespace-only message is ignored
      return refusalOf(
        await inRoom(() => getRealtimeClient().request(CLIENT_EVENTS.chatSend, { room_id: roomId, message: text })),
      );
    },
    [inRoom, roomId],
  );
  const sendEmote = useCallback(
    async (emote: EmoteId) =>
      refusalOf(await inRoom(() => getRealtimeClient().request(CLIENT_EVENTS.chatEmote, { room_id: roomId, emote }))),
    [inRoom, roomId],
  );

  return { state, ready, playAgain, sendInput, sendChat, sendEmote };
}
