import { lazy, type ComponentType } from 'react';
import type { ResourceName } from '../resources';

/** A screen loaded with its route: an administrator downloads only the screens they open. */
function screen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): ComponentType {
  return lazy<ComponentType>(async () => ({ default: (await load())[name] }));
}

const BookingList = screen(() => import('./bookings/list'), 'BookingList');
const ChatsPage = screen(() => import('./chats/list'), 'ChatsPage');
const FeedbackList = screen(() => import('./feedbacks/list'), 'FeedbackList');
const HostsList = screen(() => import('./hosts/list'), 'HostsList');
const HostDetails = screen(() => import('./hosts/show'), 'HostDetails');
const HostInterestList = screen(() => import('./landing-data/list'), 'HostInterestList');
const SubscriberList = screen(() => import('./landing-data/list'), 'SubscriberList');
const ListingList = screen(() => import('./listings/list'), 'ListingList');
const ListingShow = screen(() => import('./listings/show'), 'ListingShow');
const PropertyApprovalList = screen(() => import('./property-approvals/list'), 'PropertyApprovalList');
const GuestPromoPage = screen(() => import('./promos/guest'), 'GuestPromoPage');
const HostNewJoinerPromoPage = screen(() => import('./promos/host-new-joiner'), 'HostNewJoinerPromoPage');
const HostRegularPromoPage = screen(() => import('./promos/host-regular'), 'HostRegularPromoPage');
const PromoOverviewPage = screen(() => import('./promos/list'), 'PromoOverviewPage');

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
