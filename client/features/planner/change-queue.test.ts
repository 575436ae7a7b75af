import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEALTH_PATH } from '../../../contracts/offline';
import type { PlannerItem } from '../../../contracts/planner';
import { createQueryClient } from '../../lib/query-client';
import {
  forgetPendingChanges,
  pendingChanges,
  queueChange,
  resolveChange,
  sendPendingChanges,
} from './change-queue';

/*
 * The queue against a stand-in for the server (fetch is what sits across the network). Without
 * IndexedDB here the queue lives in memory; the Web Lock is Node's own.
 */

const local = (fields: Partial<PlannerItem> = {}): PlannerItem => ({
  id: `local-${crypto.randomUUID()}`,
  plannerId: 'trip-1',
  itemType: 'activity',
  itemName: 'Tram 28',
  itemDescription: null,
  scheduledDate: '2027-03-02',
  scheduledTime: '',
  price: '0.00',
  isBooked: false,
  priority: 0,
  createdAt: '2026-11-27T10:00:00.000Z',
  version: 1,
  ...fields,
});
const inputOf = (item: PlannerItem) => ({
  plannerId: item.plannerId,
  itemType: item.itemType,
  itemName: item.itemName,
  scheduledDate: item.scheduledDate,
});
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

interface Call {
  method: string;
  url: string;
  body: unknown;
  ifMatch: string | null;
}

describe('the change queue', () => {
  const calls: Call[] = [];
  let answer: (call: Call) => Response | Promise<Response>;
  const queryClient = createQueryClient();

  beforeEach(() => {
    calls.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const headers = new Headers(init.headers);
        const call = {
          method: init.method ?? 'GET',
          url,
          body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
          ifMatch: headers.get('if-match'),
        };
        // The connection itself works (client/lib/connection.ts asks): this answer was lost.
        if (url === HEALTH_PATH) return json(200, { status: 'ok' });
        calls.push(call);
        return answer(call);
      }),
    );
  });
  afterEach(async () => {
    await forgetPendingChanges();
    vi.unstubAllGlobals();
  });

  it('sends a new item again as it was after a lost answer, and a later edit on its own after it', async () => {
    const item = local();
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await queueChange(queryClient, {
      kind: 'createItem',
      item,
      input: inputOf(item),
      attempted: true,
    });
    await sendPendingChanges(queryClient);
    await queueChange(queryClient, {
      kind: 'updateItem',
      item,
      changes: { itemName: 'Tram 28 at dawn' },
    });
    expect(pendingChanges().map((c) => c.kind)).toEqual(['createItem', 'updateItem']);

    calls.length = 0;
    answer = (call) =>
      call.method === 'POST'
        ? json(201, { ...item, id: 'server-1', version: 1 })
        : json(200, { ...item, id: 'server-1', itemName: 'Tram 28 at dawn', version: 2 });
    await sendPendingChanges(queryClient);
    expect(calls.map((c) => [c.method, c.url, c.body, c.ifMatch])).toEqual([
      ['POST', '/api/planner-items', inputOf(item), null],
      ['PATCH', '/api/planner-items/server-1', { itemName: 'Tram 28 at dawn' }, '"1"'],
    ]);
    expect(pendingChanges()).toEqual([]);
  });

  it('marks a new item sent without an answer as maybe made; one never sent takes later edits in', async () => {
    const item = local();
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await queueChange(queryClient, { kind: 'createItem', item, input: inputOf(item) });
    await sendPendingChanges(queryClient);
    expect(pendingChanges()).toMatchObject([{ kind: 'createItem', attempted: true }]);
    await forgetPendingChanges();

    onlineManager.setOnline(false);
    try {
      const fresh = local();
      await queueChange(queryClient, { kind: 'createItem', item: fresh, input: inputOf(fresh) });
      await queueChange(queryClient, {
        kind: 'updateItem',
        item: fresh,
        changes: { itemName: 'Tram 12' },
      });
      expect(pendingChanges()).toMatchObject([
        { kind: 'createItem', input: { itemName: 'Tram 12' } },
      ]);
      expect(pendingChanges()[0]).not.toHaveProperty('attempted');
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('drops the later changes to a new item the server refused, once the traveller lets it go', async () => {
    const item = local();
    answer = (call) =>
      call.method === 'POST'
        ? json(400, { message: 'The trip has ended.' })
        : json(500, { message: 'unexpected' });
    await queueChange(queryClient, { kind: 'createItem', item, input: inputOf(item) });
    await queueChange(queryClient, {
      kind: 'updateItem',
      item,
      changes: { isBooked: true },
    });
    await sendPendingChanges(queryClient);
    const held = pendingChanges().find((c) => c.problem);
    expect(held?.problem).toEqual({ type: 'refused', message: 'The trip has ended.' });

    await resolveChange(queryClient, held!.key, 'theirs');
    expect(pendingChanges()).toEqual([]);
  });

  it('holds a change a rule refused with a 409, and tries again later on a 409 that says when', async () => {
    const item = local({ id: 'server-2', version: 4 });
    answer = () => json(409, { message: 'The trip holds as many items as it can.' });
    await queueChange(queryClient, { kind: 'updateItem', item, changes: { price: '10' } });
    await sendPendingChanges(queryClient);
    expect(pendingChanges()[0]?.problem).toEqual({
      type: 'refused',
      message: 'The trip holds as many items as it can.',
    });
    await forgetPendingChanges();

    answer = () => json(409, { message: 'Still answering.' }, { 'retry-after': '1' });
    await queueChange(queryClient, { kind: 'updateItem', item, changes: { price: '11' } });
    await sendPendingChanges(queryClient);
    expect(pendingChanges()[0]?.problem).toBeUndefined();
  });

  it('makes a change without a precondition when the saved item has no version (saved before versions)', async () => {
    const item = local({ id: 'server-3', version: undefined as unknown as number });
    answer = () => json(200, { ...item, version: 1 });
    await queueChange(queryClient, { kind: 'updateItem', item, changes: { price: '5' } });
    await sendPendingChanges(queryClient);
    expect(calls.at(-1)).toMatchObject({ method: 'PATCH', ifMatch: null });
    expect(pendingChanges()).toEqual([]);
  });
});
