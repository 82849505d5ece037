import { UsageError } from './errors.js';

/** A JMESPath expression, compiled once: applied to the JSON a command would print. */
export type Query = (data: unknown) => unknown;

/**
 * Compiles `--query`. A syntax error is a usage error (exit 2), found before the command runs. The
 * library is loaded only when a query is given.
 */
export async function compileQuery(expression: string): Promise<Query> {
  const { compile, TreeInterpreter } = await import('@jmespath-community/jmespath');
  let node: ReturnType<typeof compile>;
  try {
    // As the AWS CLI reads it: a bare word in backticks (`available`) is text, as in its documentation.
    node = compile(expression, { enable_legacy_literals: true });
  } catch (error) {
    throw new UsageError(
      `--query "${expression}" is not a JMESPath expression: ${(error as Error).message}`,
      ['For example: --query "results[?rewards > `100`].member_id"'],
    );
  }
  return (data) => {
    try {
      return TreeInterpreter.search(node, data as never);
    } catch (error) {
      throw new UsageError(`--query "${expression}" cannot be applied: ${(error as Error).message}`);
    }
  };
}
