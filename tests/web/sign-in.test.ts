import { describe, expect, it } from 'vitest';
import { ACCOUNT_REASONS } from '../../src/contracts/account';
import { CODE_INVALID_REASON } from '../../src/lib/sign-in';

describe('sign-in', () => {
  it('tells a wrong code by the reason the contract names (kept apart from zod for the sign-in page)', () => {
    expect(CODE_INVALID_REASON).toBe(ACCOUNT_REASONS.codeInvalid);
  });
});
