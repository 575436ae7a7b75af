import { describe, expect, it } from 'vitest';
import { repeatSignupMail, verificationMail } from './mail.js';

const signup = { firstName: 'Ana', accessCode: 'AJ-1234' };
const link = 'https://journeys.test/verify-email?token=t&email=ana%40example.com';
const contact = 'https://journeys.test/contact';

describe('the verification mail', () => {
  const mail = verificationMail(signup, link, contact);

  it('points to the link where it is: above the steps, in the text and the HTML', () => {
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toMatch(/\bbelow\b/);
      const step = part.indexOf('Confirm your e-mail address with the link above.');
      expect(step).toBeGreaterThan(-1);
      expect(part.indexOf('https://journeys.test/verify-email')).toBeLessThan(step);
    }
  });

  it('invites no reply, and says where help is instead', () => {
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Please do not reply to this message.');
      expect(part.replace('Please do not reply to this message.', '')).not.toMatch(/\breply/i);
      expect(part).toContain(contact);
    }
  });
});

describe('the repeated sign-up mail', () => {
  it('invites no reply, and says where help is instead', () => {
    const mail = repeatSignupMail(signup, contact);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Please do not reply to this message.');
      expect(part).toContain(contact);
    }
  });
});
