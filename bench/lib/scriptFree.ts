/**
 * The same page with every script removed: the floor that HTML, CSS and fonts set, which our
 * scripts add to. A proxy in front of the server passes everything through as it is, except a page
 * asked for with SCRIPT_FREE_HEADER: its `<script>` elements and its module preloads are taken out
 * (a real HTML parser, ultrahtml), and it is compressed again as the server would have sent it. Both
 * kinds of run go through the proxy, so the origin, the files and the wire are the same for both.
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, constants } from 'node:zlib';
import { ELEMENT_NODE, parse, render, walkSync, type ElementNode, type Node } from 'ultrahtml';

/** Sent by Lighthouse with every request of a script-free run (its `extraHeaders`). */
export const SCRIPT_FREE_HEADER = 'x-bench-script-free';

const isScript = (node: Node) =>
  node.type === ELEMENT_NODE &&
  ((node as ElementNode).name === 'script' ||
    ((node as ElementNode).name === 'link' && (node as ElementNode).attributes.rel === 'modulepreload'));

/** The page without its scripts; anything else in it as it was. */
export async function withoutScripts(html: string): Promise<string> {
  const doc = parse(html);
  walkSync(doc, (node) => {
    if ('children' in node && Array.isArray(node.children))
      node.children = node.children.filter((child: Node) => !isScript(child));
  });
  return render(doc);
}

const readAll = async (stream: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** A proxy to `origin` on a free loopback port. */
export async function scriptFreeProxy(origin: string): Promise<{ origin: string; port: number; server: Server }> {
  const upstream = new URL(origin);
  const server = createServer((req, res) => {
    const stripping = req.headers[SCRIPT_FREE_HEADER] !== undefined;
    const headers = { ...req.headers, host: upstream.host };
    // The page to strip is asked for plain, and compressed again here.
    if (stripping) headers['accept-encoding'] = 'identity';
    const forward = request(
      { hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
      async (answer) => {
        const isPage = /^text\/html/.test(answer.headers['content-type'] ?? '');
        if (!stripping || !isPage) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const body = brotliCompressSync(await withoutScripts((await readAll(answer)).toString('utf8')), {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
        });
        const { 'content-length': _length, etag: _etag, ...rest } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, { ...rest, 'content-encoding': 'br', 'content-length': body.length });
        res.end(body);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, port, server };
}
