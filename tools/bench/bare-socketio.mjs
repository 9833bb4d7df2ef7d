// The baseline for bench:realtime: a bare Socket.IO server (the workspace's socket.io, nothing else) that lets guests
// `room:join` one room and, on the parent's word, broadcasts a payload shaped like SkillDuel's live `match:scores` to
// that room at a fixed interval. The spectators measure it exactly as they measure SkillDuel, so the ratio of the two
// is what SkillDuel's server adds over the library's own fan-out on this machine. Run as a child process (fork).
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Server } from 'socket.io';

/** The one room, named by the parent (argv). */
const BARE_ROOM_ID = process.argv[2];

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
    if (payload?.room_id !== BARE_ROOM_ID) return ack?.({ ok: false });
    void socket.join(BARE_ROOM_ID);
    ack?.({ ok: true, spectators: 0 });
  });
});

/** Broadcasts "live scores" every `intervalMs` for `matchMs`, stamped like SkillDuel's (ms since the start). */
function play({ matchMs, intervalMs }) {
  const startedAt = Date.now();
  const startedMono = performance.now();
  process.send({ type: 'started', startedAt });
  let score = 0;
  const timer = setInterval(() => {
    const atMs = Math.floor(performance.now() - startedMono);
    if (atMs >= matchMs) {
      clearInterval(timer);
      process.send({ type: 'finished' });
      return;
    }
    score += 100;
    io.to(BARE_ROOM_ID).emit('match:scores', {
      room_id: BARE_ROOM_ID,
      round: 1,
      at_ms: atMs,
      time_left_ms: matchMs - atMs,
      display_scores: [score, 0],
      statuses: ['playing', 'playing'],
    });
  }, intervalMs);
}

process.on('message', (message) => {
  if (message?.type === 'play') play(message);
});
process.on('disconnect', () => process.exit(0));
httpServer.listen(0, '127.0.0.1', () => process.send({ type: 'listening', port: httpServer.address().port }));
