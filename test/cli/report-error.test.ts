import { describe, expect, it } from 'vitest';
import { unexpectedLines } from '../../src/cli/report-error.js';

describe('an error no rule expected', () => {
  const error = new TypeError("Cannot read properties of undefined (reading 'id')");

  it('is one line for a person, with no stack', () => {
    const lines = unexpectedLines('internal error', error, false);
    expect(lines).toEqual(["internal error: Cannot read properties of undefined (reading 'id')"]);
  });

  it('carries its stack with --verbose, for whoever reports it', () => {
    const lines = unexpectedLines('unexpected error', error, true);
    expect(lines[0]).toBe("unexpected error: Cannot read properties of undefined (reading 'id')");
    expect(lines[1]).toMatch(/^TypeError: .*\n\s+at /);
  });

  it('says what was thrown when it is not an Error', () => {
    expect(unexpectedLines('internal error', 'disk on fire', true)).toEqual(['internal error: disk on fire']);
  });
});
