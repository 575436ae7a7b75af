import { describe, expect, it } from 'vitest';
import { CHAT_REPLY_MAX } from '../../../contracts/chat.js';
import { bounded } from './service.js';

describe('bounded', () => {
  it('keeps a reply that fits as it is', () => {
    const text = 'Banff is about 90 minutes from Calgary.';
    expect(bounded(text)).toBe(text);
    expect(bounded('x'.repeat(CHAT_REPLY_MAX))).toHaveLength(CHAT_REPLY_MAX);
  });

  it('cuts a longer one at a line break, within the limit, and says where the rest is', () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `- Item ${i}: a lake walk`);
    const cut = bounded(lines.join('\n'));
    expect(cut.length).toBeLessThanOrEqual(CHAT_REPLY_MAX);
    expect(cut).toMatch(/- Item \d+: a lake walk\n\n…The answer was too long/);
    expect(cut).toContain('[Flight Plan page](/flight-plan)');
  });

  it('cuts one unbroken word too', () => {
    expect(bounded('W'.repeat(50_000)).length).toBeLessThanOrEqual(CHAT_REPLY_MAX);
  });
});
