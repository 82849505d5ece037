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

/**
 * One readable line per 422 entry: `items[0].product.id: Field required`. `names` renames top-level
 * fields, so that a record built from flags reports `--image-url` rather than `image_url`.
 */
export function describeIssues(
  issues: readonly { loc: readonly (string | number)[]; msg: string }[],
  names: Record<string, string> = {},
): string[] {
  return issues.map((issue) => {
    const path = formatLoc(issue.loc);
    // An issue of the whole value (an unknown key at the top) has no place to name.
    if (path === '') return issue.msg;
    const field = /^[^.[]+/.exec(path)?.[0] ?? path;
    return `${names[field] === undefined ? path : names[field] + path.slice(field.length)}: ${issue.msg}`;
  });
}
