// Whether a member uses the review queue's single-key shortcuts. The server keeps no per-member
// preferences, so the choice is this browser's, under the member's id (docs/product.md §29).
import { useGetIdentity } from '@refinedev/core';
import { useState } from 'react';
import type { MeResponse } from '../../contracts/staff';

const keyOf = (memberId: number | undefined) => `hoy.reviewShortcuts.${memberId ?? 'unknown'}`;

export function useShortcutPreference() {
  const memberId = useGetIdentity<MeResponse>().data?.id;
  const [changed, setChanged] = useState<{ memberId: number | undefined; isOn: boolean }>();
  const stored = () => {
    try {
      return localStorage.getItem(keyOf(memberId)) !== 'off';
    } catch {
      return true;
    }
  };
  const isOn = changed !== undefined && changed.memberId === memberId ? changed.isOn : stored();
  return {
    isOn,
    setIsOn(next: boolean) {
      try {
        localStorage.setItem(keyOf(memberId), next ? 'on' : 'off');
      } catch {
        // Not stored: the choice holds until the page reloads.
      }
      setChanged({ memberId, isOn: next });
    },
  };
}
