// The listing approval detail: the full listing, approve and decline (Review Listings' rows come from
// listingsListSource, listings.repository.ts).
import {
  LISTING_NOT_FOUND_MESSAGE,
  listingAlreadyDecidedMessage,
  listingStatusUpdatedMessage,
  type ListingDecisionResponse,
  type ListingDetail,
} from '../../../src/contracts/listings';
import { UNDECIDED_LISTING_STATUSES, type ListingStatus } from '../../../src/contracts/statuses';
import type { Database } from '../../db/client';
import { ConflictError, NotFoundError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { AuditService } from '../audit/audit.service';
import { revertMoves, settleMoves, singleDecisionScope, type RowDecider } from '../review/review.service';
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
  /** Listings' decisions, for the detail's buttons (a batch of one) and for batches alike (review.service.ts). */
  const decider: RowDecider = {
    entityType: 'listing',

    async decide(scope, ids, decision, reason) {
      const status = DECISION_STATUS[decision];
      const declineReason = decision === 'decline' ? reason : null;
      const moves = ids.map((id) => ({ id, from: UNDECIDED_LISTING_STATUSES, to: status, extra: [declineReason] }));
      const rows = await repository.moveListings(scope.transaction, moves, clock.now());
      return settleMoves(
        scope,
        rows,
        { action: `listing.${decision}`, entityType: 'listing', reason },
        (row) => ({ before: { status: row.before.status, declineReason: row.before.extra[0] }, after: { status, declineReason }, status }),
        (row) => ({ outcome: 'alreadyDecided', status: row.before.status }),
      );
    },

    revert: (scope, undoable) =>
      revertMoves<ListingState>(scope, undoable, {
        entityType: 'listing',
        move: (id, decided, previous) => ({ id, from: [decided.status], to: previous.status, extra: [previous.declineReason] }),
        apply: (transaction, moves) => repository.moveListings(transaction, moves, clock.now()),
        moved: (_row, decided, previous) => ({ before: decided, after: previous, status: previous.status }),
      }),
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
        const row = (await decider.decide(singleDecisionScope(audit, transaction, administratorId), [id], decision, reason ?? null)).get(id);
        if (!row || row.outcome === 'notFound') throw new NotFoundError(LISTING_NOT_FOUND_MESSAGE);
        if (row.outcome !== 'applied') throw new ConflictError(listingAlreadyDecidedMessage(row.status as ListingStatus));
        const status = DECISION_STATUS[decision];
        return { id, status, message: listingStatusUpdatedMessage(status) };
      });
    },

    decider,
  };
}
