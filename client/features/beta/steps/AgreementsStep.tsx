import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { APP_ROUTES } from '../../../../contracts/routes';
import { RequiredMark, RequiredNote } from '../../../components/ui/form-field';
import { CheckboxField } from '../../../components/ui/form-choice';
import { trustSectionPath } from '../../../lib/site-contact';
import { AGREEMENTS, type Agreement } from '../wizard-draft';
import type { StepProps } from '../wizard-fields';

/**
 * A link to the page an agreement is about, in its label. It opens in a new tab: the wizard's
 * draft outlives the dialog but not a reload, and following the link here would close the dialog
 * in the middle of step 4; in a new tab the dialog stays as it was. The link's name says so.
 * Clicking the link does not tick the box (a label ignores clicks on a link inside it).
 */
function DocumentLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className="font-semibold text-brand-800 underline underline-offset-4 hover:decoration-2"
    >
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
      <ExternalLink aria-hidden="true" className="ml-1 inline size-4 align-[-0.125em]" />
    </a>
  );
}

/** Each label starts with what is agreed to, so its checkbox is found by those words. */
const AGREEMENT_LABELS: Record<Agreement, ReactNode> = {
  agreedToTerms: (
    <>
      I agree to the{' '}
      <DocumentLink href={APP_ROUTES.terms}>
        terms and conditions of the beta programme
      </DocumentLink>
    </>
  ),
  agreedToPrivacy: (
    <>
      I agree to the <DocumentLink href={APP_ROUTES.privacy}>privacy policy</DocumentLink>
    </>
  ),
  agreedToDataProcessing: (
    <>
      I consent to the processing of my answers to run the beta programme (
      <DocumentLink href={trustSectionPath('privacyBetaSignups')}>
        how we use your answers
      </DocumentLink>
      )
    </>
  ),
  agreedToFeedback: (
    <>
      I agree to provide feedback as a beta tester (
      <DocumentLink href={trustSectionPath('termsBetaTesting')}>what beta testers do</DocumentLink>)
    </>
  ),
};

/** Step 4: the four agreements the programme needs (spec §5: all required). */
export function AgreementsStep({ form, fieldId }: StepProps) {
  const { register, errorOf } = form;
  return (
    <div className="mt-3 grid gap-4">
      <RequiredNote />
      <p className="text-slate-800">
        This site is in preview: no travel is sold yet and payments are a demonstration.
      </p>
      {AGREEMENTS.map((name) => (
        <CheckboxField
          key={name}
          id={fieldId(name)}
          required
          label={
            <>
              {AGREEMENT_LABELS[name]} <RequiredMark />
            </>
          }
          error={errorOf(name)}
          {...register(name)}
        />
      ))}
    </div>
  );
}
