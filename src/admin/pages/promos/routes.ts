// The promo screens' paths, as the resource registry declares them.
import { RESOURCES } from '../../resources';

type PromosEntry = Extract<(typeof RESOURCES)[number], { name: 'promos' }>;

const promos = RESOURCES.find((entry): entry is PromosEntry => entry.name === 'promos') as PromosEntry;

export const PROMO_OVERVIEW_ROUTE: string = promos.routes.list;
export const PROMO_ROUTES: Record<keyof PromosEntry['extraRoutes'], string> = promos.extraRoutes;
