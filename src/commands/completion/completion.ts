import { Argument, Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';

const SHELLS = ['bash', 'zsh', 'fish', 'powershell'] as const;
type Shell = (typeof SHELLS)[number];
/** The shells as the completion library names them. */
const TABTAB_SHELL: Record<Shell, 'bash' | 'zsh' | 'fish' | 'pwsh'> = {
  bash: 'bash',
  zsh: 'zsh',
  fish: 'fish',
  powershell: 'pwsh',
};

export interface CompletionOptions {
  shell: Shell;
}

/** Prints the completion script of a shell; the script asks `intake completion-server` what to offer. */
export async function completionRun(options: CompletionOptions, f: Factory): Promise<void> {
  const tabtab = await import('@pnpm/tabtab');
  const script = await tabtab.getCompletionScript({
    name: 'intake',
    completer: 'intake',
    shell: TABTAB_SHELL[options.shell],
  });
  const mended = options.shell === 'bash' ? mendBashFiles(script) : script;
  f.io.stdout.write(mended.endsWith('\n') ? mended : `${mended}\n`);
}

/**
 * The library's bash script offers file names with `compgen -f -- "$cword"`: the word's index, not the
 * word, so `intake order create or<Tab>` became `3x.csv` where such a file exists (and any name with a
 * space was split). An empty reply instead lets bash's own file name completion answer (the script
 * registers with `-o default`), which quotes names as the shell needs.
 */
function mendBashFiles(script: string): string {
  return script.replace('COMPREPLY=($(compgen -f -- "$cword"))', 'COMPREPLY=()');
}

export function newCompletionCommand(
  f: Factory,
  runF: (options: CompletionOptions, f: Factory) => Promise<void> = completionRun,
): Command {
  return new Command('completion')
    .description('Print the shell completion script of bash, zsh, fish or PowerShell')
    .addArgument(new Argument('<shell>', 'bash, zsh, fish or powershell').choices(SHELLS))
    .addHelpText(
      'after',
      examples(
        '# bash: add to ~/.bashrc',
        'eval "$(intake completion bash)"',
        '# zsh: add to ~/.zshrc (after compinit)',
        'eval "$(intake completion zsh)"',
        '# fish',
        'intake completion fish > ~/.config/fish/completions/intake.fish',
        '# PowerShell: add to $PROFILE',
        'intake completion powershell | Out-String | Invoke-Expression',
      ),
    )
    .action((shell: Shell) => runF({ shell }, f));
}

/**
 * The other end of the completion scripts: given the words typed (after `--`) and the shell's COMP_*
 * variables, prints what to offer, one per line (or the marker for file names).
 */
export function newCompletionServerCommand(f: Factory, program: () => Command): Command {
  return new Command('completion-server')
    .description('(used by the completion scripts)')
    .argument('[words...]')
    .allowUnknownOption()
    .helpOption(false)
    .action(async (words: string[]) => {
      const tabtab = await import('@pnpm/tabtab');
      const { complete } = await import('./complete.js');
      const env = tabtab.parseEnv(f.env as Record<string, string | undefined>);
      const shell = tabtab.getShellFromEnv(f.env as Record<string, string | undefined>);
      const cword = env.complete ? env.words : words.length - 1;
      const typed = words.slice(0, cword);
      const current = words[cword] ?? '';
      const candidates = await complete(f, program(), typed, current);
      if ('files' in candidates) {
        f.io.stdout.write('__tabtab_complete_files__\n');
        return;
      }
      const matching = candidates.words.filter((word) => word.name.startsWith(current));
      tabtab.log(matching, shell, (line: string) => f.io.stdout.write(`${line}\n`));
    });
}
