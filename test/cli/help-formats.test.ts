import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { TOPICS } from '../../src/commands/help/topics.js';
import { TOPICS_KO } from '../../src/commands/help/topics-ko.js';
import { OUTCOMES } from '../../src/contract/kinds.js';
import { OrderCreateBody } from '../../src/contract/order.js';
import { ProductCreateBody } from '../../src/contract/product.js';
import { ShipmentCreateBody } from '../../src/contract/shipment.js';

const BODIES: Record<string, z.ZodType> = {
  order: OrderCreateBody,
  product: ProductCreateBody,
  shipment: ShipmentCreateBody,
};

/** The JSON example after `label` in a help topic: from its opening brace to the line it closes on. */
function example(topic: string, label: string): unknown {
  const start = topic.indexOf(`\n  ${label.padEnd(10)}{`);
  expect(start, `no ${label} example`).toBeGreaterThan(0);
  const lines: string[] = [];
  for (const line of topic.slice(start + 1).split('\n')) {
    lines.push(lines.length === 0 ? line.slice(12) : line.trim());
    const text = lines.join('');
    if ((text.match(/\{/g) ?? []).length === (text.match(/\}/g) ?? []).length) return JSON.parse(text);
  }
  throw new Error(`the ${label} example never closes`);
}

describe('intake help formats', () => {
  it.each([
    ['English', TOPICS.formats],
    ['Korean', TOPICS_KO.formats],
  ])('shows, in %s, a JSON record of each kind that the service takes as it is', (_language, topic) => {
    for (const [label, body] of Object.entries(BODIES)) {
      const parsed = body.safeParse(example(topic, label));
      expect(parsed.error?.issues ?? [], label).toEqual([]);
    }
  });

  it.each([
    ['English', TOPICS.formats],
    ['Korean', TOPICS_KO.formats],
  ])('names, in %s, every outcome an upload line can have', (_language, topic) => {
    const said = /outcome: ([\s\S]*?)\n\n|outcome: ([\s\S]*)$/.exec(topic);
    const list = (said?.[1] ?? said?.[2] ?? '').replace(/\([^)]*\)/g, '');
    const names = list.split(/[,\s]+/).filter(Boolean);
    expect([...names].sort()).toEqual([...OUTCOMES].sort());
  });
});
