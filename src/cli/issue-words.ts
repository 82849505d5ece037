import { refusalIn } from '../client/answer-words.js';
import { describeIssues } from '../contract/loc.js';
import type { ReceivedValidationIssue } from '../contract/validation.js';

/**
 * A check's issues (the CLI's own, or a 422's) as a Korean terminal says them, one line each: the reason
 * in the words the check of a file uses for the same problem, else in the service's words where Intake
 * has Korean for them, else as it came. `names` renames top-level fields (`--image-url`).
 */
export async function issueLinesKo(
  issues: readonly ReceivedValidationIssue[],
  names: Record<string, string> = {},
): Promise<string[]> {
  const { problemFromIssue, problemIn } = await import('../bulk/index.js');
  return issues.map((issue) => {
    const problem = problemFromIssue(
      { ...issue, loc: issue.loc.map(String), input: issue.input },
      '',
      issue.input,
    );
    const said = problemIn('ko', problem);
    const [line = ''] = describeIssues([{ loc: issue.loc, msg: said }], names);
    return said === problem.message ? (refusalIn(line) ?? line) : line;
  });
}
