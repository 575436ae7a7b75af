import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { EMERGENCY_CONTACTS } from '../../server/catalogue/emergency-contacts.js';
import {
  KITS_BUSY_MESSAGE,
  KITS_QUEUED_MAX,
} from '../../server/features/emergency/safety-kit-service.js';
import { createVisitor, startTestServer, type TestServer } from '../helpers/server.js';

const KIT = '/api/emergency-contacts/safety-kit.pdf';

interface ExtractedPdf {
  pages: { width: number; height: number; text: string }[];
  text: string;
  info: Record<string, unknown>;
  /** The roles of the tagged structure of page 1, in reading order. */
  roles: string[];
}

/** Reads a PDF the way an assistive technology or a copy-paste would: its text, not its pixels. */
async function extract(bytes: ArrayBuffer): Promise<ExtractedPdf> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const [, , width, height] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
      .join('');
    pages.push({ width: Math.round(width), height: Math.round(height), text });
  }
  const roles: string[] = [];
  const walk = (node: { role?: string; children?: unknown[] }) => {
    if (node.role) roles.push(node.role);
    for (const child of node.children ?? []) walk(child as typeof node);
  };
  walk((await (await pdf.getPage(1)).getStructTree()) as never);
  const { info } = await pdf.getMetadata();
  await pdf.destroy();
  return {
    pages,
    text: pages.map((page) => page.text).join('\n'),
    info: info as Record<string, unknown>,
    roles,
  };
}

/** "Emergency number: 112" may wrap or split into runs; compare with spaces collapsed. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('the Travel Safety Kit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const kit = (query: string, visitor = createVisitor(server.url)) =>
    visitor.request('GET', `${KIT}${query}`);

  it('is a PDF download with the chosen countries, their numbers and advisories', async () => {
    const response = await kit('?countries=pt,JP,mx');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="travel-safety-kit.pdf"',
    );
    expect(response.headers.get('cache-control')).toBe('no-store');

    const pdf = await extract(await response.arrayBuffer());
    expect(pdf.pages.length).toBeGreaterThan(0);
    const text = flat(pdf.text);
    expect(text).toContain('Travel Safety Kit');
    expect(text).toContain('In an emergency, contact local emergency services first.');
    expect(text).toContain('Portugal (PT)');
    expect(text).toContain('Japan (JP)');
    expect(text).toContain('Mexico (MX)');
    expect(text).toContain('Emergency number: 112');
    expect(text).toContain('Emergency number: 110');
    expect(text).toContain('Ambulance: 119');
    expect(text).toContain('Emergency number: 911');
    expect(text).toContain('Emergency Watch (U.S. citizens): +1-202-501-4444');
    expect(text).toContain('Level 2, Exercise Increased Caution');
    expect(text).not.toContain('France (FR)');
    // The general sections, for every kind of need.
    for (const heading of [
      'Travel Safety Tips',
      'Mobility',
      'Blind or low vision',
      'Deaf or hard of hearing',
      'Neurodiversity and cognitive needs',
      'Service animals',
      'For veterans',
      'For U.S. citizens abroad',
    ]) {
      expect(text).toContain(heading);
    }
    expect(text).toContain('dial 988, then press 1');
    expect(text).toContain('text 838255');
    expect(text).toContain('https://step.state.gov');
    const count = pdf.pages.length;
    pdf.pages.forEach((page, index) =>
      expect(flat(page.text)).toContain(`Page ${index + 1} of ${count}`),
    );
  });

  it('is a tagged, titled document a screen reader can follow', async () => {
    const pdf = await extract(await (await kit('?countries=PT')).arrayBuffer());
    expect(pdf.info).toMatchObject({ Title: 'Travel Safety Kit', Language: 'en' });
    expect(pdf.info.Author).toBeTruthy();
    expect(pdf.roles.slice(0, 3)).toEqual(['Root', 'Document', 'H1']);
    expect(pdf.roles).toContain('H2');
    expect(pdf.roles).toContain('P');
  });

  it('prints on A4 by default and on Letter when asked', async () => {
    const a4 = await extract(await (await kit('?countries=PT')).arrayBuffer());
    const letter = await extract(await (await kit('?countries=PT&paper=letter')).arrayBuffer());
    for (const page of a4.pages) expect(page).toMatchObject({ width: 595, height: 842 });
    for (const page of letter.pages) expect(page).toMatchObject({ width: 612, height: 792 });
  });

  it('covers up to 50 countries, each with its number', async () => {
    const fifty = EMERGENCY_CONTACTS.slice(0, 50);
    const response = await kit(`?countries=${fifty.map((c) => c.countryCode).join(',')}`);
    expect(response.status).toBe(200);
    const text = flat((await extract(await response.arrayBuffer())).text);
    for (const contact of fifty) {
      expect(text).toContain(`${contact.country} (${contact.countryCode})`);
      expect(text).toContain(`Emergency number: ${contact.emergencyNumber ?? 'not known'}`);
    }
  }, 60_000);

  it('refuses more than 50 countries, an unknown code and a bad paper size with a clear 400', async () => {
    const cases: [string, string][] = [
      [
        `?countries=${EMERGENCY_CONTACTS.slice(0, 51)
          .map((c) => c.countryCode)
          .join(',')}`,
        'At most 50 countries',
      ],
      ['?countries=PT,XX', 'Unknown country code: XX'],
      ['?countries=pt,zz,Portugal', 'Unknown country codes: ZZ, PORTUGAL'],
      ['?countries=,', 'Choose at least one country, or leave countries out to use your trips'],
      ['?countries=PT&paper=a3', 'Paper is a4 or letter'],
    ];
    for (const [query, message] of cases) {
      const response = await kit(query);
      expect(response.status, query).toBe(400);
      expect(response.headers.get('content-type'), query).toMatch(/^application\/json/);
      expect(((await response.json()) as { message: string }).message, query).toBe(message);
    }
  });

  it("defaults to the countries of the visitor's own trips, and never another visitor's", async () => {
    const traveller = createVisitor(server.url);
    const created = await traveller.request('POST', '/api/trip-planners', {
      body: {
        title: 'Spring in Lisbon',
        destination: 'Lisbon, Portugal',
        startDate: '2027-04-01',
        endDate: '2027-04-08',
        status: 'planning',
      },
    });
    expect(created.status).toBe(201);
    await traveller.request('POST', '/api/trip-planners', {
      body: {
        title: 'Rockies',
        destination: 'Banff',
        startDate: '2027-06-01',
        endDate: '2027-06-08',
        status: 'planning',
      },
    });

    const own = await kit('', traveller);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    const ownText = flat((await extract(await own.arrayBuffer())).text);
    expect(ownText).toContain('Portugal (PT)');
    expect(ownText).toContain('Emergency number: 112');
    expect(ownText).toContain('Canada (CA)');
    expect(ownText).toContain('The countries are those of the trips in your planner.');
    expect(ownText).not.toContain('Mexico (MX)');

    // A stranger, with or without a session of their own, gets the fallback list.
    const stranger = createVisitor(server.url);
    await stranger.request('GET', '/api/trip-planners');
    for (const visitor of [stranger, createVisitor(server.url)]) {
      const text = flat((await extract(await (await kit('', visitor)).arrayBuffer())).text);
      expect(text).not.toContain('Portugal');
      expect(text).toContain('No trip country found');
      for (const fallback of ['United States (US)', 'Canada (CA)', 'Mexico (MX)']) {
        expect(text).toContain(fallback);
      }
    }

    // Chosen countries win over the trips.
    const chosen = flat(
      (await extract(await (await kit('?countries=JP', traveller)).arrayBuffer())).text,
    );
    expect(chosen).toContain('Japan (JP)');
    expect(chosen).not.toContain('Portugal (PT)');
  });

  it('writes kits off the event loop and, past its queue, tells the next request to come back', async () => {
    // More fifty-country kits at once than one process writes or queues: the rest are refused at
    // once with 503 and Retry-After, and the server keeps answering meanwhile.
    const fifty = `?countries=${EMERGENCY_CONTACTS.slice(0, 50)
      .map((c) => c.countryCode)
      .join(',')}`;
    const visitors = Array.from({ length: KITS_QUEUED_MAX + 10 }, () => createVisitor(server.url));
    // Each with a cookie of its own, so that no per-visitor limit answers first.
    await Promise.all(visitors.map((visitor) => visitor.request('GET', '/api/health')));
    const answers = Promise.all(visitors.map((visitor) => kit(fifty, visitor)));
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    const responses = await answers;
    const refused = responses.filter((response) => response.status === 503);
    const written = responses.filter((response) => response.status === 200);
    expect(written.length + refused.length).toBe(responses.length);
    expect(written.length).toBeGreaterThanOrEqual(KITS_QUEUED_MAX);
    expect(refused.length).toBeGreaterThan(0);
    for (const response of refused) {
      expect(response.headers.get('retry-after')).toBe('5');
      expect(await response.json()).toEqual({ message: KITS_BUSY_MESSAGE });
    }
    for (const response of written) {
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await response.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
    // The pool is free again once the flood is over.
    expect((await kit('?countries=PT')).status).toBe(200);
  }, 120_000);
});
