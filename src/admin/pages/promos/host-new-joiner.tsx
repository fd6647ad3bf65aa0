// Host: New Joiner Promo (/promo-code-host).
import { HostPromoForm } from './host-promo-form';

export function HostNewJoinerPromoPage() {
  return <HostPromoForm kind="host-new-joiner" titleKey="admin.promos.host.newJoinerTitle" descriptionKey="admin.promos.host.newJoinerDescription" />;
}
