import { describe, expect, it } from 'vitest';
import { signInMail } from './mail.js';

describe('the sign-in mail', () => {
  it('names no link below, invites no reply, and says where help is instead', () => {
    const contact = 'https://journeys.test/contact';
    const mail = signInMail('123456', 'https://journeys.test/sign-in-link?token=t', contact);
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toMatch(/\bbelow\b/);
      expect(part).toContain('Please do not reply to this message.');
      expect(part).toContain(contact);
    }
  });
});
