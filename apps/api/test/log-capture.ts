import { Writable } from 'node:stream';

/** Collects the application's pino log lines (JSON) so a test can assert the structured fields of one. */
export class LogCapture extends Writable {
  readonly lines: Record<string, unknown>[] = [];

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim()) this.lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    callback();
  }

  /** The first line whose `msg` is `message`, or undefined. */
  find(message: string): Record<string, unknown> | undefined {
    return this.lines.find((line) => line.msg === message);
  }
}
