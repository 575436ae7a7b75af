import { useState } from 'react';
import { apiRequest } from './api';

/**
 * One Idempotency-Key per intent (docs/decisions/029). A request sent again as it was (a retry
 * after a failure, a double click that got past its button) goes with the same key, so the server
 * does it once and answers both the same; another request (a field changed) or the same one after
 * it succeeded is another intent, with a new key.
 */
export function createIntentKeys() {
  const keys = new Map<string, string>();
  const idOf = (url: string, body: unknown) => JSON.stringify([url, body ?? null]);
  return {
    /** The key of this request: the one it had if it was sent before without success. */
    keyFor(url: string, body: unknown): string {
      const id = idOf(url, body);
      let key = keys.get(id);
      if (key === undefined) {
        key = crypto.randomUUID();
        keys.set(id, key);
      }
      return key;
    },
    /** The request succeeded: sending it again is a new intent. */
    succeeded(url: string, body: unknown) {
      keys.delete(idOf(url, body));
    },
  };
}

export type IntentKeys = ReturnType<typeof createIntentKeys>;

/** A component's intent keys, kept across its renders (a mutation hook's). */
export function useIntentKeys(): IntentKeys {
  const [keys] = useState(createIntentKeys);
  return keys;
}

/** POST `body` to `url` with its intent's Idempotency-Key; the key is let go once it succeeds. */
export async function postOnce<T>(keys: IntentKeys, url: string, body: unknown): Promise<T> {
  const result = await apiRequest<T>('POST', url, body, {
    idempotencyKey: keys.keyFor(url, body),
  });
  keys.succeeded(url, body);
  return result;
}
