// The one check of a second-factor proof, for sign-in's code step and for the account calls that ask
// for a code (turning two-factor sign-in off, new recovery codes): a code of the current step (±1),
// each step accepted once, or one unused recovery code, used up in the caller's transaction.
import type { SecondFactorProof } from '../../../src/contracts/account';
import type { Transaction } from '../../db/client';
import type { AuthRepository } from './auth.repository';
import type { SecretSeal } from './secret-seal';
import { isRecoveryCode, matchingStep } from './second-factor';

type ProofStore = Pick<AuthRepository, 'acceptTotpStep' | 'unusedRecoveryCodes' | 'useRecoveryCode'>;

/** Whether the proof is right; a right one is used up in `transaction` (false when another request used it first). */
export async function useSecondFactorProof(
  store: ProofStore,
  seal: SecretSeal,
  transaction: Transaction,
  account: { administratorId: number; storedSecret: string },
  proof: SecondFactorProof,
  now: Date,
): Promise<boolean> {
  if (proof.code !== undefined) {
    // A secret that does not open (sealed, and the key gone or changed) takes no code; recovery codes still work.
    const secret = seal.open(account.storedSecret, account.administratorId);
    const step = secret === undefined ? undefined : matchingStep(secret, proof.code, now);
    return step !== undefined && (await store.acceptTotpStep(transaction, account.administratorId, account.storedSecret, step));
  }
  if (proof.recoveryCode === undefined) return false;
  const codes = await store.unusedRecoveryCodes(transaction, account.administratorId);
  const match = codes.find((stored) => isRecoveryCode(proof.recoveryCode!, stored));
  return match !== undefined && (await store.useRecoveryCode(transaction, match.id, now));
}
