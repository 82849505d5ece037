import type { IOStreams } from './io.js';

/** Questions asked at a terminal. Only asked when stdin and stderr are terminals. */
export interface Prompter {
  input(
    message: string,
    options?: {
      default?: string;
      validate?: (value: string) => true | string;
      /** Takes the question back (it then rejects): something else gave the answer. */
      signal?: AbortSignal;
    },
  ): Promise<string>;
  password(message: string): Promise<string>;
}

/** Prompts with @inquirer/prompts on the run's own streams (questions go to stderr, never stdout). */
export async function inquirerPrompter(io: IOStreams): Promise<Prompter> {
  const { input, password } = await import('@inquirer/prompts');
  const context = { input: io.stdin, output: io.stderr };
  return {
    input: (message, options = {}) =>
      input(
        {
          message,
          ...(options.default === undefined ? {} : { default: options.default }),
          ...(options.validate ? { validate: options.validate } : {}),
        },
        options.signal ? { ...context, signal: options.signal } : context,
      ),
    password: (message) => password({ message, mask: '*' }, context),
  };
}
