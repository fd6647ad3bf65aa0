// Whether a member uses the review queue's single-key shortcuts. The server keeps no per-member
// preferences, so the choice is this browser's, under the member's id (docs/product.md §29).
import { useGetIdentity } from '@refinedev/core';
import { useState } from 'react';
import type { MeResponse } from '../../contracts/staff';

const keyOf = (memberId: number | undefined) => `hoy.reviewShortcuts.${memberId ?? 'unknown'}`;

/**
 * The member's choice, once the member is known: while their identity loads, the keys are off and the
 * choice cannot be changed, so a click in that moment cannot land under no member's name while the
 * switch shows another value. (Where nobody is signed in, as in some component tests, one choice
 * serves.)
 */
export function useShortcutPreference() {
  const identity = useGetIdentity<MeResponse>();
  const memberId = identity.data?.id;
  const isKnown = !identity.isLoading;
  const [changed, setChanged] = useState<{ memberId: number | undefined; isOn: boolean }>();
  const stored = () => {
    try {
      return localStorage.getItem(keyOf(memberId)) !== 'off';
    } catch {
      return true;
    }
  };
  const isOn = isKnown && (changed !== undefined && changed.memberId === memberId ? changed.isOn : stored());
  return {
    isKnown,
    isOn,
    setIsOn(next: boolean) {
      if (!isKnown) return;
      try {
        localStorage.setItem(keyOf(memberId), next ? 'on' : 'off');
      } catch {
        // Not stored: the choice holds until the page reloads.
      }
      setChanged({ memberId, isOn: next });
    },
  };
}
