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
 * The privacy policy. Every rule it states is the code's (the README's "Your data: how long it is
 * kept" and docs/features/trust-pages.md name where); when the code changes, change this text and
 * the date with it.
 */

const SECTIONS: readonly TextSection[] = [
  {
    id: 'short-version',
    title: 'The short version',
    content: (
      <TextList>
        <li>We do not sell your data.</li>
        <li>There are no adverts on this site, and no advertising or analytics trackers.</li>
        <li>
          You do not need an account: a cookie with a random code keeps your things together. If you
          choose to sign in, we keep your e-mail address, so your things follow you to every device
          you sign in on.
        </li>
        <li>
          Your trips, bookings, chat and photos are deleted 400 days after your last visit. You can
          delete most of them yourself sooner.
        </li>
        <li>You can ask us for a copy of your data, or ask us to delete it, at any time.</li>
      </TextList>
    ),
  },
  {
    id: 'visitor-cookie',
    title: 'How the site knows your things are yours',
    content: (
      <>
        <p>
          You do not need an account. The first time a page asks our server for anything, your
          browser gets a cookie. It holds a random code and nothing else: not your name, not your
          address.
        </p>
        <p>
          Your trips, bookings, chat, photos and links belong to that code. We keep a scrambled copy
          of the code (a hash), not the code itself. Just looking at pages does not create a visitor
          record: we store one when you first make something, such as a trip, a booking, a question
          to the assistant or an upload.
        </p>
        <p>
          If you clear this site’s cookies, or use another browser or device, the site sees you as a
          new visitor and cannot show you your earlier things.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'If you sign in',
    content: (
      <>
        <p>
          Signing in is optional. It keeps your trips, bookings, photos and chat on every device you
          sign in on. There is no password: we e-mail you a six-digit code and a link, or you use a
          passkey you added. When you first sign in, what this browser made becomes your account’s.
        </p>
        <TextList>
          <li>
            <strong>Your e-mail address</strong>, when the account was made and when you last signed
            in: to send you sign-in codes and to know which things are yours.
          </li>
          <li>
            <strong>Sign-in codes and links</strong>, only as scrambled copies (hashes). Each works
            once, for 15 minutes; a new one replaces the last.
          </li>
          <li>
            <strong>Each signed-in device</strong>: a rough name of its browser (such as “Chrome on
            Android”, never the whole browser string), when it signed in and when it was last seen,
            so you can sign it out from the account page.
          </li>
          <li>
            <strong>Each passkey you add</strong>: its public key, the name you give it and when it
            was added and last used. Your fingerprint, face or screen-lock PIN never leave your
            device; we cannot see them.
          </li>
          <li>
            <strong>An account is kept until you delete it</strong>, with everything in it: the
            400-day clean-up below does not delete a signed-in account’s things.
          </li>
        </TextList>
      </>
    ),
  },
  {
    id: 'what-we-keep',
    title: 'What we keep, and why',
    content: (
      <>
        <p>We keep what you make on the site, so that we can show it to you again:</p>
        <TextList>
          <li>
            <strong>Trips and trip items</strong>: the names, places, dates, times, prices and
            descriptions you type.
          </li>
          <li>
            <strong>Itinerary links and calendar addresses</strong> you make for a trip, and the
            e-mail address you send a link to. We keep them so the link works and so you can stop
            it.
          </li>
          <li>
            <strong>Bookings and receipts</strong>: what was booked, the amount, how it was paid,
            and the payment’s reference (the card payment’s number at Stripe, or the wallet address
            and the transaction).
          </li>
          <li>
            <strong>Your chat with Beth, the assistant</strong>: your messages and her answers, so
            the conversation can go on. We keep the latest 200 messages; older ones are deleted as
            new ones come.
          </li>
          <li>
            <strong>Photos and videos</strong> you upload, with their names and the descriptions you
            write. We also read when and where a photo or video was taken, if your camera saved that
            in the file, to put your travel movies in order and name the places. We keep the file as
            you uploaded it.
          </li>
          <li>
            <strong>Travel movies</strong> made from your photos and videos.
          </li>
          <li>
            <strong>Share links</strong> to your photos and videos, and the e-mail address you share
            them with.
          </li>
        </TextList>
        <TextSubheading>Server logs</TextSubheading>
        <p>
          Our server writes a log line for each request: the time, the page or address asked for,
          the answer, and your network (IP) address. We use the logs to keep the site working and
          safe. Cookies, secret link codes and anything after a “?” in an address are left out of
          them.
        </p>
        <p>
          To stop one person from overloading the site, we also count requests from each network
          address, for up to an hour at a time.
        </p>
      </>
    ),
  },
  {
    id: TRUST_SECTIONS.privacyBetaSignups.id,
    title: 'If you join the beta programme',
    content: (
      <>
        <p>When you sign up as a beta tester, we keep what you tell us in the sign-up form:</p>
        <TextList>
          <li>your first and last name, your phone number and its country;</li>
          <li>your e-mail address, if you give one;</li>
          <li>the travel interests and accessibility needs you tick;</li>
          <li>how often you travel and your budget, if you say;</li>
          <li>how you want us to contact you, and which messages you want;</li>
          <li>how you heard about us, if you say;</li>
          <li>your four agreements, when you signed up, and whether you confirmed your e-mail.</li>
        </TextList>
        <p>
          We use these answers to run the beta programme: to send your access code, to contact you
          about the programme in the way you chose, and to learn what travellers with your needs
          want from the site. Accessibility needs are personal: ticking them is up to you, and we
          use them only for this.
        </p>
        <p>
          Your sign-up is not part of your visitor record, and the 400-day rule below does not
          delete it.
        </p>
      </>
    ),
  },
  {
    id: 'how-long',
    title: 'How long we keep it',
    content: (
      <TextList>
        <li>
          <strong>While you use the site, we keep your things.</strong> Each day you open or change
          them, the 400 days start again.
        </li>
        <li>
          <strong>After 400 days without a visit, we delete your visitor record</strong> and
          everything in it: trips and their items, itinerary links and calendar addresses, bookings
          and their payments, your chat, your photos, videos and movies (from our storage too) and
          your share links, which then stop working.
        </li>
        <li>
          <strong>A visitor record with nothing in it</strong> (you made nothing, or deleted it all)
          is deleted after 30 days without a visit.
        </li>
        <li>
          Someone else opening a link you shared, or a calendar app reading your trip, does not
          count as your visit.
        </li>
        <li>
          <strong>Beta sign-ups are not deleted automatically.</strong> We keep yours for the beta
          programme, and delete it when you ask us. The link in your confirmation e-mail stops
          working after 24 hours.
        </li>
        <li>
          <strong>Server logs</strong> are kept by our hosting, not by the site; how long depends on
          how the server is run.
        </li>
      </TextList>
    ),
  },
  {
    id: 'who-else',
    title: 'Who else receives your data',
    content: (
      <>
        <p>
          We do not sell your data or share it for advertising. Some of it goes to other services,
          only to do what you asked:
        </p>
        <TextList>
          <li>
            <strong>Our e-mail provider</strong>, when the site sends an e-mail: your confirmation
            as a beta tester, a sign-in code, or a link you share by e-mail. The provider receives
            the address and the message to deliver it.
          </li>
          <li>
            <strong>Stripe, for card payments</strong>, when they are switched on. You type your
            card details into Stripe’s own form on our payment page, so they go to Stripe, not to
            us. We receive the payment’s number and whether it succeeded.
          </li>
          <li>
            <strong>A blockchain, for wallet payments.</strong> A wallet payment is a transaction on
            a blockchain: the wallet addresses, the amount and the time can be seen by anyone, for
            ever. Nobody can delete them, not even us.
          </li>
          <li>
            <strong>An AI model provider, if we connect one.</strong> Beth, the assistant, answers
            with her own built-in engine on our server. If we connect an AI model service, it
            receives your message, your latest messages before it, and what Beth looks up to answer
            (your trip’s items, for example). When it writes a travel movie, it receives the names,
            descriptions, dates and places of the photos and videos you chose, not the files
            themselves. Messages about a crisis are always answered by the built-in engine and are
            not sent.
          </li>
          <li>
            <strong>Your browser’s speech service</strong>, if you use voice search. Your browser
            turns your speech into text; some browsers send the sound to their maker’s service to do
            it. We receive only the words.
          </li>
          <li>
            <strong>The companies that host our server, database and file storage</strong>, which
            hold the data for us.
          </li>
          <li>
            <strong>The people you share with.</strong> A share link or an itinerary link shows
            those photos or that trip to anyone who has the link. A shared photo is the file as you
            uploaded it: if your camera saved where it was taken, the people you share it with can
            read that too.
          </li>
        </TextList>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and storage on your device',
    content: (
      <>
        <p>
          We use only what the site needs to work, so we do not ask you to accept cookies. There are
          no advertising, analytics or social media cookies. The share buttons at the bottom of each
          page are plain links: nothing goes to those sites unless you click one.
        </p>
        <TextSubheading>Cookies</TextSubheading>
        <TextList>
          <li>
            <code>sid</code> (called <code>__Host-sid</code> on a secure address): your visitor
            cookie, described above. It lasts 400 days from your last visit.
          </li>
          <li>
            When card payments are switched on, Stripe’s form on the payment page can set Stripe’s
            own cookies, which Stripe uses to prevent fraud.
          </li>
        </TextList>
        <TextSubheading>Stored in your browser only</TextSubheading>
        <p>These stay on your device; they are not sent to us.</p>
        <TextList>
          <li>
            <code>cart:v2</code>: the places in your cart, until you empty it.
          </li>
          <li>
            <code>search-form:v1</code>: what you typed in the trip search, until you close the tab.
          </li>
          <li>
            <code>advisory-hidden-24h</code> and <code>advisory-dismissed</code>: that you hid the
            travel advisory banner, for 24 hours or until you close the tab.
          </li>
          <li>
            <code>scroll-positions</code>: where you were on each page, so that Back takes you
            there. Kept until you close the tab.
          </li>
          <li>
            The photos and videos you picked to upload, so an upload that was cut off can go on.
            Kept for up to 24 hours.
          </li>
          <li>
            A copy of the Emergency Information page and its numbers, once you open it, so that it
            works without a connection.
          </li>
        </TextList>
      </>
    ),
  },
  {
    id: TRUST_SECTIONS.privacyRights.id,
    title: 'Getting a copy of your data, or deleting it',
    content: (
      <>
        <p>You can do some of this yourself today:</p>
        <TextList>
          <li>Delete a trip or a trip item in the trip planner.</li>
          <li>Delete a photo or a video in the media gallery.</li>
          <li>Stop a share link, an itinerary link or a calendar address.</li>
          <li>Download a trip as a calendar file, and print a booking’s receipt.</li>
        </TextList>
        <p>
          For everything else, write to us at <MailLink subject="Privacy request" />. Ask for a copy
          of your data, or ask us to delete it: your beta sign-up, your bookings, your chat, or all
          of it. Tell us how to find it, for example the e-mail address or phone number you signed
          up with, a booking’s confirmation code, or a link you made. We may ask you to show that it
          is yours. We aim to answer within 30 days.
        </p>
        <p>
          If you sign in, the <TextLink to={APP_ROUTES.account}>account page</TextLink> has{' '}
          <strong>Download my data</strong> (one ZIP file with every record of your account and your
          photos, videos and movies) and <strong>Delete my account</strong> (the account and
          everything in it, files too; your beta sign-up stays until you ask us). Both ask that you
          signed in within the last 10 minutes, so nobody else at your device can do it.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        When we change this policy, we change the date at the top of this page. Questions about it
        are welcome: see <TextLink to={APP_ROUTES.contact}>how to contact us</TextLink>.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <TextPage
      title="Privacy policy"
      lead="What Accessible Journeys keeps about you, why, for how long, and who else receives it."
      updated="2026-11-26"
      sections={SECTIONS}
    />
  );
}
