import type { ComponentType } from 'react';
import type { ResourceName } from '../resources';
import { BookingList } from './bookings/list';
import { ChatsPage } from './chats/list';
import { FeedbackList } from './feedbacks/list';
import { HostsList } from './hosts/list';
import { HostDetails } from './hosts/show';
import { HostInterestList, SubscriberList } from './landing-data/list';
import { ListingList } from './listings/list';
import { ListingShow } from './listings/show';
import { PropertyApprovalList } from './property-approvals/list';
import { GuestPromoPage } from './promos/guest';
import { HostNewJoinerPromoPage } from './promos/host-new-joiner';
import { HostRegularPromoPage } from './promos/host-regular';
import { PromoOverviewPage } from './promos/list';

export type ResourcePages = {
  list: ComponentType;
  show?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  /** Screens named in the registry entry's `extraRoutes`, by the same keys. */
  extra?: Record<string, ComponentType>;
};

/** The screens of each resource, routed at the paths its registry entry names. */
export const RESOURCE_PAGES: Record<ResourceName, ResourcePages> = {
  hosts: { list: HostsList, show: HostDetails },
  'property-approvals': { list: PropertyApprovalList },
  listings: { list: ListingList, show: ListingShow },
  bookings: { list: BookingList },
  chats: { list: ChatsPage },
  promos: { list: PromoOverviewPage, extra: { guest: GuestPromoPage, hostNewJoiner: HostNewJoinerPromoPage, hostRegular: HostRegularPromoPage } },
  feedbacks: { list: FeedbackList },
  'landing-data': { list: HostInterestList },
  'email-subscribers': { list: SubscriberList },
};
