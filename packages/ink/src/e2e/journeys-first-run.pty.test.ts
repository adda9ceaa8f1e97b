import { describe, expect, it } from 'vitest';
import { startJourney, submit, waitForComposer } from './journey.js';

describe('first run with no key', () => {
  it('opens the auth dialog, takes a masked key for the chosen provider, stores it, and the prompt works', async () => {
    await using journey = await startJourney({ keys: false });
    const { session, mock } = journey;
    await session.waitForText('No provider is set up yet: choose one');
    await session.waitForRawInput();
    session.press('enter');
    await session.waitForText('API key for anthropic');
    session.type('sk-journey-secret-1234');
    await session.waitForText((lines) => lines.some((line) => line.includes('key:') && !line.includes('sk-journey')) && !lines.join('\n').includes('sk-journey'));
    session.press('enter');
    await waitForComposer(session);

    mock.enqueue({ text: 'Hello with a stored key.' });
    await submit(session, 'hello');
    await session.waitForText('Hello with a stored key.');
    // The Anthropic SDK sends an API key as x-api-key or, since 1.x, as a bearer token.
    const headers = mock.requests.at(-1)?.headers ?? {};
    expect([headers['x-api-key'], headers['authorization']]).toContain(headers['x-api-key'] ? 'sk-journey-secret-1234' : 'Bearer sk-journey-secret-1234');
    expect(session.screenText()).not.toContain('sk-journey-secret');

    await journey.session.kill();
    const again = journey.restart();
    await waitForComposer(again);
    expect(again.screenText()).not.toContain('No provider is set up yet');
  });
});
