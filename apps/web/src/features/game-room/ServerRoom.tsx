import { LiveRoom } from '../live-room/LiveRoom';

/**
 * A real room (an id containing 'room'): the live room (features/live-room) — GET /api/rooms/{id} (a failed
 * load shows 'Game Room Not Found'), then the match, live scores and chat over the socket.
 */
export function ServerRoom({ roomId, spectating }: { roomId: string; spectating: boolean }) {
  return <LiveRoom roomId={roomId} spectate={spectating} />;
}
