import { describe, expect, it } from 'vitest';
import { UI_DICTIONARIES, uiTexts } from '../../src/ui/texts/index.js';

describe('the texts of intake ui', () => {
  it('no two dictionaries name the same text: a later one would silently reword the other’s pages', () => {
    const owner = new Map<string, string>();
    const shared: string[] = [];
    for (const [name, dictionary] of Object.entries(UI_DICTIONARIES)) {
      for (const key of Object.keys(dictionary)) {
        const first = owner.get(key);
        if (first) shared.push(`${key} (${first}, ${name})`);
        else owner.set(key, name);
      }
    }
    expect(shared).toEqual([]);
  });

  it('an upload’s results table heads its messages as the service’s, a pull’s as the marketplace’s', () => {
    expect(uiTexts('ko')('messageHeader')).toBe('내용');
    expect(uiTexts('en')('messageHeader')).toBe('Message');
    expect(uiTexts('ko')('marketMessageHeader')).toBe('마켓 응답');
  });
});
