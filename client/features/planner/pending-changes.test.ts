import { describe, expect, it } from 'vitest';
import type { PlannerItem, Trip, UpdatePlannerItemInput } from '../../../contracts/planner';
import {
  addChange,
  comparePlannerItems,
  differences,
  tripsWithChanges,
  withChanges,
  type PendingChange,
} from './pending-changes';

const item = (fields: Partial<PlannerItem> = {}): PlannerItem => ({
  id: 'item-1',
  plannerId: 'trip-1',
  itemType: 'hotel',
  itemName: 'Harbour Hotel',
  itemDescription: null,
  scheduledDate: '2027-03-02',
  scheduledTime: '',
  price: '120.00',
  isBooked: false,
  priority: 0,
  createdAt: '2026-11-21T10:00:00.000Z',
  version: 3,
  ...fields,
});

const trip: Trip = {
  id: 'trip-1',
  title: 'Lisbon',
  destination: 'Lisbon, Portugal',
  startDate: '2027-03-01',
  endDate: '2027-03-05',
  status: 'planning',
  createdAt: '2026-11-20T10:00:00.000Z',
  version: 2,
};

let n = 0;
const stamp = () => {
  n += 1;
  return { key: `k${String(n).padStart(4, '0')}`, id: `change-${n}`, queuedAt: n };
};
const created = (made: PlannerItem): PendingChange => ({
  ...stamp(),
  kind: 'createItem',
  item: made,
  input: {
    plannerId: made.plannerId,
    itemType: made.itemType,
    itemName: made.itemName,
    scheduledDate: made.scheduledDate,
  },
});
const updated = (seen: PlannerItem, changes: UpdatePlannerItemInput) =>
  ({ ...stamp(), kind: 'updateItem', item: seen, changes }) as PendingChange;
const deleted = (seen: PlannerItem): PendingChange => ({
  ...stamp(),
  kind: 'deleteItem',
  item: seen,
});

describe('a change joining those waiting', () => {
  it('folds two edits of one item into one, made on the version first seen', () => {
    const first = updated(item(), { itemName: 'Harbour Inn' });
    const second = updated(item({ itemName: 'Harbour Inn' }), { price: '90' });
    const queue = addChange(addChange([], first), second);
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({
      kind: 'updateItem',
      item: { version: 3, itemName: 'Harbour Hotel' },
      changes: { itemName: 'Harbour Inn', price: '90' },
    });
  });

  it('never sends an item made and deleted on the device', () => {
    const local = item({ id: 'local-1', version: 0 });
    const queue = [created(local), updated(local, { itemName: 'x' })].reduce(addChange, []);
    expect(addChange(queue, deleted(local))).toEqual([]);
  });

  it('sends an item maybe made already (its answer lost) as it was, then its deletion', () => {
    const made = item({ id: 'local-1' });
    const create = { ...created(made), attempted: true } as PendingChange;
    const queue = addChange(
      addChange([create], updated(made, { itemName: 'Tram' })),
      deleted(made),
    );
    expect(queue.map((change) => change.kind)).toEqual(['createItem', 'deleteItem']);
    expect(queue[0]).toBe(create);
  });

  it('sends an item made then edited as it ended, with booking as a change after it', () => {
    const local = item({ id: 'local-1', version: 0 });
    let queue = addChange([], created(local));
    queue = addChange(queue, updated(local, { itemName: 'Harbour Inn', isBooked: true }));
    expect(queue.map((c) => c.kind)).toEqual(['createItem', 'updateItem']);
    expect(queue[0]).toMatchObject({ input: { itemName: 'Harbour Inn' } });
    expect(queue[0]).not.toHaveProperty('input.isBooked');
    expect(queue[1]).toMatchObject({ changes: { isBooked: true } });
  });

  it('deletes an item edited then deleted on the version first seen', () => {
    const queue = [updated(item(), { itemName: 'Harbour Inn' })].reduce(addChange, []);
    const after = addChange(queue, deleted(item({ itemName: 'Harbour Inn', version: 3 })));
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ kind: 'deleteItem', item: { itemName: 'Harbour Hotel' } });
  });

  it('keeps a change held for a choice as it is: a later one waits behind it', () => {
    const held = {
      ...updated(item(), { itemName: 'A' }),
      problem: { type: 'gone' },
    } as PendingChange;
    const later = updated(item(), { itemName: 'B' });
    expect(addChange([held], later)).toEqual([held, later]);
  });

  it('keeps changes to different things apart, in the order made', () => {
    const a = updated(item(), { itemName: 'A' });
    const b = deleted(item({ id: 'item-2' }));
    const c = {
      ...stamp(),
      kind: 'updateTrip',
      trip,
      changes: { title: 'Porto' },
    } as PendingChange;
    expect([a, b, c].reduce(addChange, [])).toEqual([a, b, c]);
  });
});

describe('the waiting changes on the server’s answer', () => {
  const hotel = item();
  const museum = item({
    id: 'item-2',
    itemName: 'Museum',
    itemType: 'activity',
    scheduledTime: 'morning',
  });

  it('adds, changes and removes items, in the planner’s order, whatever the range', () => {
    const local = item({
      id: 'local-1',
      itemName: 'Tram',
      scheduledDate: '2027-03-03',
      version: 0,
    });
    const changes = [
      created(local),
      updated(hotel, { scheduledDate: '2027-03-04' }),
      deleted(museum),
    ];
    const all = withChanges([museum, hotel], changes, 'trip-1');
    expect(all.map((i) => [i.itemName, i.scheduledDate])).toEqual([
      ['Tram', '2027-03-03'],
      ['Harbour Hotel', '2027-03-04'],
    ]);
    const march2 = withChanges([museum, hotel], changes, 'trip-1', {
      from: '2027-03-02',
      to: '2027-03-02',
    });
    expect(march2).toEqual([]);
  });

  it('gives the same list when made twice (a saved read already showing them)', () => {
    const changes = [created(item({ id: 'local-9', version: 0 })), updated(hotel, { price: '5' })];
    const once = withChanges([hotel], changes, 'trip-1');
    expect(withChanges(once, changes, 'trip-1')).toEqual(once);
    expect(once.find((i) => i.id === 'item-1')?.price).toBe('5.00');
  });

  it('keeps the version the server answered, not the one the change was made on', () => {
    const change = updated(item({ version: 1 }), { itemName: 'New name' });
    expect(withChanges([item({ version: 4 })], [change], 'trip-1')[0]).toMatchObject({
      itemName: 'New name',
      version: 4,
    });
  });

  it('leaves other trips’ items alone', () => {
    const other = item({ id: 'x', plannerId: 'trip-2' });
    expect(withChanges([other], [deleted(other)], 'trip-1')).toEqual([other]);
  });

  it('shows a trip changed offline', () => {
    const change = { ...stamp(), kind: 'updateTrip', trip, changes: { title: 'Porto' } };
    expect(tripsWithChanges([trip], [change as PendingChange])[0]?.title).toBe('Porto');
  });
});

describe('the planner’s order', () => {
  it('sorts by day, then slot (all day last), priority first, then the order added', () => {
    const items = [
      item({ id: 'a', scheduledTime: 'allday' }),
      item({ id: 'b', scheduledTime: 'evening' }),
      item({ id: 'c', scheduledTime: 'morning', priority: 1 }),
      item({ id: 'd', scheduledTime: 'morning', priority: 5 }),
      item({ id: 'e', scheduledDate: '2027-03-01', scheduledTime: 'allday' }),
    ];
    expect(items.sort(comparePlannerItems).map((i) => i.id)).toEqual(['e', 'd', 'c', 'b', 'a']);
  });
});

describe('a held change beside the server’s', () => {
  it('lists only the fields the traveller set that now differ', () => {
    const change = updated(item(), { itemName: 'Mine', price: '120' });
    expect(differences(change, item({ itemName: 'Theirs', version: 4 }))).toEqual([
      { field: 'itemName', mine: 'Mine', theirs: 'Theirs' },
    ]);
  });

  it('takes no time slot and all day for one', () => {
    const change = updated(item({ scheduledTime: '' }), { scheduledTime: 'allday', priority: 2 });
    expect(differences(change, item({ scheduledTime: '', priority: 1 }))).toEqual([
      { field: 'priority', mine: 2, theirs: 1 },
    ]);
  });
});
