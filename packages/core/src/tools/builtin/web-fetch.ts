import type { Readable } from 'node:stream';
import { z } from 'zod';
import { DeclarativeTool, zodParameters } from '../declarative-tool.js';
import { Kind } from '../kind.js';
import type { ToolInvocation } from '../tool-invocation.js';
import { errorResult, type ToolResult } from '../tool-result.js';
import { describeError } from '../tool-paths.js';
import { checkDestination, type FetchAddressPolicy, type ResolveHost } from './fetch-address-guard.js';
import { requestPinned, type PinnedResponse } from './pinned-request.js';

const DESCRIPTION = `Fetches a web page over HTTP(S) and returns it as markdown (HTML is converted; plain text and JSON are returned as they are). Give \`prompt\` to say what you are looking for. Large pages are cut at a size limit and the result says so.`;

const schema = z.strictObject({
  url: z.string().describe('The http:// or https:// URL to fetch.'),
  prompt: z.string().optional().describe('What to look for in the page.'),
});
type Params = z.output<typeof schema>;

/** Limits for `web_fetch`; tests shrink them. */
export interface WebFetchOptions extends FetchAddressPolicy {
  readonly timeoutMs?: number;
  readonly maxBytes?: number;
  readonly maxCharacters?: number;
  readonly maxRedirects?: number;
  /** How host names are resolved; the system resolver unless a test stands in for DNS. */
  readonly resolveHost?: ResolveHost;
}

/** `web_fetch {url, prompt?}`. */
export class WebFetchTool extends DeclarativeTool<Params> {
  constructor(private readonly options: WebFetchOptions = {}) {
    super({ name: 'web_fetch', displayName: 'Fetch web page', description: DESCRIPTION, kind: Kind.Fetch, parameters: zodParameters(schema) });
  }

  protected override validateParams(params: Params): string | undefined {
    let url: URL;
    try {
      url = new URL(params.url);
    } catch {
      return `\`url\` is not a valid URL: ${params.url}`;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return `\`url\` must use http or https, not ${url.protocol}`;
    return undefined;
  }

  protected createInvocation(params: Params): ToolInvocation<Params> {
    return {
      toolName: this.name,
      kind: this.kind,
      params,
      getDescription: () => `Fetch ${params.url}`,
      toolLocations: () => [],
      shouldConfirmExecute: () => Promise.resolve({ type: 'fetch', title: `Fetch ${params.url}`, url: params.url }),
      execute: (signal) => this.run(params, signal),
    };
  }

  private async run(params: Params, signal: AbortSignal): Promise<ToolResult> {
    const timeoutMs = this.options.timeoutMs ?? 30_000;
    const combined = AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]);
    try {
      const { response, url } = await this.follow(params.url, combined);
      if (response.status < 200 || response.status >= 300) {
        response.body.destroy();
        return errorResult('fetch_failed', `${params.url} answered ${response.status} ${response.statusText}.`);
      }
      const type = response.contentType;
      if (!/^(text\/|application\/(json|xml|xhtml\+xml|javascript)|$)/.test(type)) {
        response.body.destroy();
        return errorResult('fetch_failed', `${params.url} is ${type}, not a text page; web_fetch only reads text.`);
      }
      const { text, cut } = await readCapped(response.body, this.options.maxBytes ?? 5 * 1024 * 1024);
      const body = /html/.test(type) ? await htmlToMarkdown(text) : text;
      const maxCharacters = this.options.maxCharacters ?? 100_000;
      const shown = body.length > maxCharacters ? body.slice(0, maxCharacters) : body;
      const notes = [cut || body.length > maxCharacters ? `[Content cut at ${shown.length} characters of a larger page.]` : ''].filter(Boolean);
      const header = `Content of ${url}${params.prompt ? ` (looking for: ${params.prompt})` : ''}:`;
      return { llmContent: [header, shown, ...notes].join('\n'), display: { type: 'text', text: `Fetched ${params.url} (${shown.length} characters)` } };
    } catch (error) {
      if (error instanceof RefusedDestinationError) return errorResult('fetch_refused', `Refused to fetch ${params.url}: ${error.message}`);
      if (signal.aborted) return errorResult('cancelled', 'The fetch was cancelled.');
      if (combined.aborted) return errorResult('timeout', `${params.url} did not answer within ${timeoutMs} ms.`);
      return errorResult('fetch_failed', `Could not fetch ${params.url}: ${describeError(error)}`);
    }
  }

  /**
   * Follows redirects by hand so their number is limited and each hop stays on http(s) and off
   * refused addresses: every hop's host is resolved once, checked, and connected to at the
   * addresses checked.
   */
  private async follow(start: string, signal: AbortSignal): Promise<{ response: PinnedResponse; url: string }> {
    let url = new URL(start);
    const maxRedirects = this.options.maxRedirects ?? 5;
    for (let hop = 0; ; hop++) {
      const destination = await checkDestination(url, this.options, this.options.resolveHost);
      if (!destination.ok) throw new RefusedDestinationError(destination.reason);
      const response = await requestPinned(url, destination.addresses, { signal, headers: { 'user-agent': 'alfred-cli', accept: 'text/html,text/plain,application/json;q=0.9,*/*;q=0.5' } });
      const location = response.location;
      if (response.status < 300 || response.status >= 400 || !location) return { response, url: url.toString() };
      response.body.destroy();
      if (hop >= maxRedirects) throw new Error(`more than ${maxRedirects} redirects`);
      const next = new URL(location, url);
      if (next.protocol !== 'http:' && next.protocol !== 'https:') throw new Error(`redirect to unsupported protocol ${next.protocol}`);
      url = next;
    }
  }
}

class RefusedDestinationError extends Error {}

async function readCapped(body: Readable, maxBytes: number): Promise<{ text: string; cut: boolean }> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    total += chunk.length;
    if (total >= maxBytes) {
      body.destroy();
      return { text: Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8'), cut: true };
    }
  }
  return { text: Buffer.concat(chunks).toString('utf8'), cut: false };
}

/** Turndown (and the DOM it brings) loads on the first HTML page, not when alfred starts. */
async function htmlToMarkdown(html: string): Promise<string> {
  const { default: TurndownService } = await import('turndown');
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' });
  turndown.remove(['script', 'style', 'noscript', 'iframe']);
  return turndown.turndown(html);
}
