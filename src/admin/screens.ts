// The screens of each registry entry (resources.ts), loaded only when their route is opened. Only the
// shell's routes (app.tsx) read this table; the pages import the registry, never this file. A list's
// screen is found by convention: the default export of src/admin/pages/<resource name>/list.tsx. The
// table below names only what the convention cannot: other screens, and a screen kept elsewhere.
import { lazy, type ComponentType } from 'react';
import { RESOURCES } from './resources';

/** A resource's screens, routed at its `routes` and `extraRoutes` by the same keys. */
export type ResourcePages = {
  list: ComponentType;
  show?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  /** Screens named in `extraRoutes`, by the same keys. */
  extra?: Record<string, ComponentType>;
};

/** A screen loaded with its route: an administrator downloads only the screens they open. */
function screen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): ComponentType {
  return lazy<ComponentType>(async () => ({ default: (await load())[name] }));
}

/** Every `pages/<name>/list.tsx`, by its path under pages/, to load when opened. */
const LIST_PAGES = import.meta.glob<{ default: ComponentType }>('./*/list.tsx', { base: './pages' });

/** The screens the convention does not give: beyond a list, or not in the resource's folder. */
const OTHER_SCREENS: Readonly<Record<string, Partial<ResourcePages>>> = {
  hosts: { show: screen(() => import('./pages/hosts/show'), 'HostDetails') },
  guests: { show: screen(() => import('./pages/guests/show'), 'GuestPage') },
  listings: { show: screen(() => import('./pages/listings/show'), 'ListingShow') },
  promos: {
    extra: {
      guest: screen(() => import('./pages/promos/guest'), 'GuestPromoPage'),
      hostNewJoiner: screen(() => import('./pages/promos/host-new-joiner'), 'HostNewJoinerPromoPage'),
      hostRegular: screen(() => import('./pages/promos/host-regular'), 'HostRegularPromoPage'),
    },
  },
  'email-subscribers': { list: screen(() => import('./pages/landing-data/list'), 'SubscriberList') },
  'webhook-endpoints': { list: screen(() => import('./pages/webhook-deliveries/endpoints'), 'WebhookEndpointList') },
};

/** A registry entry's screens; an entry without a list screen stops the app. */
function screensOf(name: string): ResourcePages {
  const load = LIST_PAGES[`./${name}/list.tsx`];
  const list = OTHER_SCREENS[name]?.list ?? (load && lazy(load));
  if (!list) throw new Error(`No src/admin/pages/${name}/list.tsx`);
  return { ...OTHER_SCREENS[name], list };
}

export const SCREENS: Readonly<Record<string, ResourcePages>> = Object.fromEntries(RESOURCES.map((entry) => [entry.name, screensOf(entry.name)]));
