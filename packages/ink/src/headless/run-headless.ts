import { headlessTrustRefusal, type AgentEvent, type AlfredRuntime } from '@alfred/core';
import type { CliOptions } from '../cli/argv.js';
import { checkTrust, startRuntime } from '../engine/start-runtime.js';
import { emptyJsonResult, EXIT_CODES, exitCodeFor, foldJson, initLine, streamJsonLine, type RunInfo } from './output-formats.js';

/** Writes to stdout/stderr; tests pass their own. */
export interface HeadlessIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
}

/**
 * Runs one prompt without the TUI: the same runtime, policy and recording; approvals come from the
 * policy alone. stdout carries only the chosen output format; everything else goes to stderr.
 */
export async function runHeadless(options: CliOptions, io: HeadlessIo = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin }): Promise<number> {
  const piped = io.stdin.isTTY ? '' : await readAll(io.stdin);
  const prompt = [options.prompt, piped].filter((part) => part !== undefined && part.trim() !== '').join('\n\n');
  if (prompt === '') {
    io.stderr.write('alfred: no prompt given: pass -p "<prompt>" or pipe text on stdin\n');
    return EXIT_CODES.usage;
  }
  const cwd = process.cwd();
  const trust = await checkTrust(cwd, options);
  const refusal = trust.enabled ? headlessTrustRefusal(cwd, trust.state, { trustFlag: options.trust === true }) : undefined;
  if (refusal) {
    io.stderr.write(`alfred: ${refusal}\n`);
    return EXIT_CODES.usage;
  }
  let runtime: AlfredRuntime;
  try {
    runtime = await startRuntime(options, { cwd, interactive: false, trusted: true });
  } catch (error) {
    io.stderr.write(`alfred: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_CODES.usage;
  }
  for (const notice of runtime.startupNotices) io.stderr.write(`alfred: warning: ${notice}\n`);
  const onSignal = () => runtime.cancel();
  process.once('SIGINT', onSignal);
  try {
    return await runPrompt(runtime, prompt, options, io);
  } finally {
    process.off('SIGINT', onSignal);
    await runtime.close();
  }
}

async function runPrompt(runtime: AlfredRuntime, prompt: string, options: CliOptions, io: HeadlessIo): Promise<number> {
  const info: RunInfo = {
    sessionId: runtime.sessions?.recorder.id ?? '',
    provider: runtime.providers.activeProvider,
    model: runtime.providers.activeModel,
    cwd: runtime.workspace.root,
    approvalMode: runtime.approvalMode,
  };
  const format = options.outputFormat;
  if (format === 'stream-json') io.stdout.write(`${initLine(info)}\n`);
  let result = emptyJsonResult(info);
  let reason = 'error';
  let lastError: string | undefined;
  let wroteText = false;
  for await (const event of runtime.run(prompt)) {
    result = foldJson(result, event);
    if (event.type === 'done') reason = event.reason;
    if (event.type === 'error' && !event.recoverable) lastError = event.message;
    if (format === 'stream-json') {
      const line = streamJsonLine(event);
      if (line) io.stdout.write(`${line}\n`);
    } else if (format === 'text') {
      wroteText = writeText(event, io, wroteText);
    }
  }
  if (format === 'json') io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  if (format === 'text' && wroteText) io.stdout.write('\n');
  if (reason === 'error' && lastError) io.stderr.write(`alfred: ${lastError}\n`);
  return exitCodeFor(reason);
}

/** Text mode prints the answer as it streams, and tool activity and problems on stderr. */
function writeText(event: AgentEvent, io: HeadlessIo, wroteText: boolean): boolean {
  switch (event.type) {
    case 'text_delta':
      io.stdout.write(event.text);
      return true;
    case 'turn_start':
      if (wroteText) io.stdout.write('\n');
      return false;
    case 'tool_result':
      io.stderr.write(`[tool ${event.status}] ${event.view.summary}\n`);
      return wroteText;
    case 'notice':
      io.stderr.write(`alfred: ${event.text}\n`);
      return wroteText;
    case 'error':
      if (event.recoverable) io.stderr.write(`alfred: warning: ${event.message}\n`);
      return wroteText;
    case 'loop_detected':
      io.stderr.write(`alfred: stopped a loop: ${event.detail}\n`);
      return wroteText;
    default:
      return wroteText;
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
