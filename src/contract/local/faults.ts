import { z } from 'zod';
import { text } from '../fields.js';

/** The largest seed faults may be drawn from (a 32-bit unsigned number). */
export const FAULT_SEED_MAX = 2 ** 32 - 1;

export const FaultRuleBody = z
  .object({
    kind: z.enum(['500', '503', '429', 'latency', 'stall', 'drop-before-commit', 'drop-after-commit']),
    share: z.number().min(0).max(1),
    retry_after_seconds: z.number().int().optional(),
    latency_ms: z.object({ min: z.number().int(), max: z.number().int() }).optional(),
    method: z.string().optional(),
    path: z.string().optional(),
    id: z.string().optional().meta({ description: 'Only requests about this record (`@ID`).' }),
    next: z
      .number()
      .int()
      .optional()
      .meta({ description: 'Only the next this many matching requests (`next=N`).' }),
  })
  .meta({ id: 'FaultRule' });

export const FaultsBody = z
  .object({
    spec: text()
      .max(2000)
      .meta({ examples: ['503:10%,drop-after-commit:5%'] }),
    seed: z.number().int().min(0).max(FAULT_SEED_MAX).optional().meta({
      description: 'Draw from this seed: the same requests then get the same faults, run after run.',
    }),
  })
  .meta({ id: 'FaultsBody', examples: [{ spec: '503:10%,drop-after-commit:5%', seed: 42 }] });

export const FaultsState = z
  .object({
    /** The merchant's own faults. */
    spec: z.string(),
    rules: z.array(FaultRuleBody),
    seed: z.number().int().optional(),
    /** What every fault in force on this merchant's requests injected, by kind. */
    injected: z.record(z.string(), z.number().int()),
    /** The faults set at start for every merchant (`intake serve --faults`). */
    everyone: z.object({
      spec: z.string(),
      rules: z.array(FaultRuleBody),
      seed: z.number().int().optional(),
    }),
  })
  .meta({ id: 'FaultsState' });
export type FaultsState = z.infer<typeof FaultsState>;

/** A rule's latency as the spec writes it: `20ms` when fixed, `50-200ms` when drawn from a range. */
export function latencyWords(latency: { min: number; max: number }): string {
  return latency.min === latency.max ? `${latency.min}ms` : `${latency.min}-${latency.max}ms`;
}

/**
 * How often a rule injects, in words: its share of the requests it takes, the next N of them, or both
 * (`50%, the next 2`). `nextWords` says "the next N" in the reader's language.
 */
export function howOften(
  rule: { share: number; next?: number | undefined },
  nextWords: (next: number) => string,
): string {
  const share = `${Number((rule.share * 100).toFixed(4))}%`;
  if (rule.next === undefined) return share;
  return rule.share < 1 ? `${share}, ${nextWords(rule.next)}` : nextWords(rule.next);
}
