import { PhoneCall } from 'lucide-react';
import { APP_ROUTES } from '../../contracts/routes';
import {
  MailLink,
  TextLink,
  TextList,
  TextNotice,
  TextPage,
  type TextSection,
} from '../components/layout/TextPage';
import { trustSectionPath } from '../lib/site-contact';

/* How to reach the team: one e-mail address (client/lib/site-contact.ts), and what to write. */

const NOT_FOR_EMERGENCIES = (
  <TextNotice icon={<PhoneCall aria-hidden="true" className="mt-1 size-6 shrink-0" />}>
    <p>
      <strong>This is not an emergency service.</strong> We cannot send help, and we may not read
      your message for days. In an emergency, call the local emergency number: 112 across the
      European Union and in many other countries, 911 in the United States, Canada and Mexico.
    </p>
    <p>
      <TextLink to={APP_ROUTES.emergencyInfo}>
        Emergency Information: the numbers for every country on this site
      </TextLink>
    </p>
  </TextNotice>
);

const SECTIONS: readonly TextSection[] = [
  {
    id: 'write-to-us',
    title: 'Write to us',
    content: (
      <>
        <p>
          Our e-mail address is <MailLink />.
        </p>
        <p>
          Write in the way that suits you: a few words, a list or a screenshot are all fine. Our
          target is to reply within 5 working days.
        </p>
        <p>We do not have a phone line yet.</p>
      </>
    ),
  },
  {
    id: 'privacy-request',
    title: 'Asking for your data, or for it to be deleted',
    content: (
      <>
        <p>
          Write to <MailLink subject="Privacy request" /> and tell us:
        </p>
        <TextList>
          <li>whether you want a copy of your data, or want it deleted;</li>
          <li>
            how we can find it: the e-mail address or phone number you signed up with, a booking’s
            confirmation code, or a link you made.
          </li>
        </TextList>
        <p>
          We may ask you to show that the data is yours. What we keep, and for how long, is in{' '}
          <TextLink to={trustSectionPath('privacyRights')}>
            our privacy policy’s section on copies and deletion
          </TextLink>
          .
        </p>
      </>
    ),
  },
  {
    id: 'barrier-report',
    title: 'Telling us about an accessibility barrier',
    content: (
      <>
        <p>
          Write to <MailLink subject="Accessibility barrier" /> and tell us, as far as you can:
        </p>
        <TextList>
          <li>the page, and what you were trying to do;</li>
          <li>what happened;</li>
          <li>your device, your browser, and any assistive technology you use.</li>
        </TextList>
        <p>
          More about this is in{' '}
          <TextLink to={trustSectionPath('reportBarrier')}>
            our accessibility statement’s section on reporting a barrier
          </TextLink>
          .
        </p>
      </>
    ),
  },
  {
    id: 'feedback',
    title: 'Feedback and ideas',
    content: (
      <>
        <p>
          Tell us what works for you, what does not, and what you would like the site to do. Write
          to <MailLink subject="Feedback" />.
        </p>
        <p>If you are a beta tester, adding your access code helps us put your notes together.</p>
      </>
    ),
  },
];

export default function ContactPage() {
  return (
    <TextPage
      title="Contact us"
      lead="How to reach the Accessible Journeys team, and what to write for a privacy request, a barrier report or feedback."
      updated="2026-11-26"
      intro={NOT_FOR_EMERGENCIES}
      sections={SECTIONS}
    />
  );
}
