import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Issue 28: Quick Add (and the assistant's plans) stored each type's hint to the owner ("Add the
// airline, flight number…") as the item's description, so a shared itinerary and a calendar feed
// showed it as if the owner had written it. The hints are no longer stored; this clears the ones
// that were, where the description is still exactly a hint (an owner who changed it keeps theirs),
// and raises the trips' items version so that nothing answered before is served again.

const HINTS = [
  'Add the airline, flight number and any assistance you have requested',
  'Confirm an accessible room and the features you need',
  'Ask for hand controls or a wheelchair-accessible vehicle if you need one',
  'Check step-free access and quiet times before you go',
];

// The Migrator runs each migration in a transaction where the database allows it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('trip_planners')
    .set((eb) => ({ items_version: eb('items_version', '+', 1) }))
    .where(
      'id',
      'in',
      db.selectFrom('planner_items').select('planner_id').where('item_description', 'in', HINTS),
    )
    .execute();
  await db
    .updateTable('planner_items')
    .set({ item_description: null })
    .where('item_description', 'in', HINTS)
    .execute();
}

// Nothing to restore: the hints were never the owners' words.
export async function down(): Promise<void> {}
