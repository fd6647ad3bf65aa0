// Whether a member uses the review queue's single-key shortcuts. The server keeps no per-member
// preferences, so the choice is this browser's, under the member's id (docs/product.md §29).
import { useGetIdentity } from '@refinedev/core';
import { useState } from 'react';
import type { MeResponse } from '../../contracts/staff';

const keyOf = (memberId: number) => `hoy.reviewShortcuts.${memberId}`;

/**
 * The member's choice, once the member is known: until their identity has loaded, the keys are off and
 * the choice cannot be changed, so a click in that moment cannot land under no member's name while
 * the switch shows another browser-wide value.
 */
export function useShortcutPreference() {
  const memberId = useGetIdentity<MeResponse>().data?.id;
  const [changed, setChanged] = useState<{ memberId: number | undefined; isOn: boolean }>();
  const stored = (id: number) => {
    try {
      return localStorage.getItem(keyOf(id)) !== 'off';
    } catch {
      return true;
    }
  };
  const isOn = memberId !== undefined && (changed !== undefined && changed.memberId === memberId ? changed.isOn : stored(memberId));
  return {
    isKnown: memberId !== undefined,
    isOn,
    setIsOn(next: boolean) {
      if (memberId === undefined) return;
      try {
        localStorage.setItem(keyOf(memberId), next ? 'on' : 'off');
      } catch {
        // Not stored: the choice holds until the page reloads.
      }
      setChanged({ memberId, isOn: next });
    },
  };
}
