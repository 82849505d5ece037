import { distance } from 'fastest-levenshtein';

const normal = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

/**
 * The candidate closest to `word`, if it is close enough to be a slip of the keyboard (at most a third of
 * its letters differ, and it is not the word itself): `recipent_name` → `recipient_name`.
 */
export function closestTo(word: string, candidates: Iterable<string>): string | undefined {
  const wanted = normal(word);
  if (wanted === '') return undefined;
  let best: { candidate: string; score: number } | undefined;
  for (const candidate of candidates) {
    const other = normal(candidate);
    if (other === wanted) continue;
    const score = distance(wanted, other) / Math.max(wanted.length, other.length);
    if (score <= 1 / 3 && (!best || score < best.score)) best = { candidate, score };
  }
  return best?.candidate;
}
