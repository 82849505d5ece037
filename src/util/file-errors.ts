/** Why a file or folder could not be used, in words (a full disk, a folder that does not exist). */
export function fileErrorReason(error: unknown): string {
  const code = (error as { code?: string } | null)?.code;
  switch (code) {
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOENT':
      return 'no such folder';
    case 'EISDIR':
      return 'it is a folder';
    case 'ENOTDIR':
      return 'a part of its path is a file, not a folder';
    case 'EMKDIR':
      return 'no folder can be made there';
    case 'ENAMETOOLONG':
      return 'the name is too long';
    case 'EROFS':
      return 'the file system is read-only';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/** Why a file given to be read could not be: as `fileErrorReason` says it, of a file rather than a folder. */
export function readErrorReason(error: unknown): string {
  const code = (error as { code?: string } | null)?.code;
  return code === 'ENOENT' ? 'no such file' : fileErrorReason(error);
}

/** The system's (or SQLite's) word for an error, `ENOSPC` say, or its message when it has none. */
export function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : String((error as Error | undefined)?.message ?? error);
}

const DISK_FULL = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);

/** Whether an error (or one it was caused by) says the disk is full: the system's, or SQLite's. */
export function isDiskFull(error: unknown): boolean {
  for (let at = error, depth = 0; at !== undefined && at !== null && depth < 5; depth++) {
    if (DISK_FULL.has((at as { code?: unknown }).code as string)) return true;
    at = (at as { cause?: unknown }).cause;
  }
  return false;
}
