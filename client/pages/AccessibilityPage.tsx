import { APP_ROUTES } from '../../contracts/routes';
import {
  MailLink,
  TextLink,
  TextList,
  TextPage,
  TextSubheading,
  type TextSection,
} from '../components/layout/TextPage';
import { TRUST_SECTIONS } from '../lib/site-contact';

/*
 * The accessibility statement. How the site is tested is what tests/e2e and the Lighthouse gate
 * do (docs/quality.md); the known limits are those the code and docs show. Change the text and
 * the date when either changes.
 */

const SECTIONS: readonly TextSection[] = [
  {
    id: 'target',
    title: 'Our target',
    content: (
      <>
        <p>
          We want everyone to be able to plan a trip on this site, whatever their needs, and
          whatever they use to read it: a screen reader, a keyboard, a switch, voice control, zoom
          or a phone.
        </p>
        <p>
          Our target is the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA, on every
          page.
        </p>
        <p>
          No independent expert has checked the site yet. Our own tests pass, as described below,
          but automated tests cannot find every barrier. That is why we want to hear from you.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-test',
    title: 'How we test',
    content: (
      <>
        <p>These tests are part of the checks that every change to the site goes through.</p>
        <TextList>
          <li>
            <strong>Automated checks on every page.</strong> axe-core, an accessibility checker,
            checks every page with real content in it against the WCAG 2.0, 2.1 and 2.2 rules at
            levels A and AA. It runs at desktop size (1280 by 800 pixels), at phone size (390 by
            844), and on a 320-pixel-wide screen. Every dialog is checked while it is open.
          </li>
          <li>
            <strong>On every page</strong>, we also check that the language is set, that the first
            Tab reaches a visible “Skip to main content” link, that you can see where the keyboard
            focus is and that nothing covers it, that nothing scrolls sideways on a 320-pixel-wide
            screen or at 200% zoom, and that nothing moves when your device asks for reduced motion.
          </li>
          <li>
            <strong>Keyboard only.</strong> Whole tasks are done with the keyboard and no mouse:
            searching with an accessibility need, signing up as a beta tester, chatting with the
            assistant, making a trip and adding to it, uploading a photo, and paying to the receipt.
          </li>
          <li>
            <strong>Announcements.</strong> We check that messages, search results and the
            assistant’s replies are announced to screen readers.
          </li>
          <li>
            <strong>Pages before their scripts.</strong> Most pages show their content before their
            scripts have loaded. We test this with scripts turned off.
          </li>
          <li>
            <strong>Lighthouse.</strong> Google’s Lighthouse audit must give every page an
            accessibility score of 100.
          </li>
        </TextList>
        <p>
          The automated tests run in the Chromium browser. The assistant’s chat is also tested with
          the browser’s text size set to twice the usual.
        </p>
      </>
    ),
  },
  {
    id: 'known-limits',
    title: 'What we know is not right yet',
    content: (
      <>
        <TextList>
          <li>
            We have not yet tested by hand with screen readers (such as NVDA, JAWS, VoiceOver or
            TalkBack), with Windows high-contrast mode, or in Firefox and Safari.
          </li>
          <li>
            A larger text size in the browser’s settings is tested only on the assistant’s chat.
            Zoom is tested on every page.
          </li>
          <li>The site has a light colour scheme only. There is no dark mode yet.</li>
          <li>
            Voice search works only in browsers that can recognise speech, such as Chrome, Edge and
            Safari. In other browsers, type your trip instead.
          </li>
          <li>
            Photos and videos are described by the person who uploads them. One without a
            description is named only by its file name.
          </li>
          <li>
            Videos that people upload have no captions. Travel movies made on the site have
            captions.
          </li>
          <li>
            The card payment form, when it is switched on, is made by Stripe, and your crypto
            wallet’s windows are made by the wallet. We test our pages around them, not them.
          </li>
        </TextList>
        <p>
          If one of these stops you from doing something, tell us, and we will help you another way.
        </p>
      </>
    ),
  },
  {
    id: TRUST_SECTIONS.reportBarrier.id,
    title: 'Tell us about a barrier',
    content: (
      <>
        <p>
          If something on the site is hard or impossible for you to use, please tell us. Write to{' '}
          <MailLink subject="Accessibility barrier" />.
        </p>
        <TextSubheading>What to include</TextSubheading>
        <TextList>
          <li>the address of the page, or its name;</li>
          <li>what you were trying to do, and what happened;</li>
          <li>
            what you use: your device, your browser, and any assistive technology, such as a screen
            reader or magnifier, with its version if you know it.
          </li>
        </TextList>
        <p>Send what you can. A short message is enough to start.</p>
        <TextSubheading>When we reply</TextSubheading>
        <p>
          Our target is to reply within 5 working days, and to tell you what we will do and when.
        </p>
      </>
    ),
  },
  {
    id: 'about-this-statement',
    title: 'About this statement',
    content: (
      <p>
        We wrote this statement on 26 November 2026, from our own testing as described above. We
        update it when the site or our testing changes. Other ways to reach us are on the{' '}
        <TextLink to={APP_ROUTES.contact}>contact page</TextLink>.
      </p>
    ),
  },
];

export default function AccessibilityPage() {
  return (
    <TextPage
      title="Accessibility statement"
      lead="How accessible Accessible Journeys is, how we test it, what is not right yet, and how to tell us about a barrier."
      updated="2026-11-26"
      sections={SECTIONS}
    />
  );
}
