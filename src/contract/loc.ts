/**
 * Writes a `loc` the way people read a path: `items[0].product.id`. The leading `body`/`query` is
 * dropped; indices may arrive as strings (this service) or numbers (FastAPI).
 */
export function formatLoc(loc: readonly (string | number)[]): string {
  const parts = loc[0] === 'body' || loc[0] === 'query' || loc[0] === 'path' ? loc.slice(1) : loc;
  let text = '';
  for (const part of parts) {
    if (typeof part === 'number' || /^\d+$/.test(part)) text += `[${part}]`;
    else text += text === '' ? part : `.${part}`;
  }
  return text === '' ? String(loc[0] ?? '') : text;
}
