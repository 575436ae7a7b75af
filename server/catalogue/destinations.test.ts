import { describe, expect, it } from 'vitest';
import {
  ACCESSIBILITY_FEATURE_GROUPS,
  destinationSchema,
  type AccessibilityFeatureGroup,
} from '../../contracts/destinations.js';
import { DESTINATIONS } from './destinations.js';

const inGroup = (features: readonly string[], group: AccessibilityFeatureGroup) =>
  features.some((f) => (ACCESSIBILITY_FEATURE_GROUPS[group] as readonly string[]).includes(f));

describe('the curated destinations catalogue', () => {
  it('has at least 16 destinations with unique ids, each valid for the contract', () => {
    expect(DESTINATIONS.length).toBeGreaterThanOrEqual(16);
    expect(new Set(DESTINATIONS.map((d) => d.id)).size).toBe(DESTINATIONS.length);
    for (const d of DESTINATIONS) expect(() => destinationSchema.parse(d), d.id).not.toThrow();
  });

  it('includes the six destinations the specification names', () => {
    for (const word of ['Virgin Voyages', 'Timberline', 'Banff', 'Ashford', 'Milford', 'Langham']) {
      expect(
        DESTINATIONS.filter((d) => d.name.includes(word)),
        word,
      ).toHaveLength(1);
    }
  });

  it('backs every flag with a feature, so the flags mean something', () => {
    for (const d of DESTINATIONS) {
      if (d.isAccessible) expect(inGroup(d.accessibilityFeatures, 'mobility'), d.id).toBe(true);
      if (d.isNeuroFriendly)
        expect(inGroup(d.accessibilityFeatures, 'neurodiversity'), d.id).toBe(true);
      expect(d.source.length, d.id).toBeGreaterThan(10);
      expect(d.checkedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('covers every need a traveller can search for', () => {
    const all = DESTINATIONS.flatMap((d) => d.accessibilityFeatures);
    for (const group of ['mobility', 'visual', 'hearing', 'neurodiversity'] as const) {
      expect(inGroup(all, group), group).toBe(true);
    }
    expect(DESTINATIONS.some((d) => d.isVeteranFriendly)).toBe(true);
  });
});
