import { fileErrorReason } from '../util/file-errors.js';
import { terminalLang } from '../util/terminal-lang.js';

/**
 * The line that says a command's output could not be written (a full disk, a device that refuses it),
 * in the terminal's language: said once, in place of a stack trace.
 */
export async function outputLostLine(
  error: unknown,
  env: Readonly<Record<string, string | undefined>>,
): Promise<string> {
  const reason = fileErrorReason(error);
  if (terminalLang(env) !== 'ko') return `error: cannot write the output: ${reason}\n`;
  const { writeReasonKo } = await import('./file-error-words.js');
  return `오류: 출력을 쓸 수 없습니다: ${writeReasonKo(reason)}\n`;
}
