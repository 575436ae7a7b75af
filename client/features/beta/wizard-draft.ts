import { WIZARD_DEFAULTS } from '../../../contracts/beta.values';
import type { BetaSignupRequest, BetaSignupResponse } from '../../../contracts/beta';

export const AGREEMENTS = [
  'agreedToTerms',
  'agreedToPrivacy',
  'agreedToDataProcessing',
  'agreedToFeedback',
] as const;
export type Agreement = (typeof AGREEMENTS)[number];

/** The form's values: the payload, except that an agreement is false until it is ticked. */
export type WizardValues = Omit<BetaSignupRequest, Agreement> & Record<Agreement, boolean>;

/** A finished sign-up: the server's answer and the address the e-mail went to. */
export interface Joined extends BetaSignupResponse {
  email: string;
}

interface Draft {
  values: WizardValues;
  step: number;
  joined: Joined | null;
}

const freshValues = (): WizardValues => ({
  ...WIZARD_DEFAULTS,
  travelInterests: [],
  accessibilityNeeds: [],
});

/**
 * The wizard's draft lives as long as the page (this module), not the dialog: closing the dialog and
 * opening it again keeps every answer and the step, and a finished sign-up keeps showing its code.
 */
let draft: Draft = { values: freshValues(), step: 0, joined: null };

export const wizardDraft = {
  current: (): Readonly<Draft> => draft,
  saveValues(values: WizardValues) {
    // A sign-up that finished meanwhile has already cleared the form.
    if (!draft.joined) draft = { ...draft, values };
  },
  saveStep(step: number) {
    draft = { ...draft, step };
  },
  finish(joined: Joined) {
    draft = { values: freshValues(), step: 0, joined };
  },
};
