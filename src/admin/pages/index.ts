import type { ComponentType } from 'react';
import { createPlaceholderPage } from '../components/resource-placeholder';
import { RESOURCES, type ResourceName } from '../resources';

export type ResourcePages = {
  list: ComponentType;
  show?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  /** Screens named in the registry entry's `extraRoutes`, by the same keys. */
  extra?: Record<string, ComponentType>;
};

function placeholders(name: ResourceName): ResourcePages {
  const entry = RESOURCES.find((resource) => resource.name === name);
  const page = createPlaceholderPage(entry?.labelKey ?? name);
  return { list: page, show: page, edit: page, create: page };
}

/** The screens of each resource, routed at the paths its registry entry names; a resource's issue replaces its placeholders here. */
export const RESOURCE_PAGES: Record<ResourceName, ResourcePages> = {
  hosts: placeholders('hosts'),
  'property-approvals': placeholders('property-approvals'),
  listings: placeholders('listings'),
  bookings: placeholders('bookings'),
  chats: placeholders('chats'),
  promos: placeholders('promos'),
  feedbacks: placeholders('feedbacks'),
  'landing-data': placeholders('landing-data'),
  'email-subscribers': placeholders('email-subscribers'),
};
