import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { linkProblem } from './link-problem';

describe('linkProblem', () => {
  it('tells an unknown or revoked link (404) from an expired one (410), and nothing else', () => {
    expect(linkProblem(new ApiError(404, '{"message":"Not found"}'))).toBe('missing');
    expect(linkProblem(new ApiError(410, '{"message":"Gone"}'))).toBe('expired');
    expect(linkProblem(new ApiError(500, '{}'))).toBeNull();
    expect(linkProblem(new TypeError('Failed to fetch'))).toBeNull();
  });
});
