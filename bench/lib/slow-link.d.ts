export interface SlowLink {
  url: string;
  counts: { admitted: number; refused: number; mostAtOnce: number; longestIdleMs: number };
  resetIdle(): void;
  close(): Promise<void>;
}

export function startSlowLink(
  target: string,
  options: { oneWayMs: number; admit: number; retryAfter?: string; refuseFirst?: number },
): Promise<SlowLink>;
