import { describe, expect, it } from 'vitest';
import type { PlannerItem } from '../../../contracts/planner';
import {
  emptyItemForm,
  formatQuickAddPrice,
  itemFormFrom,
  neighbourAfterDelete,
  quickAddedMessage,
  quickAddInput,
  slotHeading,
  toCreateInput,
  toUpdateInput,
} from './items';
import { validateItemForm } from './validate-item-form';

const item: PlannerItem = {
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
  version: 1,
};

describe('the item form', () => {
  it('starts empty on the given day, all day', () => {
    expect(emptyItemForm('flight', '2027-03-02')).toEqual({
      itemName: '',
      itemType: 'flight',
      itemDescription: '',
      price: '',
      scheduledDate: '2027-03-02',
      scheduledTime: 'allday',
    });
  });

  it('fills in from an item, a slot-less one shown as All Day', () => {
    expect(itemFormFrom(item)).toMatchObject({
      itemName: 'Harbour Hotel',
      itemDescription: '',
      price: '120.00',
      scheduledTime: 'allday',
    });
  });

  it('leaves an empty price to the contract default when adding, and sends 0.00 when editing', () => {
    const values = { ...emptyItemForm('car', '2027-03-02', 'evening'), itemName: 'Van' };
    expect(toCreateInput('trip-1', values)).toEqual({
      plannerId: 'trip-1',
      itemType: 'car',
      itemName: 'Van',
      itemDescription: '',
      scheduledDate: '2027-03-02',
      scheduledTime: 'evening',
      priority: 0,
    });
    expect(toUpdateInput(values).price).toBe('0.00');
    expect(toCreateInput('trip-1', { ...values, price: ' 49.9 ' }).price).toBe('49.9');
  });

  it('accepts a valid form', () => {
    const values = {
      ...emptyItemForm('activity', '2027-03-02'),
      itemName: 'Museum',
      price: '12.5',
    };
    expect(validateItemForm('trip-1', values)).toEqual({});
  });

  it("gives the contract's messages by field", () => {
    const errors = validateItemForm('trip-1', {
      ...emptyItemForm('activity', ''),
      itemName: '  ',
      price: '-3',
    });
    expect(errors).toEqual({
      scheduledDate: 'Scheduled date is required',
      itemName: 'Item name is required',
      price: 'Price must be a non-negative number with at most two decimals',
    });
  });

  it('refuses a price with three decimals and a day that does not exist', () => {
    const errors = validateItemForm('trip-1', {
      ...emptyItemForm('activity', '2027-02-30'),
      itemName: 'Tour',
      price: '1.234',
    });
    expect(Object.keys(errors)).toEqual(['scheduledDate', 'price']);
    expect(errors.scheduledDate).toBe('Scheduled date must be a real date written YYYY-MM-DD');
  });
});

describe('Quick Add', () => {
  it("posts the type's defaults to the chosen day and slot, without the owner's hint", () => {
    expect(quickAddInput('trip-1', 'flight', '2027-03-02', 'morning')).toEqual({
      plannerId: 'trip-1',
      itemType: 'flight',
      itemName: 'Flight',
      price: '350.00',
      scheduledDate: '2027-03-02',
      scheduledTime: 'morning',
      priority: 0,
    });
  });

  it('shows whole-dollar prices without cents', () => {
    expect(formatQuickAddPrice('350.00')).toBe('$350');
    expect(formatQuickAddPrice('75.50')).toBe('$75.50');
  });

  it('announces what was added where', () => {
    expect(quickAddedMessage('flight', 'morning')).toBe('Flight added to Morning');
    expect(quickAddedMessage('car', 'allday')).toBe('Car added to All Day');
  });
});

describe('the day panel', () => {
  it('heads each slot with its hours', () => {
    expect(slotHeading('morning')).toBe('Morning (6AM-12PM)');
    expect(slotHeading('night')).toBe('Night (12AM-6AM)');
    expect(slotHeading('allday')).toBe('All Day');
  });

  it('moves focus after a delete to the next item, else the one before, else nowhere', () => {
    expect(neighbourAfterDelete(['a', 'b', 'c'], 'b')).toBe('c');
    expect(neighbourAfterDelete(['a', 'b', 'c'], 'c')).toBe('b');
    expect(neighbourAfterDelete(['a'], 'a')).toBeNull();
    expect(neighbourAfterDelete(['a'], 'z')).toBeNull();
  });
});
