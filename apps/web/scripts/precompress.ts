/**
 * After `vite build`: writes a brotli (.br) and a gzip (.gz) copy of every text asset, so the server
 * sends compressed files without compressing them on each request (@fastify/static `preCompressed`).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist');
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(name)) yield path;
  }
}

let count = 0;
for (const path of files(dist)) {
  const content = readFileSync(path);
  if (content.length < 1024) continue;
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  count++;
}
console.log(`precompressed ${count} files`);
