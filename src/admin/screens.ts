// The screens of each registry entry (resources.ts), loaded only when their route is opened. Only the
// shell's routes (app.tsx) read this table; the pages import the registry, never this file.
import { lazy, type ComponentType } from 'react';
import type { RESOURCES, ResourceName } from './resources';

/** A resource's screens, routed at its `routes` and `extraRoutes` by the same keys. */
export type ResourcePages = {
  list: ComponentType;
  show?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  /** Screens named in `extraRoutes`, by the same keys. */
  extra?: Record<string, ComponentType>;
};

/** An entry's screens: one for each of its extra routes, when it has them. */
type PagesOf<Name extends ResourceName> =
  Extract<(typeof RESOURCES)[number], { name: Name }> extends { extraRoutes: infer Extra }
    ? ResourcePages & { extra: Record<keyof Extra, ComponentType> }
    : ResourcePages;

/** A screen loaded with its route: an administrator downloads only the screens they open. */
function screen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): ComponentType {
  return lazy<ComponentType>(async () => ({ default: (await load())[name] }));
}

/** Every registry entry's screens: an entry without them does not compile. */
export const SCREENS: { [Name in ResourceName]: PagesOf<Name> } = {
  hosts: { list: screen(() => import('./pages/hosts/list'), 'HostsList'), show: screen(() => import('./pages/hosts/show'), 'HostDetails') },
  'property-approvals': { list: screen(() => import('./pages/property-approvals/list'), 'PropertyApprovalList') },
  listings: { list: screen(() => import('./pages/listings/list'), 'ListingList'), show: screen(() => import('./pages/listings/show'), 'ListingShow') },
  bookings: { list: screen(() => import('./pages/bookings/list'), 'BookingList') },
  chats: { list: screen(() => import('./pages/chats/list'), 'ChatsPage') },
  promos: {
    list: screen(() => import('./pages/promos/list'), 'PromoOverviewPage'),
    extra: {
      guest: screen(() => import('./pages/promos/guest'), 'GuestPromoPage'),
      hostNewJoiner: screen(() => import('./pages/promos/host-new-joiner'), 'HostNewJoinerPromoPage'),
      hostRegular: screen(() => import('./pages/promos/host-regular'), 'HostRegularPromoPage'),
    },
  },
  feedbacks: { list: screen(() => import('./pages/feedbacks/list'), 'FeedbackList') },
  activity: { list: screen(() => import('./pages/activity/list'), 'ActivityList') },
  'landing-data': { list: screen(() => import('./pages/landing-data/list'), 'HostInterestList') },
  'email-subscribers': { list: screen(() => import('./pages/landing-data/list'), 'SubscriberList') },
  staff: { list: screen(() => import('./pages/staff/list'), 'StaffList') },
};
