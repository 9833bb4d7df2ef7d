// The baseline for bench:realtime: a bare Socket.IO server (the workspace's socket.io, nothing else) that lets guests
// `room:join` its rooms (named by the parent, one prefix) and, on the parent's word, broadcasts a payload shaped like
// SkillDuel's live `match:scores` to them on the schedule SkillDuel's rooms broadcast in the same run (each event:
// which room, how long after the start). The spectators measure it exactly as they measure SkillDuel, so the ratio of
// the two is what SkillDuel's server adds over the library's own fan-out on this machine. Run as a child process
// (fork).
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Server } from 'socket.io';

/** The rooms' name prefix, from the parent (argv): rooms are `${prefix}-0`, `${prefix}-1`, … */
const BARE_ROOM_PREFIX = process.argv[2];

const httpServer = createServer();
// The options SkillDuel's gateway sets that matter on this path (realtime-io.adapter.ts).
const io = new Server(httpServer, {
  path: '/socket.io',
  serveClient: false,
  maxHttpBufferSize: 4096,
  pingInterval: 20_000,
  pingTimeout: 20_000,
});
io.on('connection', (socket) => {
  socket.on('room:join', (payload, ack) => {
    if (typeof payload?.room_id !== 'string' || !payload.room_id.startsWith(`${BARE_ROOM_PREFIX}-`))
      return ack?.({ ok: false });
    void socket.join(payload.room_id);
    ack?.({ ok: true, spectators: 0 });
  });
});

/**
 * Broadcasts "live scores" to room `room` at `atMs` after the start for every event of `schedule`, stamped like
 * SkillDuel's (ms since the start, taken at the emit), then says finished.
 */
function play({ matchMs, schedule }) {
  const startedAt = Date.now();
  const startedMono = performance.now();
  process.send({ type: 'started', startedAt });
  const scores = new Map();
  let pending = schedule.length;
  const done = () => {
    if (--pending === 0) process.send({ type: 'finished' });
  };
  if (pending === 0) process.send({ type: 'finished' });
  for (const { room, atMs: dueMs } of schedule) {
    setTimeout(() => {
      const roomId = `${BARE_ROOM_PREFIX}-${room}`;
      const atMs = Math.floor(performance.now() - startedMono);
      const score = (scores.get(roomId) ?? 0) + 100;
      scores.set(roomId, score);
      io.to(roomId).emit('match:scores', {
        room_id: roomId,
        round: 1,
        at_ms: atMs,
        time_left_ms: Math.max(1, matchMs - atMs),
        display_scores: [score, 0],
        statuses: ['playing', 'playing'],
      });
      done();
    }, dueMs);
  }
}

process.on('message', (message) => {
  if (message?.type === 'play') play(message);
});
process.on('disconnect', () => process.exit(0));
httpServer.listen(0, '127.0.0.1', () => process.send({ type: 'listening', port: httpServer.address().port }));
