// The listing approval detail: the full listing, approve and decline (Review Listings' rows come from
// listingsListSource, listings.repository.ts).
import {
  LISTING_NOT_FOUND_MESSAGE,
  UNDECIDED_LISTING_STATUSES,
  listingAlreadyDecidedMessage,
  listingStatusUpdatedMessage,
  type ListingDecisionResponse,
  type ListingDetail,
} from '../../../src/contracts/listings';
import type { ListingStatus } from '../../../src/contracts/statuses';
import type { Database } from '../../db/client';
import { ConflictError, NotFoundError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { AuditService } from '../audit/audit.service';
import { singleDecisionScope, type RowDecider } from '../review/review.service';
import type { ListingsRepository } from './listings.repository';

interface ListingsServiceDeps {
  db: Database;
  repository: ListingsRepository;
  audit: AuditService;
  clock: Clock;
}

type ListingDecision = 'approve' | 'decline';

const DECISION_STATUS: Record<ListingDecision, ListingStatus> = { approve: 'Approved', decline: 'Declined' };

type ListingState = { status: ListingStatus; declineReason: string | null };

export function createListingsService({ db, repository, audit, clock }: ListingsServiceDeps) {
  /** One listing's decision, for the detail's buttons and for batches alike (review.service.ts). */
  const decider: RowDecider = {
    entityType: 'listing',

    async decide({ transaction, administratorId, record }, id, decision, reason) {
      const status = DECISION_STATUS[decision];
      // The lock tells the status before and holds the row until the audit entry is written.
      const before = await repository.lockStatus(transaction, id);
      if (!before) return { outcome: 'notFound', status: null };
      const declineReason = decision === 'decline' ? reason : null;
      const updated = await repository.updateStatus(transaction, id, { status, declineReason, from: UNDECIDED_LISTING_STATUSES, now: clock.now() });
      if (!updated) return { outcome: 'alreadyDecided', status: before.status };
      await record({
        administratorId,
        action: `listing.${decision}`,
        entityType: 'listing',
        entityId: id,
        reason,
        before: { status: before.status, declineReason: before.declineReason },
        after: { status, declineReason },
      });
      return { outcome: 'applied', status };
    },

    async revert({ transaction, administratorId, record }, id, event) {
      const decided = event.after as ListingState;
      const previous = event.before as ListingState;
      const current = await repository.lockStatus(transaction, id);
      if (!current) return { outcome: 'notFound', status: null };
      const updated = await repository.updateStatus(transaction, id, {
        status: previous.status,
        declineReason: previous.declineReason,
        from: [decided.status],
        now: clock.now(),
      });
      if (!updated) return { outcome: 'changed', status: current.status };
      await record({ administratorId, action: 'listing.undo', entityType: 'listing', entityId: id, before: decided, after: previous });
      return { outcome: 'applied', status: previous.status };
    },
  };

  return {
    async findDetail(id: number): Promise<ListingDetail> {
      const found = await repository.findDetail(id);
      if (!found) throw new NotFoundError(LISTING_NOT_FOUND_MESSAGE);
      const { property } = found;
      const imageUrls = await repository.listImageUrls(id);
      return {
        id: property.id,
        title: property.title,
        city: property.city,
        country: property.country,
        status: property.listingStatus as ListingStatus,
        price: property.pricePerNight,
        User: { name: property.hostName },
        PropertyType: { name: property.propertyType },
        description: property.description,
        placeType: property.placeType,
        adultCount: property.adultCount,
        childrenCount: property.childrenCount,
        checkInTime: property.checkInTime,
        checkOutTime: property.checkOutTime,
        isWifi: property.isWifi,
        isTv: property.isTv,
        isKitchen: property.isKitchen,
        isWasher: property.isWasher,
        isFreeParking: property.isFreeParking,
        isPaidParking: property.isPaidParking,
        isAC: property.isAC,
        isWorkspace: property.isWorkspace,
        isPetAllowed: property.isPetAllowed,
        isRequestBooking: property.isRequestBooking,
        isCancellationAllowed: property.isCancellationAllowed,
        LatLoc: property.latitude,
        LngLoc: property.longitude,
        PropertyImages: imageUrls.map((url) => ({ url })),
        declineReason: property.listingDeclineReason,
      };
    },

    /** Only an undecided listing moves; the decision and its audit record are one transaction. */
    async decide(administratorId: number, id: number, decision: ListingDecision, reason: string | undefined): Promise<ListingDecisionResponse> {
      return db.transaction(async (transaction) => {
        const row = await decider.decide(singleDecisionScope(audit, transaction, administratorId), id, decision, reason ?? null);
        if (row.outcome === 'notFound') throw new NotFoundError(LISTING_NOT_FOUND_MESSAGE);
        if (row.outcome !== 'applied') throw new ConflictError(listingAlreadyDecidedMessage(row.status as ListingStatus));
        const status = DECISION_STATUS[decision];
        return { id, status, message: listingStatusUpdatedMessage(status) };
      });
    },

    decider,
  };
}
