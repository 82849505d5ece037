import { AuthError } from '../../cli/errors.js';

/**
 * Runs `work`, which uses the profile's credentials; credentials it lacks are the page's `NoCredentials`
 * (the page words them; the CLI's own error names commands to type).
 */
export async function withPageCredentials<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    const { NoCredentials } = await import('../../ui/answers.js');
    throw new NoCredentials(error.message, { cause: error });
  }
}
