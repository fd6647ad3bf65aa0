// Host: Regular Promo (/promo-code-host-regular).
import { HostPromoForm } from './host-promo-form';

export function HostRegularPromoPage() {
  return <HostPromoForm kind="host-regular" titleKey="admin.promos.host.regularTitle" descriptionKey="admin.promos.host.regularDescription" />;
}
