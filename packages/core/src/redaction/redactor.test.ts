import { describe, expect, it } from 'vitest';
import { createRedactor, isSecretName, REDACTED, secretsFromEnv } from './redactor.js';

describe('createRedactor', () => {
  it('removes exact secrets it was given and the values of secret-named environment variables', () => {
    const redactor = createRedactor({
      secrets: ['my-own-provider-key-123'],
      env: { MY_SERVICE_TOKEN: 'tok_abcdef0123', DB_PASSWORD: 'correct horse', SHORT_KEY: 'abc', PATH: '/usr/bin:/bin' },
    });
    const text = 'used my-own-provider-key-123 then tok_abcdef0123 with correct horse on /usr/bin:/bin (abc)';
    expect(redactor.redact(text)).toBe(`used ${REDACTED} then ${REDACTED} with ${REDACTED} on /usr/bin:/bin (abc)`);
  });

  it('removes provider keys, bearer tokens and Authorization headers it was never told about', () => {
    const redactor = createRedactor();
    const samples: [string, string][] = [
      ['key sk-ant-api03-AbCdEfGhIjKlMnOp done', `key ${REDACTED} done`],
      ['key sk-proj-0123456789abcdefghij done', `key ${REDACTED} done`],
      ['gemini AIzaSyA1234567890abcdefghijklmnop', `gemini ${REDACTED}`],
      ['gh ghp_0123456789abcdefghijABCDEFGHIJ', `gh ${REDACTED}`],
      ['curl -H "Authorization: Bearer abc.def-ghi"', `curl -H "Authorization: ${REDACTED}"`],
      ['sent bearer eyJhbGciOi.payload_part.signature', `sent bearer ${REDACTED}`],
      ['x-api-key: 12345678', `x-api-key: ${REDACTED}`],
      ['OPENAI_API_KEY=whatever-it-is ls', `OPENAI_API_KEY=${REDACTED} ls`],
      ['{"apiKey": "plain-value-here"}', `{"apiKey": "${REDACTED}"}`],
    ];
    for (const [input, expected] of samples) expect(redactor.redact(input)).toBe(expected);
  });

  it('leaves ordinary text, token counts and file paths alone', () => {
    const redactor = createRedactor({ env: { HOME: '/home/someone' } });
    const text = 'max_tokens: 4096, keyFile: ./keys/id.pub, the monkey ate 3 tokens';
    expect(redactor.redact(text)).toBe(text);
  });

  it('redacts a private key block whole', () => {
    const block = '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk\nAAAA\n-----END OPENSSH PRIVATE KEY-----';
    expect(createRedactor().redact(`file:\n${block}\nend`)).toBe(`file:\n${REDACTED}\nend`);
  });

  it('learns a secret later (a key typed with /key)', () => {
    const redactor = createRedactor();
    expect(redactor.redact('value typed-later-secret')).toBe('value typed-later-secret');
    redactor.addSecret('typed-later-secret');
    expect(redactor.redact('value typed-later-secret')).toBe(`value ${REDACTED}`);
  });

  it('redacts settings objects: values under secret-named keys whole, secrets inside other strings', () => {
    const redactor = createRedactor({ secrets: ['literal-secret-value'] });
    const settings = {
      providers: { openai: { apiKey: 'anything at all', baseUrl: 'http://localhost:1234', keyFile: '/k' } },
      mcpServers: { docs: { headers: { Authorization: 'Basic dXNlcjpwYXNz' }, args: ['--token', 'literal-secret-value'] } },
      telemetry: { enabled: true, logPrompts: false },
      secretCount: 3,
    };
    expect(redactor.redactValue(settings)).toEqual({
      providers: { openai: { apiKey: REDACTED, baseUrl: 'http://localhost:1234', keyFile: '/k' } },
      mcpServers: { docs: { headers: { Authorization: REDACTED }, args: ['--token', REDACTED] } },
      telemetry: { enabled: true, logPrompts: false },
      secretCount: 3,
    });
    expect(settings.providers.openai.apiKey).toBe('anything at all');
  });
});

describe('secret names', () => {
  it('judges a name by its last word', () => {
    for (const name of ['OPENAI_API_KEY', 'GITHUB_TOKEN', 'AWS_SECRET', 'apiKey', 'db-password', 'Authorization']) {
      expect(isSecretName(name)).toBe(true);
    }
    for (const name of ['keyFile', 'maxTokens', 'tokenLimit', 'monkey', 'HOME', 'secretCount']) expect(isSecretName(name)).toBe(false);
  });

  it('collects only long enough values of secret-named variables', () => {
    expect(secretsFromEnv({ A_KEY: 'long-enough', B_TOKEN: 'x', HOME: '/home/me' })).toEqual(['long-enough']);
  });
});
