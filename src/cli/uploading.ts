import { RECORD_KINDS } from '../contract/kinds.js';
/**
 * The commands that may upload a file, by their first word. The process entry keeps the young
 * generation small from the start for a command line that has one of these words anywhere (it has not
 * parsed it yet); `main` lets it grow once the command is known not to be one, and the upload once it
 * knows its input is small (see `keepHeapTightFor`). Anything else starts as V8 would by itself:
 * loading modules with the young generation small costs `intake --version` about 8 ms.
 */
export const UPLOADING = new Set<string>([...RECORD_KINDS, 'pull', 'push']);
