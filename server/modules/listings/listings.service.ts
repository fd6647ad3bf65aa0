// The listing approval detail: the full listing, approve and decline (Review Listings' rows come from
// listingsListSource, listings.repository.ts).
import {
  LISTING_NOT_FOUND_MESSAGE,
  listingAlreadyDecidedMessage,
  listingStatusUpdatedMessage,
  type ListingDecisionResponse,
  type ListingDetail,
} from '../../../src/contracts/listings';
import type { ListingStatus } from '../../../src/contracts/statuses';
import type { Database } from '../../db/client';
import { ConflictError, NotFoundError } from '../../errors';
import type { ReviewService } from '../review/review.service';
import type { ListingsRepository } from './listings.repository';

interface ListingsServiceDeps {
  db: Database;
  repository: ListingsRepository;
  /** Runs the listings' declared actions (src/contracts/lists/listings.ts). */
  review: ReviewService;
}

type ListingDecision = 'approve' | 'decline';

export function createListingsService({ db, repository, review }: ListingsServiceDeps) {
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
        const row = await review.decideOne(transaction, 'listings', administratorId, id, decision, { reason });
        if (!row || row.outcome === 'notFound') throw new NotFoundError(LISTING_NOT_FOUND_MESSAGE);
        if (row.outcome !== 'applied') throw new ConflictError(listingAlreadyDecidedMessage(row.status as ListingStatus));
        const status = row.status as ListingStatus;
        return { id, status, message: listingStatusUpdatedMessage(status) };
      });
    },
  };
}
