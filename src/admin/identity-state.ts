// What the shell knows of the signed-in member between two answers of GET /api/admin/me
// (docs/decisions/020-second-factor.md): whether they must set up a second factor before anything
// else, and a generation that makes the next read of /me a fresh one once their account changed.
import { useInvalidateAuthStore } from '@refinedev/core';
import { useSyncExternalStore } from 'react';
import type { MeResponse } from '../contracts/staff';

let mustEnrol = false;
let generation = 0;
const listeners = new Set<() => void>();

function setMustEnrol(value: boolean): void {
  if (value === mustEnrol) return;
  mustEnrol = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a member's role requires a second factor they do not have yet. */
function needsEnrolment(me: Partial<Pick<MeResponse, 'secondFactor'>>): boolean {
  return me.secondFactor?.isRequired === true && !me.secondFactor.isEnabled;
}

/** Counts the changes to the member's own account: an answer of /me read before the last one is old. */
export function identityGeneration(): number {
  return generation;
}

/** An answer of GET /api/admin/me, read in generation `readIn`: it decides, unless the account has changed since. */
export function followIdentity(me: Partial<Pick<MeResponse, 'secondFactor'>>, readIn: number): void {
  if (readIn === generation) setMustEnrol(needsEnrolment(me));
}

/** A call answered 403 "enrolment required" (an administrator has just required it of the role). */
export function requireEnrolment(): void {
  generation += 1;
  setMustEnrol(true);
}

/** The member changed their own second factor (set it up, turned it off): /me is read again before anyone relies on it. */
function renewIdentity(): void {
  generation += 1;
  setMustEnrol(false);
}

/** Whether the shell must show the enrolment screen and nothing else. */
export function useMustEnrol(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mustEnrol,
    () => mustEnrol,
  );
}

/** Reads the member's account again after they changed it: a fresh GET /api/admin/me for every screen. */
export function useRefreshIdentity(): () => void {
  const invalidateAuthStore = useInvalidateAuthStore();
  return () => {
    renewIdentity();
    void invalidateAuthStore();
  };
}
