// The promo screens' paths, as the resource registry declares them.
import { PLAIN_RESOURCES } from '../../resources';

type PromosEntry = Extract<(typeof PLAIN_RESOURCES)[number], { name: 'promos' }>;

const promos = PLAIN_RESOURCES.find((entry): entry is PromosEntry => entry.name === 'promos') as PromosEntry;

export const PROMO_OVERVIEW_ROUTE: string = promos.routes.list;
export const PROMO_ROUTES: Record<keyof PromosEntry['extraRoutes'], string> = promos.extraRoutes;
