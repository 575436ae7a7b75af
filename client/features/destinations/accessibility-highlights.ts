import { Accessibility, Brain, Ear, Eye, Medal, type LucideIcon } from 'lucide-react';
import {
  ACCESSIBILITY_FEATURE_GROUPS,
  type AccessibilityFeatureGroup,
} from '../../../contracts/accessibility';
import type { Destination } from '../../../contracts/destinations';

export interface AccessibilityHighlight {
  key: string;
  label: string;
  Icon: LucideIcon;
}

const hasGroup = (d: Destination, group: AccessibilityFeatureGroup) =>
  d.accessibilityFeatures.some((f) =>
    (ACCESSIBILITY_FEATURE_GROUPS[group] as readonly string[]).includes(f),
  );

/** The short, visible labels a card shows; an empty list means "Standard accessibility". */
export function accessibilityHighlights(d: Destination): AccessibilityHighlight[] {
  const highlights: AccessibilityHighlight[] = [];
  if (d.isAccessible)
    highlights.push({ key: 'mobility', label: 'Mobility access', Icon: Accessibility });
  if (hasGroup(d, 'visual')) highlights.push({ key: 'visual', label: 'Visual support', Icon: Eye });
  if (hasGroup(d, 'hearing'))
    highlights.push({ key: 'hearing', label: 'Hearing support', Icon: Ear });
  if (d.isNeuroFriendly) highlights.push({ key: 'neuro', label: 'Sensory friendly', Icon: Brain });
  if (d.isVeteranFriendly)
    highlights.push({ key: 'veteran', label: 'Veteran friendly', Icon: Medal });
  return highlights;
}
