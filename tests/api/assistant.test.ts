import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatResponseSchema, type ChatResponse } from '../../contracts/chat.js';
import {
  addressesUnder,
  createVisitor,
  startTestServer,
  type TestServer,
  type Visitor,
} from '../helpers/server.js';
import { ASSISTANT_CASES, type AssistantCase, type TripSetup } from './assistant-questions.js';

/**
 * The regression table of issue 23 (tests/api/assistant-questions.ts), asked of the built-in
 * assistant the way a visitor asks: a new visitor per case, its trips made through the API first,
 * the earlier turns of the conversation asked in order, then the question.
 */

/** The evasive fallback: wrong wherever the site holds the answer. */
const EVASIVE = "I'd rather not guess";
/** Never true of any answer: an invented zero budget, or a value that was never filled in. */
const NEVER = ['within $0', /\bundefined\b/, /\bNaN\b/, '[object Object]'];

function label(c: AssistantCase, index: number): string {
  const turns = c.before ? `${c.before.join(' / ')} → ` : '';
  return `#${index + 1} [${c.pattern}] ${turns}${c.ask}`;
}

async function makeTrips(visitor: Visitor, trips: TripSetup[]): Promise<string[]> {
  const ids: string[] = [];
  for (const { items = [], ...trip } of trips) {
    const created = await visitor.request('POST', '/api/trip-planners', { body: trip });
    expect(created.status, 'trip created').toBe(201);
    const { id } = (await created.json()) as { id: string };
    for (const item of items) {
      const added = await visitor.request('POST', '/api/planner-items', {
        body: { ...item, plannerId: id },
      });
      expect(added.status, `item ${item.itemName} created`).toBe(201);
    }
    ids.push(id);
  }
  return ids;
}

async function ask(visitor: Visitor, message: string, plannerId?: string): Promise<ChatResponse> {
  const response = await visitor.request('POST', '/api/chat', {
    body: plannerId ? { message, plannerId } : { message },
  });
  expect(response.status, `status of "${message}"`).toBe(200);
  return chatResponseSchema.parse(await response.json());
}

function expectHolds(text: string, fact: string | RegExp) {
  if (typeof fact === 'string') expect(text).toContain(fact);
  else expect(text).toMatch(fact);
}

function expectLacks(text: string, fact: string | RegExp) {
  if (typeof fact === 'string') expect(text).not.toContain(fact);
  else expect(text).not.toMatch(fact);
}

describe('the assistant answers travellers (issue 23)', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Each case's visitor at an address of its own, as travellers are: the cases run faster than
    // the chat's allowance per address (CHAT_PER_MINUTE_PER_ADDRESS).
    server = await startTestServer({ TRUST_PROXY: 'loopback' });
  });
  const nextAddress = addressesUnder('10.23');
  afterAll(() => server?.close());

  it('holds at least 200 cases, multi-turn ones among them', () => {
    expect(ASSISTANT_CASES.length).toBeGreaterThanOrEqual(200);
    expect(ASSISTANT_CASES.filter((c) => c.before?.length).length).toBeGreaterThanOrEqual(20);
    const patterns = new Set(ASSISTANT_CASES.map((c) => c.pattern));
    for (let pattern = 1; pattern <= 13; pattern++) expect(patterns).toContain(pattern);
  });

  it.each(ASSISTANT_CASES.map((c, i) => [label(c, i), c] as const))('%s', async (_, c) => {
    const visitor = createVisitor(server.url, { address: nextAddress() });
    // As a browser does: the page's first call starts the session.
    await visitor.request('GET', '/api/chat');
    const trips = c.trip === undefined ? [] : Array.isArray(c.trip) ? c.trip : [c.trip];
    const tripIds = await makeTrips(visitor, trips);
    const plannerId = c.openTrip === undefined ? undefined : tripIds[c.openTrip];
    for (const turn of c.before ?? []) await ask(visitor, turn, plannerId);

    const body = await ask(visitor, c.ask, plannerId);
    const text = body.response;

    for (const fact of c.must ?? []) expectHolds(text, fact);
    for (const fact of [...(c.mustNot ?? []), ...NEVER]) expectLacks(text, fact);
    if (!c.outOfScope) expectLacks(text, EVASIVE);
    if (c.startsWith) expect(text.trimStart()).toMatch(c.startsWith);

    const proposal = body.reply.proposal;
    if (c.noProposal) expect(proposal).toBeUndefined();
    const wanted = c.proposal;
    if (!wanted) return;
    expect(proposal, 'a proposal card').toBeDefined();
    if (!proposal) return;
    expect(proposal.status).toBe('proposed');
    expect(proposal.kind ?? 'item').toBe(wanted.kind);

    if (proposal.kind === 'plan') {
      const days = new Set(proposal.items.map((item) => item.scheduledDate));
      if (wanted.minDays) expect(days.size).toBeGreaterThanOrEqual(wanted.minDays);
      if (wanted.itemName) {
        const itemName = wanted.itemName;
        expect(
          proposal.items.some((item) => itemName.test(`${item.itemName} ${item.itemDescription}`)),
          `a plan item matching ${itemName}`,
        ).toBe(true);
      }
      if (wanted.price) {
        expect(proposal.items.map((item) => item.price)).toContain(wanted.price);
      }
      if (wanted.gaps) expect(proposal.gaps.length).toBeGreaterThan(0);
      if (wanted.forOpenTrip) expect(proposal.plannerId).toBe(plannerId);
      return;
    }

    if (wanted.itemType) expect(proposal.itemType).toBe(wanted.itemType);
    if (wanted.price) expect(proposal.price).toBe(wanted.price);
    if (wanted.itemName) expect(proposal.itemName).toMatch(wanted.itemName);
    if (wanted.scheduledTime) expect(proposal.scheduledTime).toBe(wanted.scheduledTime);
    if (wanted.scheduledDate) expect(proposal.scheduledDate).toBe(wanted.scheduledDate);
    if (wanted.forOpenTrip) expect(proposal.plannerId).toBe(plannerId);
    if (wanted.warning) {
      expect(`${(proposal.warnings ?? []).join(' ')} ${text}`).toMatch(wanted.warning);
    }
  });
});
