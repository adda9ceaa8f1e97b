import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { formatPlanTree, planProblems, planProject, writeProject, type AlfredRuntime } from '@alfred/core';
import type { CliOptions } from '../cli/argv.js';
import { checkTrust, startRuntime } from './start-runtime.js';

/** `alfred new "<description>"`: plan → preview → confirm → write → approved setup commands. */
export async function runNewProject(description: string, options: CliOptions & { yes?: boolean }): Promise<number> {
  const cwd = process.cwd();
  const interactive = process.stdin.isTTY === true && process.stdout.isTTY === true;
  const trust = await checkTrust(cwd, options);
  let runtime: AlfredRuntime;
  try {
    runtime = await startRuntime(options, { cwd, interactive, trusted: trust.trusted });
  } catch (error) {
    process.stderr.write(`alfred new: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const ask = interactive ? asker() : undefined;
  try {
    process.stderr.write(`Planning "${description}" with ${runtime.providers.activeModel}…\n`);
    const plan = await planProject(runtime.providers, runtime.providers.activeModel, description, AbortSignal.timeout(10 * 60_000));
    const problems = planProblems(plan);
    if (problems.length > 0) {
      process.stderr.write(`alfred new: the model's plan is unsafe and was not written:\n  ${problems.join('\n  ')}\n`);
      return 1;
    }
    process.stdout.write(`${plan.description}\n\n${formatPlanTree(plan)}\n`);
    if (plan.setupCommands.length > 0) process.stdout.write(`\nSetup commands:\n${plan.setupCommands.map((command) => `  $ ${command}`).join('\n')}\n`);
    const write = options.yes === true || (ask ? await ask(`\nWrite ${plan.files.length} files to ./${plan.folderName}? [y/N] `) : false);
    if (!write) {
      process.stderr.write(interactive ? 'Nothing written.\n' : 'Nothing written: pass --yes to write without a terminal to confirm.\n');
      return 0;
    }
    const folder = await writeProject(cwd, plan);
    process.stdout.write(`Wrote ${plan.files.length} files to ${folder}\n`);
    for (const command of plan.setupCommands) await runSetupCommand(runtime, command, folder, ask);
    return 0;
  } catch (error) {
    process.stderr.write(`alfred new: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    ask?.close();
    await runtime.close();
  }
}

type Ask = ((question: string) => Promise<boolean>) & { close(): void };

function asker(): Ask {
  const readline = createInterface({ input: process.stdin, output: process.stdout });
  const ask = (async (question: string) => /^y(es)?$/i.test((await readline.question(question)).trim())) as Ask;
  ask.close = () => readline.close();
  return ask;
}

/** A setup command runs only if the policy does not deny it and the user approves it. */
async function runSetupCommand(runtime: AlfredRuntime, command: string, folder: string, ask: Ask | undefined): Promise<void> {
  const verdict = await runtime.policy.check({ toolName: 'shell', kind: 'execute', args: { command }, command, cwd: folder, approvalMode: runtime.approvalMode });
  if (verdict.decision === 'deny') {
    process.stdout.write(`Skipped \`${command}\`: ${verdict.reason}\n`);
    return;
  }
  const approved = verdict.decision === 'allow' || (ask ? await ask(`Run \`${command}\` in ./${path.basename(folder)}? [y/N] `) : false);
  if (!approved) {
    process.stdout.write(`Skipped \`${command}\`${ask ? '' : ' (no terminal to approve it)'}.\n`);
    return;
  }
  const code = await new Promise<number | null>((resolve) => {
    spawn('bash', ['-c', command], { cwd: folder, stdio: 'inherit' }).on('close', resolve).on('error', () => resolve(1));
  });
  process.stdout.write(code === 0 ? `✔ ${command}\n` : `✖ ${command} (exit code ${code})\n`);
}
