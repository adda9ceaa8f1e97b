import { describe, expect, it } from 'vitest';
import { startJourney, submit, waitForComposer, type ProviderName } from './journey.js';

const ANSWER = ['# Sorting\n\nUse **`toSorted`**, which', ' leaves the array alone:\n\n```ts\nconst sorted = list.toSorted((a, b) => a - b);\n```\n\nThat is all.'];

/** The footer's "N% context left" figure (the footer is the lowest line that has one). */
function contextLeft(lines: string[]): number | undefined {
  const footer = lines.findLast((line) => /\d+% context left/.test(line));
  const match = footer ? /(\d+)% context left/.exec(footer) : null;
  return match ? Number(match[1]) : undefined;
}

describe('asking a question', () => {
  it.each<ProviderName>(['anthropic', 'openai', 'gemini'])('streams a markdown answer with its code block from %s, and the context figure moves', async (provider) => {
    await using journey = await startJourney({ provider });
    const { session, mock } = journey;
    await waitForComposer(session);
    const before = contextLeft(session.screen());
    expect(before).toBe(100);

    mock.enqueue({ text: ANSWER, usage: { input: 60_000, output: 40 } });
    await submit(session, 'how do I sort numbers?');

    const lines = await session.waitForText('That is all.');
    const screen = lines.join('\n');
    expect(screen).toContain('Sorting');
    expect(screen).not.toContain('# Sorting');
    expect(screen).toContain('const sorted = list.toSorted((a, b) => a - b);');
    expect(screen).not.toContain('```');
    await session.waitForText((current) => (contextLeft(current) ?? 100) < 100);
    expect(mock.requests).toHaveLength(1);
  });
});

describe('attaching a file with @', () => {
  it('sends the file with the prompt and shows the answer about it', async () => {
    await using journey = await startJourney({ files: { 'src/sum.ts': 'export const sum = (a: number, b: number) => a + b; // sum-marker\n' } });
    const { session, mock } = journey;
    await waitForComposer(session);
    mock.enqueue({ text: '`sum` adds its two arguments and returns the total.' });

    await submit(session, '@src/sum.ts explain this');

    await session.waitForText('adds its two arguments');
    const sent = JSON.stringify(mock.requests[0]?.body.messages);
    expect(sent).toContain('sum-marker');
    expect(sent).toContain('explain this');
  });
});

describe('switching model and provider mid-session', () => {
  it('answers from the new provider and model with the earlier turns in the request', async () => {
    await using journey = await startJourney();
    const { session, mock } = journey;
    await waitForComposer(session);
    mock.enqueue({ text: 'The capital of France is Paris.' }, { text: 'Lyon is the third largest city.' }, { text: 'Marseille is the second.' });

    await submit(session, 'capital of France?');
    await session.waitForText('The capital of France is Paris.');

    await submit(session, '/provider openai');
    await session.waitForText('Switched to openai');
    await submit(session, 'and the third largest city?');
    await session.waitForText('Lyon is the third largest city.');
    expect(mock.requests[1]?.family).toBe('openai-chat');
    expect(JSON.stringify(mock.requests[1]?.body.messages)).toContain('The capital of France is Paris.');

    await submit(session, '/model gpt-5-mini');
    await session.waitForText('Model set to gpt-5-mini');
    await submit(session, 'and the second?');
    await session.waitForText('Marseille is the second.');
    const third = mock.requests[2];
    expect(third?.body.model).toBe('gpt-5-mini');
    const history = JSON.stringify(third?.body.messages);
    expect(history).toContain('capital of France?');
    expect(history).toContain('Lyon is the third largest city.');
  });
});

describe('a long session', () => {
  it('compresses when the context window fills: a notice, then the summary and the newest turn whole in the next request', async () => {
    await using journey = await startJourney({
      // A model alfred has no catalog entry for takes its window from the settings.
      args: ['--model', 'journey-small'],
      settings: { providers: { anthropic: { contextWindow: 12_000 } } },
    });
    const { session, mock } = journey;
    await waitForComposer(session);
    const longAnswer = (label: string) => `${'lorem ipsum dolor sit amet '.repeat(700)}${label}`;
    mock.enqueue({ text: longAnswer('FIRST-ANSWER') }, { text: longAnswer('SECOND-ANSWER') }, { text: 'SUMMARY-OF-OLD-TURNS' }, { text: 'third answer' });

    await submit(session, 'tell me a long story');
    await session.waitForText('FIRST-ANSWER');
    await submit(session, 'and another one');
    await session.waitForText('SECOND-ANSWER');
    await submit(session, 'NEWEST question');
    await session.waitForText('third answer');

    expect(session.screenText()).toMatch(/Context compressed from \S+ to \S+ tokens/);
    const last = JSON.stringify(mock.requests.at(-1)?.body.messages);
    expect(last).toContain('SUMMARY-OF-OLD-TURNS');
    expect(last).toContain('NEWEST question');
    expect(last).toContain('SECOND-ANSWER');
    expect(last).not.toContain('FIRST-ANSWER');
  });
});
