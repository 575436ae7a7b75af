import { PhoneCall } from 'lucide-react';
import {
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_FILES,
  MEDIA_QUOTA_BYTES,
  MEDIA_QUOTA_FILES,
} from '../../contracts/media.values';
import { APP_ROUTES } from '../../contracts/routes';
import {
  MailLink,
  TextLink,
  TextList,
  TextNotice,
  TextPage,
  type TextSection,
} from '../components/layout/TextPage';
import { TRUST_SECTIONS } from '../lib/site-contact';

/*
 * The terms of use of the preview. What it says about payments and limits is the code's
 * (docs/features/trust-pages.md names where); when the code changes, change this text and the date.
 */

const MB = 1024 ** 2;
const GB = 1024 ** 3;

const SECTIONS: readonly TextSection[] = [
  {
    id: 'preview',
    title: 'A preview of the site',
    content: (
      <>
        <p>
          Accessible Journeys is in preview, also called beta. We are still building it. Pages and
          features may change, stop working for a while, or be removed.
        </p>
        <p>
          We do our best, but we cannot promise that the site is always available, or that
          everything on it is complete and correct.
        </p>
        <p>By using the site, you agree to these terms.</p>
      </>
    ),
  },
  {
    id: 'no-travel-sold',
    title: 'No travel is sold here',
    content: (
      <>
        <p>
          We do not sell or book travel yet. We will not until our seller-of-travel registration is
          active.
        </p>
        <TextList>
          <li>
            Bookings on this site are a demonstration. No flight, hotel, car or activity is reserved
            for you.
          </li>
          <li>
            Payments are a demonstration too. Card payments use the card provider’s test mode, so no
            card is charged. Wallet payments are simulated or use a test network, so no real money
            moves.
          </li>
          <li>
            A receipt or a confirmation code from this site does not prove a booking with anyone.
          </li>
          <li>Prices on this site come from our own list and may not be what a provider asks.</li>
        </TextList>
      </>
    ),
  },
  {
    id: 'information-not-advice',
    title: 'Information, not advice',
    content: (
      <>
        <p>
          Beth, the assistant, and the rest of the site give you information to help you plan:
          destinations and their accessibility features, travel advisories, emergency numbers, and
          suggestions for your trips.
        </p>
        <TextList>
          <li>
            It is not professional, legal, medical or emergency advice. The assistant can be wrong.
          </li>
          <li>
            Accessibility features are described as the places describe them. Check with the place
            that it meets your needs before you travel.
          </li>
          <li>
            Check advisories, entry rules and health advice with official sources before you travel.
          </li>
        </TextList>
        <TextNotice icon={<PhoneCall aria-hidden="true" className="mt-1 size-6 shrink-0" />}>
          <p>
            <strong>In an emergency, call the local emergency number.</strong> Do not use the
            assistant or this site to get help. 112 works across the European Union and in many
            other countries, and 911 in the United States, Canada and Mexico.
          </p>
          <p>
            <TextLink to={APP_ROUTES.emergencyInfo}>
              Emergency Information: the numbers for every country on this site
            </TextLink>
          </p>
        </TextNotice>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Using the site fairly',
    content: (
      <>
        <TextList>
          <li>
            Upload only photos and videos that you have the right to share. Ask people before you
            share pictures of them.
          </li>
          <li>Do not upload or write anything that is illegal, hateful or meant to harm.</li>
          <li>
            Do not try to reach other people’s things, to break the site, or to get around its
            limits.
          </li>
        </TextList>
        <p>The site has limits, so that it works for everyone:</p>
        <TextList>
          <li>
            Up to {MAX_UPLOAD_FILES} files at a time, each up to {MAX_UPLOAD_BYTES / MB} MB, and
            only photos and videos.
          </li>
          <li>
            Up to {MEDIA_QUOTA_FILES} files and {MEDIA_QUOTA_BYTES / GB} GB in your media gallery.
          </li>
          <li>
            A limit on how many requests you can make in a minute or an hour. If you reach it, wait
            a little and try again.
          </li>
        </TextList>
        <p>
          What you upload stays yours. You let us store it, show it to you and to the people you
          share it with, and make travel movies from it when you ask. We may remove content, or
          block access, that breaks these rules.
        </p>
      </>
    ),
  },
  {
    id: TRUST_SECTIONS.termsBetaTesting.id,
    title: 'Beta testing',
    content: (
      <>
        <p>If you join the beta programme, you agree to:</p>
        <TextList>
          <li>tell us what works for you, what does not, and what you would like to see;</li>
          <li>
            accept that things may change or break while we build, and that there is no promise of
            when the site or a feature is available.
          </li>
        </TextList>
        <p>
          We may contact you about the programme, in the way you chose when you signed up. Send your
          feedback to <MailLink subject="Feedback" />. You can leave the programme at any time:
          write to us, and we delete your sign-up.
        </p>
      </>
    ),
  },
  {
    id: 'your-data',
    title: 'Your data',
    content: (
      <p>
        What we keep about you, for how long, and who else receives it is in our{' '}
        <TextLink to={APP_ROUTES.privacy}>privacy policy</TextLink>.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <p>
        We may change these terms as the site grows. The date at the top of this page shows the last
        change. If you use the site after a change, the new terms apply. Questions are welcome: see{' '}
        <TextLink to={APP_ROUTES.contact}>how to contact us</TextLink>.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <TextPage
      title="Terms of use"
      lead="The rules for using Accessible Journeys while it is in preview, in plain words."
      updated="2026-11-26"
      sections={SECTIONS}
    />
  );
}
