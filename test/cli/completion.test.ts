import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';
import { BIN } from '../helpers/spawn.js';
import { tempDir } from '../helpers/temp.js';
import { patience } from '../helpers/patience.js';

/**
 * A folder with an `intake` on PATH: completion requests go to the real CLI; any other run is only
 * written to `ran.log` (so a test sees the command line a shell ran after completing it).
 */
function shellSetup() {
  const dir = tempDir('intake-completion-');
  mkdirSync(join(dir, 'bin'));
  mkdirSync(join(dir, 'config'));
  const log = join(dir, 'ran.log');
  writeFileSync(
    join(dir, 'bin', 'intake'),
    `#!/bin/sh
if [ "$1" = completion-server ] || [ "$1" = completion ]; then exec "${process.execPath}" "${BIN}" "$@"; fi
echo "$*" >> "${log}"
`,
  );
  chmodSync(join(dir, 'bin', 'intake'), 0o755);
  writeFileSync(
    join(dir, 'config', 'config.json'),
    JSON.stringify({ profiles: { 'shop-only': { base_url: 'http://127.0.0.1:1' } } }),
  );
  const env = {
    PATH: `${join(dir, 'bin')}:${process.env.PATH}`,
    HOME: dir,
    INTAKE_CONFIG_DIR: join(dir, 'config'),
    INTAKE_SECRET_STORAGE: 'file',
  };
  return { dir, env, ran: () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []) };
}

/** Runs the bash completion function for a command line, as bash does on Tab, and returns what it offers. */
function bashComplete(env: Record<string, string>, words: string[]): string[] {
  const line = words.join(' ');
  const script = `
source <(intake completion bash)
COMP_WORDS=(${words.map((word) => `'${word}'`).join(' ')})
COMP_CWORD=${words.length - 1}
COMP_LINE='${line}'
COMP_POINT=${line.length}
_intake_completion
printf '%s\\n' "\${COMPREPLY[@]}"
`;
  const result = spawnSync('bash', ['--norc', '--noprofile', '-c', script], { env, encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.split('\n').filter((word) => word !== '');
}

describe('completion scripts', () => {
  it.each(['bash', 'zsh', 'fish', 'powershell'])(
    'intake completion %s prints a script for that shell',
    async (shell) => {
      const result = await cli(['completion', shell]);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('completion-server');
      expect(result.stdout).toContain('intake');
    },
  );

  it('an unknown shell is a usage error', async () => {
    const result = await cli(['completion', 'tcsh']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Allowed choices are bash, zsh, fish, powershell');
  });

  it('in real bash: subcommands, options, profile names, carrier codes and files', () => {
    const { env } = shellSetup();
    expect(bashComplete(env, ['intake', 'ord'])).toEqual(['order']);
    expect(bashComplete(env, ['intake', 'order', ''])).toEqual(['create', 'patch']);
    expect(bashComplete(env, ['intake', 'shipment', 'create', '--tra'])).toEqual(['--tracking-number']);
    expect(bashComplete(env, ['intake', 'health', '--profile', 'sh'])).toEqual(['shop-only']);
    expect(bashComplete(env, ['intake', 'shipment', 'create', '--company-code', 'kr.cj'])).toEqual([
      'kr.cjlogistics',
    ]);
    expect(bashComplete(env, ['intake', 'help', 'exit'])).toEqual(['exit-codes']);
  });

  it('in real bash on a terminal: Tab completes a file name as typed, spaces and all', () => {
    const { dir, env, ran } = shellSetup();
    // A name that starts with the word's index (3) was offered in place of the one typed.
    for (const name of ['3x.csv', 'orders.csv', '스마트 주문.xlsx']) writeFileSync(join(dir, name), '');
    // Typed ahead into a pseudo-terminal (util-linux's script): bash's readline takes the Tab, then Enter.
    const typed = [
      'source <(intake completion bash)',
      'intake order create or\t',
      'intake shipment create 스\t',
      'exit',
    ].join('\n');
    const result = spawnSync('script', ['-qec', 'bash --norc --noprofile -i', '/dev/null'], {
      cwd: dir,
      env,
      input: `${typed}\n`,
      encoding: 'utf8',
      timeout: patience(30_000),
    });
    expect(result.status, result.stderr).toBe(0);
    expect(ran()).toEqual(['order create orders.csv', 'shipment create 스마트 주문.xlsx']);
  });

  it.skipIf(spawnSync('zsh', ['--version']).status !== 0)(
    'in real zsh: Tab completes a subcommand and a profile name on the command line',
    () => {
      const { dir, env, ran } = shellSetup();
      const driver = join(dir, 'drive.zsh');
      // An interactive zsh in a pseudo-terminal: type, press Tab, wait for the completed text, press Enter.
      writeFileSync(
        driver,
        `zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z 'autoload -Uz compinit && compinit -u && eval "$(intake completion zsh)"'
typeset seen=''
wait_for() {
  local chunk
  for i in {1..200}; do
    if zpty -r -t z chunk; then seen+=$chunk; fi
    [[ $seen == *$1* ]] && return 0
    sleep 0.05
  done
  print -u2 "timed out waiting for $1"; return 1
}
zpty -w -n z $'intake ord\\t'; wait_for 'order'; zpty -w -n z $'\\r'
seen=''
zpty -w -n z $'intake health --profile sh\\t'; wait_for 'shop-only'; zpty -w -n z $'\\r'
zpty -w z 'exit'
sleep 0.3
zpty -d z
`,
      );
      const result = spawnSync('zsh', ['-f', driver], { env, encoding: 'utf8', timeout: patience(30_000) });
      expect(result.stderr).not.toContain('timed out');
      expect(ran()).toEqual(['order', 'health --profile shop-only']);
    },
  );
});

it('the bash script works from a file too (as in a completions folder)', () => {
  const { dir, env } = shellSetup();
  const file = join(dir, 'intake.bash');
  writeFileSync(file, execFileSync('intake', ['completion', 'bash'], { env, encoding: 'utf8' }));
  const result = spawnSync('bash', ['--norc', '--noprofile', '-c', `source ${file}; complete -p intake`], {
    env,
    encoding: 'utf8',
  });
  expect(result.stdout).toContain('complete -o default -F _intake_completion intake');
});
