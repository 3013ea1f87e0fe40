/**
 * Writes a gzip (`.gz`) and a Brotli (`.br`) copy beside each built text file, at the highest
 * levels, so the server sends them as they are (`@fastify/static`'s `preCompressed`) instead of
 * compressing on every request.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The files worth compressing: scripts, their source maps, styles and JSON. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|map|json|svg|html)$/;

/** The two compressed copies of `content`. */
export async function compressBoth(content: Buffer): Promise<{ gzip: Buffer; brotli: Buffer }> {
  const [gz, br] = await Promise.all([
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
    brotliAsync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  ]);
  return { gzip: gz, brotli: br };
}

/** Writes `path.gz` and `path.br` beside each of `paths` that is {@link COMPRESSIBLE}. */
export async function precompressFiles(paths: readonly string[]): Promise<void> {
  await Promise.all(
    paths
      .filter((path) => COMPRESSIBLE.test(path))
      .map(async (path) => {
        const { gzip: gz, brotli } = await compressBoth(await readFile(path));
        await Promise.all([writeFile(`${path}.gz`, gz), writeFile(`${path}.br`, brotli)]);
      }),
  );
}
