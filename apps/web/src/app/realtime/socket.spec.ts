import type { RealtimeSocket, SocketEvents, SocketFactory } from './socket';
import { deferredSocketFactory } from './socket';

/** Records what reaches the real socket, in order. */
function recordingFactory(calls: string[]): SocketFactory {
  let connected = false;
  return () => ({
    get connected() {
      return connected;
    },
    connect: () => {
      connected = true;
      calls.push('connect');
    },
    disconnect: () => {
      connected = false;
      calls.push('disconnect');
    },
    on: (event) => calls.push(`on ${event}`),
    off: (event) => calls.push(`off ${event}`),
    emit: (event) => calls.push(`emit ${event}`),
  });
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const noop: SocketEvents['connect'] = () => undefined;

describe('deferredSocketFactory (socket.io-client loaded on first use, decision 1301)', () => {
  it('starts loading when a socket is made and replays the calls made before it arrived, in order', async () => {
    const calls: string[] = [];
    const load = jest.fn(() => Promise.resolve(recordingFactory(calls)));
    const socket: RealtimeSocket = deferredSocketFactory(load)({ getAuth: () => ({}) });
    expect(load).toHaveBeenCalledTimes(1);

    socket.on('connect', noop);
    socket.connect();
    socket.emit('lobby:subscribe', {}, () => undefined);
    expect(socket.connected).toBe(false);
    expect(calls).toEqual([]);

    await flush();
    expect(calls).toEqual(['on connect', 'connect', 'emit lobby:subscribe']);
    expect(socket.connected).toBe(true);

    socket.off('connect', noop);
    socket.disconnect();
    expect(calls.slice(3)).toEqual(['off connect', 'disconnect']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('retries a failed load and then replays the waiting calls', async () => {
    const calls: string[] = [];
    const load = jest
      .fn<Promise<SocketFactory>, []>()
      .mockRejectedValueOnce(new Error('chunk failed to load'))
      .mockResolvedValue(recordingFactory(calls));
    const socket = deferredSocketFactory(load, 1)({ getAuth: () => ({}) });
    socket.connect();

    await flush();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(load).toHaveBeenCalledTimes(2);
    expect(calls).toEqual(['connect']);
  });
});
