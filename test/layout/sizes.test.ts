import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SRC, sourceFiles } from '../helpers/source-files.js';

const FILE_LINES = 400;
const FUNCTION_LINES = 80;
/** The words that give a long file or function its reason: `// Long because …`, at its top. */
const REASON = /\bLong because \S/;

/** The comments just above a node (of the statement or property it stands in), and its own first lines. */
function commentsAt(source: ts.SourceFile, node: ts.Node): string {
  let holder: ts.Node = node;
  while (
    holder.parent !== undefined &&
    !ts.isSourceFile(holder.parent) &&
    !ts.isBlock(holder.parent) &&
    !ts.isClassLike(holder.parent) &&
    !ts.isObjectLiteralExpression(holder.parent) &&
    !ts.isCallExpression(holder.parent)
  )
    holder = holder.parent;
  const text = source.getFullText();
  const leading = (ts.getLeadingCommentRanges(text, holder.getFullStart()) ?? []).map((range) =>
    text.slice(range.pos, range.end),
  );
  const body = (node as ts.FunctionLikeDeclaration).body;
  const first = body === undefined ? '' : text.slice(body.getStart(), body.getStart() + 400);
  return [...leading, first].join('\n');
}

/** The files over the line limit and the functions over theirs, in `src/`, that say no reason. */
function unexplained(): { files: string[]; functions: string[] } {
  const found = { files: [] as string[], functions: [] as string[] };
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    const name = relative(SRC, file);
    const lines = text.split('\n');
    if (lines.length > FILE_LINES && !REASON.test(lines.slice(0, 15).join('\n')))
      found.files.push(`${name} (${lines.length} lines)`);
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body !== undefined) {
        const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
        const end = source.getLineAndCharacterOfPosition(node.end).line;
        if (end - start + 1 > FUNCTION_LINES && !REASON.test(commentsAt(source, node)))
          found.functions.push(`${name}:${start + 1} (${end - start + 1} lines)`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('sizes', () => {
  it(`has no file over ${FILE_LINES} lines and no function over ${FUNCTION_LINES} in src/ without a reason at its top`, () => {
    expect(unexplained()).toEqual({ files: [], functions: [] });
  });
});
