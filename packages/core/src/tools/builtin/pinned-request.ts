import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupAddress, LookupOptions } from 'node:dns';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { HostAddress } from './fetch-address-guard.js';

/** An HTTP response whose body is already decoded (gzip, deflate, br). */
export interface PinnedResponse {
  readonly status: number;
  readonly statusText: string;
  readonly contentType: string;
  readonly location: string | undefined;
  readonly body: Readable;
}

/**
 * One GET of `url` over a connection to one of `addresses`, never to whatever the host name
 * resolves to by then: the socket's `lookup` answers with the addresses the caller checked, so the
 * policy's verdict holds for the connection it is about. TLS still verifies the certificate
 * against the host name. Redirects are the caller's to follow (each hop is checked again).
 */
export function requestPinned(url: URL, addresses: readonly HostAddress[], options: { signal: AbortSignal; headers: Record<string, string> }): Promise<PinnedResponse> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: 'GET', headers: { 'accept-encoding': 'gzip, deflate, br', ...options.headers }, signal: options.signal, lookup: pinnedLookup(addresses), agent: false }, (response) => {
      resolve({
        status: response.statusCode ?? 0,
        statusText: response.statusMessage ?? '',
        contentType: headerValue(response, 'content-type') ?? '',
        location: headerValue(response, 'location'),
        body: decoded(response),
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `dns.lookup` stand-in that knows only the checked addresses, in either of its calling forms. */
function pinnedLookup(addresses: readonly HostAddress[]): (hostname: string, options: LookupOptions, callback: LookupCallback) => void {
  return (hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? addresses.filter((entry) => entry.family === options.family) : addresses;
    const first = wanted[0];
    if (first === undefined) {
      callback(Object.assign(new Error(`${hostname} has no checked IPv${String(options.family)} address`), { code: 'ENOTFOUND' }), '');
    } else if (options.all) {
      callback(null, wanted.map(({ address, family }) => ({ address, family })));
    } else {
      callback(null, first.address, first.family);
    }
  };
}

function headerValue(response: IncomingMessage, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function decoded(response: IncomingMessage): Readable {
  const encoding = headerValue(response, 'content-encoding')?.trim().toLowerCase();
  const decoder = encoding === 'gzip' || encoding === 'x-gzip' ? createGunzip() : encoding === 'deflate' ? createInflate() : encoding === 'br' ? createBrotliDecompress() : undefined;
  if (decoder === undefined) return response;
  response.on('error', (error) => decoder.destroy(error));
  decoder.on('close', () => response.destroy());
  return response.pipe(decoder);
}
