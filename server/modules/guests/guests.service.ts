// Guests: the guest page's details and its three short tables (the list's rows come from
// guestsListSource, guests.repository.ts). An unknown id, or a host's, is a 404 for every call.
import {
  GUEST_NOT_FOUND_MESSAGE,
  GUEST_SECTION_PAGE_SIZE,
  type GuestBooking,
  type GuestConversation,
  type GuestDetail,
  type GuestFeedback,
  type GuestSectionPage,
} from '../../../src/contracts/guests';
import { NotFoundError } from '../../errors';
import { toGuestListItem, type GuestsRepository, type SectionRange } from './guests.repository';

const rangeOf = (page = 1): SectionRange => ({ limit: GUEST_SECTION_PAGE_SIZE, offset: (page - 1) * GUEST_SECTION_PAGE_SIZE });

export function createGuestsService({ repository }: { repository: GuestsRepository }) {
  async function requireGuest(id: number) {
    const guest = await repository.findGuest(id);
    if (!guest) throw new NotFoundError(GUEST_NOT_FOUND_MESSAGE);
    return guest;
  }

  return {
    async getGuest(id: number): Promise<GuestDetail> {
      const guest = await requireGuest(id);
      return {
        ...toGuestListItem(guest),
        country: guest.country,
        lastSeenAt: guest.lastSeenAt?.toISOString() ?? null,
        suspensionReason: guest.suspensionReason,
      };
    },

    async bookings(id: number, page?: number): Promise<GuestSectionPage<GuestBooking>> {
      await requireGuest(id);
      return repository.bookingsOf(id, rangeOf(page));
    },

    async feedback(id: number, page?: number): Promise<GuestSectionPage<GuestFeedback>> {
      await requireGuest(id);
      const { rows, total } = await repository.feedbackOf(id, rangeOf(page));
      return { rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total };
    },

    async conversations(id: number, page?: number): Promise<GuestSectionPage<GuestConversation>> {
      await requireGuest(id);
      const { rows, total } = await repository.conversationsOf(id, rangeOf(page));
      return { rows: rows.map((row) => ({ ...row, lastMessageAt: row.lastMessageAt.toISOString() })), total };
    },
  };
}

export type GuestsService = ReturnType<typeof createGuestsService>;
