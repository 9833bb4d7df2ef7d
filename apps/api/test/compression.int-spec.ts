import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { COMPRESSION_THRESHOLD_BYTES } from '../src/bootstrap';
import { createTestApp, TestApp } from './test-app';

/** A built web app as `vite build` leaves it: hashed assets with their .br/.gz copies (decision 1301). */
function writeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'skillduel-web-'));
  mkdirSync(join(dir, 'assets'));
  // Above the threshold, like the real one with its modulepreload links.
  writeFileSync(join(dir, 'index.html'), `<!doctype html><div id="root"></div><!-- ${'i'.repeat(2000)} -->`);
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  writeFileSync(join(dir, 'assets/index-abc123.js'), script);
  writeFileSync(join(dir, 'assets/index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dir, 'assets/index-abc123.js.gz'), gzipSync(script));
  // No compressed copies: served as it is, never compressed on the fly.
  writeFileSync(join(dir, 'preferences.js'), `/* ${'p'.repeat(3000)} */`);
  return dir;
}

describe('compression (decision 1301)', () => {
  let testApp: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = writeWebDist();
    testApp = await createTestApp({ WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    testApp.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the brotli copy of a hashed asset to a client that accepts it, cached for a year', async () => {
    const response = await get('/assets/index-abc123.js', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(response.headers['vary']).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('console.log');
  });

  it('sends the gzip copy to a gzip-only client and the plain file to one that accepts neither', async () => {
    const gzip = await get('/assets/index-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('console.log');

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log');
  });

  it('does not compress static files on the fly; index.html is compressed and revalidated', async () => {
    const file = await get('/preferences.js', 'br, gzip');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.headers['cache-control']).toBe('no-cache');

    const index = await get('/', 'gzip');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(index.rawPayload).toString()).toContain('<div id="root">');
  });

  it('compresses API answers above the threshold with the encoding the client prefers', async () => {
    const plain = await get('/api/games/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const brotli = await get('/api/games/', 'br, gzip');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers['vary']).toLowerCase()).toContain('accept-encoding');
    expect(brotli.headers['x-request-id']).toBeDefined();
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get('/api/games/', 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('answers HEAD with the headers of the GET, Content-Encoding included, and no body', async () => {
    for (const url of ['/api/games/', '/assets/index-abc123.js', '/']) {
      const head = await testApp.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect({ url, status: head.statusCode, encoding: head.headers['content-encoding'] }).toEqual({
        url,
        status: 200,
        encoding: 'br',
      });
      expect(head.rawPayload.length).toBe(0);
    }
  });

  it('leaves small answers and error bodies below the threshold as they are', async () => {
    const health = await get('/api/health', 'br, gzip');
    expect(health.body.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(health.headers['content-encoding']).toBeUndefined();

    const missing = await get('/api/does-not-exist', 'br, gzip');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json().detail).toBe('Resource not found');
  });
});
