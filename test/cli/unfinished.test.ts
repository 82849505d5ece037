import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { guardUnfinished } from '../../src/cli/unfinished.js';

/** A stand-in for `process`: an emitter with an exit code. */
function fakeProcess() {
  return Object.assign(new EventEmitter(), { exitCode: undefined as number | undefined });
}

describe('a command left waiting on nothing', () => {
  it('ends with exit 1 and says so, instead of Node’s silent exit 13', () => {
    const process = fakeProcess();
    let written = '';
    guardUnfinished(
      process,
      (text) => (written += text),
      () => false,
    );
    process.emit('beforeExit');
    expect(process.exitCode).toBe(1);
    expect(written).toMatch(/^error: the command stopped before it finished/);
    // Said once, whatever is written after it.
    process.emit('beforeExit');
    expect(written.match(/error:/g)).toHaveLength(1);
  });

  it('says nothing of a command that came to its end', () => {
    const process = fakeProcess();
    process.exitCode = 4;
    let written = '';
    guardUnfinished(
      process,
      (text) => (written += text),
      () => true,
    );
    process.emit('beforeExit');
    expect(process.exitCode).toBe(4);
    expect(written).toBe('');
  });
});
