/** Variable names that carry credentials: provider keys, tokens, secrets, passwords. */
const SECRET_NAME = /(^|_)(API_?KEY|TOKEN|SECRET|PASSWORD|PASSWD|ACCESS_KEY|PRIVATE_KEY|CREDENTIALS?|AUTH)$/i;
const SECRET_PREFIXES = ['ANTHROPIC_', 'OPENAI_', 'GEMINI_', 'OPENROUTER_'];

/**
 * The environment for a command the model runs: the user's, minus anything that looks like a
 * credential, so a prompt-injected `env | curl …` cannot leak the provider key alfred is using.
 * Pager variables are set so commands such as `git log` never wait for a keypress.
 */
export function childEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (SECRET_NAME.test(name) || SECRET_PREFIXES.some((prefix) => name.toUpperCase().startsWith(prefix))) continue;
    clean[name] = value;
  }
  return { ...clean, PAGER: 'cat', GIT_PAGER: 'cat', ALFRED_SHELL: '1' };
}
