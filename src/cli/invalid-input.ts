import { describeIssues } from '../contract/loc.js';
import type { ValidationIssue } from '../contract/validation.js';
import { UsageError } from './errors.js';

/**
 * Input the contract's check refused (exit 2): `refusal`, then a line for each issue (`names` renames
 * top-level fields, `--image-url` for `image_url`). The issues stay with the error, so that the one
 * place errors are reported can word them in the terminal's language.
 */
export class InvalidInput extends UsageError {
  readonly issues: readonly ValidationIssue[];
  readonly names: Readonly<Record<string, string>>;

  constructor(refusal: string, issues: readonly ValidationIssue[], names: Record<string, string> = {}) {
    super(refusal, describeIssues(issues, names));
    this.name = 'InvalidInput';
    this.issues = issues;
    this.names = names;
  }
}
