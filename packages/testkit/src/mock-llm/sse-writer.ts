import type { ServerResponse } from 'node:http';
import type { MockFault, SseEvent } from './types.js';

/** How to send a list of events: pacing, a stream fault, and the closing event. */
export interface SsePlan {
  events: SseEvent[];
  closingEvent?: SseEvent;
  fault?: MockFault;
  delayMs?: number;
  firstDelayMs?: number;
  /** Aborted when the server closes, so that stalls and delays end. */
  signal: AbortSignal;
}

/** Frames one event as the wire carries it. */
export function frameEvent(event: SseEvent): string {
  return `${event.event === undefined ? '' : `event: ${event.event}\n`}data: ${event.data}\n\n`;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

function streamFault(fault: MockFault | undefined): Exclude<MockFault, { status: number }> | undefined {
  return fault && 'kind' in fault ? fault : undefined;
}

/** A signal that fires when the server closes or the client goes away. */
function connectionSignal(response: ServerResponse, serverSignal: AbortSignal): AbortSignal {
  const controller = new AbortController();
  response.on('close', () => controller.abort());
  return AbortSignal.any([serverSignal, controller.signal]);
}

/**
 * Streams events as `text/event-stream`, applying `cut` (half an event, then the socket is
 * destroyed), `malformed` (an event whose JSON does not parse, then the end of the response) and
 * `stall` (silence for `ms`, or until the server closes, then the rest) after `afterEvents` events.
 */
export async function writeSse(response: ServerResponse, plan: SsePlan, headers: Record<string, string>): Promise<void> {
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    ...headers,
  });
  response.flushHeaders();
  const signal = connectionSignal(response, plan.signal);
  const fault = streamFault(plan.fault);
  const events = plan.closingEvent ? [...plan.events, plan.closingEvent] : plan.events;
  for (let index = 0; index <= events.length; index += 1) {
    if (signal.aborted) return;
    if (fault && index === fault.afterEvents) {
      if (fault.kind === 'cut') {
        const next = frameEvent(events[index] ?? { data: '{"partial":' });
        response.write(next.slice(0, Math.max(1, Math.floor(next.length / 2))));
        response.socket?.destroy();
        return;
      }
      if (fault.kind === 'malformed') {
        const name = events[index]?.event;
        response.end(frameEvent({ ...(name === undefined ? {} : { event: name }), data: '{"type": "malformed", "oops": ' }));
        return;
      }
      await sleep(fault.ms ?? 2 ** 31 - 1, signal);
      if (signal.aborted) return;
    }
    const event = events[index];
    if (!event) break;
    const delay = index === 0 ? plan.firstDelayMs ?? plan.delayMs : plan.delayMs;
    if (delay) await sleep(delay, signal);
    if (signal.aborted) return;
    response.write(frameEvent(event));
  }
  response.end();
}
