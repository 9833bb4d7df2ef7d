// Vite build plugin: writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, so the server
// sends them as they are (@fastify/static `preCompressed`, nginx `gzip_static`/`brotli_static`) instead of compressing
// on every request, and at the highest levels, which are too slow to use per request (docs/decisions/1301).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What browsers fetch as text, and icons (uncompressed bitmaps); other images and fonts are compressed already. */
const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|svg|ico|json|txt|xml|webmanifest)$/;

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // .vite/ holds the build manifest, which is read at build time and never served.
    if (entry.isDirectory() && entry.name !== '.vite') yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** Compresses every compressible file under `dir`; a copy is kept only when it is smaller than the file. */
async function precompressDirectory(dir) {
  const written = [];
  for await (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE_FILE.test(path)) continue;
    const content = await readFile(path);
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < content.length) await writeFile(`${path}.br`, br);
    if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
    written.push({ file: relative(dir, path), bytes: content.length, brotliBytes: br.length, gzipBytes: gz.length });
  }
  return written;
}

/** The Vite plugin: runs once the bundle is written. */
export function precompress() {
  let outDir = '';
  return {
    name: 'skillduel:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (!(await stat(outDir).catch(() => null))) return;
      const files = await precompressDirectory(outDir);
      this.info?.(`precompressed ${files.length} files (.br, .gz)`);
    },
  };
}
