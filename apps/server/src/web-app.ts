import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { CODES } from '@ullage/contracts/codes';
import { sendAppError } from './plugins/envelope';
import { AppError } from './plugins/errors';

/** The scripts, styles and data of the build, by extension: the files a page loads by the dozen. */
const KEPT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};
/** A name in the build's flat `assets/` folder: no folder, no way up out of it. */
const ASSET_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;
const KEEP_FOR_GOOD = 'public, max-age=31536000, immutable';

interface Asset {
  body: Buffer;
  encoding: 'br' | 'gzip' | undefined;
}

/**
 * The built web app at `/`; returns the path of its index.html, or undefined when it is not
 * built. Files are looked up per request, so a rebuild needs no restart: its assets have new
 * names, read when first asked for.
 *
 * The build's scripts, styles and data (`assets/*.js|css|json`) are answered from memory once
 * read: a cold page asks for ~60 of them, and sending each from disk (stat, open, stream, for the
 * compressed copy too) cost the server 1.45 ms of CPU a file, 0.78 from memory
 * (bench/static-files.ts). Their names hold a hash of their content, so a name always means the
 * same bytes; the folder is ~20 MB, most of it the manual's pictures, which are not kept. Those,
 * the icons and the service worker go through @fastify/static.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<string | undefined> {
  const indexPath = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexPath)) return undefined;
  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    // The build writes a brotli and a gzip copy of each text file (apps/web/build/precompress-plugin.ts):
    // sent as they are to a browser that takes them, with Content-Encoding.
    preCompressed: true,
    // Vite puts a content hash in every asset name, so those can be cached for good; the service
    // worker, the manifest and the icons keep their names, so they are checked on each use.
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? KEEP_FOR_GOOD : 'no-cache');
      res.setHeader('vary', 'accept-encoding');
    },
    cacheControl: false,
  });
  const assets = keptAssets(path.join(webDist, 'assets'));
  app.get<{ Params: { '*': string } }>('/assets/*', { schema: { hide: true } }, async (request, reply) => {
    const name = request.params['*'];
    if (!ASSET_NAME.test(name)) return sendAppError(request, reply, new AppError(CODES.notFound, 'common.notFound'));
    const type = KEPT_TYPES[path.extname(name)];
    if (!type) return reply.sendFile(`assets/${name}`);
    const asset = await assets.get(name, acceptedEncoding(request.headers['accept-encoding']));
    if (!asset) return sendAppError(request, reply, new AppError(CODES.notFound, 'common.notFound'));
    reply.type(type).header('cache-control', KEEP_FOR_GOOD).header('vary', 'accept-encoding');
    if (asset.encoding) reply.header('content-encoding', asset.encoding);
    return reply.send(asset.body);
  });
  return indexPath;
}

/** The assets read so far, by encoding and name; a file not there yet is looked for again next time. */
function keptAssets(folder: string) {
  const kept = new Map<string, Promise<Asset | undefined>>();
  const read = async (name: string, encoding: Asset['encoding']): Promise<Asset | undefined> => {
    const file = path.join(folder, name);
    // The compressed copy when the browser takes it and the build wrote one; the file itself otherwise.
    if (encoding) {
      const body = await fs.promises.readFile(`${file}.${encoding === 'br' ? 'br' : 'gz'}`).catch(() => undefined);
      if (body) return { body, encoding };
    }
    const body = await fs.promises.readFile(file).catch(() => undefined);
    return body && { body, encoding: undefined };
  };
  return {
    get(name: string, encoding: Asset['encoding']): Promise<Asset | undefined> {
      const key = `${encoding ?? 'identity'} ${name}`;
      let found = kept.get(key);
      if (!found) {
        found = read(name, encoding);
        kept.set(key, found);
        void found.then((asset) => asset ?? kept.delete(key));
      }
      return found;
    },
  };
}

/** br, else gzip, else none, as the request's Accept-Encoding allows (a `;q=0` refuses one). */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (header ?? '')
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}
